import { Link, useLocation } from "@remix-run/react";

/** Pieces the patients list and a patient's page share. */

/** The spec's privacy notice, on the list and on each patient's page. */
export function PrivacyNotice({ text }: { text: string }) {
  return (
    <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-800 dark:bg-slate-900">
      <span aria-hidden="true">🔒 </span>
      {text}
    </p>
  );
}

/** A failed load: the spec's text and a link that loads the same tab again (with or without JavaScript). */
export function LoadError({ text, retry }: { text: string; retry: string }) {
  const location = useLocation();
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      <p>{text}</p>
      <Link to={location.pathname + location.search} className="mt-2 inline-block font-semibold underline" preventScrollReset>
        {retry}
      </Link>
    </div>
  );
}
