import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { getAdminFigures } from "~/models/dashboard.server";
import { pageMeta } from "~/services/page-meta.server";
import { requireAdmin } from "~/services/session.server";
import { formatMoney, formatNumber } from "~/utils/format";
import { loaderMeta } from "~/utils/meta";

/** /admin (and /admin-dashboard) — 'Painel Admin', with figures computed from the data. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { t, translations } = await pageTranslations(request, ["dashboard"]);
  return { translations, meta: await pageMeta(request, { title: t("meta.adminTitle"), noindex: true }), figures: await getAdminFigures() };
}

export const meta = loaderMeta;

export default function AdminDashboard() {
  const { figures } = useLoaderData<typeof loader>();
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
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
