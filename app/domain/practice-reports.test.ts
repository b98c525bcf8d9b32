import { describe, expect, it } from "vitest";
import { addDays, daysInRange, defaultRange, formatsFor, isCalendarDay, rangeProblems, reportExtension } from "./practice-reports";

describe("report ranges", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(defaultRange("2026-11-25")).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    expect(daysInRange("2026-10-27", "2026-11-25")).toBe(30);
  });
  it("crosses months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
  it("knows calendar days", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("26-02-2026")).toBe(false);
    expect(isCalendarDay("2026-2-3")).toBe(false);
  });
  it("accepts a day, a month and a whole (leap) year", () => {
    expect(rangeProblems("2026-10-01", "2026-10-01")).toEqual([]);
    expect(rangeProblems("2026-10-01", "2026-10-31")).toEqual([]);
    expect(rangeProblems("2028-01-01", "2028-12-31")).toEqual([]);
  });
  it("wants both dates", () => {
    expect(rangeProblems("", "")).toEqual([
      { field: "from", problem: "fromRequired" },
      { field: "to", problem: "toRequired" },
    ]);
    expect(rangeProblems("2026-10-01", "")).toEqual([{ field: "to", problem: "toRequired" }]);
    expect(rangeProblems("ontem", "2026-10-01")).toEqual([{ field: "from", problem: "fromInvalid" }]);
  });
  it("refuses a start after the end and more than a year", () => {
    expect(rangeProblems("2026-10-02", "2026-10-01")).toEqual([{ field: "to", problem: "order" }]);
    expect(rangeProblems("2025-10-01", "2026-10-02")).toEqual([{ field: "to", problem: "tooLong" }]);
    expect(rangeProblems("2025-10-02", "2026-10-02")).toEqual([]);
  });
});

describe("formats and names", () => {
  it("offers CSV for the fiscal report only", () => {
    expect(formatsFor("fiscal")).toEqual(["pdf", "excel", "csv"]);
    expect(formatsFor("financial")).toEqual(["pdf", "excel"]);
    expect(formatsFor("trends")).toEqual(["pdf", "excel"]);
  });
  it("gives each format its file extension (the name itself is translated: app/i18n/server-texts.server.test.ts)", () => {
    expect(reportExtension("excel")).toBe("xlsx");
    expect(reportExtension("pdf")).toBe("pdf");
    expect(reportExtension("csv")).toBe("csv");
  });
});
