import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { withIsolated } from "~/components/isolated-text";
import { errorFocus, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requireUser } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { rescheduleAction, reschedulePageData, type ShownDay } from "./reschedule.server";

/**
 * /appointment/{id}/reschedule — the patient 'solicita reagendamento', the
 * psychologist 'propõe um novo horário'; the other side accepts or rejects.
 * The date, the slots (radios) and the reason are one POST form: 'Ver horários'
 * sends it to show the chosen day's slots, so a reason typed first is kept,
 * and never put in the URL (it may speak of health). A link with ?date= opens
 * on that day. All of it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return reschedulePageData(request, await requireUser(request), params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return rescheduleAction(request, await requireUser(request), params.id ?? "");
}

export const meta = loaderMeta;

/** 'Ver horários' writes nothing and answers with the day itself: the page's data need not be asked again, unless it was refused (the consultation may have changed). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionStatus, defaultShouldRevalidate }) =>
  formData?.get("intent") === "slots" && actionStatus === 200 ? false : defaultShouldRevalidate;

/** The proposing form's two buttons: 'Ver horários' ("slots") and the proposal ("request") send the same fields. */
const PROPOSAL = ["slots", "request"];

export default function Reschedule() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as
    | { result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null }; error?: string | null; day?: ShownDay | null }
    | undefined;
  const { t } = useTranslation("reschedule");
  const submitting = useIsSubmitting();
  const sending = useIsSubmitting({ intent: "request" });
  // A form that comes back (refused, or after 'Ver horários') has what was sent: without JavaScript the page is rendered anew, so the fields are refilled from it.
  const sent = answer?.result?.initialValue ?? {};
  const typed = (intents: string[], name: string) => (typeof sent.intent === "string" && intents.includes(sent.intent) && typeof sent[name] === "string" ? (sent[name] as string) : undefined);
  // The day the proposing form was sent with, else the one the URL names (or tomorrow).
  const day: ShownDay = answer?.day ?? data;
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
    date: { errors: sent.intent === "slots" && proposing ? byField.date : undefined },
    startsAt: { errors: sent.intent === "request" && proposing && !day.slotsFailed && day.slots.length > 0 ? byField.startsAt : undefined },
    reason: { errors: sent.intent === "request" && proposing ? byField.reason : undefined },
    rejectReason: { errors: sent.intent === "reject" && answering ? byField.reason : undefined },
  };
  const invalid = (field: keyof typeof marked, name: string) =>
    marked[field].errors?.some(Boolean) ? { "aria-invalid": true as const, "aria-describedby": `reschedule-${name}-error` } : {};
  // The page opens on the first field to fix, else on the alert; after 'Ver horários', on the day's first slot (its group's
  // name, the day, is read with it), or on the sentence saying there is none.
  const focus = errorFocus({ errors: errors.map((error) => error.message) }, marked, ["date", "startsAt", "reason", "rejectReason"]) ?? (sent.intent === "slots" && answer?.day ? "slots" : undefined);
  // autoFocus does it when the page is rendered anew (without JavaScript); with it, each answer moves the focus there too,
  // the same day asked again included (nothing new mounts then, and React's autoFocus ignores a paragraph).
  const dayStart = useRef<HTMLElement | null>(null);
  const keepDayStart = (node: HTMLElement | null) => {
    dayStart.current = node;
  };
  useEffect(() => {
    if (focus === "slots") dayStart.current?.focus();
  }, [answer, focus]);
  return (
    <section className="container-page max-w-xl py-8" aria-labelledby="reschedule-title">
      <h1 id="reschedule-title" className="text-2xl font-bold">
        {/* Answering (or awaiting) a request is not proposing one: the heading names the request. */}
        {data.pending ? t(`pendingTitle.${data.pending.by}`) : t(`title.${data.role}`)}
      </h1>
      <div className="card mt-4 text-sm">
        {/* Names and reasons are the users' own words: isolated, so their direction does not bend the page's. */}
        <p className="font-semibold">
          <bdi>{data.with}</bdi>
        </p>
        <p>{t("current", data.current)}</p>
        {data.current.zone ? <p className="muted text-xs">{data.current.zone}</p> : null}
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
          <div>
            <p className="font-semibold">{data.pending.mine ? t("waiting", data.pending.proposed) : t(`proposedBy.${data.pending.by}`, data.pending.proposed)}</p>
            {data.pending.proposed.zone ? <p className="muted text-xs">{data.pending.proposed.zone}</p> : null}
          </div>
          <p>{withIsolated((reason) => t("requestReason", { reason }), data.pending.reason)}</p>
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
                  <textarea name="reason" required maxLength={500} rows={2} className="input mt-1 w-full" defaultValue={typed(["reject"], "reason")} {...invalid("rejectReason", "reason")} autoFocus={focus === "rejectReason"} />
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
          <Form method="post" className="space-y-4">
            <div className="flex flex-wrap items-end gap-2">
              <label className="block text-sm font-medium">
                {t("chooseDate")}
                <input type="date" name="date" defaultValue={typed(PROPOSAL, "date") ?? day.date} min={data.today} max={data.lastDay} className="input mt-1" {...invalid("date", "date")} autoFocus={focus === "date"} />
              </label>
              {/* First in the form: Enter in the date field shows its slots. No check of the slot and reason, not yet chosen. */}
              <button type="submit" name="intent" value="slots" formNoValidate className="btn-secondary">
                {t("showSlots")}
              </button>
            </div>
            <fieldset>
              <legend className="text-sm font-medium">
                {t("slots", { date: day.dateLabel, minutes: data.durationMinutes })}
                {/* The slots are in the viewer's zone; named when the practice's clock differs (ADR 004). */}
                {day.zone ? <span className="muted block text-xs font-normal">{t("timeZone", { zone: day.zone })}</span> : null}
              </legend>
              {day.slotsFailed ? (
                // Asked again by this form, so the reason typed is kept.
                <LoadError message={t("slotsFailed")} retry={t("retry")} resend={{ name: "intent", value: "slots" }} />
              ) : day.slots.length === 0 ? (
                <p ref={keepDayStart} tabIndex={-1} autoFocus={focus === "slots"} className="muted mt-2 text-sm">
                  {t("noSlots")}
                </p>
              ) : (
                <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
                  {day.slots.map((slot, index) => (
                    <label key={slot.value} className="flex items-center gap-2 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
                      <input ref={index === 0 ? keepDayStart : undefined} type="radio" name="startsAt" value={slot.value} required defaultChecked={typed(PROPOSAL, "startsAt") === slot.value} {...invalid("startsAt", "startsAt")} autoFocus={(focus === "startsAt" || focus === "slots") && index === 0} />
                      {slot.label}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <label className="block text-sm font-medium">
              {t("reason")}
              <textarea name="reason" required maxLength={500} rows={3} className="input mt-1 w-full" defaultValue={typed(PROPOSAL, "reason")} {...invalid("reason", "reason")} autoFocus={focus === "reason"} />
            </label>
            <SubmitButton className="btn-primary" name="intent" value="request" pending={sending}>
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
