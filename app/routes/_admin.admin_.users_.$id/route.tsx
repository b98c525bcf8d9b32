import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, errorFocus, FormErrors, SubmitButton } from "~/components/forms";
import { TableScroll } from "~/components/table-scroll";
import { labelOrCode } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { requireAdmin } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { personAction, personPageData } from "./person.server";

/** /admin/users/{id} — one person as the administrator sees them, with 'Encerrar sessões' and 'Bloquear conta'. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return personPageData(request, await requireAdmin(request), params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return personAction(request, await requireAdmin(request), params.id);
}

export const meta = loaderMeta;

/** A card of the person page; a table's card names its scrolling table instead of itself (one landmark, one name). */
function Section({ id, title, table = false, children }: { id: string; title: string; table?: boolean; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={table ? undefined : id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {table ? (
        <TableScroll label={title} className="mt-2 text-sm">
          {children}
        </TableScroll>
      ) : (
        <div className="mt-2 text-sm">{children}</div>
      )}
    </section>
  );
}

export default function Person() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { t } = useTranslation("admin-people");
  // The provider's words (a payment's status, its method): one it adds later shows as it sent it.
  const known = (group: "providerStatus" | "methods", value: string) => labelOrCode(t, group, value);
  const { account } = data;
  // A refused form comes back with what it sent: without JavaScript the page is rendered anew, so its fields are refilled from it.
  const sent = result?.initialValue ?? null;
  const sentReason = (intent: string) => (sent?.intent === intent && typeof sent.reason === "string" ? sent.reason : undefined);
  const sentIds = sent?.intent === "cancel-appointments" ? [sent.appointmentId].flat().filter((id): id is string => typeof id === "string") : null;
  // A refusal opens on the field the sent form has to fix, else on the form's error.
  const errors = result?.error ?? {};
  const cancelling = sent?.intent === "cancel-appointments";
  const fields = {
    blockReason: { errors: sent?.intent === "block" ? errors.reason : undefined },
    appointmentId: { errors: cancelling ? errors.appointmentId : undefined },
    cancelReason: { errors: cancelling ? errors.reason : undefined },
  };
  const focus = errorFocus({ errors: errors[""] }, fields, ["blockReason", "appointmentId", "cancelReason"]);
  return (
    <section className="container-page max-w-5xl space-y-4 py-8" aria-labelledby="person-title">
      <Link to="/admin/users" className="text-sm underline">
        {t("backToList")}
      </Link>
      <h1 id="person-title" className="text-2xl font-bold">
        {account.name}
      </h1>
      <FormErrors errors={result?.error?.[""]} autoFocus={focus === "form"} />
      <div className="grid gap-4 lg:grid-cols-3">
        <dl className="card grid gap-2 text-sm lg:col-span-2 sm:grid-cols-2">
          {(
            [
              ["email", account.email],
              ["role", t(`roles.${account.role}`)],
              ["phone", account.phone],
              ["cpf", account.cpf],
              ["since", account.createdAt],
              ["verified", t(account.verified ? "yes" : "no")],
              ["google", t(account.google ? "yes" : "no")],
              ["deleted", account.deletedAt],
            ] as Array<[string, string | null]>
          ).map(([key, value]) => (
            <div key={key}>
              <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t(`fields.${key}`)}</dt>
              <dd className="[overflow-wrap:anywhere]">{value ?? "—"}</dd>
            </div>
          ))}
          {account.psychologistId ? (
            <div>
              <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t("fields.professional")}</dt>
              <dd>
                <Link to={`/admin/psychologists/${account.psychologistId}`} className="underline">
                  {t("openProfessional")}
                </Link>
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="space-y-3">
          {account.blocked ? (
            <div role="status" className="card border-red-300 text-sm">
              <p className="font-semibold">{t("blockedSince", { at: account.blocked.at ?? "" })}</p>
              {account.blocked.reason ? <p>{t("blockedReason", { reason: account.blocked.reason })}</p> : null}
              {account.blocked.by ? <p className="muted">{t("blockedBy", { by: account.blocked.by })}</p> : null}
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="unblock" />
                <SubmitButton className="btn-secondary w-full">{t("unblock")}</SubmitButton>
              </Form>
            </div>
          ) : account.role === "admin" ? (
            // An administrator's account is not blocked from here (ADR 020): said, not offered.
            <p className="card muted text-sm">{t("errors.adminAccount")}</p>
          ) : !data.self && !account.deletedAt ? (
            <Form method="post" className="card space-y-2">
              <input type="hidden" name="intent" value="block" />
              <label htmlFor="block-reason" className="block text-sm font-medium">
                {t("blockReason")}
              </label>
              <textarea id="block-reason" name="reason" required minLength={3} maxLength={500} rows={3} className="input w-full" defaultValue={sentReason("block")} aria-invalid={fields.blockReason.errors ? true : undefined} aria-describedby={fields.blockReason.errors ? "block-reason-error" : undefined} autoFocus={focus === "blockReason"} />
              <ErrorList id="block-reason-error" errors={fields.blockReason.errors} />
              <p className="muted text-xs">{t("blockNote")}</p>
              <SubmitButton className="btn w-full bg-red-700 text-white hover:bg-red-800">{t("block")}</SubmitButton>
            </Form>
          ) : null}
          <Form method="post" className="card">
            <input type="hidden" name="intent" value="revoke-sessions" />
            <p className="text-sm">{t("sessionsOpen", { count: data.sessions.length })}</p>
            {data.sessions.length > 0 ? <SubmitButton className="btn-secondary mt-2 w-full">{t("revokeSessions")}</SubmitButton> : null}
          </Form>
        </div>
      </div>

      {data.upcoming.length > 0 ? (
        <Section id="upcoming-title" title={t("upcoming.title", { count: data.upcoming.length })}>
          {/* Keyed by the block: with JavaScript the page is not reloaded, and a mounted box keeps its first 'defaultChecked' — blocking would leave them unticked. */}
          <Form key={account.blocked ? "blocked" : "open"} method="post" className="space-y-3">
            <input type="hidden" name="intent" value="cancel-appointments" />
            <p>{t(account.blocked ? "upcoming.blockedNote" : "upcoming.note")}</p>
            <ul className="space-y-1">
              {data.upcoming.map((row, index) => (
                <li key={row.id}>
                  <label className="flex items-start gap-2">
                    <input type="checkbox" name="appointmentId" value={row.id} defaultChecked={sentIds ? sentIds.includes(row.id) : Boolean(account.blocked)} autoFocus={focus === "appointmentId" && index === 0} className="mt-1" />
                    <span>
                      {row.startsAt} · {row.psychologistName} · {row.patientName || "—"} · {row.price}
                      {row.paid ? ` · ${t("upcoming.paid")}` : ""}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <ErrorList errors={fields.appointmentId.errors} />
            <label htmlFor="cancel-reason" className="block font-medium">
              {t("upcoming.reason")}
            </label>
            <textarea id="cancel-reason" name="reason" required minLength={3} maxLength={500} rows={2} className="input w-full" defaultValue={sentReason("cancel-appointments")} aria-invalid={fields.cancelReason.errors ? true : undefined} aria-describedby={fields.cancelReason.errors ? "cancel-reason-error" : undefined} autoFocus={focus === "cancelReason"} />
            <ErrorList id="cancel-reason-error" errors={fields.cancelReason.errors} />
            <SubmitButton className="btn bg-red-700 text-white hover:bg-red-800">{t("upcoming.submit")}</SubmitButton>
          </Form>
        </Section>
      ) : null}

      <Section id="appointments-title" title={t(data.appointmentsCapped ? "appointments.title" : "appointments.titleAll")} table={data.appointments.length > 0}>
        {data.appointments.length === 0 ? (
          <p className="muted">{t("none")}</p>
        ) : (
          <table className="w-full text-start">
            <thead>
              <tr className="border-b border-slate-200 text-xs dark:border-slate-700">
                {(["when", "psychologist", "patient", "status", "payment", "price"] as const).map((column) => (
                  <th key={column} scope="col" className="py-1 pe-3 font-semibold">
                    {t(`appointments.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.appointments.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-1 pe-3 whitespace-nowrap">{row.startsAt}</td>
                  <td className="py-1 pe-3">{row.psychologistName}</td>
                  <td className="py-1 pe-3">{row.patientName}</td>
                  <td className="py-1 pe-3">{t(`appointmentStatus.${row.status}`)}</td>
                  <td className="py-1 pe-3">{t(`paymentStatus.${row.paymentStatus}`)}</td>
                  <td className="py-1">{row.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section id="payments-title" title={t(data.paymentsCapped ? "payments.title" : "payments.titleAll")} table={data.payments.length > 0}>
        {data.payments.length === 0 ? (
          <p className="muted">{t("none")}</p>
        ) : (
          <table className="w-full text-start">
            <thead>
              <tr className="border-b border-slate-200 text-xs dark:border-slate-700">
                {(["when", "status", "method", "amount", "refunded"] as const).map((column) => (
                  <th key={column} scope="col" className="py-1 pe-3 font-semibold">
                    {t(`payments.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.payments.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-1 pe-3 whitespace-nowrap">
                    <Link to={`/admin/payments/${row.id}`} className="underline">
                      {row.createdAt}
                    </Link>
                  </td>
                  <td className="py-1 pe-3">{known("providerStatus", row.status)}</td>
                  <td className="py-1 pe-3">{row.method ? known("methods", row.method) : "—"}</td>
                  <td className="py-1 pe-3">{row.amount}</td>
                  <td className="py-1">{row.refunded ? t("payments.refunded", { amount: row.refunded }) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section id="consents-title" title={t("consents.title")}>
        {data.consents.length === 0 ? (
          <p className="muted">{t("none")}</p>
        ) : (
          <ul className="space-y-1">
            {data.consents.map((row, index) => (
              <li key={index}>
                {row.at}: {row.consent} — {t(row.granted ? "consents.granted" : "consents.withdrawn")}
                {row.version ? ` (${row.version})` : ""}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="sessions-title" title={t("sessions.title")}>
        {data.sessions.length === 0 ? (
          <p className="muted">{t("none")}</p>
        ) : (
          <ul className="space-y-1">
            {data.sessions.map((row, index) => (
              <li key={index}>
                {t("sessions.row", { createdAt: row.createdAt ?? "", expiresAt: row.expiresAt ?? "" })} <span className="muted break-all text-xs">{row.userAgent ?? ""}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <p className="muted mt-3 text-xs">{t("zoneNote", { zone: data.zone })}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
