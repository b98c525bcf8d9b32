import { useMatches } from "@remix-run/react";
import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE } from "./config";
import { createTranslator, type TFunction, type Translations } from "./translate";

/**
 * The loaders send the namespaces their page renders (`translations`), the
 * root sends `locale` and `common`; the provider merges what the matched
 * routes sent, once per page, and `useTranslation` translates with it,
 * identically on the server and in the browser.
 */

interface PageTranslations {
  locale: string;
  merged: Translations;
  /** One `t` per namespace, made when a component first asks for it. */
  translators: Map<string, { t: TFunction; locale: string }>;
}

const PageTranslationsContext = createContext<PageTranslations | null>(null);

/**
 * Around the whole page (the root's Layout): the matched routes are read
 * here once, not by each of the page's many translated components (a
 * directory page has dozens, and each read costs a pass over the matches).
 */
export function TranslationsProvider({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const rootData = matches[0]?.data as { locale?: string } | undefined;
  const locale = rootData?.locale ?? DEFAULT_LOCALE;
  const sources = matches.map((match) => (match.data as { translations?: Translations } | undefined)?.translations);
  const value = useMemo(() => {
    const merged: Translations = {};
    for (const translations of sources) Object.assign(merged, translations);
    return { locale, merged, translators: new Map() };
    // The matches' data objects are stable between renders unless a loader ran again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, ...sources]);
  return createElement(PageTranslationsContext.Provider, { value }, children);
}

export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; locale: string } {
  const page = useContext(PageTranslationsContext);
  if (!page) throw new Error("useTranslation needs the TranslationsProvider of the root's Layout");
  let translator = page.translators.get(namespace);
  if (!translator) {
    translator = { t: createTranslator(page.merged, page.locale, namespace), locale: page.locale };
    page.translators.set(namespace, translator);
  }
  return translator;
}
