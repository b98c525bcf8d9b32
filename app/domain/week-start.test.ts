import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "~/i18n/config";
import { dayOfLocaleWeek, firstDayOfWeek, FIRST_DAY_OF_WEEK, rotateWeek, startOfWeek, weekdaysInOrder } from "./week-start";

const FROM_SUNDAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

// Every language the app serves, with CLDR's first day for its likely region (ADR 030).
const EXPECTED = [
  ["pt-BR", 0, "Sun"],
  ["pt-PT", 0, "Sun"],
  ["en", 0, "Sun"],
  ["hi", 0, "Sun"],
  ["es", 1, "Mon"],
  ["fr", 1, "Mon"],
  ["de", 1, "Mon"],
  ["it", 1, "Mon"],
  ["ru", 1, "Mon"],
  ["zh-CN", 1, "Mon"],
  ["ar", 6, "Sat"],
] as const;

describe("firstDayOfWeek", () => {
  it("covers every language the app serves, no more", () => {
    expect(Object.keys(FIRST_DAY_OF_WEEK).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(EXPECTED.map(([locale]) => locale).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(EXPECTED)("%s starts its week on %i (%s)", (locale, first, name) => {
    expect(firstDayOfWeek(locale)).toBe(first);
    expect(weekdaysInOrder(locale)[0]).toBe(first);
    expect(rotateWeek(FROM_SUNDAY, locale)[0]).toBe(name);
  });

  it("starts on Sunday, as pt-BR does, for a language the app does not serve or a prototype's key", () => {
    for (const locale of ["xx", "", "PT-br", "toString", "__proto__"]) expect(firstDayOfWeek(locale)).toBe(0);
  });
});

describe("rotateWeek and weekdaysInOrder", () => {
  it("keep all seven days, in order, from the first", () => {
    expect(weekdaysInOrder("pt-BR")).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdaysInOrder("ru")).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdaysInOrder("ar")).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(rotateWeek(FROM_SUNDAY, "de")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(rotateWeek(FROM_SUNDAY, "ar")).toEqual(["Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"]);
    expect(rotateWeek(FROM_SUNDAY, "en")).toEqual(FROM_SUNDAY);
  });

  it("refuses a list that is not a week", () => {
    expect(() => rotateWeek(FROM_SUNDAY.slice(1), "ru")).toThrow(RangeError);
  });
});

describe("startOfWeek and dayOfLocaleWeek", () => {
  // Wednesday 25 November 2026.
  it.each([
    ["pt-BR", "2026-11-22", 3],
    ["en", "2026-11-22", 3],
    ["ru", "2026-11-23", 2],
    ["zh-CN", "2026-11-23", 2],
    ["ar", "2026-11-21", 4],
  ])("in %s a Wednesday's week starts on %s, the day in column %i", (locale, start, column) => {
    expect(startOfWeek("2026-11-25", locale)).toBe(start);
    expect(dayOfLocaleWeek("2026-11-25", locale)).toBe(column);
  });

  it("a week's first day starts its own week; the day before it ends the week before", () => {
    expect(startOfWeek("2026-11-22", "pt-BR")).toBe("2026-11-22"); // Sunday
    expect(startOfWeek("2026-11-21", "pt-BR")).toBe("2026-11-15");
    expect(startOfWeek("2026-11-23", "ru")).toBe("2026-11-23"); // Monday
    expect(startOfWeek("2026-11-22", "ru")).toBe("2026-11-16");
    expect(startOfWeek("2026-11-21", "ar")).toBe("2026-11-21"); // Saturday
    expect(startOfWeek("2026-11-20", "ar")).toBe("2026-11-14");
  });

  it("crosses months and years", () => {
    expect(startOfWeek("2027-01-01", "pt-BR")).toBe("2026-12-27");
    expect(startOfWeek("2027-01-01", "de")).toBe("2026-12-28");
    expect(startOfWeek("2027-01-01", "ar")).toBe("2026-12-26");
  });
});
