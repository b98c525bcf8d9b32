import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { createInstance, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { env } from "~/utils/env.server";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, SUPPORTED_LOCALES, type Locale } from "./config";
import { detectLocale } from "./detect-locale";
import type { Translations } from "./translate";

/** The visitor's explicit language choice; it wins over every detection. */
export const localeCookie = createCookie("acolhe_lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const LOCALES_DIR = path.resolve("public/locales");

/** Every translation, read once from public/locales. */
function readTranslations(): Record<Locale, Translations> {
  return Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => {
      const dir = path.join(LOCALES_DIR, locale);
      const namespaces = readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .map((file) => [file.slice(0, -".json".length), JSON.parse(readFileSync(path.join(dir, file), "utf8"))]);
      return [locale, Object.fromEntries(namespaces)];
    }),
  ) as Record<Locale, Translations>;
}

const translations = readTranslations();

/**
 * One i18next instance for the whole process, for text the server writes
 * itself (loaders, e-mails). Pages render with app/i18n/translate.ts on the
 * same files (docs/decisions/006-translations.md).
 */
const i18n = createInstance();
void i18n.init({
  resources: translations,
  supportedLngs: SUPPORTED_LOCALES,
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: Object.keys(translations[DEFAULT_LOCALE]),
  interpolation: { escapeValue: false },
  initImmediate: false,
});

/**
 * remix-i18next picks the request's language, through our own detection
 * order (cookie, Accept-Language, the CDN's country, pt-BR) as its one
 * custom step; its answer is matched against the supported languages.
 */
const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => {
      const countryHeader = env().COUNTRY_HEADER;
      return detectLocale({
        cookie: await localeCookie.parse(request.headers.get("Cookie")),
        acceptLanguage: request.headers.get("Accept-Language"),
        country: countryHeader ? request.headers.get(countryHeader) : null,
      });
    },
  },
});

export async function getLocale(request: Request): Promise<Locale> {
  return (await remixI18n.getLocale(request)) as Locale;
}

/** A server-side `t` for one language; keys are `path` in the first namespace or `namespace:path`. */
export function getFixedT(locale: Locale, namespaces: string | string[] = DEFAULT_NAMESPACE): TFunction {
  return i18n.getFixedT(locale, namespaces);
}

/** The namespaces a page renders, in its language: what a loader returns as `translations`. */
export function translationsFor(locale: Locale, namespaces: string[]): Translations {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, translations[locale]?.[namespace] ?? {}]));
}

/** For a loader: the visitor's language, a server-side `t`, and the page's translations. */
export async function pageTranslations(request: Request, namespaces: string[]) {
  const locale = await getLocale(request);
  return { locale, t: getFixedT(locale, namespaces), translations: translationsFor(locale, namespaces) };
}
