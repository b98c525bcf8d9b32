import { DEFAULT_LOCALE, SUPPORTED_LOCALES, toSupportedLocale, type Locale } from "./config";
import { localeForCountry } from "./country-locale";

/** The language a base code means when no region picks a variant. */
const DEFAULT_VARIANT: Record<string, Locale> = { pt: "pt-BR", zh: "zh-CN" };

/** Accept-Language entries, best first (RFC 9110 quality values). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The supported locale closest to one language tag: exact, then region, then base language. */
export function matchLanguageTag(tag: string): Locale | undefined {
  const exact = toSupportedLocale(tag);
  if (exact) return exact;
  const [base = "", region] = tag.toLowerCase().split("-");
  const byRegion = localeForCountry(region);
  if (byRegion && byRegion.toLowerCase().startsWith(base)) return byRegion;
  return DEFAULT_VARIANT[base] ?? SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === base);
}

/**
 * DESIGN.md's order: the visitor's own choice (cookie), then the browser's
 * languages, then the country the CDN saw, then pt-BR.
 */
export function detectLocale(input: {
  cookie?: string | null;
  acceptLanguage?: string | null;
  country?: string | null;
}): Locale {
  const chosen = toSupportedLocale(input.cookie);
  if (chosen) return chosen;
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const match = matchLanguageTag(tag);
    if (match) return match;
  }
  return localeForCountry(input.country) ?? DEFAULT_LOCALE;
}
