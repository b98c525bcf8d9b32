import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusBadge } from "~/components/appointment-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { LoadError } from "~/components/load-error";
import { PrivacyNotice } from "../_psychologist.psychologist-dashboard.patients/patients-ui";
import { patientDetailData } from "./patient-detail.server";

/** /psychologist-dashboard/patients/{id} — one patient of the signed-in psychologist: contact, history here, notes count. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return patientDetailData(request, await requirePsychologist(request), params.patientId ?? "");
}

export default function PatientDetail() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("patients");
  const back = (
    <Link to="/psychologist-dashboard/patients" className="text-sm underline">
      {t("detail.back")}
    </Link>
  );
  if (data.error) {
    return (
      <section aria-labelledby="patient-title" className="space-y-4">
        {back}
        <h2 id="patient-title" className="text-xl font-semibold">
          {t("detail.heading")}
        </h2>
        <LoadError message={t("detail.error")} retry={t("retry")} />
      </section>
    );
  }
  const { patient, history } = data;
  return (
    <section aria-labelledby="patient-title" className="space-y-4">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="patient-title" className="text-xl font-semibold">
          {patient.name}
        </h2>
        <span className="status-badge" data-status={patient.active ? "confirmed" : "cancelled"}>
          {patient.active ? t("status.active") : t("status.inactive")}
        </span>
      </div>
      <PrivacyNotice text={t("privacy")} />

      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card" aria-labelledby="contact-title">
          <h3 id="contact-title" className="font-semibold">
            {t("detail.contact")}
          </h3>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="muted">{t("detail.email")}</dt>
            <dd className="break-all">
              <a href={`mailto:${patient.email}`} className="underline">
                {patient.email}
              </a>
            </dd>
            <dt className="muted">{t("detail.phone")}</dt>
            <dd>{patient.phone ? <a href={`tel:${patient.phone}`}>{patient.phone}</a> : t("detail.notInformed")}</dd>
            <dt className="muted">{t("detail.cpf")}</dt>
            <dd className="font-mono" data-testid="masked-cpf">
              {patient.cpf ?? t("detail.notInformed")}
            </dd>
          </dl>
        </section>

        <section className="card" aria-labelledby="summary-title">
          <h3 id="summary-title" className="font-semibold">
            {t("detail.summary")}
          </h3>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="muted">{t("detail.total")}</dt>
            <dd>{patient.total}</dd>
            <dt className="muted">{t("detail.lastAppointment")}</dt>
            <dd>{patient.lastDate ?? t("table.none")}</dd>
            <dt className="muted">{t("detail.nextAppointment")}</dt>
            <dd>{patient.nextDate ?? t("table.none")}</dd>
            <dt className="muted">{t("detail.notesLabel")}</dt>
            <dd>{t("detail.notes", { count: patient.notes })}</dd>
          </dl>
          <a href={`/psychologist-dashboard/records?patient=${patient.id}`} className="btn-secondary mt-3 inline-block">
            {t("detail.records")}
          </a>
        </section>
      </div>

      <section className="card" aria-labelledby="history-title">
        <h3 id="history-title" className="font-semibold">
          {t("detail.history")}
        </h3>
        <p className="muted text-sm">{t("detail.historyCount", { count: patient.total })}</p>
        {/* Below sm each row is a small card (date and price, then status and 'Ver consulta'), so the link is on screen without scrolling sideways. */}
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full text-start text-sm max-sm:block">
            <caption className="sr-only">{t("detail.history")}</caption>
            <thead className="max-sm:sr-only">
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("detail.date")}
                </th>
                <th scope="col" className="py-2 pe-3 text-start">
                  {t("detail.appointmentStatus")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end">
                  {t("detail.price")}
                </th>
                <th scope="col" className="py-2 text-start">
                  <span className="sr-only">{t("table.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {history.rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2">
                  <td className="py-2 pe-3 max-sm:col-start-1 max-sm:row-start-1 max-sm:block max-sm:p-0">{t("detail.when", { date: row.date ?? "—", time: row.time ?? "—", minutes: row.durationMinutes })}</td>
                  <td className="py-2 pe-3 max-sm:col-start-1 max-sm:row-start-2 max-sm:block max-sm:p-0">
                    <StatusBadge status={row.status}>{t(`appointments:status.${row.status}`)}</StatusBadge>
                  </td>
                  <td className="py-2 pe-3 text-end tabular-nums max-sm:col-start-2 max-sm:row-start-1 max-sm:block max-sm:p-0">
                    {row.price}
                    {row.refund ? <span className="muted block text-xs">{t("detail.refund", { amount: row.refund })}</span> : null}
                  </td>
                  <td className="py-2 max-sm:col-start-2 max-sm:row-start-2 max-sm:block max-sm:p-0 max-sm:text-end">
                    <Link to={`/psychologist-dashboard/appointments/${row.id}`} className="font-semibold text-teal-800 underline dark:text-teal-300">
                      {t("detail.open")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={history.page} pages={history.pages} href={(page) => `?page=${page}`} labels={{ nav: t("pagination.label"), previous: t("pagination.previous"), next: t("pagination.next"), pageOf: t("pagination.pageOf", { page: history.page, pages: history.pages }) }} />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
