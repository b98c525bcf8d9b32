import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { env } from "~/utils/env.server";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, SUPPORTED_LOCALES, type Locale } from "./config";
import { detectLocale } from "./detect-locale";
import { rememberRequestLocale } from "./request-locale.server";
import { createTranslator, type Messages, type TFunction, type Translations } from "./translate";

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

/** Each request's language, decided once: a document request asks from its root, its page and their tags. */
const requestLocales = new WeakMap<Request, Promise<Locale>>();

export function getLocale(request: Request): Promise<Locale> {
  let locale = requestLocales.get(request);
  if (!locale) {
    locale = remixI18n.getLocale(request) as Promise<Locale>;
    requestLocales.set(request, locale);
  }
  rememberRequestLocale(locale);
  return locale;
}

/**
 * A server-side `t` for one language (loaders, e-mails, PDFs): keys are
 * `path`, looked up in each of `namespaces` in turn, or `namespace:path`.
 * The pages' own translator (app/i18n/translate.ts) over the same files,
 * several times cheaper per call than i18next's (ADR 022); as i18next did,
 * a key the language lacks is read in pt-BR.
 */
export function getFixedT(locale: Locale, namespaces: string | string[] = DEFAULT_NAMESPACE): TFunction {
  const list = typeof namespaces === "string" ? [namespaces] : namespaces;
  const known = SUPPORTED_LOCALES.includes(locale) ? locale : DEFAULT_LOCALE;
  const t = pageTranslator(translationsFor(known, list), known, list);
  if (known === DEFAULT_LOCALE) return t;
  const fallback = pageTranslator(translationsFor(DEFAULT_LOCALE, list), DEFAULT_LOCALE, list);
  return (key, options) => {
    const text = t(key, options);
    return text === key ? fallback(key, options) : text;
  };
}

/** The namespaces a page renders, in its language: what a loader returns as `translations`. */
export function translationsFor(locale: Locale, namespaces: string[]): Translations {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, translations[locale]?.[namespace] ?? {}]));
}

/**
 * Only these keys (dotted paths, each a text or a group) of a namespace: for a
 * layout whose namespace also holds the texts of other pages, so every page
 * under it does not carry them all (the psychologist's dashboard layout).
 */
export function pickMessages(messages: Messages | undefined, paths: string[]): Messages {
  const picked: Messages = {};
  for (const keyPath of paths) {
    const parts = keyPath.split(".");
    let source: Messages | string | undefined = messages;
    for (const part of parts) source = typeof source === "object" ? source[part] : undefined;
    if (source === undefined) continue;
    let target = picked;
    for (const part of parts.slice(0, -1)) {
      const next: Messages | string | undefined = target[part];
      target = typeof next === "object" ? next : (target[part] = {});
    }
    target[parts.at(-1)!] = source;
  }
  return picked;
}

/** `t` over `namespaces` of one language's translations: a key without a namespace is looked up in each in turn. */
function pageTranslator(messages: Translations, locale: Locale, namespaces: string[]): TFunction {
  const translators = (namespaces.length > 0 ? namespaces : [DEFAULT_NAMESPACE]).map((namespace) => createTranslator(messages, locale, namespace));
  if (translators.length === 1) return translators[0]!;
  return (key, options) => {
    if (key.includes(":")) return translators[0]!(key, options);
    for (const t of translators) {
      const text = t(key, options);
      if (text !== key) return text;
    }
    return key;
  };
}

/** For a loader: the visitor's language, a server-side `t`, and the page's translations. */
export async function pageTranslations(request: Request, namespaces: string[]) {
  const locale = await getLocale(request);
  return { locale, t: getFixedT(locale, namespaces), translations: translationsFor(locale, namespaces) };
}
