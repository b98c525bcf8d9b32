import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { getAdminFigures } from "~/models/dashboard.server";
import { reviewQueue } from "~/services/admin-review-pages.server";
import { pageMeta } from "~/services/page-meta.server";
import { requireAdmin } from "~/services/session.server";
import { formatLongDate, formatMoney, formatNumber } from "~/utils/format";
import { loaderMeta } from "~/utils/meta";

/** /admin (and /admin-dashboard) — 'Painel Admin', with figures computed from the data. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { t, translations } = await pageTranslations(request, ["dashboard"]);
  const [figures, queue] = await Promise.all([getAdminFigures(), reviewQueue(new URL(request.url))]);
  return { translations, meta: await pageMeta(request, { title: t("meta.adminTitle"), noindex: true }), figures, queue };
}

export const meta = loaderMeta;

export default function AdminDashboard() {
  const { figures, queue } = useLoaderData<typeof loader>();
  const { t, locale } = useTranslation("dashboard");
  const cards = [
    { label: t("admin.users"), value: formatNumber(figures.users, locale) },
    { label: t("admin.appointmentsToday"), value: formatNumber(figures.appointmentsToday, locale) },
    { label: t("admin.monthlyRevenue"), value: formatMoney(figures.monthlyRevenueCents, locale) },
    { label: t("admin.satisfaction"), value: figures.satisfaction === null ? t("admin.noRatings") : `${formatNumber(figures.satisfaction, locale, 1)}★` },
  ];
  return (
    <section className="container-page py-10" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {t("admin.heading")}
      </h1>
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="card">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{card.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6">{t("admin.pendingPsychologists", { count: figures.pendingPsychologists })}</p>

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
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
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
                    <td className="py-2 pe-3 font-medium">{row.name}</td>
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
        {queue.pages > 1 ? (
          <nav aria-label={t("admin.review.pagination")} className="mt-3 flex gap-2 text-sm">
            {queue.page > 1 ? <Link to={`?status=${queue.status}&page=${queue.page - 1}`}>{t("admin.review.previous")}</Link> : null}
            <span>{t("admin.review.pageOf", { page: queue.page, pages: queue.pages })}</span>
            {queue.page < queue.pages ? <Link to={`?status=${queue.status}&page=${queue.page + 1}`}>{t("admin.review.next")}</Link> : null}
          </nav>
        ) : null}
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
