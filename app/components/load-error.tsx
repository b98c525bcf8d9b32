import { Link, useLocation } from "@remix-run/react";

/**
 * A part of a page that failed to load: the spec's text and a retry link.
 * Without `href` the link loads this very URL again (its loader runs again,
 * with or without JavaScript); with it, the retry goes there instead (a
 * failed CSV export is retried at the export's own URL, a document download).
 */
export function LoadError({ message, retry, href }: { message: string; retry: string; href?: string }) {
  const location = useLocation();
  return (
    <div role="alert" className="card alert !mt-0 text-sm">
      <p>{message}</p>
      <p className="mt-2">
        {href ? (
          <a href={href}>{retry}</a>
        ) : (
          <Link to={location.pathname + location.search} preventScrollReset>
            {retry}
          </Link>
        )}
      </p>
    </div>
  );
}
