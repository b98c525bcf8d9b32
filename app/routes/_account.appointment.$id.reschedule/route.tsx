import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { errorFocus, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requireUser } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { rescheduleAction, reschedulePageData } from "./reschedule.server";

/**
 * /appointment/{id}/reschedule — the patient 'solicita reagendamento', the
 * psychologist 'propõe um novo horário'; the other side accepts or rejects.
 * The date is a GET form, the slots are radios: all of it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return reschedulePageData(request, await requireUser(request), params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return rescheduleAction(request, await requireUser(request), params.id ?? "");
}

export const meta = loaderMeta;

export default function Reschedule() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as
    | { result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null }; error?: string | null }
    | undefined;
  const { t } = useTranslation("reschedule");
  const submitting = useIsSubmitting();
  // A refused form comes back with what was sent: without JavaScript the page is rendered anew, so the fields are refilled from it.
  const sent = answer?.result?.initialValue ?? {};
  const typed = (intent: string, name: string) => (sent.intent === intent && typeof sent[name] === "string" ? (sent[name] as string) : undefined);
  // Every error is listed in the page's alert (the spec's); each field's message there has an id, so the field the
  // server refused is marked invalid and described by its own message. Only the sent form's fields, and only those on the page.
  const byField = answer?.result?.error ?? {};
  const errors = [
    ...Object.entries(byField).flatMap(([name, messages]) => (messages ?? []).filter(Boolean).map((message, index) => ({ id: index === 0 ? `reschedule-${name}-error` : undefined, message }))),
    ...(answer?.error ? [{ id: undefined, message: answer.error }] : []),
  ];
  const proposing = !data.pending && !data.denial;
  const answering = Boolean(data.pending && !data.pending.mine);
  const marked = {
    startsAt: { errors: sent.intent === "request" && proposing && !data.slotsFailed && data.slots.length > 0 ? byField.startsAt : undefined },
    reason: { errors: sent.intent === "request" && proposing ? byField.reason : undefined },
    rejectReason: { errors: sent.intent === "reject" && answering ? byField.reason : undefined },
  };
  const invalid = (field: keyof typeof marked, name: string) =>
    marked[field].errors?.some(Boolean) ? { "aria-invalid": true as const, "aria-describedby": `reschedule-${name}-error` } : {};
  // The page opens on the first field to fix, else on the alert.
  const focus = errorFocus({ errors: errors.map((error) => error.message) }, marked, ["startsAt", "reason", "rejectReason"]);
  return (
    <section className="container-page max-w-xl py-8" aria-labelledby="reschedule-title">
      <h1 id="reschedule-title" className="text-2xl font-bold">
        {t(`title.${data.role}`)}
      </h1>
      <div className="card mt-4 text-sm">
        <p className="font-semibold">{data.with}</p>
        <p>{t("current", data.current)}</p>
        <p className="muted">{data.policy.text}</p>
      </div>
      {errors.length > 0 ? (
        <div className="mt-4">
          {/* Field errors too are listed here, each with the id its field is described by. */}
          <FormErrors id="reschedule-error" errors={errors} autoFocus={focus === "form"} />
        </div>
      ) : null}

      {data.pending ? (
        <div className="card mt-4 space-y-3 text-sm">
          <p className="font-semibold">{data.pending.mine ? t("waiting", data.pending.proposed) : t(`proposedBy.${data.pending.by}`, data.pending.proposed)}</p>
          <p>{t("requestReason", { reason: data.pending.reason })}</p>
          {data.pending.mine ? null : (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="accept" />
                <SubmitButton className="btn-primary" pending={submitting}>
                  {t("accept")}
                </SubmitButton>
              </Form>
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="reject" />
                <label className="block font-medium">
                  {t("rejectReason")}
                  <textarea name="reason" required maxLength={500} rows={2} className="input mt-1 w-full" defaultValue={typed("reject", "reason")} {...invalid("rejectReason", "reason")} autoFocus={focus === "rejectReason"} />
                </label>
                <button type="submit" className="btn-secondary">
                  {t("reject")}
                </button>
              </Form>
            </>
          )}
        </div>
      ) : data.denial ? (
        <div className="card mt-4 text-sm" role="alert">
          <p className="font-semibold">{t("notAllowed")}</p>
          <p className="mt-1">
            {data.denial.reason === "too_late"
              ? // Both numbers in their own plural form: 'Falta 1 hora…', '…pelo menos 24 horas…'.
                t("denial.too_late", { left: t("denial.hoursLeft", { count: data.denial.hoursLeft }), needed: t("denial.hoursNeeded", { count: data.policy.minHours }) })
              : t(`denial.${data.denial.reason}`, { count: data.policy.max })}
          </p>
          <button type="button" disabled className="btn-primary mt-3 opacity-50">
            {t(`submit.${data.role}`)}
          </button>
        </div>
      ) : (
        <div className="card mt-4 space-y-4">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <label className="block text-sm font-medium">
              {t("chooseDate")}
              <input type="date" name="date" defaultValue={data.date} min={data.today} max={data.lastDay} required className="input mt-1" />
            </label>
            <button type="submit" className="btn-secondary">
              {t("showSlots")}
            </button>
          </Form>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="request" />
            <fieldset>
              <legend className="text-sm font-medium">{t("slots", { date: data.dateLabel, minutes: data.durationMinutes })}</legend>
              {data.slotsFailed ? (
                <LoadError message={t("slotsFailed")} retry={t("retry")} />
              ) : data.slots.length === 0 ? (
                <p className="muted mt-2 text-sm">{t("noSlots")}</p>
              ) : (
                <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
                  {data.slots.map((slot, index) => (
                    <label key={slot.value} className="flex items-center gap-2 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
                      <input type="radio" name="startsAt" value={slot.value} required defaultChecked={typed("request", "startsAt") === slot.value} {...invalid("startsAt", "startsAt")} autoFocus={focus === "startsAt" && index === 0} />
                      {slot.label}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <label className="block text-sm font-medium">
              {t("reason")}
              <textarea name="reason" required maxLength={500} rows={3} className="input mt-1 w-full" defaultValue={typed("request", "reason")} {...invalid("reason", "reason")} autoFocus={focus === "reason"} />
            </label>
            <SubmitButton className="btn-primary" pending={submitting}>
              {t(`submit.${data.role}`)}
            </SubmitButton>
          </Form>
        </div>
      )}
      <Link to={data.back} className="mt-4 inline-block text-sm underline">
        {t("back")}
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
