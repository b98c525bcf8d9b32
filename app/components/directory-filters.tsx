import { Form, Link, useNavigationType, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { debounce } from "~/utils/debounce";

/**
 * The directory's filter card: a GET form, so every filter is a URL and
 * works without JavaScript ('Aplicar filtros'); with it, a select submits at
 * once and the text once the user stops typing (Enter or the button at once).
 * The view travels along; the page starts over. The options come labelled
 * from the loader.
 */

/** How long the search waits after the last keystroke: one request per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Submits the form once typing pauses, replacing the history entry: the
 * back button leaves the directory (or returns to the previous deliberate
 * search) rather than stepping back one letter at a time.
 */
function useDebouncedSubmit() {
  const submit = useSubmit();
  const latest = useRef(submit);
  useEffect(() => {
    latest.current = submit;
  });
  const [debounced] = useState(() =>
    debounce((form: HTMLFormElement) => latest.current(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS),
  );
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}

export interface FilterSelect {
  name: "specialty" | "price" | "availability" | "language" | "sort";
  value: string;
  /** [value, label]. */
  options: Array<[string, string]>;
}

export function DirectoryFilterForm({ q, list, selects }: { q: string; list: boolean; selects: FilterSelect[] }) {
  const { t } = useTranslation("directory");
  const submit = useSubmit();
  const submitTyped = useDebouncedSubmit();
  const search = useRef<HTMLInputElement>(null);
  const navigationType = useNavigationType();
  // 'Limpar' or the back button change q under an uncontrolled field; not the answer to the typing itself,
  // which may arrive after the user typed on.
  useEffect(() => {
    if (search.current && (navigationType === "POP" || document.activeElement !== search.current)) search.current.value = q;
  }, [q, navigationType]);
  return (
    <Form
      action="/psychologists"
      role="search"
      aria-label={t("filters.title")}
      className="filters"
      onChange={(event) => {
        if (event.target === search.current) return submitTyped(event.currentTarget);
        // A select carries the typed text too: no need to send it again.
        submitTyped.cancel();
        submit(event.currentTarget, { preventScrollReset: true });
      }}
      // Enter or 'Aplicar filtros': the Form submits now (a new history entry); a pending search would repeat it.
      onSubmit={() => submitTyped.cancel()}
    >
      <label className="label">
        {t("filters.search")}
        <input ref={search} type="search" name="q" defaultValue={q} maxLength={100} placeholder={t("filters.searchPlaceholder")} className="input mt-1" />
      </label>
      {selects.map(({ name, value, options }) => (
        <label key={name} className="label">
          {t(`filters.${name}`)}
          <select name={name} defaultValue={value} className="input mt-1">
            {options.map(([option, label]) => (
              <option key={option} value={option}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {list ? <input type="hidden" name="view" value="list" /> : null}
      <div>
        <button className="btn-primary flex-1">{t("filters.apply")}</button>
        <Link to="/psychologists" className="btn-ghost">
          {t("filters.clear")}
        </Link>
      </div>
    </Form>
  );
}
