import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { DirectoryFilterForm } from "~/components/directory-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PsychologistCard } from "~/components/psychologist";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

/**
 * /psychologists — 'Escolha seu Psicólogo': the directory of approved
 * psychologists. Every filter, sort, view and page is a GET parameter (a
 * bad one falls back to its default). The profile modal is the child route
 * /psychologists/{id}, rendered over this page by the <Outlet/>.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { loadDirectory, parseDirectoryFilters }, { pageMeta }, { log }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("~/services/directory.server"),
    import("~/services/page-meta.server"),
    import("~/utils/logger.server"),
  ]);
  const { locale, t, translations } = await pageTranslations(request, ["directory", "catalog"]);
  const filters = parseDirectoryFilters(new URL(request.url).searchParams);
  try {
    // The catalog labels the options and cards on the server; the page needs only its own texts.
    return {
      translations: { directory: translations.directory },
      filters,
      ...(await loadDirectory(filters, locale, t)),
      meta: await pageMeta(request, {
        title: t("meta.title"),
        description: t("meta.description"),
        canonicalPath: `/psychologists${filters.page > 1 ? `?page=${filters.page}` : ""}`,
      }),
    };
  } catch (error) {
    log().error({ err: error }, "directory query failed");
    // The error page shows the spec's alert ('Erro ao carregar a lista de psicólogos…'); a failed
    // loader sends no translations, so its texts travel with the error.
    throw Response.json({ directoryError: { title: t("hero.title"), message: t("error.loadFailed"), reload: t("error.reload") } }, { status: 500 });
  }
}

export const meta = loaderMeta;

export default function Directory() {
  const { filters, figures, selects, views, pages, total, items } = useLoaderData<typeof loader>();
  const { t } = useTranslation("directory");
  const navigation = useNavigation();
  const list = filters.view === "list";
  // Results on their way for a new search or filter (not the profile modal, a child route).
  const updating = navigation.state === "loading" && navigation.location.pathname === "/psychologists";
  return (
    <>
      <section className="hero">
        <div className="hero-body">
          <p className="kicker">{t("meta.title")}</p>
          <h1 className="hero-title">{t("hero.title")}</h1>
          <p className="lead">{t("hero.subtitle")}</p>
        </div>
      </section>
      <div className="container-page directory">
        <dl aria-label={t("stats.label")} className="stats" data-stats>
          {figures.map(([value, key]) => (
            <div key={key}>
              <dt>{t(`stats.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <DirectoryFilterForm q={filters.q} list={list} selects={selects} />
        <div className="results-bar">
          <p role="status">{t("results.count", { count: total })}</p>
          <nav aria-label={t("view.label")}>
            {views.map(([view, href]) => (
              <Link key={view} to={href} preventScrollReset aria-current={filters.view === view} className={filters.view === view ? "btn-primary" : "btn-secondary"}>
                {t(`view.${view}`)}
              </Link>
            ))}
          </nav>
        </div>
        {items.length === 0 && updating ? (
          <SkeletonCards />
        ) : items.length === 0 ? (
          <div className="card text-center">
            <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
            <p className="muted">{t("empty.text")}</p>
          </div>
        ) : (
          // The stale results dim (after a beat, so a quick answer does not flicker) and keep their place: no layout shift.
          <ul data-view={filters.view} aria-busy={updating} className="card-list transition-opacity aria-busy:opacity-50 aria-busy:delay-150">
            {items.map((psychologist) => (
              <li key={psychologist.id}>
                <PsychologistCard p={psychologist} list={list} />
              </li>
            ))}
          </ul>
        )}
        {pages ? (
          <nav aria-label={t("pagination.label")} className="pagination">
            {pages.previous ? (
              <Link to={pages.previous} rel="prev" className="btn-secondary">
                {t("pagination.previous")}
              </Link>
            ) : null}
            <span>{t("pagination.page", { page: pages.current, pages: pages.count })}</span>
            {pages.next ? (
              <Link to={pages.next} rel="next" className="btn-secondary">
                {t("pagination.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
      <Outlet />
    </>
  );
}

/** The spec's loading state, six placeholder cards: shown while there is no list to dim (after 'Nenhum psicólogo encontrado'). */
function SkeletonCards() {
  return (
    <ul aria-busy="true" className="card-list" data-skeleton>
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} aria-hidden="true" className="card flex h-40 flex-col gap-3 motion-safe:animate-pulse">
          <span className="flex gap-3">
            <span className="h-12 w-12 rounded-full bg-slate-200 dark:bg-slate-800" />
            <span className="h-4 flex-1 self-center rounded bg-slate-200 dark:bg-slate-800" />
          </span>
          <span className="h-3 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
          <span className="h-3 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
        </li>
      ))}
    </ul>
  );
}

// Also the spec's alert when the list cannot be loaded (app/components/error-page.tsx).
export const ErrorBoundary = GeneralErrorBoundary;
