import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The error page every route exports: 404 'Página não encontrada', 403, and
 * a generic message for anything else (details stay in the server log).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = status === 404 ? "notFound" : status === 403 ? "forbidden" : status === 401 ? "unauthorized" : "generic";
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 ? error.data : null;
  return (
    <section className="container-page py-16 text-center" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-teal-700">{status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold">
        {t(`errors.${key}.title`)}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{detail ?? t(`errors.${key}.description`)}</p>
      <Link to="/" className="btn-primary mt-8">
        {t("errors.backHome")}
      </Link>
    </section>
  );
}
