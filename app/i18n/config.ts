/**
 * The eleven interface languages (spec, section 9). Codes are BCP 47; the
 * spec's 'zh-cn' is accepted in any case and served as zh-CN.
 * Shared by server and browser: keep it free of server imports. The browser
 * needs only the defaults: the language menu gets the list from the root
 * loader, and everything here is side-effect free so bundles leave it out.
 */
export interface Language {
  code: string;
  /** In English. */
  name: string;
  nativeName: string;
  flag: string;
  rtl?: boolean;
}

export const LANGUAGES = [
  { code: "pt-BR", name: "Portuguese (Brazil)", nativeName: "Português (Brasil)", flag: "🇧🇷" },
  { code: "pt-PT", name: "Portuguese (Portugal)", nativeName: "Português (Portugal)", flag: "🇵🇹" },
  { code: "en", name: "English", nativeName: "English", flag: "🇬🇧" },
  { code: "es", name: "Spanish", nativeName: "Español", flag: "🇪🇸" },
  { code: "ru", name: "Russian", nativeName: "Русский", flag: "🇷🇺" },
  { code: "de", name: "German", nativeName: "Deutsch", flag: "🇩🇪" },
  { code: "zh-CN", name: "Chinese (Simplified)", nativeName: "简体中文", flag: "🇨🇳" },
  { code: "hi", name: "Hindi", nativeName: "हिन्दी", flag: "🇮🇳" },
  { code: "ar", name: "Arabic", nativeName: "العربية", flag: "🇸🇦", rtl: true },
  { code: "fr", name: "French", nativeName: "Français", flag: "🇫🇷" },
  { code: "it", name: "Italian", nativeName: "Italiano", flag: "🇮🇹" },
] as const satisfies ReadonlyArray<Language>;

export type Locale = (typeof LANGUAGES)[number]["code"];

export const DEFAULT_LOCALE: Locale = "pt-BR";
// Marked pure so that a bundle needing only the defaults drops the list (a call is otherwise kept).
export const SUPPORTED_LOCALES: Locale[] = /* @__PURE__ */ LANGUAGES.map((language) => language.code);
export const DEFAULT_NAMESPACE = "common";

export function isRtl(locale: string): boolean {
  return LANGUAGES.some((language) => language.code === locale && "rtl" in language && language.rtl);
}

/** The supported locale a code names exactly (any case), or undefined. */
export function toSupportedLocale(code: unknown): Locale | undefined {
  // A cookie someone edited may parse to anything.
  if (typeof code !== "string" || !code) return undefined;
  const wanted = code.trim().toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
}
