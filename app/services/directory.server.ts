import { z } from "zod";
import { isConsultationLanguage, isSpecialty } from "~/domain/catalog";
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
import type { TranslateOptions } from "~/i18n/translate";
import { getDirectoryStats, listAvailablePsychologistIds, listDirectoryPage, type DirectoryCard, type DirectoryStats } from "~/models/directory.server";
import { formatMoney, formatNumber } from "~/utils/format";
import { initialsOf } from "~/utils/initials";
import { keptFor } from "~/utils/kept.server";
import { purgedWithPublicPages } from "~/utils/page-cache.server";

/**
 * /psychologists: the query string read leniently (a bad value falls back
 * to its default, never an error page), the text mapped to the specialties
 * whose labels it names, and the two statements of a directory request.
 * The page gets its texts, numbers, options and links ready to show: the
 * browser ships no formatting, catalog or URL-building code.
 */

/** A server-side `t` (i18next's) or the page's own (app/i18n/translate.ts): both read the same files. */
export type Translate = (key: string, options?: TranslateOptions) => string;

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

/** 'Ana Beatriz Fonseca' → 'AF' (the app's one rule, ~/utils/initials). */
export function initials(name: string): string {
  return initialsOf(name);
}

/**
 * '4,8' and '12 avaliações', or null and the words for no rating (`noneKey`).
 * `reviewsKey` names the count's plural key in a namespace the page loaded.
 */
export function ratingTexts(
  row: { rating: number | null; totalReviews: number },
  t: Translate,
  locale: string,
  noneKey: string,
  reviewsKey = "directory:rating.reviews",
) {
  const rated = row.rating !== null && row.totalReviews > 0;
  return {
    rating: rated ? formatNumber(row.rating!, locale, 1) : null,
    reviews: rated ? t(reviewsKey, { count: row.totalReviews }) : t(noneKey),
  };
}

/** A psychologist as a card shows it (app/components/psychologist.tsx), in the visitor's language. */
export function toCard(row: DirectoryCard, t: Translate, locale: string, href: string, noneKey = "directory:rating.none"): PsychologistCardData {
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
  total: number;
  items: PsychologistCardData[];
  /** The banner: [value, key of its label]. */
  figures: Array<[string, string]>;
  /** The filter form's selects, their options labelled (catalog lists sorted by label). */
  selects: FilterSelect[];
  views: Array<[DirectoryView, string]>;
  pages: { previous: string | null; next: string | null; current: number; count: number } | null;
}

/**
 * The banner's figures and the filters' choices, kept a minute in this
 * process (issue 16): they move slowly, and the statement aggregates every
 * public psychologist on each rendered request. Concurrent requests share
 * one query; a failed one is not kept. A change to a public profile empties
 * it with the page cache (purgePublicPages) in the process that made it;
 * other processes catch up within the minute.
 */
export const DIRECTORY_STATS_TTL_MS = 60_000;
export const directoryStats = keptFor(DIRECTORY_STATS_TTL_MS, getDirectoryStats);
purgedWithPublicPages(directoryStats);

/**
 * Who has a free slot today, and in the first bookable hour, kept ten seconds
 * in this process: as long as an anonymous visitor's page is kept (ADR 012),
 * so a signed-in visitor sees availability no staler than anyone else. The
 * statement walks every public psychologist's agenda (~25 ms of database time
 * for 2,000) whatever the other filters, and under load it held up every
 * filtered page (docs/decisions/024-availability-kept-seconds.md). An agenda
 * change empties it with the page cache in the process that made it.
 */
export const AVAILABILITY_TTL_MS = 10_000;
export const availablePsychologists = {
  today: keptFor(AVAILABILITY_TTL_MS, (now) => listAvailablePsychologistIds("today", new Date(now))),
  online: keptFor(AVAILABILITY_TTL_MS, (now) => listAvailablePsychologistIds("online", new Date(now))),
};
for (const kept of Object.values(availablePsychologists)) purgedWithPublicPages(kept);

type Options = Array<[string, string]>;
interface LabelledStats {
  figures: Array<[string, string]>;
  options: { specialty: Options; price: Options; availability: Options; language: Options; sort: Options };
}

/**
 * The banner and the selects' options, labelled and sorted once per kept
 * statistics and language rather than on every request (issue 16: the
 * options are most of a page's translations).
 */
const labelledStats = new WeakMap<DirectoryStats, Map<string, LabelledStats>>();

function labelStats(stats: DirectoryStats, locale: Locale, t: Translate): LabelledStats {
  let byLocale = labelledStats.get(stats);
  if (!byLocale) labelledStats.set(stats, (byLocale = new Map()));
  let labelled = byLocale.get(locale);
  if (labelled) return labelled;
  const collator = new Intl.Collator(locale);
  const byLabel = (codes: string[], group: string): Options =>
    codes.map((code): [string, string] => [code, t(`catalog:${group}.${code}`)]).sort((a, b) => collator.compare(a[1], b[1]));
  const named = (values: readonly string[], group: string): Options => values.map((value) => [value, t(`filters.${group}.${value}`)]);
  labelled = {
    figures: [
      [formatNumber(stats.psychologists, locale), "psychologists"],
      [stats.averageRating === null ? "—" : t("stats.ratingValue", { value: formatNumber(stats.averageRating, locale, 1) }), "rating"],
      [formatNumber(stats.specialties.length, locale), "specialties"],
      [t("stats.bookingValue"), "booking"],
    ],
    options: {
      specialty: [["", t("filters.allSpecialties")], ...byLabel(stats.specialties, "specialties")],
      price: named(PRICE_BANDS, "prices"),
      availability: named(AVAILABILITY_FILTERS, "availabilities"),
      language: [["", t("filters.allLanguages")], ...byLabel(stats.languages, "languages")],
      sort: named(DIRECTORY_SORTS, "sorts"),
    },
  };
  byLocale.set(locale, labelled);
  return labelled;
}

/**
 * `t` with the page's namespaces (directory first, catalog): the page's own
 * translator (app/i18n/translate.ts) is several times cheaper per call than
 * i18next's and reads the same files (issue 16, item 3).
 */
export async function loadDirectory(filters: DirectoryFilters, locale: Locale, t: Translate, now = new Date()): Promise<DirectoryData> {
  const listPage = async () =>
    listDirectoryPage({
      ...filters,
      textSpecialties: specialtiesForText(filters.q, locale),
      availableIds: filters.availability === "all" ? null : await availablePsychologists[filters.availability](now.getTime()),
    });
  const [stats, page] = await Promise.all([directoryStats(now.getTime()), listPage()]);
  const search = directorySearch(filters);
  const link = (overrides: Partial<DirectoryFilters>) => `/psychologists${directorySearch(filters, overrides)}`;
  const { figures, options } = labelStats(stats, locale, t);
  const pages = pageCount(page.total);
  return {
    total: page.total,
    items: page.items.map((row) => toCard(row, t, locale, `/psychologists/${row.id}${search}`)),
    figures,
    selects: [
      { name: "specialty", value: filters.specialty ?? "", options: options.specialty },
      { name: "price", value: filters.price, options: options.price },
      { name: "availability", value: filters.availability, options: options.availability },
      { name: "language", value: filters.language ?? "", options: options.language },
      { name: "sort", value: filters.sort, options: options.sort },
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
