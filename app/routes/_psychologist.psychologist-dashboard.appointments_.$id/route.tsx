import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/forms";
import { StatusBadge } from "~/components/appointment-card";
import { CancelLink } from "~/components/cancel-appointment";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { consultationDetailAction, consultationDetailData } from "./consultation-detail.server";

/** /psychologist-dashboard/appointments/{id} — one consultation of the signed-in psychologist and its timeline. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return consultationDetailData(request, await requirePsychologist(request), params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return consultationDetailAction(request, await requirePsychologist(request), params.id ?? "");
}

export default function ConsultationDetail() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { error?: string } | undefined;
  const { t } = useTranslation("consultations");
  const { consultation } = data;
  return (
    <section aria-labelledby="consultation-title" className="space-y-4">
      <Link to="/psychologist-dashboard/appointments" className="text-sm underline">
        {t("detail.back")}
      </Link>
      <div className="card">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id="consultation-title" className="text-xl font-semibold">
              {t("detail.title", { patient: consultation.patient })}
            </h2>
            <p className="muted text-sm">{consultation.email}</p>
          </div>
          <StatusBadge status={consultation.status}>{t(`appointments:status.${consultation.status}`)}</StatusBadge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="muted text-xs">{t("detail.date")}</dt>
            <dd className="font-medium">{consultation.date ?? t("appointments:card.invalidDate")}</dd>
          </div>
          <div>
            <dt className="muted text-xs">{t("detail.time")}</dt>
            <dd className="font-medium">
              {t("card.timeAndDuration", { time: consultation.time ?? "—", minutes: consultation.durationMinutes })}
              <span className="muted block text-xs font-normal">{data.zone}</span>
            </dd>
          </div>
          <div>
            <dt className="muted text-xs">{t("detail.price")}</dt>
            <dd className="font-medium">{consultation.price}</dd>
          </div>
          <div>
            <dt className="muted text-xs">{t("detail.payment")}</dt>
            <dd className="font-medium">{t(`detail.paymentStatus.${consultation.paymentStatus}`)}</dd>
          </div>
        </dl>
        {consultation.cancelledBy ? <p className="mt-3 text-sm">{t(`detail.cancelledBy.${consultation.cancelledBy}`)}</p> : null}
        {consultation.cancellationReason ? (
          <p className="mt-1 text-sm">
            {t("detail.cancellationReason")} {consultation.cancellationReason}
          </p>
        ) : null}
        {consultation.cancellationException ? (
          <p className="mt-1 text-sm font-medium">{t("detail.exceptionClaimed", { exception: t(`detail.exceptions.${consultation.cancellationException}`) })}</p>
        ) : null}
        {consultation.refund ? <p className="mt-1 text-sm">{t(`detail.refund.${consultation.refund.status}`, { amount: consultation.refund.amount })}</p> : null}
        {answer?.error ? <FormErrors errors={[answer.error]} autoFocus /> : null}
        {consultation.canGrantFullRefund ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="grant-full-refund" />
            <button type="submit" className="btn-secondary">
              {t("detail.grantFullRefund")}
            </button>
          </Form>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={`/psychologist-dashboard/records?appointment=${consultation.id}`} className="btn-secondary">
            {t("card.records")}
          </Link>
          {consultation.canJoin ? (
            <a href={`/appointment/videocall/${consultation.id}`} target="_blank" rel="noopener" className="btn-primary">
              {t("card.join")}
            </a>
          ) : null}
          {consultation.canReschedule ? (
            <Link to={`/appointment/${consultation.id}/reschedule`} className="btn-secondary">
              {t(consultation.rescheduleRequested ? "detail.rescheduleRequest" : "detail.reschedule")}
            </Link>
          ) : null}
          {consultation.canCancel ? (
            <CancelLink appointmentId={consultation.id} className="btn-ghost text-red-700 dark:text-red-300">
              {t("detail.cancel")}
            </CancelLink>
          ) : null}
          {consultation.canMarkNoShow ? (
            <Form method="post" action={`/appointment/${consultation.id}/no-show`}>
              <button type="submit" className="btn-ghost text-red-700 dark:text-red-300">
                {t("card.noShow")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>

      <section className="card" aria-labelledby="timeline-title">
        <h3 id="timeline-title" className="font-semibold">
          {t("detail.timeline")}
        </h3>
        <ol className="mt-3 space-y-3 border-s-2 border-slate-200 ps-4 text-sm dark:border-slate-800">
          {data.timeline.map((event, index) => (
            <li key={index}>
              <p className="font-medium">{event.text}</p>
              <p className="muted text-xs">{event.at}</p>
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
