import { describe, expect, it } from "vitest";
import { detectLocale, matchLanguageTag, parseAcceptLanguage } from "./detect-locale";
import { localeForCountry } from "./country-locale";

describe("parseAcceptLanguage", () => {
  it("orders tags by quality, keeping header order on ties", () => {
    expect(parseAcceptLanguage("fr;q=0.5, en-US, de;q=0.9, es")).toEqual(["en-US", "es", "de", "fr"]);
  });
  it("drops wildcards, empty parts and q=0", () => {
    expect(parseAcceptLanguage("*, , it;q=0, ru;q=0.1")).toEqual(["ru"]);
  });
  it("reads nothing from a missing header", () => {
    expect(parseAcceptLanguage(null)).toEqual([]);
  });
});

describe("matchLanguageTag", () => {
  it.each([
    ["pt-BR", "pt-BR"],
    ["pt-br", "pt-BR"],
    ["pt", "pt-BR"],
    ["pt-PT", "pt-PT"],
    ["pt-AO", "pt-PT"],
    ["pt-MZ", "pt-PT"],
    ["en-US", "en"],
    ["en", "en"],
    ["es-419", "es"],
    ["zh", "zh-CN"],
    ["zh-TW", "zh-CN"],
    ["zh-cn", "zh-CN"],
    ["ar-EG", "ar"],
    ["fr-CA", "fr"],
    ["de-AT", "de"],
    ["hi-IN", "hi"],
    ["it-CH", "it"],
  ])("%s → %s", (tag, expected) => {
    expect(matchLanguageTag(tag)).toBe(expected);
  });
  it("returns nothing for languages we do not offer", () => {
    expect(matchLanguageTag("ja-JP")).toBeUndefined();
    expect(matchLanguageTag("nl")).toBeUndefined();
  });
});

describe("localeForCountry (the spec's map)", () => {
  it.each([
    ["BR", "pt-BR"],
    ["PT", "pt-PT"],
    ["AO", "pt-PT"],
    ["TL", "pt-PT"],
    ["US", "en"],
    ["MX", "es"],
    ["KZ", "ru"],
    ["CH", "de"],
    ["LU", "de"],
    ["HK", "zh-CN"],
    ["FJ", "hi"],
    ["MA", "ar"],
    ["SN", "fr"],
    ["MT", "it"],
    ["VA", "it"],
    ["br", "pt-BR"],
  ])("%s → %s", (country, expected) => {
    expect(localeForCountry(country)).toBe(expected);
  });
  it("knows nothing of unmapped countries", () => {
    expect(localeForCountry("JP")).toBeUndefined();
    expect(localeForCountry("")).toBeUndefined();
  });
});

describe("detectLocale (cookie, then Accept-Language, then country, then pt-BR)", () => {
  it("prefers the visitor's own choice", () => {
    expect(detectLocale({ cookie: "ar", acceptLanguage: "en", country: "DE" })).toBe("ar");
  });
  it("ignores a cookie naming an unsupported language", () => {
    expect(detectLocale({ cookie: "xx", acceptLanguage: "it", country: "DE" })).toBe("it");
  });
  it("uses the first supported browser language", () => {
    expect(detectLocale({ acceptLanguage: "ja, nl;q=0.9, fr;q=0.8" })).toBe("fr");
  });
  it("falls back to the CDN's country when no browser language matches", () => {
    expect(detectLocale({ acceptLanguage: "ja", country: "AT" })).toBe("de");
  });
  it("ends at Brazilian Portuguese", () => {
    expect(detectLocale({})).toBe("pt-BR");
    expect(detectLocale({ acceptLanguage: "ja", country: "JP" })).toBe("pt-BR");
  });
});
