import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRACTICE_PERIODS, toPracticePeriod } from "~/domain/practice-period";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { practiceOverview } from "~/services/practice-overview.server";
import { requirePsychologist } from "~/services/session.server";
import { formatMoney, formatNumber } from "~/utils/format";

/** /psychologist-dashboard — Visão Geral: the period's figures, computed from the practice's own data. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePsychologist(request);
  const { translations } = await pageTranslations(request, ["practice"]);
  const period = toPracticePeriod(new URL(request.url).searchParams.get("period"));
  return { translations, overview: await practiceOverview(user.psychologistId!, period) };
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

export default function OverviewTab() {
  const { overview } = useLoaderData<typeof loader>();
  const { t, locale } = useTranslation("practice");
  const { consultations, attendance, rating, revenue } = overview;
  const trend = attendance.trend;
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
                  aria-current={period === overview.period ? "page" : undefined}
                  className={period === overview.period ? "btn-primary px-3 py-1" : "btn-secondary px-3 py-1"}
                >
                  {t(`overview.periods.${period}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <dl className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card title={t("overview.total")} value={formatNumber(consultations.total, locale)} empty={consultations.total === 0 && consultations.cancelled === 0}>
          {t("overview.completed", { count: consultations.completed })}
        </Card>
        <Card title={t("overview.attendance")} value={attendance.rate === null ? "" : `${formatNumber(attendance.rate, locale, 1)}%`} empty={attendance.rate === null}>
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
        <Card title={t("overview.revenue")} value={formatMoney(revenue.receivedCents, locale)} empty={revenue.receivedCents === 0 && revenue.pendingCents === 0}>
          {t("overview.pending", { amount: formatMoney(revenue.pendingCents, locale) })}
        </Card>
      </dl>
      <p className="muted mt-3 text-xs">{t("overview.zoneNote", { zone: overview.timeZone })}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
