import { describe, expect, it } from "vitest";
import { weekdayHeadings } from "./month-labels";

const LOCALES = ["pt-BR", "pt-PT", "en", "es", "fr", "de", "it", "ru", "zh-CN", "hi", "ar"];

describe("weekdayHeadings", () => {
  it("fits a phone's calendar column in every language: no heading longer than four letters", () => {
    for (const locale of LOCALES) {
      const graphemes = new Intl.Segmenter(locale, { granularity: "grapheme" });
      for (const { short } of weekdayHeadings(locale)) expect([...graphemes.segment(short)].length, `${locale} '${short}'`).toBeLessThanOrEqual(4);
    }
  });

  it("shows the short names where they are short, narrow ones where they are whole words, and the full name for the abbr", () => {
    expect(weekdayHeadings("pt-BR")[0]).toEqual({ short: "dom.", long: "Domingo" });
    // pt-PT's short names are the words themselves ('domingo', 'segunda'): its narrow letters instead.
    expect(weekdayHeadings("pt-PT").map((day) => day.short)).toEqual(["D", "S", "T", "Q", "Q", "S", "S"]);
    expect(weekdayHeadings("pt-PT")[1]!.long).toBe("Segunda-feira");
    expect(weekdayHeadings("ru")[1]).toEqual({ short: "пн", long: "Понедельник" });
  });
});
