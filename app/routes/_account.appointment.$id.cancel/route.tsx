import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requireUser } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { cancelAction, cancelPageData } from "./cancel.server";

/**
 * /appointment/{id}/cancel — 'Cancelar consulta' for the patient or the
 * psychologist: what goes back under the policy of the booking, the reason,
 * and the POST (the server decides the refund again at that moment).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return cancelPageData(request, await requireUser(request), params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return cancelAction(request, await requireUser(request), params.id ?? "");
}

export const meta = loaderMeta;

export default function CancelAppointment() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { result?: { error?: Record<string, string[] | null> }; error?: string | null } | undefined;
  const { t } = useTranslation("cancellation");
  const submitting = useIsSubmitting();
  const reasonErrors = answer?.result?.error?.reason ?? null;
  const { quote, policy } = data;
  return (
    <section className="container-page max-w-xl py-8" aria-labelledby="cancel-title">
      <h1 id="cancel-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <div className="card mt-4 text-sm">
        <p className="font-semibold">{data.appointment.with}</p>
        <p>{t("when", { date: data.appointment.date ?? "", time: data.appointment.time ?? "" })}</p>
        <p className="muted">{t("price", { price: data.appointment.price })}</p>
      </div>

      {data.refusal ? (
        <div className="card mt-4">
          <FormErrors errors={[t(`errors.${data.refusal}`)]} />
          <Link to={data.back} className="btn-secondary mt-4">
            {t("back")}
          </Link>
        </div>
      ) : (
        <Form method="post" className="card mt-4 space-y-4">
          <div role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">
              {!quote.paid ? t("refund.unpaid") : data.role === "psychologist" ? t("refund.psychologist", { amount: quote.amount }) : t("refund.patient", { percent: quote.percent, amount: quote.amount })}
            </p>
            {data.role === "patient" && quote.paid ? (
              <p className="mt-1">{t("policy", { noFeeHours: policy.noFeeHours, partialHours: policy.partialHours, partialPercent: policy.partialPercent })}</p>
            ) : null}
          </div>
          {answer?.error ? <FormErrors errors={[answer.error]} /> : null}
          <label className="block text-sm font-medium">
            {t("reason")}
            <textarea
              name="reason"
              required
              maxLength={500}
              rows={3}
              className="input mt-1 w-full"
              aria-invalid={reasonErrors ? true : undefined}
              aria-describedby={reasonErrors ? "reason-error" : undefined}
            />
          </label>
          {reasonErrors ? (
            <p id="reason-error" className="text-sm text-red-700 dark:text-red-300">
              {reasonErrors[0]}
            </p>
          ) : null}
          {data.role === "patient" && quote.paid && policy.exceptions.length > 0 ? (
            <label className="block text-sm font-medium">
              {t("exception")}
              <select name="exception" defaultValue="" className="input mt-1 w-full">
                <option value="">{t("exceptions.none")}</option>
                {policy.exceptions.map((exception) => (
                  <option key={exception} value={exception}>
                    {t(`exceptions.${exception}`)}
                  </option>
                ))}
              </select>
              <span className="muted mt-1 block text-xs font-normal">{t("exceptionNote")}</span>
            </label>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={data.back} className="btn-secondary">
              {t("keep")}
            </Link>
            <SubmitButton className="btn-primary bg-red-700 hover:bg-red-800" pending={submitting} pendingLabel={t("cancelling")}>
              {t("confirm")}
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
