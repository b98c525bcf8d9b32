import { Form, Link, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The directory's filter card: a GET form, so every filter is a URL and
 * works without JavaScript ('Aplicar filtros'); with it, a change submits at
 * once (text on Enter or when it loses focus). The view travels along; the
 * page starts over. The options come labelled from the loader.
 */
export interface FilterSelect {
  name: "specialty" | "price" | "availability" | "language" | "sort";
  value: string;
  /** [value, label]. */
  options: Array<[string, string]>;
}

export function DirectoryFilterForm({ q, list, selects }: { q: string; list: boolean; selects: FilterSelect[] }) {
  const { t } = useTranslation("directory");
  const submit = useSubmit();
  return (
    <Form
      action="/psychologists"
      role="search"
      aria-label={t("filters.title")}
      className="filters"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <label className="label">
        {t("filters.search")}
        <input type="search" name="q" defaultValue={q} maxLength={100} placeholder={t("filters.searchPlaceholder")} className="input mt-1" />
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
