import { Form, Link, useSubmit } from "@remix-run/react";
import { AVAILABILITY_FILTERS, DIRECTORY_SORTS, PRICE_BANDS, type DirectoryFilters } from "~/domain/directory";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The directory's filter card: a GET form, so every filter is a URL and
 * works without JavaScript ('Aplicar filtros'); with it, a change submits at
 * once (text on Enter or when it loses focus). The view travels along; the
 * page starts over.
 */
export function DirectoryFilterForm({ filters, specialties, languages }: { filters: DirectoryFilters; specialties: string[]; languages: string[] }) {
  const { t } = useTranslation("directory");
  const submit = useSubmit();
  const byLabel = (codes: string[], group: string): Array<[string, string]> =>
    codes.map((code): [string, string] => [code, t(`catalog:${group}.${code}`)]).sort((a, b) => a[1].localeCompare(b[1]));
  const select = (name: "specialty" | "price" | "availability" | "language" | "sort", options: Array<[string, string]>) => (
    <label className="label">
      {t(`filters.${name}`)}
      <select name={name} defaultValue={filters[name] ?? ""} className="input mt-1">
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Form
      action="/psychologists"
      role="search"
      aria-label={t("filters.title")}
      className="card grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <label className="label sm:col-span-2 lg:col-span-3">
        {t("filters.search")}
        <input type="search" name="q" defaultValue={filters.q} maxLength={100} placeholder={t("filters.searchPlaceholder")} className="input mt-1" />
      </label>
      {select("specialty", [["", t("filters.allSpecialties")], ...byLabel(specialties, "specialties")])}
      {select("price", PRICE_BANDS.map((band) => [band, t(`filters.prices.${band}`)]))}
      {select("availability", AVAILABILITY_FILTERS.map((value) => [value, t(`filters.availabilities.${value}`)]))}
      {select("language", [["", t("filters.allLanguages")], ...byLabel(languages, "languages")])}
      {select("sort", DIRECTORY_SORTS.map((sort) => [sort, t(`filters.sorts.${sort}`)]))}
      {filters.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      <div className="flex items-end gap-2">
        <button className="btn-primary flex-1">{t("filters.apply")}</button>
        <Link to="/psychologists" className="btn-ghost">
          {t("filters.clear")}
        </Link>
      </div>
    </Form>
  );
}
