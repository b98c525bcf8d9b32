import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { DirectoryFilterForm } from "~/components/directory-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PsychologistCard } from "~/components/psychologist-card";
import { DIRECTORY_VIEWS, directorySearch, pageCount } from "~/domain/directory";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/utils/format";
import { routeMeta } from "~/utils/meta";

/**
 * /psychologists — 'Escolha seu Psicólogo': the directory of approved
 * psychologists. Every filter, sort, view and page is a GET parameter (a
 * bad one falls back to its default). The profile modal is the child route
 * /psychologists/{id}, rendered over this page by the <Outlet/>.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { loadDirectory, parseDirectoryFilters }, { log }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("~/services/directory.server"),
    import("~/utils/logger.server"),
  ]);
  const { locale, t, translations } = await pageTranslations(request, ["directory", "catalog"]);
  const filters = parseDirectoryFilters(new URL(request.url).searchParams);
  try {
    return { translations, filters, ...(await loadDirectory(filters, locale)), title: t("meta.title"), description: t("meta.description") };
  } catch (error) {
    log().error({ err: error }, "directory query failed");
    // The error boundary gets no loader data: the message travels with the error.
    throw Response.json({ directoryError: { title: t("hero.title"), message: t("error.loadFailed"), reload: t("error.reload") } }, { status: 500 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  routeMeta(matches, {
    title: data?.title,
    description: data?.description,
    canonicalPath: `/psychologists${data && data.filters.page > 1 ? `?page=${data.filters.page}` : ""}`,
  });

export default function Directory() {
  const { filters, stats, total, items } = useLoaderData<typeof loader>();
  const { t, locale } = useTranslation("directory");
  const navigation = useNavigation();
  const pages = pageCount(total);
  const search = directorySearch(filters);
  const list = filters.view === "list";
  const link = (overrides: Partial<typeof filters>) => `/psychologists${directorySearch(filters, overrides)}`;
  const figures = [
    [formatNumber(stats.psychologists, locale), "psychologists"],
    [stats.averageRating === null ? "—" : t("stats.ratingValue", { value: formatNumber(stats.averageRating, locale, 1) }), "rating"],
    [formatNumber(stats.specialties.length, locale), "specialties"],
    [t("stats.bookingValue"), "booking"],
  ];
  return (
    <>
      <section className="hero">
        <div className="hero-body">
          <p className="font-semibold text-teal-800 dark:text-teal-300">{t("meta.title")}</p>
          <h1 className="hero-title">{t("hero.title")}</h1>
          <p className="lead">{t("hero.subtitle")}</p>
        </div>
      </section>
      <div className="container-page flex flex-col gap-6 py-8">
        <dl aria-label={t("stats.label")} className="grid grid-cols-2 gap-3 rounded-xl bg-teal-800 p-4 text-center text-white sm:grid-cols-4" data-stats>
          {figures.map(([value, key]) => (
            <div key={key} className="flex flex-col-reverse">
              <dt className="text-xs">{t(`stats.${key}`)}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <DirectoryFilterForm filters={filters} specialties={stats.specialties} languages={stats.languages} />
        <div className="flex items-center justify-between gap-3">
          <p role="status" className="font-medium">
            {t("results.count", { count: total })}
          </p>
          <nav aria-label={t("view.label")} className="flex gap-1">
            {DIRECTORY_VIEWS.map((view) => (
              <Link key={view} to={link({ view })} preventScrollReset aria-current={filters.view === view} className={filters.view === view ? "btn-primary" : "btn-secondary"}>
                {t(`view.${view}`)}
              </Link>
            ))}
          </nav>
        </div>
        {items.length === 0 ? (
          <div className="card text-center">
            <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
            <p className="muted">{t("empty.text")}</p>
          </div>
        ) : (
          <ul data-view={filters.view} aria-busy={navigation.state === "loading"} className={`grid gap-4 ${list ? "" : "sm:grid-cols-2 lg:grid-cols-3"}`}>
            {items.map((psychologist) => (
              <li key={psychologist.id}>
                <PsychologistCard psychologist={psychologist} list={list} profileHref={`/psychologists/${psychologist.id}${search}`} />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label={t("pagination.label")} className="flex items-center justify-center gap-3">
            {filters.page > 1 ? (
              <Link to={link({ page: Math.min(filters.page, pages + 1) - 1 })} rel="prev" className="btn-secondary">
                {t("pagination.previous")}
              </Link>
            ) : null}
            <span>{t("pagination.page", { page: filters.page, pages })}</span>
            {filters.page < pages ? (
              <Link to={link({ page: filters.page + 1 })} rel="next" className="btn-secondary">
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

/** The spec's alert when the list cannot be loaded ('Erro ao carregar a lista de psicólogos…'); other errors get the general page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) return <GeneralErrorBoundary />;
  const texts = (isRouteErrorResponse(error) && error.data?.directoryError) || {
    title: "Encontre o Psicólogo Ideal",
    message: "Erro ao carregar a lista de psicólogos. Tente recarregar a página.",
    reload: "Recarregar",
  };
  return (
    <section className="page-message">
      <h1 className="hero-title">{texts.title}</h1>
      <div role="alert" className="card mt-6 border-red-300 text-red-800 dark:text-red-300">
        <p>{texts.message}</p>
        <a href="/psychologists" className="font-semibold underline">
          {texts.reload}
        </a>
      </div>
    </section>
  );
}
