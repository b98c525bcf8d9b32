/**
 * The directory's vocabulary (/psychologists): filters, sorts, views and the
 * small pure helpers the page and the query share. No I/O and no heavy
 * imports: the page's browser bundle carries this file.
 */

export const DIRECTORY_PAGE_SIZE = 12;

/** Price bands on the psychologist's own price (reais): all, ≤150, >150–250, >250–350, >350. */
export const PRICE_BANDS = ["all", "le150", "150-250", "250-350", "gt350"] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/** Centavo bounds of a band: above `min` (exclusive), up to `max` (inclusive). */
export function priceBandBounds(band: PriceBand): { min?: number; max?: number } {
  switch (band) {
    case "le150":
      return { max: 150_00 };
    case "150-250":
      return { min: 150_00, max: 250_00 };
    case "250-350":
      return { min: 250_00, max: 350_00 };
    case "gt350":
      return { min: 350_00 };
    default:
      return {};
  }
}

/** 'today': a bookable slot later today; 'online': one in the soonest bookable hour (docs/decisions/009). */
export const AVAILABILITY_FILTERS = ["all", "today", "online"] as const;
export type AvailabilityFilter = (typeof AVAILABILITY_FILTERS)[number];

/** The spec's five sorts; 'experience' orders by the number of reviews. */
export const DIRECTORY_SORTS = ["rating", "price-low", "price-high", "name", "experience"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export const DIRECTORY_VIEWS = ["grid", "list"] as const;
export type DirectoryView = (typeof DIRECTORY_VIEWS)[number];

export interface DirectoryFilters {
  q: string;
  specialty: string | null;
  price: PriceBand;
  availability: AvailabilityFilter;
  language: string | null;
  sort: DirectorySort;
  view: DirectoryView;
  page: number;
}

export const DEFAULT_FILTERS: Readonly<DirectoryFilters> = {
  q: "",
  specialty: null,
  price: "all",
  availability: "all",
  language: null,
  sort: "rating",
  view: "grid",
  page: 1,
};

/**
 * The query string of a directory URL, without defaults, so the plain
 * /psychologists is the canonical first page.
 */
export function directorySearch(filters: DirectoryFilters, overrides: Partial<DirectoryFilters> = {}): string {
  const merged = { ...filters, ...overrides };
  const params = new URLSearchParams();
  if (merged.q) params.set("q", merged.q);
  if (merged.specialty) params.set("specialty", merged.specialty);
  if (merged.price !== "all") params.set("price", merged.price);
  if (merged.availability !== "all") params.set("availability", merged.availability);
  if (merged.language) params.set("language", merged.language);
  if (merged.sort !== DEFAULT_FILTERS.sort) params.set("sort", merged.sort);
  if (merged.view !== DEFAULT_FILTERS.view) params.set("view", merged.view);
  if (merged.page > 1) params.set("page", String(merged.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Lower case without diacritics: 'Ansiedade' and 'ANSIEDADE' and 'ansíedade' compare equal. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();
}

/**
 * The specialty codes whose label, in any of the given label sets (the
 * visitor's language and pt-BR), contains the text, ignoring accents and case.
 */
export function specialtiesMatching(text: string, labelSets: ReadonlyArray<Readonly<Record<string, unknown>>>): string[] {
  const needle = foldText(text);
  if (!needle) return [];
  const codes = new Set<string>();
  for (const labels of labelSets) {
    for (const [code, label] of Object.entries(labels)) {
      if (typeof label === "string" && foldText(label).includes(needle)) codes.add(code);
    }
  }
  return [...codes].sort();
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Pages of a result list, 1-based. */
export function pageCount(total: number, pageSize = DIRECTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
