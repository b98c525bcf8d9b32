import { z } from "zod";
import { isConsultationLanguage, isSpecialty } from "~/domain/catalog";
import type { TFunction } from "i18next";
import type { FilterSelect } from "~/components/directory-filters";
import type { PsychologistCardData } from "~/components/psychologist";
import {
  AVAILABILITY_FILTERS,
  DEFAULT_FILTERS,
  DIRECTORY_SORTS,
  DIRECTORY_VIEWS,
  PRICE_BANDS,
  directorySearch,
  pageCount,
  specialtiesMatching,
  type DirectoryFilters,
  type DirectoryView,
} from "~/domain/directory";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { translationsFor } from "~/i18n/i18n.server";
import { getDirectoryStats, listDirectoryPage, type DirectoryCard, type DirectoryStats } from "~/models/directory.server";
import { formatMoney, formatNumber } from "~/utils/format";

/**
 * /psychologists: the query string read leniently (a bad value falls back
 * to its default, never an error page), the text mapped to the specialties
 * whose labels it names, and the two statements of a directory request.
 * The page gets its texts, numbers, options and links ready to show: the
 * browser ships no formatting, catalog or URL-building code.
 */

const MAX_TEXT = 100;
const MAX_PAGE = 10_000;

const filtersSchema = z.object({
  q: z
    .string()
    .transform((text) => text.trim().slice(0, MAX_TEXT))
    .catch(DEFAULT_FILTERS.q),
  specialty: z
    .string()
    .refine(isSpecialty)
    .nullable()
    .catch(null),
  price: z.enum(PRICE_BANDS).catch(DEFAULT_FILTERS.price),
  availability: z.enum(AVAILABILITY_FILTERS).catch(DEFAULT_FILTERS.availability),
  language: z
    .string()
    .refine(isConsultationLanguage)
    .nullable()
    .catch(null),
  sort: z.enum(DIRECTORY_SORTS).catch(DEFAULT_FILTERS.sort),
  view: z.enum(DIRECTORY_VIEWS).catch(DEFAULT_FILTERS.view),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(DEFAULT_FILTERS.page),
});

export function parseDirectoryFilters(searchParams: URLSearchParams): DirectoryFilters {
  const read = (name: keyof DirectoryFilters) => searchParams.get(name) ?? undefined;
  return filtersSchema.parse({
    q: read("q") ?? "",
    specialty: read("specialty") || null,
    price: read("price"),
    availability: read("availability"),
    language: read("language") || null,
    sort: read("sort"),
    view: read("view"),
    page: read("page"),
  });
}

/** Specialty codes whose label, in the visitor's language or in pt-BR, contains the text. */
export function specialtiesForText(text: string, locale: Locale): string[] {
  if (!text.trim()) return [];
  const locales = locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
  const labelSets = locales.map((code) => {
    const catalog = translationsFor(code, ["catalog"]).catalog as { specialties?: Record<string, string> } | undefined;
    return catalog?.specialties ?? {};
  });
  return specialtiesMatching(text, labelSets);
}

/** 'Ana Beatriz Fonseca' → 'AF'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

/** '4,8' and '12 avaliações', or null and the words for no rating (`noneKey`). */
export function ratingTexts(row: { rating: number | null; totalReviews: number }, t: TFunction, locale: string, noneKey: string) {
  const rated = row.rating !== null && row.totalReviews > 0;
  return {
    rating: rated ? formatNumber(row.rating!, locale, 1) : null,
    reviews: rated ? t("directory:rating.reviews", { count: row.totalReviews }) : t(noneKey),
  };
}

/** A psychologist as a card shows it (app/components/psychologist.tsx), in the visitor's language. */
export function toCard(row: DirectoryCard, t: TFunction, locale: string, href: string, noneKey = "directory:rating.none"): PsychologistCardData {
  return {
    id: row.id,
    name: row.name,
    crp: row.crp,
    photoUrl: row.photoUrl,
    initials: initials(row.name),
    shortBio: row.shortBio,
    specialties: row.specialties.map((code) => t(`catalog:specialties.${code}`)),
    languages: row.languages.map((code) => t(`catalog:languages.${code}`)),
    ...ratingTexts(row, t, locale, noneKey),
    price: formatMoney(row.priceCents, locale),
    href,
  };
}

export interface DirectoryData {
  stats: DirectoryStats;
  total: number;
  items: PsychologistCardData[];
  /** The banner: [value, key of its label]. */
  figures: Array<[string, string]>;
  /** The filter form's selects, their options labelled (catalog lists sorted by label). */
  selects: FilterSelect[];
  views: Array<[DirectoryView, string]>;
  pages: { previous: string | null; next: string | null; current: number; count: number } | null;
}

export async function loadDirectory(filters: DirectoryFilters, locale: Locale, t: TFunction, now = new Date()): Promise<DirectoryData> {
  const stats = await getDirectoryStats();
  const page = await listDirectoryPage({ ...filters, textSpecialties: specialtiesForText(filters.q, locale), now });
  const search = directorySearch(filters);
  const link = (overrides: Partial<DirectoryFilters>) => `/psychologists${directorySearch(filters, overrides)}`;
  const byLabel = (codes: string[], group: string): Array<[string, string]> =>
    codes.map((code): [string, string] => [code, t(`catalog:${group}.${code}`)]).sort((a, b) => a[1].localeCompare(b[1], locale));
  const labelled = (values: readonly string[], group: string) => values.map((value): [string, string] => [value, t(`filters.${group}.${value}`)]);
  const pages = pageCount(page.total);
  return {
    stats,
    total: page.total,
    items: page.items.map((row) => toCard(row, t, locale, `/psychologists/${row.id}${search}`)),
    figures: [
      [formatNumber(stats.psychologists, locale), "psychologists"],
      [stats.averageRating === null ? "—" : t("stats.ratingValue", { value: formatNumber(stats.averageRating, locale, 1) }), "rating"],
      [formatNumber(stats.specialties.length, locale), "specialties"],
      [t("stats.bookingValue"), "booking"],
    ],
    selects: [
      { name: "specialty", value: filters.specialty ?? "", options: [["", t("filters.allSpecialties")], ...byLabel(stats.specialties, "specialties")] },
      { name: "price", value: filters.price, options: labelled(PRICE_BANDS, "prices") },
      { name: "availability", value: filters.availability, options: labelled(AVAILABILITY_FILTERS, "availabilities") },
      { name: "language", value: filters.language ?? "", options: [["", t("filters.allLanguages")], ...byLabel(stats.languages, "languages")] },
      { name: "sort", value: filters.sort, options: labelled(DIRECTORY_SORTS, "sorts") },
    ],
    views: DIRECTORY_VIEWS.map((view) => [view, link({ view })]),
    pages:
      pages > 1
        ? {
            previous: filters.page > 1 ? link({ page: Math.min(filters.page, pages + 1) - 1 }) : null,
            next: filters.page < pages ? link({ page: filters.page + 1 }) : null,
            current: filters.page,
            count: pages,
          }
        : null,
  };
}
