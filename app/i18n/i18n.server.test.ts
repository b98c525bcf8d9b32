import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getFixedT, getLocale, pageTranslations, pickMessages } from "./i18n.server";

/** The server's `t` (loaders, e-mails, PDFs) over the real files in public/locales (ADR 006, 022). */

const json = (locale: string, namespace: string) => JSON.parse(readFileSync(`public/locales/${locale}/${namespace}.json`, "utf8"));

describe("getFixedT", () => {
  it("reads the language's own text, a namespace's key with or without its prefix", () => {
    const t = getFixedT("en", ["directory", "catalog"]);
    expect(t("hero.title")).toBe(json("en", "directory").hero.title);
    expect(t("directory:hero.title")).toBe(json("en", "directory").hero.title);
    expect(t("catalog:specialties.anxiety")).toBe(json("en", "catalog").specialties.anxiety);
  });

  it("looks a key without a prefix up in each namespace in turn, as i18next's fixed t did", () => {
    const t = getFixedT("pt-BR", ["directory", "common"]);
    expect(t("nav.home")).toBe(json("pt-BR", "common").nav.home);
    expect(t("hero.title")).toBe(json("pt-BR", "directory").hero.title);
  });

  it("chooses the plural form and fills variables", () => {
    const t = getFixedT("pt-BR", "directory");
    expect(t("results.count", { count: 1 })).toBe(json("pt-BR", "directory").results.count_one.replace("{{count}}", "1"));
    expect(t("results.count", { count: 7 })).toBe(json("pt-BR", "directory").results.count_other.replace("{{count}}", "7"));
  });

  it("reads pt-BR for a language it does not know; a key no file has stays the key", () => {
    expect(getFixedT("xx" as never, "common")("nav.home")).toBe(json("pt-BR", "common").nav.home);
    expect(getFixedT("de", "common")("nav.nothing.here")).toBe("nav.nothing.here");
  });
});

describe("the request's language", () => {
  it("is decided once per request, and pageTranslations translates in it", async () => {
    const request = new Request("http://localhost/psychologists", { headers: { "Accept-Language": "es-ES,es;q=0.9" } });
    expect(await getLocale(request)).toBe("es");
    expect(getLocale(request)).toBe(getLocale(request));
    const { locale, t, translations } = await pageTranslations(request, ["directory"]);
    expect(locale).toBe("es");
    expect(t("hero.title")).toBe(json("es", "directory").hero.title);
    expect(translations.directory).toEqual(json("es", "directory"));
  });
});

describe("pickMessages", () => {
  const messages = {
    psychologist: { heading: "Dashboard do Psicólogo", status: { approved: "Aprovado" } },
    admin: { review: { reasonShown: "Motivo: {{reason}}", missingField: { crp: "CRP" }, approve: "Aprovar" }, users: { title: "Usuários" } },
    refresh: "Atualizar",
  };

  it("keeps the named texts and groups, in their places, and nothing else", () => {
    expect(pickMessages(messages, ["psychologist", "admin.review.reasonShown", "admin.review.missingField", "refresh"])).toEqual({
      psychologist: { heading: "Dashboard do Psicólogo", status: { approved: "Aprovado" } },
      admin: { review: { reasonShown: "Motivo: {{reason}}", missingField: { crp: "CRP" } } },
      refresh: "Atualizar",
    });
  });

  it("skips a path that is not there, and reads no further than a text", () => {
    expect(pickMessages(messages, ["nowhere", "refresh.deeper", "admin.users.title"])).toEqual({ admin: { users: { title: "Usuários" } } });
    expect(pickMessages(undefined, ["refresh"])).toEqual({});
  });
});
