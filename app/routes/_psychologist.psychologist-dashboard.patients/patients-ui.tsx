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
