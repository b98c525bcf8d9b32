import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ThemeToggle } from "~/components/theme-toggle";
import { PRACTICE_TABS, practiceTabAt, practiceTabHref } from "~/domain/practice-tabs";
import { missingForReview } from "~/domain/psychologist-review";
import { pageTranslations, pickMessages } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { getOwnPsychologist } from "~/models/dashboard.server";
import { pageMeta } from "~/services/page-meta.server";
import { requirePsychologist } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { formatList } from "~/utils/format";

/**
 * /psychologist-dashboard — 'Dashboard do Psicólogo': the header and the ten
 * tabs (spec 02, 2.2). Each tab is a nested route with its own loader scoped
 * to the signed-in psychologist; this layout only says who and where.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePsychologist(request);
  const { t, translations } = await pageTranslations(request, ["dashboard", "practice"]);
  // The session says who and in which state; only a practice not approved reads its row, to say why or what is missing.
  const review = user.psychologistStatus === "approved" ? null : await getOwnPsychologist(user.id);
  if (user.psychologistStatus !== "approved" && !review) throw new Response(null, { status: 404 });
  return {
    // What this layout renders: each tab's loader sends its own texts, and the administrator's stay with the administrator.
    translations: {
      dashboard: pickMessages(translations.dashboard, ["psychologist", "admin.review.reasonShown", "admin.review.missingField"]),
      practice: pickMessages(translations.practice, ["refresh", "tabsLabel", "tabs"]),
    },
    meta: await pageMeta(request, { title: t("meta.psychologistTitle"), noindex: true }),
    name: user.psychologistName,
    // A pending practice not yet sent for review is a draft: no one is looking at it until it is sent.
    status: review?.status === "pending" && !review.submittedForReviewAt ? "draft" : user.psychologistStatus!,
    // Why it was rejected or suspended; what is still missing while in review.
    reason: review?.status === "rejected" || review?.status === "suspended" ? review.statusReason : null,
    missing: review?.status === "pending" ? missingForReview(review) : [],
  };
}

/**
 * The tabs have no title of their own: each is named before the dashboard's ('Preços — Dashboard do Psicólogo'), so
 * a tab change is announced by its name (RouteAnnouncer reads the title) and the browser's history tells tabs apart.
 */
export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = loaderMeta(args);
  const tab = practiceTabAt(args.location.pathname);
  const tabs = args.data?.translations.practice.tabs;
  const label = tab && typeof tabs === "object" ? tabs[tab.id] : undefined;
  if (typeof label !== "string") return tags;
  return tags.map((tag) => ("title" in tag ? { title: `${label} — ${tag.title}` } : tag));
};

export default function PsychologistDashboard() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<{ theme?: "light" | "dark" }>("root");
  const location = useLocation();
  const { t, locale } = useTranslation("practice");
  const here = location.pathname + location.search;
  const tabBar = useRef<HTMLElement>(null);
  // On a phone the bar scrolls sideways: bring the current tab into it (only sideways, the page stays where it is).
  useEffect(() => revealCurrentTab(tabBar.current), [location.pathname]);
  return (
    <section className="container-page py-6 lg:py-10" aria-labelledby="dashboard-title">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="dashboard-title" className="text-2xl font-bold lg:text-3xl">
            {t("dashboard:psychologist.heading")}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("dashboard:psychologist.welcome", { name: data.name })}</p>
        </div>
        <div className="flex items-center gap-2">
          <ThemeToggle theme={root?.theme ?? "light"} currentPath={here} />
          {/* A plain link to this very URL: the tab's loader runs again, with or without JavaScript. */}
          <Link to={here} className="btn-secondary" preventScrollReset>
            {t("refresh")}
          </Link>
        </div>
      </header>

      <div role="status" className="card mt-4 text-sm">
        <p>
          {t(`dashboard:psychologist.status.${data.status}`)}{" "}
          <Link to="/psychologist-profile" className="font-semibold underline">
            {t("dashboard:psychologist.editProfile")}
          </Link>
        </p>
        {data.reason ? <p className="mt-1">{t("dashboard:admin.review.reasonShown", { reason: data.reason })}</p> : null}
        {data.missing.length > 0 ? (
          <p className="mt-1">
            {t("dashboard:psychologist.missing")} {formatList(data.missing.map((field) => t(`dashboard:admin.review.missingField.${field}`)), locale)}
          </p>
        ) : null}
      </div>

      {/* On a phone the bar scrolls sideways; every tab is a link, reachable by keyboard. */}
      <nav ref={tabBar} aria-label={t("tabsLabel")} className="mt-6 -mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-slate-200 dark:border-slate-800">
          {PRACTICE_TABS.map((tab) => (
            <li key={tab.id}>
              <NavLink
                to={practiceTabHref(tab)}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                    isActive ? "border-teal-700 text-teal-800 dark:border-teal-300 dark:text-teal-200" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
                  }`
                }
              >
                {t(`tabs.${tab.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6">
        <Outlet />
      </div>
    </section>
  );
}

/** Scrolls the tab bar sideways until its current tab is inside it; in either direction, left to right or right to left. */
function revealCurrentTab(bar: HTMLElement | null) {
  const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!bar || !current) return;
  const barBox = bar.getBoundingClientRect();
  const tabBox = current.getBoundingClientRect();
  if (tabBox.left < barBox.left) bar.scrollLeft += tabBox.left - barBox.left;
  else if (tabBox.right > barBox.right) bar.scrollLeft += tabBox.right - barBox.right;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
