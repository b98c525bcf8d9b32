import { Link, type ErrorResponse } from "@remix-run/react";
import type { TFunction } from "~/i18n/translate";

const ERROR_KEYS = { 404: "notFound", 403: "forbidden", 401: "unauthorized" } as Record<number, "notFound" | "forbidden" | "unauthorized">;

/** The Portuguese texts a failed root loader sends with its error (root.tsx): there are no translations then. */
type FallbackTexts = typeof import("~/i18n/fallback-errors.json");

/**
 * What GeneralErrorBoundary (./error-boundary.tsx) shows, loaded only when an
 * error is shown: 404 'Página não encontrada', 403, and a generic message for
 * anything else (details stay in the server log). Two pages send their own
 * texts with the error, since a failed loader sends no translations: a
 * profile's 404 'Psicólogo não encontrado' (unknown, pending, rejected or
 * suspended: the same answer), and the directory's alert when its list
 * cannot be loaded.
 */
export default function ErrorPage({ response, t, heading }: { response: ErrorResponse | null; t: TFunction; heading?: boolean }) {
  const notFound: { title: string; text: string; back: string } | undefined = response?.status === 404 ? response.data?.notFound : undefined;
  if (notFound) {
    const Title = heading ? "h1" : "h2";
    return (
      <div className="text-center">
        <Title id="profile-title" className="profile-name">
          {notFound.title}
        </Title>
        <p className="muted my-3">{notFound.text}</p>
        <Link to="/psychologists" className="btn-primary">
          {notFound.back}
        </Link>
      </div>
    );
  }
  const directoryError: { title: string; message: string; reload: string } | undefined = response?.data?.directoryError;
  if (directoryError) {
    return (
      <section className="page-message">
        <h1 className="hero-title">{directoryError.title}</h1>
        <div role="alert" className="card alert">
          <p>{directoryError.message}</p>
          <a href="/psychologists">{directoryError.reload}</a>
        </div>
      </section>
    );
  }
  const status = response?.status ?? 500;
  const key = ERROR_KEYS[status] ?? "generic";
  // A 4xx body is either a text translated for the visitor (a page's own 'Consulta não encontrada') or empty: an
  // empty one ("" once parsed) falls back to the translated description, so no fixed-language body reaches the page.
  const detail = typeof response?.data === "string" && response.data.trim() !== "" && status < 500 ? response.data : null;
  const fallback = (response?.data as { errors?: FallbackTexts } | null)?.errors;
  return (
    <section className="page-message" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-teal-700">{status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold">
        {fallback?.[key].title ?? t(`errors.${key}.title`)}
      </h1>
      <p className="muted mt-3">{detail ?? fallback?.[key].description ?? t(`errors.${key}.description`)}</p>
      <Link to="/" className="btn-primary mt-8">
        {fallback?.backHome ?? t("errors.backHome")}
      </Link>
    </section>
  );
}
