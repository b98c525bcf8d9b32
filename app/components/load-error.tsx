import { Link, useLocation } from "@remix-run/react";

/**
 * A part of a page that failed to load: the spec's text and a retry link.
 * Without `href` the link loads this very URL again (its loader runs again,
 * with or without JavaScript); with it, the retry goes there instead (a
 * failed CSV export is retried at the export's own URL, a document download).
 * Inside a form, `resend` makes the retry that form's submit button instead,
 * so what the user typed in it is sent again rather than lost to a reload.
 */
export function LoadError({ message, retry, href, resend }: { message: string; retry: string; href?: string; resend?: { name: string; value: string } }) {
  const location = useLocation();
  return (
    <div role="alert" className="card alert !mt-0 text-sm">
      <p>{message}</p>
      <p className="mt-2">
        {resend ? (
          <button type="submit" name={resend.name} value={resend.value} formNoValidate className="underline">
            {retry}
          </button>
        ) : href ? (
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
