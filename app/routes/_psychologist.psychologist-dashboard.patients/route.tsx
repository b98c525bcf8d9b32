import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { FormErrors } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { patientsTabData } from "./patients.server";
import { LoadError } from "~/components/load-error";
import { PrivacyNotice } from "./patients-ui";

/** /psychologist-dashboard/patients — 'Pacientes': the people this psychologist has seen, from real appointments. */
export async function loader({ request }: LoaderFunctionArgs) {
  return patientsTabData(request, await requirePsychologist(request));
}

/** The current query string with some parameters changed (null removes). */
function useQuery() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
}

export default function PatientsTab() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("patients");
  const query = useQuery();
  const { filters, list } = data;

  return (
    <section aria-labelledby="tab-title" className="space-y-4">
      <h2 id="tab-title" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <PrivacyNotice text={t("privacy")} />

      {/* A GET form: the filters are the URL, so they work without JavaScript and can be bookmarked. */}
      <Form method="get" role="search" aria-label={t("filters.label")} className="card grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div>
          <label htmlFor="patient-search" className="block text-sm font-medium">
            {t("filters.searchLabel")}
          </label>
          <input id="patient-search" type="search" name="q" defaultValue={filters.q} placeholder={t("filters.search")} maxLength={100} className="input mt-1 w-full" />
        </div>
        <div>
          <label htmlFor="patient-since" className="block text-sm font-medium">
            {t("filters.since")}
          </label>
          <input id="patient-since" type="date" name="since" defaultValue={filters.since ?? ""} className="input mt-1" />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-secondary">
            {t("filters.apply")}
          </button>
          {data.filtered ? (
            <Link to="?" className="btn-ghost">
              {t("filters.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      <FormErrors errors={data.filterErrors} autoFocus />

      {list === null ? (
        <LoadError message={t("error")} retry={t("retry")} />
      ) : (
        <div className="card">
          <p className="muted text-sm" role="status">
            {t("count", { count: list.total })}
          </p>
          {list.rows.length === 0 ? (
            <p className="mt-3 text-sm">{data.filtered ? t("empty.filtered") : t("empty.none")}</p>
          ) : (
            <div className="relative mt-3 overflow-x-auto">
              <table className="w-full text-start text-sm">
                <caption className="sr-only">{t("table.caption")}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-start dark:border-slate-800">
                    <th scope="col" className="py-2 pe-3 text-start">
                      {t("table.name")}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-start">
                      {t("table.lastAppointment")}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-end">
                      {t("table.total")}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-start">
                      {t("table.status")}
                    </th>
                    <th scope="col" className="py-2 text-start">
                      <span className="sr-only">{t("table.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((row) => (
                    <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800" data-patient={row.id}>
                      <th scope="row" className="py-2 pe-3 text-start font-medium">
                        {/* The name opens the patient too: on a phone the row's 'Ver detalhes' sits beyond the screen's edge. */}
                        <Link to={`/psychologist-dashboard/patients/${row.id}`} className="underline">
                          {row.name}
                        </Link>
                      </th>
                      <td className="py-2 pe-3">
                        {row.lastDate ?? t("table.none")}
                        {row.nextDate ? <span className="muted block text-xs">{t("table.next", { date: row.nextDate })}</span> : null}
                      </td>
                      <td className="py-2 pe-3 text-end tabular-nums">{row.total}</td>
                      <td className="py-2 pe-3">
                        <span className="status-badge" data-status={row.active ? "confirmed" : "cancelled"}>
                          {row.active ? t("status.active") : t("status.inactive")}
                        </span>
                      </td>
                      <td className="py-2">
                        <Link to={`/psychologist-dashboard/patients/${row.id}`} className="font-semibold text-teal-800 underline dark:text-teal-300" aria-label={t("table.detailsOf", { name: row.name })}>
                          {t("table.details")}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="muted mt-3 text-xs">{t("activeNote")}</p>

          <Pagination page={list.page} pages={list.pages} href={(page) => query({ page: String(page) })} labels={{ nav: t("pagination.label"), previous: t("pagination.previous"), next: t("pagination.next"), pageOf: t("pagination.pageOf", { page: list.page, pages: list.pages }) }} />
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
