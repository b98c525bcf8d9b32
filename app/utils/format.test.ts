import bidiFactory from "bidi-js";
import { describe, expect, it } from "vitest";
import { formatList, formatMoney } from "./format";

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
