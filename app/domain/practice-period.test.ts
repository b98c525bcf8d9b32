import { describe, expect, it } from "vitest";
import { attendanceRate, attendanceTrend, periodWindow, toPracticePeriod } from "./practice-period";

const SP = "America/Sao_Paulo";
const iso = (date: Date) => date.toISOString();

describe("periodWindow", () => {
  // Wednesday 25 November 2026, 10:00 in São Paulo (UTC−3).
  const now = new Date("2026-11-25T13:00:00Z");

  it("day: today in the psychologist's zone, and yesterday before it", () => {
    const window = periodWindow("day", now, SP, "pt-BR");
    expect(iso(window.start)).toBe("2026-11-25T03:00:00.000Z");
    expect(iso(window.end)).toBe("2026-11-26T03:00:00.000Z");
    expect(iso(window.previousStart)).toBe("2026-11-24T03:00:00.000Z");
  });

  it("week: from Sunday, seven days, the week before", () => {
    const window = periodWindow("week", now, SP, "pt-BR");
    expect(iso(window.start)).toBe("2026-11-22T03:00:00.000Z");
    expect(iso(window.end)).toBe("2026-11-29T03:00:00.000Z");
    expect(iso(window.previousStart)).toBe("2026-11-15T03:00:00.000Z");
  });

  it.each([
    ["pt-BR", "2026-11-22T03:00:00.000Z", "2026-11-29T03:00:00.000Z", "2026-11-15T03:00:00.000Z"],
    ["en", "2026-11-22T03:00:00.000Z", "2026-11-29T03:00:00.000Z", "2026-11-15T03:00:00.000Z"],
    ["ru", "2026-11-23T03:00:00.000Z", "2026-11-30T03:00:00.000Z", "2026-11-16T03:00:00.000Z"],
    ["fr", "2026-11-23T03:00:00.000Z", "2026-11-30T03:00:00.000Z", "2026-11-16T03:00:00.000Z"],
    ["ar", "2026-11-21T03:00:00.000Z", "2026-11-28T03:00:00.000Z", "2026-11-14T03:00:00.000Z"],
  ])("week in %s: from the language's first day of the week (ADR 030)", (locale, start, end, previousStart) => {
    const window = periodWindow("week", now, SP, locale);
    expect([iso(window.start), iso(window.end), iso(window.previousStart)]).toEqual([start, end, previousStart]);
  });

  it("week: the language's first day starts its own week, the day before ends the week before", () => {
    const sunday = new Date("2026-11-22T12:00:00Z");
    expect(iso(periodWindow("week", sunday, SP, "ru").start)).toBe("2026-11-16T03:00:00.000Z");
    expect(iso(periodWindow("week", new Date("2026-11-23T12:00:00Z"), SP, "ru").start)).toBe("2026-11-23T03:00:00.000Z");
    expect(iso(periodWindow("week", new Date("2026-11-21T12:00:00Z"), SP, "ar").start)).toBe("2026-11-21T03:00:00.000Z");
    expect(iso(periodWindow("week", new Date("2026-11-20T12:00:00Z"), SP, "ar").start)).toBe("2026-11-14T03:00:00.000Z");
  });

  it("week: a Sunday starts its own week in pt-BR", () => {
    expect(iso(periodWindow("week", new Date("2026-11-22T12:00:00Z"), SP, "pt-BR").start)).toBe("2026-11-22T03:00:00.000Z");
  });

  it("month: the calendar month, across the year's end", () => {
    const november = periodWindow("month", now, SP, "pt-BR");
    expect(iso(november.start)).toBe("2026-11-01T03:00:00.000Z");
    expect(iso(november.end)).toBe("2026-12-01T03:00:00.000Z");
    expect(iso(november.previousStart)).toBe("2026-10-01T03:00:00.000Z");
    const january = periodWindow("month", new Date("2027-01-10T12:00:00Z"), SP, "pt-BR");
    expect(iso(january.previousStart)).toBe("2026-12-01T03:00:00.000Z");
    const december = periodWindow("month", new Date("2026-12-31T12:00:00Z"), SP, "pt-BR");
    expect(iso(december.end)).toBe("2027-01-01T03:00:00.000Z");
  });

  it("the day is the zone's, not UTC's: 23:30 in São Paulo is still that day", () => {
    const late = new Date("2026-11-26T02:30:00Z"); // 25 Nov, 23:30 in São Paulo
    expect(iso(periodWindow("day", late, SP, "pt-BR").start)).toBe("2026-11-25T03:00:00.000Z");
    expect(iso(periodWindow("day", late, "Europe/Lisbon", "pt-BR").start)).toBe("2026-11-26T00:00:00.000Z");
  });

  it("a day whose midnight does not exist (São Paulo, 4 Nov 2018) starts when the clock jumped", () => {
    const window = periodWindow("day", new Date("2018-11-04T15:00:00Z"), SP, "pt-BR");
    expect(iso(window.start)).toBe("2018-11-04T03:00:00.000Z");
    expect(window.end.getTime() - window.start.getTime()).toBe(23 * 3_600_000);
  });
});

describe("attendance", () => {
  it.each([
    [0, 0, null],
    [1, 0, 100],
    [0, 3, 0],
    [2, 1, 66.7],
    [10, 2, 83.3],
  ])("completed %i, no-show %i → %s %", (completed, noShow, expected) => {
    expect(attendanceRate(completed, noShow)).toBe(expected);
  });

  it("trend is the difference in points, only when both periods have a rate", () => {
    expect(attendanceTrend(83.3, 66.7)).toBe(16.6);
    expect(attendanceTrend(50, 75)).toBe(-25);
    expect(attendanceTrend(50, null)).toBeNull();
    expect(attendanceTrend(null, 50)).toBeNull();
  });

  it("an unknown period is the default week", () => {
    expect(toPracticePeriod("year")).toBe("week");
    expect(toPracticePeriod(null)).toBe("week");
    expect(toPracticePeriod("month")).toBe("month");
  });
});
