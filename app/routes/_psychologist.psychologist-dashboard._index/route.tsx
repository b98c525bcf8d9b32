import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { SubmitButton } from "~/components/forms";
import { PRACTICE_PERIODS } from "~/domain/practice-period";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { formatLongDate, formatMoney, formatNumber, formatPercent } from "~/utils/format";
import { overviewAction, overviewTabData } from "./overview.server";

/** /psychologist-dashboard — Visão Geral: the period's figures, computed from the practice's own data. */
export async function loader({ request }: LoaderFunctionArgs) {
  return overviewTabData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return overviewAction(request, await requirePsychologist(request));
}

/** The practice's private iCalendar subscription: generated, shown once, revoked by the next. */
function CalendarFeedCard({ createdAt, feedUrl, timeZone }: { createdAt: string | null; feedUrl: string | null; timeZone: string }) {
  const { t, locale } = useTranslation("practice");
  return (
    <section className="card mt-6" aria-labelledby="feed-title">
      <h3 id="feed-title" className="font-semibold">
        {t("feed.heading")}
      </h3>
      <p className="muted mt-1 text-sm">{t("feed.explain")}</p>
      {feedUrl ? (
        <div className="mt-3">
          <label htmlFor="feed-url" className="block text-sm font-medium">
            {t("feed.yourLink")}
          </label>
          <input id="feed-url" readOnly value={feedUrl} className="input mt-1 w-full font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
          <p className="mt-1 text-sm">{t("feed.onlyOnce")}</p>
        </div>
      ) : createdAt ? (
        <p className="mt-3 text-sm">{t("feed.active", { date: formatLongDate(createdAt, locale, timeZone) ?? "" })}</p>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="generate-feed" />
        <SubmitButton className="btn-secondary">{t("feed.generate")}</SubmitButton>
      </Form>
    </section>
  );
}

function Card({ title, value, children, empty }: { title: string; value: string; children?: ReactNode; empty: boolean }) {
  const { t } = useTranslation("practice");
  return (
    <div className="card">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{title}</dt>
      <dd className="mt-1 text-2xl font-bold">{empty ? "--" : value}</dd>
      <dd className="mt-1 text-sm">{empty ? <span className="muted">{t("overview.noData")}</span> : children}</dd>
    </div>
  );
}

/** The period's four cards. */
function Figures({ overview, zoneLabel }: { overview: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["overview"]>; zoneLabel: string }) {
  const { t, locale } = useTranslation("practice");
  const { consultations, attendance, rating, revenue } = overview;
  const trend = attendance.trend;
  return (
    <>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card title={t("overview.total")} value={formatNumber(consultations.total, locale)} empty={consultations.total === 0 && consultations.cancelled === 0}>
          {t("overview.completed", { count: consultations.completed })}
        </Card>
        <Card title={t("overview.attendance")} value={attendance.rate === null ? "" : formatPercent(attendance.rate, locale, 1)} empty={attendance.rate === null}>
          {trend === null ? (
            <span className="muted">{t("overview.noTrend")}</span>
          ) : (
            <span className={trend > 0 ? "text-green-700 dark:text-green-400" : trend < 0 ? "text-red-700 dark:text-red-400" : "muted"}>
              <span aria-hidden="true">{trend > 0 ? "↑" : trend < 0 ? "↓" : "→"}</span> {t(trend > 0 ? "overview.trendUp" : trend < 0 ? "overview.trendDown" : "overview.trendFlat", { points: formatNumber(Math.abs(trend), locale, 1) })}
            </span>
          )}
        </Card>
        <Card title={t("overview.rating")} value={rating.average === null ? "" : `${formatNumber(rating.average, locale, 1)}★`} empty={rating.reviews === 0}>
          {t("overview.reviews", { count: rating.reviews })}
        </Card>
        <Card title={t("overview.revenue")} value={formatMoney(revenue.totalCents, locale)} empty={revenue.totalCents === 0}>
          {t("overview.pending", { amount: formatMoney(revenue.pendingCents, locale) })}
        </Card>
      </dl>
      <p className="muted mt-3 text-xs">{t("overview.zoneNote", { zone: zoneLabel })}</p>
    </>
  );
}

export default function OverviewTab() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("practice");
  return (
    <section aria-labelledby="tab-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tab-title" className="text-xl font-semibold">
          {t("tabs.overview")}
        </h2>
        <nav aria-label={t("overview.periodLabel")}>
          <ul className="flex gap-1">
            {PRACTICE_PERIODS.map((period) => (
              <li key={period}>
                <Link
                  to={`?period=${period}`}
                  aria-current={period === data.period ? "page" : undefined}
                  className={period === data.period ? "btn-primary px-3 py-1" : "btn-secondary px-3 py-1"}
                >
                  {t(`overview.periods.${period}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {data.overview ? (
        <Figures overview={data.overview} zoneLabel={data.zoneLabel} />
      ) : (
        <div className="mt-4">
          <LoadError message={data.error ?? ""} retry={t("retry")} />
        </div>
      )}
      {data.feedLoaded ? <CalendarFeedCard createdAt={data.feed?.createdAt ?? null} feedUrl={data.feedUrl} timeZone={data.timeZone} /> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
