import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { CompleteProfileNotice } from "~/services/session.server";

const ERROR_KEYS: Record<number, string> = { 404: "notFound", 403: "forbidden", 401: "unauthorized" };

/**
 * The error page every route exports: 404 'Página não encontrada', 403, and
 * a generic message for anything else (details stay in the server log).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const response = isRouteErrorResponse(error) ? error : null;
  if (isCompleteProfileNotice(response?.data)) return <CompleteProfileCard {...response.data.completeProfile} />;
  const status = response?.status ?? 500;
  const key = ERROR_KEYS[status] ?? "generic";
  const detail = typeof response?.data === "string" && status < 500 ? response.data : null;
  return (
    <section className="page-message" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-teal-700">{status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold">
        {t(`errors.${key}.title`)}
      </h1>
      <p className="muted mt-3">{detail ?? t(`errors.${key}.description`)}</p>
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
        <p className="muted mt-3">{body}</p>
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
