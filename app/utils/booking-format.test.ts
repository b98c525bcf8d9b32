import { describe, expect, it } from "vitest";
import { formatDay, weekdayNames } from "./booking-format";

describe("weekdayNames", () => {
  it("heads a language's calendar with its short names when they fit a phone's column", () => {
    expect(weekdayNames("pt-BR").map((day) => day.short)).toEqual(["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."]);
    expect(weekdayNames("de").map((day) => day.short)).toEqual(["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"]);
    expect(weekdayNames("zh-CN").map((day) => day.short)).toEqual(["周日", "周一", "周二", "周三", "周四", "周五", "周六"]);
  });

  it("uses narrow names where the short ones are whole words, which a 390-pixel calendar broke mid-word", () => {
    expect(weekdayNames("pt-PT").map((day) => day.short)).toEqual(["D", "S", "T", "Q", "Q", "S", "S"]);
    expect(weekdayNames("ar").map((day) => day.short)).toEqual(["ح", "ن", "ث", "ر", "خ", "ج", "س"]);
  });

  it("keeps the long names for screen readers", () => {
    expect(weekdayNames("pt-PT")[0]).toEqual({ short: "D", long: "domingo" });
    expect(weekdayNames("ar")[4]?.long).toBe("الخميس");
  });
});

describe("formatDay", () => {
  it("writes the first of the month '1er' in French, and other days and languages as Intl does", () => {
    expect(formatDay("2026-12-01", "fr")).toBe("mardi 1er décembre 2026");
    expect(formatDay("2026-12-02", "fr")).toBe("mercredi 2 décembre 2026");
    expect(formatDay("2026-12-01", "en")).toBe("Tuesday, December 1, 2026");
    expect(formatDay("2026-12-01", "pt-BR")).toBe("terça-feira, 1 de dezembro de 2026");
  });
});
