import bidiFactory from "bidi-js";
import { describe, expect, it, vi } from "vitest";
import { dateFormat, formatList, formatLongDate, formatMoney, formatNamedDate } from "./format";

const bidi = bidiFactory();
/** `text` as a right-to-left page shows it, left to right on the screen (the Unicode bidi algorithm, marks not drawn). */
function onScreen(text: string): string {
  const levels = bidi.getEmbeddingLevels(text, "rtl");
  return bidi.getReorderedString(text, levels).replace(/[\u200e\u200f]/g, "").replace(/\u00a0/g, " ");
}

describe("formatMoney", () => {
  it("shows reais in Arabic as 'R$ 180.00' on screen, not '$R 180.00'", () => {
    expect(onScreen(formatMoney(180_00, "ar"))).toBe("R$ 180.00");
    expect(onScreen(`السعر: ${formatMoney(91_67, "ar")} للجلسة`)).toContain("R$ 91.67");
    expect(onScreen(formatMoney(180_00, "ar", "USD"))).toBe("US$ 180.00");
  });

  it("writes reais as 'R$' in every language, Spanish and Italian included, and other currencies with their full symbol", () => {
    expect(formatMoney(108_33, "es")).toBe("108,33\u00a0R$");
    expect(formatMoney(108_33, "it")).toBe("108,33\u00a0R$");
    expect(formatMoney(108_33, "en")).toBe("R$108.33");
    expect(formatMoney(108_33, "pt-BR", "USD")).toBe("US$\u00a0108,33");
  });

  it("leaves a left-to-right language's amount as Intl writes it", () => {
    expect(formatMoney(180_00, "pt-BR")).toBe("R$\u00a0180,00");
    expect(formatMoney(180_00, "de")).toBe("180,00\u00a0R$");
  });
});

describe("formatList", () => {
  it("joins names the reader's way, not with a Latin comma in every language", () => {
    expect(formatList(["Psicologia Infantil", "Ansiedade"], "pt-BR")).toBe("Psicologia Infantil e Ansiedade");
    expect(formatList(["CRP", "biografia", "foto"], "pt-BR")).toBe("CRP, biografia e foto");
    expect(formatList(["Portuguese", "English"], "en")).toBe("Portuguese and English");
    expect(formatList(["علم نفس الطفل", "القلق"], "ar")).toBe("علم نفس الطفل والقلق");
    expect(formatList(["علم نفس الطفل", "القلق", "الاكتئاب"], "ar")).not.toContain(",");
    expect(formatList(["中文", "英语", "法语"], "zh-CN")).toBe("中文、英语和法语");
    expect(formatList(["Ansiedade"], "pt-BR")).toBe("Ansiedade");
    expect(formatList([], "pt-BR")).toBe("");
  });
});

describe("formatLongDate", () => {
  const first = new Date("2026-12-01T12:00:00Z");
  const second = new Date("2026-12-02T12:00:00Z");

  it("writes the first of the month as French does, '1er décembre 2026', and other days as Intl does", () => {
    expect(formatLongDate(first, "fr", "UTC")).toBe("1er décembre 2026");
    expect(formatLongDate(second, "fr", "UTC")).toBe("2 décembre 2026");
    expect(formatLongDate(new Date("2026-12-11T12:00:00Z"), "fr", "UTC")).toBe("11 décembre 2026");
    expect(formatLongDate(new Date("2026-12-21T12:00:00Z"), "fr", "UTC")).toBe("21 décembre 2026");
  });

  it("takes the day in the given zone: 1 December in São Paulo is still 30 November's evening", () => {
    expect(formatLongDate(new Date("2026-12-01T02:00:00Z"), "fr", "America/Sao_Paulo")).toBe("30 novembre 2026");
    expect(formatLongDate(new Date("2026-12-01T12:00:00Z"), "fr", "America/Sao_Paulo")).toBe("1er décembre 2026");
  });

  it("leaves the first of the month as it was in every other language", () => {
    expect(formatLongDate(first, "en", "UTC")).toBe("December 1, 2026");
    expect(formatLongDate(first, "it", "UTC")).toBe("1 dicembre 2026");
    expect(formatLongDate(first, "es", "UTC")).toBe("1 de diciembre de 2026");
    expect(formatLongDate(first, "pt-BR", "UTC")).toBe("01 de dezembro de 2026");
    expect(formatLongDate(first, "de", "UTC")).toBe("1. Dezember 2026");
  });

  it("keeps one cached formatter: no Intl.DateTimeFormat is built per call", () => {
    formatLongDate(first, "fr", "Europe/Paris");
    const built = vi.spyOn(Intl, "DateTimeFormat");
    try {
      expect(formatLongDate(first, "fr", "Europe/Paris")).toBe("1er décembre 2026");
      expect(formatLongDate(second, "fr", "Europe/Paris")).toBe("2 décembre 2026");
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});

describe("formatNamedDate", () => {
  const first = new Date("2026-12-01T12:00:00Z");

  it("never writes '1er' in an all-numeric French date ('01/12/2026')", () => {
    expect(formatNamedDate(dateFormat("fr", "test-short", "UTC", { day: "2-digit", month: "2-digit", year: "numeric" }), first, "fr")).toBe("01/12/2026");
    expect(formatNamedDate(dateFormat("fr", "test-numeric", "UTC", { day: "numeric", month: "numeric" }), first, "fr")).toBe("01/12");
  });

  it("writes '1er' with a short month name too ('1er déc.')", () => {
    expect(formatNamedDate(dateFormat("fr", "test-short-month", "UTC", { day: "numeric", month: "short" }), first, "fr")).toBe("1er déc.");
  });
});
