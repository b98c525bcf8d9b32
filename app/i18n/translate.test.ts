import { describe, expect, it } from "vitest";
import { createTranslator } from "./translate";

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
