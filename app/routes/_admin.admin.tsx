import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { WeekChart } from "~/components/week-chart";
import { adminOverview } from "~/services/admin-overview.server";
import { reviewQueue } from "~/services/admin-review-pages.server";
import { pageMeta } from "~/services/page-meta.server";
import { requireAdmin } from "~/services/session.server";
import { formatLongDate, formatMoney, formatNumber, formatPercent, formatTime } from "~/utils/format";
import { loaderMeta } from "~/utils/meta";

/**
 * /admin (and /admin-dashboard) — 'Painel Admin': the marketplace this month
 * against the last, each card one SQL statement with its last twelve weeks
 * (app/models/admin-overview.server.ts), and the approval queue.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { t, translations } = await pageTranslations(request, ["dashboard"]);
  const [overview, queue] = await Promise.all([adminOverview(), reviewQueue(new URL(request.url))]);
  return { translations, meta: await pageMeta(request, { title: t("meta.adminTitle"), noindex: true }), overview, queue };
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);

export const meta = loaderMeta;

export default function AdminDashboard() {
  const { overview, queue } = useLoaderData<typeof loader>();
  const { t, locale } = useTranslation("dashboard");
  const { users, appointments, money, satisfaction, conversion, attendance } = overview;
  const number = (value: number) => formatNumber(value, locale);
  /** 'n thing(s)' in the plural form of the language ('1 cancelamento', '2 faltas'), the number formatted as the locale writes it. */
  const counted = (key: string, count: number) => t(`admin.overview.${key}`, { count, n: number(count) });
  const money$ = (cents: number) => formatMoney(cents, locale);
  const rating = (value: number | null) => (value === null ? t("admin.noRatings") : `${formatNumber(value, locale, 1)}★`);
  const pending = queue.counts.find((entry) => entry.status === "pending")?.count ?? 0;
  const cards = [
    {
      id: "users",
      label: t("admin.users"),
      value: number(users.patients + users.psychologists + users.admins),
      lines: [
        t("admin.overview.users.roles", { patients: counted("users.patients", users.patients), psychologists: counted("users.psychologists", users.psychologists), admins: counted("users.admins", users.admins) }),
        t("admin.overview.users.new", { count: users.newThisMonth, last: number(users.newLastMonth) }),
      ],
      chart: { points: users.weekly, title: t("admin.overview.users.chart"), format: number },
    },
    {
      id: "appointments",
      label: t("admin.appointmentsToday"),
      value: number(appointments.today),
      lines: [t("admin.overview.appointments.week", { count: appointments.thisWeek }), t("admin.overview.appointments.month", { count: appointments.thisMonth, last: number(appointments.lastMonth) })],
      chart: { points: appointments.weekly, title: t("admin.overview.appointments.chart"), format: number },
    },
    {
      id: "revenue",
      label: t("admin.monthlyRevenue"),
      value: money$(money.paidCents),
      lines: [
        t("admin.overview.revenue.detail", { refunded: money$(money.refundedCents), pending: money$(money.pendingCents) }),
        t("admin.overview.revenue.last", { paid: money$(money.lastMonth.paidCents), refunded: money$(money.lastMonth.refundedCents) }),
      ],
      chart: { points: money.weekly, title: t("admin.overview.revenue.chart"), format: money$ },
    },
    {
      id: "satisfaction",
      label: t("admin.satisfaction"),
      value: rating(satisfaction.allTimeAverage),
      lines: [t("admin.overview.satisfaction.month", { average: rating(satisfaction.average), count: satisfaction.reviews }), t("admin.overview.satisfaction.last", { average: rating(satisfaction.lastMonthAverage) })],
      chart: { points: satisfaction.weekly, title: t("admin.overview.satisfaction.chart"), format: (value: number) => formatNumber(value, locale, 1) },
    },
    {
      id: "conversion",
      label: t("admin.overview.conversion.label"),
      // The sign placed and spaced as the language writes it: '100%' in Portuguese, '100 %' in German, French and Russian.
      value: formatPercent(percent(conversion.paid, conversion.created), locale),
      lines: [t("admin.overview.conversion.detail", { paid: number(conversion.paid), created: number(conversion.created) }), t("admin.overview.conversion.last", { percent: formatPercent(percent(conversion.lastMonth.paid, conversion.lastMonth.created), locale) })],
      chart: { points: conversion.weekly, title: t("admin.overview.conversion.chart"), format: (value: number) => formatPercent(value, locale) },
    },
    {
      id: "attendance",
      label: t("admin.overview.attendance.label"),
      value: number(attendance.cancelled + attendance.noShows),
      lines: [
        t("admin.overview.attendance.detail", { cancelled: counted("attendance.cancelled", attendance.cancelled), noShows: counted("attendance.noShows", attendance.noShows) }),
        t("admin.overview.attendance.last", { cancelled: counted("attendance.cancelled", attendance.lastMonth.cancelled), noShows: counted("attendance.noShows", attendance.lastMonth.noShows) }),
      ],
      chart: { points: attendance.weekly, title: t("admin.overview.attendance.chart"), format: number },
    },
  ];
  return (
    <section className="container-page py-10" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {t("admin.heading")}
      </h1>
      <h2 className="sr-only">{t("admin.overview.heading")}</h2>
      <ul className="admin-cards">
        {cards.map((card) => (
          <li key={card.id} className="card" aria-labelledby={`card-${card.id}`}>
            <h3 id={`card-${card.id}`} className="text-sm text-slate-600 dark:text-slate-400">
              {card.label}
            </h3>
            <p className="mt-1 text-2xl font-bold">{card.value}</p>
            {card.lines.map((line) => (
              <p key={line} className="muted text-xs">
                {line}
              </p>
            ))}
            <div className="mt-2">
              <WeekChart {...card.chart} />
            </div>
          </li>
        ))}
      </ul>
      <p className="muted mt-2 text-xs">{t("admin.overview.takenAt", { time: formatTime(overview.takenAt, locale, queue.timeZone) ?? "" })}</p>
      <p className="mt-6">{t("admin.pendingPsychologists", { count: pending })}</p>
      <nav aria-label={t("admin.sections")} className="mt-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {(
            [
              ["/admin/users", "admin.peopleLink"],
              ["/admin/payments", "admin.paymentsLink"],
              ["/admin/audit", "admin.auditLink"],
              ["/admin/configuration", "admin.configLink"],
            ] as const
          ).map(([href, label]) => (
            <li key={href}>
              <Link to={href} className="font-semibold text-teal-800 underline dark:text-teal-300">
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="mt-8" aria-labelledby="review-title">
        <h2 id="review-title" className="text-xl font-semibold">
          {t("admin.review.heading")}
        </h2>
        <nav aria-label={t("admin.review.statusLabel")} className="mt-3 overflow-x-auto">
          <ul className="flex min-w-max gap-1">
            {queue.counts.map(({ status, count }) => (
              <li key={status}>
                <Link to={`?status=${status}`} aria-current={status === queue.status ? "page" : undefined} className={status === queue.status ? "btn-primary px-3 py-1" : "btn-secondary px-3 py-1"}>
                  {t(`admin.review.status.${status}`)} ({formatNumber(count, locale)})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {queue.rows.length === 0 ? (
          <p className="muted mt-4">{t("admin.review.empty")}</p>
        ) : (
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full text-start text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-800">
                  <th className="py-2 pe-3">{t("admin.review.columns.name")}</th>
                  <th className="py-2 pe-3">{t("admin.review.columns.crp")}</th>
                  <th className="py-2 pe-3">{t("admin.review.columns.email")}</th>
                  <th className="py-2 pe-3">{t("admin.review.columns.submitted")}</th>
                  <th className="py-2">
                    <span className="sr-only">{t("admin.review.columns.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {queue.rows.map((row) => (
                  <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pe-3 font-medium">
                      {/* The name opens the review too: on a phone the row's last link sits beyond the screen's edge. */}
                      <Link to={`/admin/psychologists/${row.id}`} className="underline">
                        {row.name}
                      </Link>
                    </td>
                    <td className="py-2 pe-3">{row.crp ?? "—"}</td>
                    <td className="py-2 pe-3">{row.email}</td>
                    <td className="py-2 pe-3">{formatLongDate(row.submittedAt, locale, queue.timeZone)}</td>
                    <td className="py-2">
                      <Link to={`/admin/psychologists/${row.id}`} className="font-semibold text-teal-800 underline dark:text-teal-300">
                        {t("admin.review.open")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          page={queue.page}
          pages={queue.pages}
          href={(page) => `?status=${queue.status}&page=${page}`}
          labels={{ nav: t("admin.review.pagination"), previous: t("admin.review.previous"), next: t("admin.review.next"), pageOf: t("admin.review.pageOf", { page: queue.page, pages: queue.pages }) }}
        />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
