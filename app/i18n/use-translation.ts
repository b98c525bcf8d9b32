import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE } from "./config";
import { createTranslator, type TFunction, type Translations } from "./translate";

/**
 * The loaders send the namespaces their page renders (`translations`), the
 * root sends `locale` and `common`; this hook merges what the matched routes
 * sent and translates with it, identically on the server and in the browser.
 */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; locale: string } {
  const matches = useMatches();
  const rootData = matches[0]?.data as { locale?: string } | undefined;
  const locale = rootData?.locale ?? DEFAULT_LOCALE;
  const sources = matches.map((match) => (match.data as { translations?: Translations } | undefined)?.translations);
  return useMemo(() => {
    const merged: Translations = {};
    for (const translations of sources) Object.assign(merged, translations);
    return { t: createTranslator(merged, locale, namespace), locale };
    // The matches' data objects are stable between renders unless a loader ran again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, namespace, ...sources]);
}
