import type { Locale } from "./config";

/** The spec's country-to-language map (section 9), by ISO 3166-1 alpha-2 code. */
const COUNTRIES_BY_LOCALE: Record<Locale, string[]> = {
  "pt-BR": ["BR"],
  "pt-PT": ["PT", "AO", "MZ", "CV", "GW", "ST", "TL"],
  en: ["US", "GB", "CA", "AU", "NZ", "IE", "ZA", "NG", "GH", "KE", "UG", "TZ", "ZM", "ZW", "BW", "NA", "JM", "TT", "BS", "BB", "BZ", "GY", "SG", "PH", "LR", "SL", "GM", "MW"],
  es: ["ES", "MX", "AR", "CO", "CL", "PE", "VE", "EC", "GT", "CU", "BO", "DO", "HN", "PY", "SV", "NI", "CR", "PA", "UY", "PR", "GQ"],
  ru: ["RU", "BY", "KZ", "KG", "TJ", "UZ", "TM", "AM", "AZ", "GE", "MD"],
  de: ["DE", "AT", "CH", "LI", "LU"],
  "zh-CN": ["CN", "TW", "HK", "MO"],
  hi: ["IN", "NP", "FJ"],
  ar: ["SA", "AE", "EG", "IQ", "JO", "KW", "LB", "LY", "MA", "OM", "QA", "SY", "TN", "YE", "BH", "DZ", "SD", "PS", "MR"],
  fr: ["FR", "BE", "MC", "SN", "CI", "ML", "BF", "NE", "TG", "BJ", "GA", "CG", "CD", "CM", "CF", "TD", "GN", "MG", "HT", "BI", "DJ", "KM", "RE", "GP", "MQ", "GF", "PF", "NC", "YT", "PM", "WF", "BL", "MF"],
  it: ["IT", "SM", "VA", "MT"],
};

const LOCALE_BY_COUNTRY = new Map<string, Locale>(
  Object.entries(COUNTRIES_BY_LOCALE).flatMap(([locale, countries]) =>
    countries.map((country) => [country, locale as Locale] as const),
  ),
);

export function localeForCountry(country: string | null | undefined): Locale | undefined {
  return country ? LOCALE_BY_COUNTRY.get(country.trim().toUpperCase()) : undefined;
}
