import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, errorFocus, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { labelOrCode } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { requireAdmin } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { paymentAction, paymentPageData, type PaymentFormIntent } from "./payment.server";

/** /admin/payments/{id} — one payment: history, notifications, 'Reembolsar' (full or partial, with a reason) and, for a consultation ahead, 'Cancelar consulta com reembolso integral'. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return paymentPageData(request, await requireAdmin(request), params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return paymentAction(request, await requireAdmin(request), params.id);
}

export const meta = loaderMeta;

export default function Payment() {
  const data = useLoaderData<typeof loader>();
  // intent: which form the answer is for; requestKey: the key of a refund that failed unexpectedly, to send again as the same request.
  const result = useActionData<typeof action>() as (SubmissionResult<string[]> & { intent?: PaymentFormIntent | null; requestKey?: string }) | undefined;
  const { t } = useTranslation("admin-payments");
  // The provider's word for how it was paid: one it adds later shows as it sent it.
  const method = (value: string) => (t(`methods.${value}`) === `methods.${value}` ? value : t(`methods.${value}`));
  // The provider's status in the reader's language ('Approuvé', not 'approved'); one it adds later shows as it sent it.
  const status = (value: string) => labelOrCode(t, "providerStatus", value);
  const { payment } = data;
  const typed = (result?.initialValue ?? {}) as Record<string, string | undefined>;
  const refunding = useIsSubmitting({ intent: "refund" });
  const cancelling = useIsSubmitting({ intent: "cancel" });
  // Each form shows only the answer to itself, told by the intent the answer names (the same after a plain POST without
  // JavaScript). An answer whose form is no longer on the page (a hand-made post, a refund no longer offered) goes above them.
  const owner =
    result?.intent === "refund" && data.refundable
      ? "refund"
      : result?.intent === "cancel" && data.cancellable
        ? "cancel"
        : result?.intent === "retry" && data.refunds.some((refund) => refund.retryable && refund.id === typed.refundId)
          ? `retry-${typed.refundId}`
          : result
            ? "page"
            : null;
  const errorsOf = (form: string) => (owner === form ? (result?.error ?? {}) : {});
  const refundErrors = errorsOf("refund");
  const cancelErrors = errorsOf("cancel");
  const pageErrors = owner === "page" ? Object.values(result?.error ?? {}).flatMap((messages) => messages ?? []) : undefined;
  // A refusal opens on the field the sent form has to fix, else on that form's error.
  const fields = { amount: { errors: refundErrors.amount }, reason: { errors: refundErrors.reason }, cancelReason: { errors: cancelErrors.reason } };
  const formErrors = owner === "page" ? pageErrors : owner ? result?.error?.[""] : undefined;
  const focus = errorFocus({ errors: formErrors }, fields, ["amount", "reason", "cancelReason"]);
  return (
    <section className="container-page max-w-4xl space-y-4 py-8" aria-labelledby="payment-title">
      <Link to="/admin/payments" className="text-sm underline">
        {t("detail.back")}
      </Link>
      <h1 id="payment-title" className="text-2xl font-bold">
        {t("detail.heading", { amount: payment.amount })}
      </h1>
      <FormErrors id="payment-error" errors={pageErrors} autoFocus={focus === "form"} />
      <dl className="card grid gap-2 text-sm sm:grid-cols-2">
        {(
          [
            ["status", `${status(payment.status)}${payment.statusDetail ? ` (${payment.statusDetail})` : ""}`],
            ["method", payment.method ? method(payment.method) : null],
            ["refunded", payment.refunded],
            ["createdAt", payment.createdAt],
            ["approvedAt", payment.approvedAt],
            ["provider", `${payment.provider} ${payment.providerPaymentId}`],
            ["psychologist", payment.psychologistName],
            ["appointment", t("appointment", { status: t(`appointmentStatus.${payment.appointment.status}`), payment: t(`paymentStatus.${payment.appointment.paymentStatus}`) })],
            ["startsAt", payment.appointment.startsAt],
          ] as Array<[string, string | null]>
        ).map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t(`detail.fields.${key}`)}</dt>
            <dd className="[overflow-wrap:anywhere]">{value ?? "—"}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t("detail.fields.patient")}</dt>
          <dd className="[overflow-wrap:anywhere]">
            <Link to={`/admin/users/${payment.patientId}`} className="underline">
              {payment.patientEmail ?? "—"}
            </Link>
          </dd>
        </div>
      </dl>

      {data.refundable ? (
        <Form method="post" id="refund-form" className="card space-y-3" aria-labelledby="refund-title">
          <h2 id="refund-title" className="font-semibold">
            {t("detail.refund.title")}
          </h2>
          <p className="text-sm">{t("detail.refund.left", { amount: data.refundable.amount })}</p>
          <FormErrors id="refund-form-error" errors={refundErrors[""]} autoFocus={owner === "refund" && focus === "form"} />
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="requestKey" value={result?.requestKey ?? data.requestKey} />
          <div>
            <label htmlFor="refund-amount" className="block text-sm font-medium">
              {t("detail.refund.amount")}
            </label>
            <input id="refund-amount" name="amount" inputMode="decimal" required defaultValue={(typed.intent === "refund" ? typed.amount : undefined) ?? data.refundable.reais} className="input mt-1 w-40" aria-invalid={refundErrors.amount ? true : undefined} aria-describedby={refundErrors.amount ? "refund-amount-hint refund-amount-error" : "refund-amount-hint"} autoFocus={focus === "amount"} />
            <p id="refund-amount-hint" className="muted mt-1 text-xs">
              {t("detail.refund.amountHint", { example: data.refundable.example })}
            </p>
            <ErrorList id="refund-amount-error" errors={refundErrors.amount} />
          </div>
          <div>
            <label htmlFor="refund-reason" className="block text-sm font-medium">
              {t("detail.refund.reason")}
            </label>
            <textarea id="refund-reason" name="reason" required minLength={3} maxLength={500} rows={3} defaultValue={typed.intent === "refund" ? typed.reason : undefined} className="input mt-1 w-full" aria-invalid={refundErrors.reason ? true : undefined} aria-describedby={refundErrors.reason ? "refund-reason-error" : undefined} autoFocus={focus === "reason"} />
            <ErrorList id="refund-reason-error" errors={refundErrors.reason} />
          </div>
          {data.cancellable ? <p className="muted text-xs">{t("detail.refund.cancelInstead")}</p> : null}
          <SubmitButton className="btn-primary" pending={refunding} pendingLabel={t("detail.refund.pending")}>
            {t("detail.refund.submit")}
          </SubmitButton>
        </Form>
      ) : (
        <p className="card text-sm">{t("detail.refund.none")}</p>
      )}

      {data.cancellable ? (
        <Form method="post" id="cancel-form" className="card space-y-3" aria-labelledby="cancel-title">
          <h2 id="cancel-title" className="font-semibold">
            {t("detail.cancel.title")}
          </h2>
          <p className="text-sm">{t("detail.cancel.note")}</p>
          <FormErrors id="cancel-form-error" errors={cancelErrors[""]} autoFocus={owner === "cancel" && focus === "form"} />
          <input type="hidden" name="intent" value="cancel" />
          <label htmlFor="cancel-reason" className="block text-sm font-medium">
            {t("detail.cancel.reason")}
          </label>
          <textarea id="cancel-reason" name="reason" required minLength={3} maxLength={500} rows={2} defaultValue={typed.intent === "cancel" ? typed.reason : undefined} className="input w-full" aria-invalid={cancelErrors.reason ? true : undefined} aria-describedby={cancelErrors.reason ? "cancel-reason-error" : undefined} autoFocus={focus === "cancelReason"} />
          <ErrorList id="cancel-reason-error" errors={cancelErrors.reason} />
          <SubmitButton className="btn bg-red-700 text-white hover:bg-red-800" pending={cancelling}>
            {t("detail.cancel.submit")}
          </SubmitButton>
        </Form>
      ) : null}

      <section className="card text-sm" aria-labelledby="refunds-title">
        <h2 id="refunds-title" className="font-semibold">
          {t("detail.refunds.title")}
        </h2>
        {data.refunds.length === 0 ? (
          <p className="muted mt-2">{t("detail.refunds.none")}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {data.refunds.map((refund) => (
              <li key={refund.id} className="border-b border-slate-100 pb-2 dark:border-slate-800">
                <p>
                  <span className="font-medium">{refund.amount}</span> · {t(`detail.refunds.status.${refund.status}`)} · {refund.createdAt} · {refund.requestedBy ?? "—"}
                </p>
                <p className="muted">{t("detail.refunds.reason", { reason: refund.reason })}</p>
                {refund.error ? <p className="text-red-700 dark:text-red-300">{t("detail.refunds.error", { error: refund.error })}</p> : null}
                {refund.retryable ? (
                  <Form method="post" id={`retry-${refund.id}`} className="mt-1">
                    <FormErrors id={`retry-${refund.id}-error`} errors={errorsOf(`retry-${refund.id}`)[""]} autoFocus={owner === `retry-${refund.id}` && focus === "form"} />
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="refundId" value={refund.id} />
                    <SubmitButton className="btn-secondary px-3 py-1 text-xs">{t("detail.refunds.retry")}</SubmitButton>
                  </Form>
                ) : refund.waitsForCancellation ? (
                  <p className="muted mt-1">{t("detail.refunds.waitsForCancellation")}</p>
                ) : refund.retryRefusal ? (
                  <p className="muted mt-1">{t(`detail.errors.${refund.retryRefusal}`)}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card text-sm" aria-labelledby="history-title">
        <h2 id="history-title" className="font-semibold">
          {t("detail.history")}
        </h2>
        <ol className="mt-2 space-y-1 text-xs">
          {data.history.map((entry, index) => (
            <li key={`h${index}`}>
              {entry.at}: <span>{status(entry.status)}</span>
              {entry.detail ? ` (${entry.detail})` : ""}
            </li>
          ))}
          {data.notifications.map((entry, index) => (
            <li key={`n${index}`}>{t("notification", { topic: entry.topic, received: entry.received ?? "", processed: entry.processed ?? t("notProcessed") })}</li>
          ))}
        </ol>
        {/* A checkout begun but never heard of from the provider has neither yet. */}
        {data.history.length === 0 && data.notifications.length === 0 ? <p className="muted mt-2 text-xs">{t("detail.historyNone")}</p> : null}
      </section>
      <p className="muted mt-3 text-xs">{t("zoneNote", { zone: data.zone })}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
