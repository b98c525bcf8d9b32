import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, errorFocus, FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requireAdmin } from "~/services/session.server";
import { formatLongDate, formatMoney, formatTime } from "~/utils/format";
import { loaderMeta } from "~/utils/meta";
import { reviewAction, reviewPageData } from "./review.server";
import { photoSources } from "~/domain/image";

/** /admin/psychologists/{id} — a psychologist as the admin reviews them: every field, the status, the decisions. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return reviewPageData(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return reviewAction(request, await requireAdmin(request), params.id);
}

export const meta = loaderMeta;

export default function PsychologistReview() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { t, locale } = useTranslation("dashboard");
  const { psychologist: p } = data;
  const fields: Array<[string, string | null]> = [
    ["crp", p.crp],
    ["email", p.email],
    ["shortBio", p.shortBio],
    ["bio", p.bio],
    ["specialties", data.specialtyLabels],
    ["languages", data.languageLabels],
    ["education", p.education],
    ["university", p.university],
    ["graduationYear", p.graduationYear === null ? null : String(p.graduationYear)],
    ["experience", p.experience],
    ["approach", p.approach],
    ["certifications", p.certifications],
    ["personalStatement", p.personalStatement],
    ["price", formatMoney(p.priceCents, locale)],
    ["submitted", formatLongDate(p.submittedAt, locale, data.timeZone)],
  ];
  // A refused decision comes back with what it sent: without JavaScript the page is rendered anew, so its reason is refilled from it.
  const sent = result?.initialValue ?? null;
  const sentReason = (intent: string) => (sent?.intent === intent && typeof sent.reason === "string" ? sent.reason : undefined);
  // Only the sent decision's reason box is marked (every box is named 'reason'); should its form be gone from the page, its error goes above the forms.
  const sentAction = data.actions.find((action) => action !== "approve" && action === sent?.intent);
  const reasonErrors = sentAction ? result?.error?.reason : undefined;
  const reasonErrorsOf = (action: string) => (action === sentAction ? reasonErrors : undefined);
  const formErrors = [...(result?.error?.[""] ?? []), ...(sentAction ? [] : (result?.error?.reason ?? []))];
  // A refusal opens on the reason of the form that was sent, else on the form's error.
  const focus = errorFocus({ errors: formErrors }, { reason: { errors: reasonErrors } }, ["reason"]);
  return (
    <section className="container-page max-w-4xl py-8" aria-labelledby="review-title">
      <Link to={`/admin?status=${p.status}`} className="text-sm underline">
        {t("admin.review.back")}
      </Link>
      <h1 id="review-title" className="mt-2 text-2xl font-bold">
        {p.name}
      </h1>
      <p role="status" className="card mt-4">
        <strong>{t(`admin.review.status.${p.status}`)}</strong>
        {p.statusChangedAt ? ` — ${t("admin.review.changedBy", { who: p.statusChangedBy ?? "—", date: formatLongDate(p.statusChangedAt, locale, data.timeZone) ?? "" })}` : null}
        {p.statusReason ? <span className="mt-1 block">{t("admin.review.reasonShown", { reason: p.statusReason })}</span> : null}
        {p.accountDeleted ? <span className="mt-1 block">{t("admin.review.accountDeleted")}</span> : null}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <dl className="card space-y-2 lg:col-span-2">
          {p.photoUrl ? <img {...photoSources(p.photoUrl, 96)} alt="" width={96} height={96} className="h-24 w-24 rounded-full object-cover" /> : null}
          {fields.map(([key, value]) => (
            <div key={key}>
              <dt className="text-xs font-semibold uppercase text-slate-500">{t(`admin.review.fields.${key}`)}</dt>
              <dd className="whitespace-pre-line">{value?.trim() ? value : "—"}</dd>
            </div>
          ))}
          {data.missing.length > 0 ? (
            <div>
              <dt className="text-xs font-semibold uppercase text-amber-700">{t("admin.review.missing")}</dt>
              <dd>{data.missingLabels}</dd>
            </div>
          ) : null}
        </dl>

        <div className="space-y-4">
          <FormErrors errors={formErrors} autoFocus={focus === "form"} />
          {data.actions.includes("suspend") ? (
            <div className="card">
              <h2 className="font-semibold">{t("admin.review.future", { count: data.futureAppointments.length })}</h2>
              {data.futureAppointments.length > 0 ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {data.futureAppointments.map((appointment) => (
                    <li key={appointment.id}>
                      {appointment.patientFirstName ?? "—"} · {formatLongDate(appointment.startsAt, locale, data.timeZone)} {formatTime(appointment.startsAt, locale, data.timeZone)} ·{" "}
                      {t(`admin.review.appointmentStatus.${appointment.status}`)}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="muted mt-2 text-xs">{t("admin.review.futureNote")}</p>
            </div>
          ) : null}
          {p.status === "approved" ? (
            <Form method="post" className="card space-y-2">
              <input type="hidden" name="intent" value="feature" />
              <input type="hidden" name="featured" value={p.featured ? "false" : "true"} />
              <p className="text-sm">{t(p.featured ? "admin.review.featuredYes" : "admin.review.featuredNo")}</p>
              <SubmitButton className="btn-secondary w-full">{t(p.featured ? "admin.review.unfeature" : "admin.review.feature")}</SubmitButton>
            </Form>
          ) : null}
          {data.actions.map((action) =>
            action === "approve" && data.missing.length > 0 ? (
              // Not ready: said instead of an 'Aprovar' that would be refused (rejecting stays possible).
              <p key={action} role="note" className="card text-sm">
                <strong className="block">{t("admin.review.incompleteTitle")}</strong>
                {t("admin.review.incompleteNote", { fields: data.missingLabels })}
                {/* Only where 'Recusar' is offered (a profile in review): a suspended or refused one cannot be refused. */}
                {data.actions.includes("reject") ? `${locale.startsWith("zh") ? "" : " "}${t("admin.review.incompleteRejectNote")}` : null}
              </p>
            ) : (
            <Form key={action} method="post" className="card space-y-2">
              <input type="hidden" name="intent" value={action} />
              {action !== "approve" ? (
                <div>
                  <label htmlFor={`reason-${action}`} className="block text-sm font-medium">
                    {t("admin.review.reason")}
                  </label>
                  <textarea id={`reason-${action}`} name="reason" required minLength={3} maxLength={1000} rows={3} className="input mt-1 w-full" defaultValue={sentReason(action)} aria-invalid={reasonErrorsOf(action) ? true : undefined} aria-describedby={reasonErrorsOf(action) ? `reason-${action}-error` : undefined} autoFocus={focus === "reason" && action === sentAction} />
                  <ErrorList id={`reason-${action}-error`} errors={reasonErrorsOf(action)} />
                </div>
              ) : null}
              <SubmitButton className={action === "approve" ? "btn-primary w-full" : "btn w-full bg-red-700 text-white hover:bg-red-800"}>
                {t(`admin.review.actions.${action}${action === "approve" && p.status !== "pending" ? "Again" : ""}`)}
              </SubmitButton>
            </Form>
            ),
          )}
          {data.history.length > 0 ? (
            <div className="card text-sm">
              <h2 className="font-semibold">{t("admin.review.history")}</h2>
              <ul className="mt-2 space-y-1">
                {data.history.map((entry, index) => (
                  <li key={index}>
                    {formatLongDate(entry.at, locale, data.timeZone)}: {t(`admin.review.status.${entry.from}`)} → {t(`admin.review.status.${entry.to}`)}
                    {entry.by ? ` (${entry.by})` : ""}
                    {entry.reason ? ` — ${entry.reason}` : ""}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
