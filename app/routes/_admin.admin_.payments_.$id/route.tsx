import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, errorFocus, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requireAdmin } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { paymentAction, paymentPageData } from "./payment.server";

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
  // requestKey: the key of a refund that failed unexpectedly, to send again as the same request.
  const result = useActionData<typeof action>() as (SubmissionResult<string[]> & { requestKey?: string }) | undefined;
  const { t } = useTranslation("admin-payments");
  const { payment } = data;
  const typed = (result?.initialValue ?? {}) as Record<string, string | undefined>;
  const refunding = useIsSubmitting({ intent: "refund" });
  const cancelling = useIsSubmitting({ intent: "cancel" });
  // A refusal opens on the field the sent form has to fix, else on the form's error.
  const fieldErrors = result?.error ?? {};
  const fields = {
    amount: { errors: typed.intent === "refund" ? fieldErrors.amount : undefined },
    reason: { errors: typed.intent === "refund" ? fieldErrors.reason : undefined },
    cancelReason: { errors: typed.intent === "cancel" ? fieldErrors.reason : undefined },
  };
  const focus = errorFocus({ errors: fieldErrors[""] }, fields, ["amount", "reason", "cancelReason"]);
  return (
    <section className="container-page max-w-4xl space-y-4 py-8" aria-labelledby="payment-title">
      <Link to="/admin/payments" className="text-sm underline">
        {t("detail.back")}
      </Link>
      <h1 id="payment-title" className="text-2xl font-bold">
        {t("detail.heading", { amount: payment.amount })}
      </h1>
      <FormErrors errors={result?.error?.[""]} autoFocus={focus === "form"} />
      <dl className="card grid gap-2 text-sm sm:grid-cols-2">
        {(
          [
            ["status", `${payment.status}${payment.statusDetail ? ` (${payment.statusDetail})` : ""}`],
            ["method", payment.method],
            ["refunded", payment.refunded],
            ["createdAt", payment.createdAt],
            ["approvedAt", payment.approvedAt],
            ["provider", `${payment.provider} ${payment.providerPaymentId}`],
            ["psychologist", payment.psychologistName],
            ["appointment", t("appointment", { status: payment.appointment.status, payment: payment.appointment.paymentStatus })],
            ["startsAt", payment.appointment.startsAt],
          ] as Array<[string, string | null]>
        ).map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs font-semibold uppercase text-slate-500">{t(`detail.fields.${key}`)}</dt>
            <dd className="break-all">{value ?? "—"}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs font-semibold uppercase text-slate-500">{t("detail.fields.patient")}</dt>
          <dd className="break-all">
            <Link to={`/admin/users/${payment.patientId}`} className="underline">
              {payment.patientEmail ?? "—"}
            </Link>
          </dd>
        </div>
      </dl>

      {data.refundable ? (
        <Form method="post" className="card space-y-3" aria-labelledby="refund-title">
          <h2 id="refund-title" className="font-semibold">
            {t("detail.refund.title")}
          </h2>
          <p className="text-sm">{t("detail.refund.left", { amount: data.refundable.amount })}</p>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="requestKey" value={result?.requestKey ?? data.requestKey} />
          <div>
            <label htmlFor="refund-amount" className="block text-sm font-medium">
              {t("detail.refund.amount")}
            </label>
            <input id="refund-amount" name="amount" inputMode="decimal" required defaultValue={typed.amount ?? data.refundable.reais} className="input mt-1 w-40" aria-invalid={result?.error?.amount ? true : undefined} aria-describedby={result?.error?.amount ? "refund-amount-hint refund-amount-error" : "refund-amount-hint"} autoFocus={focus === "amount"} />
            <p id="refund-amount-hint" className="muted mt-1 text-xs">
              {t("detail.refund.amountHint")}
            </p>
            <ErrorList id="refund-amount-error" errors={result?.error?.amount} />
          </div>
          <div>
            <label htmlFor="refund-reason" className="block text-sm font-medium">
              {t("detail.refund.reason")}
            </label>
            <textarea id="refund-reason" name="reason" required minLength={3} maxLength={500} rows={3} defaultValue={typed.intent === "refund" ? typed.reason : undefined} className="input mt-1 w-full" aria-invalid={result?.error?.reason ? true : undefined} aria-describedby={result?.error?.reason ? "refund-reason-error" : undefined} autoFocus={focus === "reason"} />
            <ErrorList id="refund-reason-error" errors={result?.error?.reason} />
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
        <Form method="post" className="card space-y-3" aria-labelledby="cancel-title">
          <h2 id="cancel-title" className="font-semibold">
            {t("detail.cancel.title")}
          </h2>
          <p className="text-sm">{t("detail.cancel.note")}</p>
          <input type="hidden" name="intent" value="cancel" />
          <label htmlFor="cancel-reason" className="block text-sm font-medium">
            {t("detail.cancel.reason")}
          </label>
          <textarea id="cancel-reason" name="reason" required minLength={3} maxLength={500} rows={2} defaultValue={typed.intent === "cancel" ? typed.reason : undefined} className="input w-full" autoFocus={focus === "cancelReason"} />
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
                  <Form method="post" className="mt-1">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="refundId" value={refund.id} />
                    <SubmitButton className="btn-secondary px-3 py-1 text-xs">{t("detail.refunds.retry")}</SubmitButton>
                  </Form>
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
              {entry.at}: <span className="font-mono">{entry.status}</span>
              {entry.detail ? ` (${entry.detail})` : ""}
            </li>
          ))}
          {data.notifications.map((entry, index) => (
            <li key={`n${index}`}>{t("notification", { topic: entry.topic, received: entry.received ?? "", processed: entry.processed ?? t("notProcessed") })}</li>
          ))}
        </ol>
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
