import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BookingSteps, Notice, SummaryList } from "~/components/booking";
import { CompleteProfileBoundary } from "~/components/complete-profile";
import { FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { getLocale, pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { holdSlotAndCheckout, MAX_ACTIVE_HOLDS } from "~/services/booking.server";
import { selectionSchema, step3Page } from "~/services/booking-pages.server";
import { requireBookingPatient } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { loaderMeta } from "~/utils/meta";

/**
 * /schedule/step3?psychologistId&date&startsAt&duration — the summary and
 * 'Pagar com Mercado Pago'. Signing in is required here (the selection in
 * the URL comes back through the login page). The POST holds the slot and
 * sends the patient to the checkout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBookingPatient(request);
  return step3Page(request, user);
}

export const meta = loaderMeta;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBookingPatient(request);
  const { t } = await pageTranslations(request, ["booking"]);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: selectionSchema(t) });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const message = errors.psychologistId?.[0] ?? Object.values(errors).flat()[0] ?? t("errors.selectionRequired");
    return data(submission.reply({ formErrors: [message] }), { status: 400 });
  }
  const selection = submission.value;
  const result = await holdSlotAndCheckout({
    patientId: user.id,
    psychologistId: selection.psychologistId,
    startsAt: new Date(selection.startsAt),
    durationMinutes: selection.duration,
    healthDataConsent: formData.get("healthDataConsent") === "on",
    locale: await getLocale(request),
  });
  if (result.ok) return redirect(result.checkoutUrl, 303);
  switch (result.reason) {
    case "psychologist_not_found":
      return data(submission.reply({ formErrors: [t("errors.psychologistNotFound")] }), { status: 404 });
    case "account_unavailable":
      // The patient's own account was deleted or blocked while this booking was on its way: nothing was held.
      return data(submission.reply({ formErrors: [t("errors.accountUnavailable")] }), { status: 403 });
    case "slot_unavailable":
      return data(submission.reply({ formErrors: [t("errors.slotNoLongerAvailable")] }), { status: 409 });
    case "slot_taken":
      return data(submission.reply({ formErrors: [t("errors.slotTaken")] }), { status: 409 });
    case "patient_busy":
      return data(submission.reply({ formErrors: [t("errors.patientBusy")] }), { status: 409 });
    case "health_consent_required":
      return data(submission.reply({ formErrors: [t("errors.healthConsentRequired")] }), { status: 400 });
    case "too_many_holds":
      return data(submission.reply({ formErrors: [t("errors.tooManyHolds", { count: MAX_ACTIVE_HOLDS })] }), { status: 429 });
    case "checkout_failed": {
      // The hold was released: back to this step, where the slot is free again.
      const again = new URLSearchParams({ psychologistId: selection.psychologistId, date: selection.date, startsAt: selection.startsAt, duration: String(selection.duration) });
      // The spec's toast: 'Erro no pagamento', with what went wrong when it is known.
      const description = result.kind === "no_checkout_url" ? t("errors.noCheckoutUrl") : result.kind === "checkout_failed" ? t("errors.checkoutFailed") : t("errors.paymentGeneric");
      return redirectWithToast(`/schedule/step3?${again}`, { type: "error", title: t("errors.paymentTitle"), description });
    }
  }
}

export default function BookingStep3() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("booking");
  const [form] = useForm({ lastResult: useActionData<typeof action>() });
  const pending = useIsSubmitting();
  const { summary } = data;
  return (
    <section className="container-page max-w-3xl py-8" aria-labelledby="booking-title">
      <h1 id="booking-title" className="text-3xl font-bold">
        {t("heading")}
      </h1>
      <BookingSteps current={3} />
      <h2 className="mt-6 text-xl font-semibold">{t("step3.title")}</h2>
      <p className="muted mt-1">{t("step3.intro")}</p>

      {!data.available ? (
        <div className="mt-4 space-y-2">
          <Notice tone="error">{t("errors.slotNoLongerAvailable")}</Notice>
          <Link to={data.backHref} className="btn-secondary">
            {t("step3.chooseAnother")}
          </Link>
        </div>
      ) : null}

      <section className="card mt-6" aria-labelledby="summary-title">
        <h3 id="summary-title" className="font-semibold">
          {t("summary.title")}
        </h3>
        <SummaryList
          items={[
            { label: t("summary.psychologist"), value: summary.psychologist },
            { label: t("summary.date"), value: summary.date },
            {
              label: t("summary.time"),
              value: (
                <>
                  {summary.time}
                  <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{summary.timeZone}</span>
                </>
              ),
            },
            { label: t("summary.duration"), value: t("summary.minutes", { minutes: summary.duration }) },
            { label: t("summary.price"), value: summary.price },
          ]}
        />
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{data.policy}</p>
      </section>

      {/* A document POST: the answer is a redirect to the payment provider's page. */}
      <Form method="post" action={data.formAction} reloadDocument {...getFormProps(form)} className="mt-6 space-y-4">
        {/* Every error here is the whole form's (the fields are hidden): the page opens on it. */}
        <FormErrors id={form.errorId} errors={form.errors} autoFocus />
        <input type="hidden" name="psychologistId" value={data.selection.psychologistId} />
        <input type="hidden" name="date" value={data.selection.date} />
        <input type="hidden" name="startsAt" value={data.selection.startsAt} />
        <input type="hidden" name="duration" value={data.selection.duration} />
        {data.needsHealthConsent ? (
          <label className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
            <input type="checkbox" name="healthDataConsent" required className="mt-1" />
            <span>
              {t("step3.healthConsent")}{" "}
              <Link to="/privacy#sensitive" className="underline">
                {t("step3.healthConsentLink")}
              </Link>
            </span>
          </label>
        ) : null}
        {data.available ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("step3.hold")}</p> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to={data.backHref} className="btn-secondary">
            {t("buttons.back")}
          </Link>
          <SubmitButton className="btn-primary" pending={pending} pendingLabel={t("step3.paying")} disabled={!data.available}>
            {t("step3.pay")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

// 'Complete seu cadastro' for a patient without a name (requireBookingPatient).
export const ErrorBoundary = CompleteProfileBoundary;
