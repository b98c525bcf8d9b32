import { z } from "zod";
import { isConsultationLanguage, isSpecialty } from "~/domain/catalog";
import {
  AVAILABILITY_FILTERS,
  DEFAULT_FILTERS,
  DIRECTORY_SORTS,
  DIRECTORY_VIEWS,
  PRICE_BANDS,
  specialtiesMatching,
  type DirectoryFilters,
} from "~/domain/directory";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { translationsFor } from "~/i18n/i18n.server";
import { getDirectoryStats, listDirectoryPage, type DirectoryCard, type DirectoryStats } from "~/models/directory.server";

/**
 * /psychologists: the query string read leniently (a bad value falls back
 * to its default, never an error page), the text mapped to the specialties
 * whose labels it names, and the two statements of a directory request.
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

export interface DirectoryData {
  stats: DirectoryStats;
  total: number;
  items: DirectoryCard[];
}

export async function loadDirectory(filters: DirectoryFilters, locale: Locale, now = new Date()): Promise<DirectoryData> {
  const stats = await getDirectoryStats();
  const page = await listDirectoryPage({ ...filters, textSpecialties: specialtiesForText(filters.q, locale), now });
  return { stats, total: page.total, items: page.items };
}
