import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Stars } from "~/components/appointment-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { Pagination } from "~/components/pagination";
import { EVALUATION_FILTERS, EVALUATION_SORTS } from "~/domain/practice-evaluations";
import type { TFunction } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { evaluationsTabData } from "./evaluations.server";

/** /psychologist-dashboard/evaluations — 'Avaliações': statistics, the filtered list and its CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  return evaluationsTabData(request, await requirePsychologist(request));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const TONE_CLASS = {
  good: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  fair: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  poor: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
} as const;

export default function EvaluationsTab() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("evaluations");
  const exportHref = `/psychologist-dashboard/evaluations/export?${data.exportQuery}`;
  const canExport = (data.stats?.total ?? data.list?.total ?? 0) > 0;
  return (
    <section aria-labelledby="tab-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tab-title" className="text-xl font-semibold">
          {t("heading")}
        </h2>
        {/* A document download (Content-Disposition), not a client navigation; disabled with nothing to export. */}
        {canExport ? (
          <a href={exportHref} className="btn-secondary">
            {t("export")}
          </a>
        ) : (
          <button type="button" className="btn-secondary" disabled title={t("exportEmpty")}>
            {t("export")}
          </button>
        )}
      </div>
      {data.exportError ? <LoadError message={data.exportError} retry={t("retry")} href={exportHref} /> : null}
      {data.statsError ? <LoadError message={data.statsError} retry={t("retry")} /> : data.stats ? <Statistics stats={data.stats} t={t} /> : null}
      {data.listError ? <LoadError message={data.listError} retry={t("retry")} /> : data.list ? <ReviewList data={data} list={data.list} t={t} /> : null}
    </section>
  );
}

function Statistics({ stats, t }: { stats: NonNullable<Data["stats"]>; t: TFunction }) {
  return (
    <section className="card" aria-labelledby="stats-title">
      <h3 id="stats-title" className="font-semibold">
        {t("stats.heading")}
      </h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t("stats.total")}</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="evaluations-total">
            {stats.total}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t("stats.average")}</dt>
          {stats.average === null || stats.tone === null ? (
            <dd className="mt-1 text-2xl font-bold">
              -- <span className="muted block text-sm font-normal">{t("stats.noReviews")}</span>
            </dd>
          ) : (
            <dd className="mt-1 flex items-center gap-2">
              <span className="text-2xl font-bold" data-testid="evaluations-average">
                {stats.average}
              </span>
              {/* The colour repeats what the words say (never colour alone). */}
              <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${TONE_CLASS[stats.tone]}`} data-tone={stats.tone}>
                {t(`stats.tone.${stats.tone}`)}
              </span>
            </dd>
          )}
        </div>
      </dl>
      <h4 className="mt-4 text-sm font-semibold">{t("stats.distribution")}</h4>
      <ol className="mt-2 space-y-1 text-sm">
        {stats.distribution.map((row) => (
          <li key={row.rating} className="grid grid-cols-[5rem_1fr_7rem] items-center gap-2">
            <span>{t("stats.stars", { count: row.rating })}</span>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${row.width}%` }} />
            </span>
            <span className="text-end tabular-nums">{t("stats.countPercent", { count: row.count, percent: row.percent })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReviewList({ data, list, t }: { data: Data; list: NonNullable<Data["list"]>; t: TFunction }) {
  const { query } = data;
  const pageHref = (page: number) => `?${new URLSearchParams({ filter: query.filter, sort: query.sort, page: String(page) })}`;
  return (
    <section className="card" aria-labelledby="list-title">
      <h3 id="list-title" className="font-semibold">
        {t("list.heading")}
      </h3>
      {/* GET: the filter and the sort are the URL, so they work without JavaScript. */}
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block">{t("list.filter")}</span>
          <select name="filter" defaultValue={query.filter} className="input">
            {EVALUATION_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`list.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block">{t("list.sort")}</span>
          <select name="sort" defaultValue={query.sort} className="input">
            {EVALUATION_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`list.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          {t("list.apply")}
        </button>
      </Form>
      <p className="muted mt-3 text-sm" role="status">
        {t("list.count", { count: list.total })}
      </p>
      {list.rows.length === 0 ? (
        <p className="mt-3 text-sm">{query.filter === "all" ? t("list.empty") : t("list.emptyFiltered")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {list.rows.map((row) => (
            <li key={row.id} className="consultation">
              <header>
                <Stars rating={row.rating} label={t("list.ratingLabel", { count: row.rating })} />
                <span className="muted text-sm">{row.date}</span>
              </header>
              <p className="font-medium">{row.patient ?? t("anonymous")}</p>
              {row.comment ? <p className="whitespace-pre-line">{row.comment}</p> : <p className="muted">{t("list.noComment")}</p>}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pages={list.pages} href={(page) => pageHref(page)} labels={{ nav: t("list.pagination"), previous: t("list.previous"), next: t("list.next"), pageOf: t("list.pageOf", { page: list.page, pages: list.pages }) }} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
