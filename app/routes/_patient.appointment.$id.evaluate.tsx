import { getCollectionProps, getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, ErrorList, errorFocus, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/services/page-meta.server";
import { evaluationTarget, parseEvaluation, submitEvaluation } from "~/services/patient-evaluations.server";
import { requirePatient } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { viewerTimeZone } from "~/services/viewer-time-zone.server";
import { formatLongDate } from "~/utils/format";
import { loaderMeta } from "~/utils/meta";

/**
 * /appointment/{id}/evaluate — after a completed appointment, its patient
 * rates it (1 to 5), may comment, choose anonymity and agree to publication.
 * One evaluation per appointment; the psychologist's rating follows.
 */

const HISTORY = "/patient-dashboard?tab=history";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePatient(request);
  const { locale, t, translations } = await pageTranslations(request, ["appointments"]);
  const target = UUID.test(params.id ?? "") ? await evaluationTarget(user.id, params.id!) : { state: "not_found" as const };
  const base = { translations, meta: await pageMeta(request, { title: t("evaluation.title"), noindex: true }) };
  // The page says so in the reader's words, with the status other pages give a consultation that is not theirs.
  if (target.state === "not_found") return data({ ...base, state: target.state, message: t("evaluation.errors.notFound"), appointment: null }, { status: 404 });
  const appointment = {
    psychologistName: target.appointment.psychologistName,
    date: formatLongDate(target.appointment.startsAt, locale, viewerTimeZone(request, user).timeZone) ?? t("card.invalidDate"),
  };
  const message =
    target.state === "already_evaluated" ? t("evaluation.errors.already") : target.state === "not_completed" ? t("evaluation.errors.notCompleted") : null;
  return { ...base, state: target.state, message, appointment };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePatient(request);
  const { t } = await pageTranslations(request, ["appointments"]);
  const submission = parseEvaluation(await request.formData(), t);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const result = UUID.test(params.id ?? "") ? await submitEvaluation(user.id, params.id!, submission.value) : "not_found";
  switch (result) {
    case "created":
      return redirectWithToast(HISTORY, { type: "success", title: t("evaluation.success") });
    case "not_found":
      return data(submission.reply({ formErrors: [t("evaluation.errors.notFound")] }), { status: 404 });
    case "not_completed":
      return data(submission.reply({ formErrors: [t("evaluation.errors.notCompleted")] }), { status: 409 });
    case "already_evaluated":
      return data(submission.reply({ formErrors: [t("evaluation.errors.already")] }), { status: 409 });
  }
}

export const meta = loaderMeta;

export default function EvaluateAppointment() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { t } = useTranslation("appointments");
  const submitting = useIsSubmitting();
  const [form, fields] = useForm<{ rating: string; comment: string; isAnonymous: boolean; publishConsent: boolean }>({
    id: "evaluation",
    lastResult: result,
    defaultValue: { isAnonymous: true },
  });
  const focus = errorFocus(form, fields, ["rating", "comment", "isAnonymous", "publishConsent"]);

  return (
    <section className="container-page max-w-xl py-10" aria-labelledby="evaluation-title">
      <h1 id="evaluation-title" className="text-3xl font-bold">
        {t("evaluation.heading")}
      </h1>
      {data.appointment ? <p className="muted mt-1">{t("evaluation.with", { name: data.appointment.psychologistName, date: data.appointment.date })}</p> : null}

      {data.state !== "open" ? (
        <div className="card mt-6">
          <p role="alert">{data.message}</p>
          <Link to={HISTORY} className="btn-secondary mt-4">
            {t("evaluation.back")}
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card mt-6 grid gap-5">
          <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
          <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
            <legend className="label">{t("evaluation.rating")}</legend>
            <div className="flex flex-wrap gap-3">
              {getCollectionProps(fields.rating, { type: "radio", options: ["1", "2", "3", "4", "5"] }).map(({ key, ...props }, index) => (
                <label key={key} htmlFor={props.id} className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
                  <input {...props} aria-describedby={undefined} autoFocus={focus === "rating" && index === 0} className="h-4 w-4" />
                  {t("evaluation.stars", { count: Number(props.value) })}
                </label>
              ))}
            </div>
            <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
          </fieldset>
          <div>
            <label htmlFor={fields.comment.id} className="label">
              {t("evaluation.comment")}
            </label>
            <textarea {...getTextareaProps(fields.comment)} rows={5} maxLength={2000} autoFocus={focus === "comment"} className="input" />
            <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
          </div>
          <CheckboxField meta={fields.isAnonymous} label={t("evaluation.anonymous")} autoFocus={focus === "isAnonymous"} />
          <CheckboxField meta={fields.publishConsent} label={t("evaluation.consent")} autoFocus={focus === "publishConsent"} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={submitting} pendingLabel={t("evaluation.submitting")} className="btn-primary">
              {t("evaluation.submit")}
            </SubmitButton>
            <Link to={HISTORY} className="btn-secondary">
              {t("evaluation.back")}
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
