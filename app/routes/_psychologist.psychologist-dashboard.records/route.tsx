import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { StatusBadge } from "~/components/appointment-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { FormErrors } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { recordsAction, recordsTabData } from "./records.server";

/** /psychologist-dashboard/records — 'Prontuários': the consultations' notes, searchable, and the patients' requests for a copy. */
export async function loader({ request }: LoaderFunctionArgs) {
  return recordsTabData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return recordsAction(request, await requirePsychologist(request));
}

export default function RecordsTab() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error?: string } | undefined;
  const { t } = useTranslation("records");
  const location = useLocation();
  const { filters, list } = data;
  const pageLink = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `?${params}`;
  };

  return (
    <section aria-labelledby="tab-title" className="space-y-4">
      <div>
        <h2 id="tab-title" className="text-xl font-semibold">
          {t("heading")}
        </h2>
        <p className="muted mt-1 text-sm">{t("intro")}</p>
      </div>
      {result?.error ? <FormErrors errors={[result.error]} autoFocus /> : null}

      {data.requests.length > 0 ? (
        <section className="card" aria-labelledby="requests-title">
          <h3 id="requests-title" className="font-semibold">
            {t("requests.heading")}
          </h3>
          <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {data.requests.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {t("requests.item", { patient: item.patient, date: item.requestedAt })} <span className="muted">{t("requests.notes", { count: item.notes })}</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="release" />
                  <input type="hidden" name="requestId" value={item.id} />
                  <button type="submit" className="btn-primary btn-small">
                    {t("requests.release")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby="list-title">
        <h3 id="list-title" className="font-semibold">
          {t("list.heading")}
        </h3>
        {/* A GET form: the search is the URL, so it works without JavaScript. */}
        <Form method="get" role="search" className="mt-3 flex flex-wrap gap-2">
          {filters.patient ? <input type="hidden" name="patient" value={filters.patient} /> : null}
          <label className="sr-only" htmlFor="records-search">
            {t("list.search")}
          </label>
          <input id="records-search" type="search" name="q" defaultValue={filters.q} placeholder={t("list.search")} maxLength={100} className="input min-w-0 flex-1" />
          <button type="submit" className="btn-secondary">
            {t("list.apply")}
          </button>
        </Form>
        {filters.patient ? (
          <p className="mt-2 text-sm">
            {t("list.onePatient", { patient: data.patientFilter || "—" })}{" "}
            <Link to="/psychologist-dashboard/records" className="underline">
              {t("list.allPatients")}
            </Link>
          </p>
        ) : null}

        {data.error || !list ? (
          <div role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            <p>{data.error}</p>
            <a href={location.pathname + location.search} className="mt-1 inline-block font-semibold underline">
              {t("retry")}
            </a>
          </div>
        ) : (
          <>
            <p className="muted mt-3 text-sm" role="status">
              {t("list.count", { count: list.total })}
            </p>
            {list.rows.length === 0 ? (
              <p className="mt-3 text-sm">{filters.q || filters.patient ? t("list.emptyFiltered") : t("list.empty")}</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {list.rows.map((row) => (
                  <li key={row.appointmentId}>
                    <article className="consultation">
                      <header>
                        <div className="min-w-0">
                          <h4>
                            <Link to={`/psychologist-dashboard/records/${row.appointmentId}`}>{row.patient}</Link>
                          </h4>
                          <p className="muted text-sm">{`${row.date ?? "—"} · ${row.time ?? "—"}`}</p>
                        </div>
                        <StatusBadge status={row.status}>{t(`appointments:status.${row.status}`)}</StatusBadge>
                      </header>
                      <p className="text-sm">
                        {row.unreadable ? <span className="text-red-700 dark:text-red-300">{t("list.unreadable")}</span> : row.hasNote ? row.preview : <span className="muted">{t("list.noNote")}</span>}
                      </p>
                      <footer>
                        <Link to={`/psychologist-dashboard/records/${row.appointmentId}`} className="btn-secondary btn-small">
                          {row.hasNote ? t("list.open") : t("list.write")}
                        </Link>
                        {row.hasNote && row.version ? <span className="muted text-xs">{t("list.version", { version: row.version })}</span> : null}
                        {filters.patient ? null : (
                          <Link to={`/psychologist-dashboard/records?patient=${row.patientId}`} className="btn-ghost btn-small">
                            {t("list.patientNotes")}
                          </Link>
                        )}
                      </footer>
                    </article>
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={list.page} pages={list.pages} href={(page) => pageLink(page)} labels={{ nav: t("list.pagination"), previous: t("list.previous"), next: t("list.next"), pageOf: t("list.pageOf", { page: list.page, pages: list.pages }) }} />
          </>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
