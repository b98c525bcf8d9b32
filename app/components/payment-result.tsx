import { Form, Link } from "@remix-run/react";
import { Notice, SummaryList } from "~/components/booking";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The three payment return screens (spec: success, failure, pending), and a
 * fourth for a payment still processing when its hold ran out ("lapsed").
 * Which one shows is the server's decision from the appointment's state.
 */

export interface PaymentResultData {
  view: "success" | "pending" | "failure" | "lapsed";
  appointment: { id: string; psychologistId: string; psychologist: string; date: string; time: string; timeZone: string; duration: number; price: string; status: string };
  holdUntil: string | null;
  canResume: boolean;
  refundedLate: boolean;
}

function ResumeButton({ appointmentId, label }: { appointmentId: string; label: string }) {
  return (
    <Form method="post" action={`/appointment/${appointmentId}/pay`} reloadDocument>
      <button type="submit" className="btn-primary w-full sm:w-auto">
        {label}
      </button>
    </Form>
  );
}

export function PaymentResult({ data }: { data: PaymentResultData }) {
  const { t } = useTranslation("payment");
  const { appointment } = data;
  return (
    <section className="container-page max-w-2xl py-10" aria-labelledby="payment-title">
      <div className="card">
        {data.view === "success" ? (
          <>
            <p aria-hidden="true" className="text-4xl text-emerald-600">
              ✓
            </p>
            <h1 id="payment-title" className="mt-2 text-3xl font-bold">
              {t("success.title")}
            </h1>
            <p className="mt-1 text-lg">{t("success.subtitle")}</p>
            <div className="mt-4">
              <Notice tone="success">{t("success.toast")}</Notice>
            </div>
          </>
        ) : data.view === "lapsed" || data.view === "pending" ? (
          <>
            <h1 id="payment-title" className="text-3xl font-bold">
              {t(`${data.view}.title`)}
            </h1>
            <div className="mt-4">
              <Notice tone="info">{t(`${data.view}.toast`)}</Notice>
            </div>
          </>
        ) : (
          <>
            <h1 id="payment-title" className="text-3xl font-bold">
              {t("failure.title")}
            </h1>
            <div className="mt-4">
              <Notice tone="error">{t("failure.toast")}</Notice>
            </div>
          </>
        )}

        <section className="mt-6" aria-labelledby="appointment-title">
          <h2 id="appointment-title" className="font-semibold">
            {t("appointment.title")}
          </h2>
          <SummaryList
            items={[
              { label: t("appointment.psychologist"), value: appointment.psychologist },
              { label: t("appointment.date"), value: appointment.date },
              {
                label: t("appointment.time"),
                value: (
                  <>
                    {appointment.time}
                    <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{appointment.timeZone}</span>
                  </>
                ),
              },
              { label: t("appointment.duration"), value: t("appointment.minutes", { minutes: appointment.duration }) },
              { label: t("appointment.price"), value: appointment.price },
              { label: t("appointment.status"), value: appointment.status },
            ]}
          />
        </section>

        {data.view === "success" ? (
          <>
            <h2 className="mt-6 font-semibold">{t("success.nextTitle")}</h2>
            <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
              <li>{t("success.next.email")}</li>
              <li>{t("success.next.psychologist")}</li>
              <li>{t("success.next.link")}</li>
              <li>{t("success.next.reminders")}</li>
            </ul>
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("success.reschedule")}</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to="/patient-dashboard" className="btn-primary">
                {t("buttons.myAppointments")}
              </Link>
              <Link to="/schedule" className="btn-secondary">
                {t("buttons.newAppointment")}
              </Link>
            </div>
          </>
        ) : data.view === "lapsed" ? (
          <>
            <h2 className="mt-6 font-semibold">{t("lapsed.nextTitle")}</h2>
            <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
              <li>{t("lapsed.ifFree")}</li>
              <li>{t("lapsed.ifTaken")}</li>
            </ul>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to="/patient-dashboard" className="btn-primary">
                {t("lapsed.dashboard")}
              </Link>
              <Link to={`/schedule/step2?psychologistId=${encodeURIComponent(appointment.psychologistId)}`} className="btn-secondary">
                {t("lapsed.otherTime")}
              </Link>
            </div>
          </>
        ) : data.view === "pending" ? (
          <>
            <ul className="mt-6 list-disc space-y-1 ps-5 text-sm">
              <li>{t("pending.verifying")}</li>
              <li>{t("pending.nothing")}</li>
              <li>{t("pending.email")}</li>
              <li>{t("pending.automatic")}</li>
            </ul>
            {data.holdUntil ? <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("pending.holdUntil", { time: data.holdUntil })}</p> : null}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              {data.canResume ? <ResumeButton appointmentId={appointment.id} label={t("buttons.resume")} /> : null}
              <Link to="/patient-dashboard" className={data.canResume ? "btn-secondary" : "btn-primary"}>
                {t("buttons.myAppointments")}
              </Link>
              <Link to="/schedule" className="btn-secondary">
                {t("buttons.newAppointment")}
              </Link>
            </div>
          </>
        ) : (
          <>
            {data.refundedLate ? (
              <p className="mt-6 text-sm">{t("failure.refundedLate")}</p>
            ) : (
              <>
                <h2 className="mt-6 font-semibold">{t("failure.reasonsTitle")}</h2>
                <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
                  <li>{t("failure.reasons.cardData")}</li>
                  <li>{t("failure.reasons.balance")}</li>
                  <li>{t("failure.reasons.blocked")}</li>
                  <li>{t("failure.reasons.carrier")}</li>
                </ul>
                <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("failure.advice")}</p>
              </>
            )}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              {data.canResume ? <ResumeButton appointmentId={appointment.id} label={t("buttons.resume")} /> : null}
              <Link to="/patient-dashboard" className={data.canResume ? "btn-secondary" : "btn-primary"}>
                {t("buttons.tryAgain")}
              </Link>
              <Link to="/schedule" className="btn-secondary">
                {t("buttons.newConsultation")}
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
