/**
 * The translation function the interface renders with, on the server and in
 * the browser. It reads the same JSON files i18next reads on the server
 * (nesting, {{variables}}, plural keys `_one`/`_other`/… chosen by
 * Intl.PluralRules) without shipping i18next to the phone
 * (docs/decisions/006-translations.md).
 */

export type Messages = { [key: string]: string | Messages };
/** Namespaces of one language: { common: {...}, home: {...} }. */
export type Translations = Record<string, Messages>;
/** Values for {{variables}}: a null one reads as nothing (as in i18next), an absent one leaves the placeholder. */
export type TranslateOptions = Record<string, string | number | null | undefined> & { count?: number };
export type TFunction = (key: string, options?: TranslateOptions) => string;

function lookup(messages: Messages | undefined, path: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/{{\s*(\w+)\s*}}/g, (match, name: string) => {
    const value = options[name];
    return value === undefined ? match : value === null ? "" : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** Builds `t` for one language. A key is `path.to.key` in the default namespace or `namespace:path.to.key`. */
export function createTranslator(translations: Translations, locale: string, defaultNamespace: string): TFunction {
  return (key, options) => {
    const separator = key.indexOf(":");
    const namespace = separator > 0 ? key.slice(0, separator) : defaultNamespace;
    const path = separator > 0 ? key.slice(separator + 1) : key;
    const messages = translations[namespace];
    let text: string | undefined;
    if (typeof options?.count === "number") {
      text =
        (options.count === 0 ? lookup(messages, `${path}_zero`) : undefined) ??
        lookup(messages, `${path}_${pluralCategory(locale, options.count)}`) ??
        lookup(messages, `${path}_other`);
    }
    text ??= lookup(messages, path);
    return text === undefined ? key : interpolate(text, options);
  };
}

/**
 * A code (a provider's status, an audit action…) in the reader's words from `group.code`; a code with no
 * words yet (a provider's new status, an older version's action) reads as itself, never as a key.
 */
export function labelOrCode(t: TFunction, group: string, code: string): string {
  const key = `${group}.${code}`;
  const text = t(key);
  return text === key ? code : text;
}
