import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTranslator, type Messages } from "./translate";

const translations = {
  common: {
    nav: { home: "Início" },
    greeting: "Olá, {{name}}!",
    sessions_one: "{{count}} sessão",
    sessions_other: "{{count}} sessões",
    sessions_zero: "Nenhuma sessão",
  },
  home: { title: "Bem-vindo" },
};

describe("createTranslator", () => {
  const t = createTranslator(translations, "pt-BR", "common");

  it("reads nested keys of the default namespace", () => {
    expect(t("nav.home")).toBe("Início");
  });
  it("reads other namespaces with ns:key", () => {
    expect(t("home:title")).toBe("Bem-vindo");
  });
  it("interpolates variables and leaves unknown ones visible", () => {
    expect(t("greeting", { name: "Ana" })).toBe("Olá, Ana!");
    expect(t("greeting")).toBe("Olá, {{name}}!");
    // A null value reads as nothing, as i18next wrote it.
    expect(t("greeting", { name: null })).toBe("Olá, !");
  });
  it("chooses plural forms with Intl.PluralRules, and _zero for zero", () => {
    expect(t("sessions", { count: 1 })).toBe("1 sessão");
    expect(t("sessions", { count: 3 })).toBe("3 sessões");
    expect(t("sessions", { count: 0 })).toBe("Nenhuma sessão");
  });
  it("uses the language's own plural categories", () => {
    const ar = createTranslator({ common: { n_two: "اثنان", n_few: "قليل", n_other: "كثير" } }, "ar", "common");
    expect(ar("n", { count: 2 })).toBe("اثنان");
    expect(ar("n", { count: 5 })).toBe("قليل");
    expect(ar("n", { count: 100 })).toBe("كثير");
  });
  it("returns the key itself when it is missing", () => {
    expect(t("nav.missing")).toBe("nav.missing");
    expect(t("nope:thing")).toBe("nope:thing");
    expect(t("nav")).toBe("nav");
  });
});

/** The real evaluations:list.count ("N reviews") in the languages whose plurals have more than two forms. */
describe("plural forms in the shipped translations", () => {
  const translatorFor = (locale: string) => {
    const evaluations = JSON.parse(readFileSync(`public/locales/${locale}/evaluations.json`, "utf8")) as Messages;
    return createTranslator({ evaluations }, locale, "evaluations");
  };

  it("Russian: one for 1 and 21, few for 3, many for 5", () => {
    const t = translatorFor("ru");
    expect(t("list.count", { count: 1 })).toBe("1 отзыв");
    expect(t("list.count", { count: 3 })).toBe("3 отзыва");
    expect(t("list.count", { count: 5 })).toBe("5 отзывов");
    expect(t("list.count", { count: 21 })).toBe("21 отзыв");
  });

  it("Arabic: zero, one, the dual, few for 3, many for 11, other for 100", () => {
    const t = translatorFor("ar");
    expect(t("list.count", { count: 0 })).toBe("لا توجد تقييمات");
    expect(t("list.count", { count: 1 })).toBe("1 تقييم");
    expect(t("list.count", { count: 2 })).toBe("تقييمان");
    expect(t("list.count", { count: 3 })).toBe("3 تقييمات");
    expect(t("list.count", { count: 11 })).toBe("11 تقييمًا");
    expect(t("list.count", { count: 100 })).toBe("100 تقييم");
  });
});
