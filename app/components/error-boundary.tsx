import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { CompleteProfileNotice } from "~/services/session.server";

/**
 * The error page every route exports: 404 'Página não encontrada', 403, and
 * a generic message for anything else (details stay in the server log).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && isCompleteProfileNotice(error.data)) return <CompleteProfileCard {...error.data.completeProfile} />;
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

function isCompleteProfileNotice(value: unknown): value is CompleteProfileNotice {
  return typeof value === "object" && value !== null && "completeProfile" in value;
}

/** The spec's card for a signed-in person whose profile a page needs ('Complete seu cadastro'). */
function CompleteProfileCard({ title, body, complete, home, href }: CompleteProfileNotice["completeProfile"]) {
  return (
    <section className="container-page py-16" aria-labelledby="complete-profile-title">
      <div className="card mx-auto max-w-md text-center">
        <h1 id="complete-profile-title" className="text-2xl font-bold">
          {title}
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">{body}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={href} className="btn-primary">
            {complete}
          </Link>
          <Link to="/" className="btn-secondary">
            {home}
          </Link>
        </div>
      </div>
    </section>
  );
}
