import { describe, expect, it } from "vitest";
import { checkBlock, daySummary, isDate, isMonth, monthGrid, shiftMonth, slotLabels, TIME_OPTIONS, timeToMinutes } from "./agenda";

describe("time options", () => {
  it("are 00:00 to 23:30 in 30-minute steps", () => {
    expect(TIME_OPTIONS).toHaveLength(48);
    expect(TIME_OPTIONS[0]).toBe("00:00");
    expect(TIME_OPTIONS[1]).toBe("00:30");
    expect(TIME_OPTIONS.at(-1)).toBe("23:30");
  });
  it.each([
    ["09:30", 570],
    ["09:30:00", 570],
    ["23:30", 1410],
    ["24:00", null],
    ["9:30", null],
    ["09:61", null],
    ["abc", null],
  ])("%s is %s minutes", (time, minutes) => expect(timeToMinutes(time)).toBe(minutes));
});

describe("a new block", () => {
  const base = { date: "2026-12-01", today: "2026-11-25", others: [] };
  it.each([
    [{ date: "", startTime: "", endTime: "" }, "missing"],
    [{ date: "", startTime: "09:00", endTime: "10:00" }, "no_date"],
    [{ startTime: "09:00", endTime: "" }, "missing"],
    [{ startTime: "09:15", endTime: "10:00" }, "not_on_grid"],
    [{ startTime: "09:00", endTime: "10:10" }, "not_on_grid"],
    [{ startTime: "10:00", endTime: "10:00" }, "start_after_end"],
    [{ startTime: "11:00", endTime: "10:00" }, "start_after_end"],
    [{ date: "2026-11-24", startTime: "09:00", endTime: "10:00" }, "past"],
    [{ startTime: "09:00", endTime: "10:00", others: [{ start: 570, end: 630 }] }, "conflict"],
  ])("%o is refused: %s", (change, problem) => {
    expect(checkBlock({ ...base, ...change })).toBe(problem);
  });
  it("touching another block is fine; today is fine", () => {
    expect(checkBlock({ ...base, startTime: "10:00", endTime: "12:00", others: [{ start: 540, end: 600 }] })).toEqual({ start: 600, end: 720 });
    expect(checkBlock({ ...base, date: "2026-11-25", startTime: "08:00", endTime: "08:30" })).toEqual({ start: 480, end: 510 });
  });
});

describe("a day's summary", () => {
  it("merges weekly and dated blocks into periods and counts 30-minute slots", () => {
    const weekly = [{ weekday: 2, startTime: "09:00", endTime: "12:00" }];
    const dated = [
      { date: "2026-12-01", startTime: "11:00", endTime: "13:00" },
      { date: "2026-12-01", startTime: "18:00", endTime: "19:30" },
    ];
    const summary = daySummary(weekly, dated, "2026-12-01"); // a Tuesday
    expect(summary.periods).toEqual([
      { start: 540, end: 780 },
      { start: 1080, end: 1170 },
    ]);
    expect(summary.slots).toBe(11);
    expect(slotLabels(summary.periods).slice(0, 2)).toEqual(["09:00 - 09:30", "09:30 - 10:00"]);
    expect(slotLabels(summary.periods).at(-1)).toBe("19:00 - 19:30");
    expect(daySummary(weekly, dated, "2026-12-02")).toEqual({ periods: [], slots: 0 });
  });

  it("leaves the weekly blocks out of a day off, keeping the day's own (ADR 031)", () => {
    const weekly = [{ weekday: 2, startTime: "09:00", endTime: "12:00" }];
    const dated = [{ date: "2026-12-01", startTime: "11:00", endTime: "13:00" }];
    expect(daySummary(weekly, dated, "2026-12-01", ["2026-12-01"])).toEqual({ periods: [{ start: 660, end: 780 }], slots: 4 });
    expect(daySummary(weekly, [], "2026-12-01", ["2026-12-01"])).toEqual({ periods: [], slots: 0 });
    // Another Tuesday is not off.
    expect(daySummary(weekly, [], "2026-12-08", ["2026-12-01"]).slots).toBe(6);
  });
});

describe("the month grid", () => {
  it("runs Sunday to Saturday in pt-BR and fills with neighbouring days", () => {
    const weeks = monthGrid("2026-11", "pt-BR"); // 1 Nov 2026 is a Sunday
    expect(weeks[0]![0]).toEqual({ date: "2026-11-01", inMonth: true });
    expect(weeks.at(-1)!.at(-1)).toEqual({ date: "2026-12-05", inMonth: false });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    const december = monthGrid("2026-12", "pt-BR");
    expect(december[0]![0]).toEqual({ date: "2026-11-29", inMonth: false });
    expect(december[0]![2]).toEqual({ date: "2026-12-01", inMonth: true });
  });
  // The grid's first and last cells, and its number of weeks.
  const shape = (month: string, locale: string) => {
    const weeks = monthGrid(month, locale);
    return { first: weeks[0]![0]!.date, rows: weeks.length, last: weeks.at(-1)!.at(-1)!.date };
  };

  it.each([
    // A month that starts on the locale's first day of the week opens with its 1st.
    ["2026-11", "pt-BR", "2026-11-01", 5, "2026-12-05"], // Sunday 1 November
    ["2026-06", "ru", "2026-06-01", 5, "2026-07-05"], // Monday 1 June
    ["2026-08", "ar", "2026-08-01", 5, "2026-09-04"], // Saturday 1 August
    // A month that starts the day before it has six days of the month before.
    ["2026-08", "pt-BR", "2026-07-26", 6, "2026-09-05"], // Saturday 1 August
    ["2026-11", "ru", "2026-10-26", 6, "2026-12-06"], // Sunday 1 November
    ["2026-05", "ar", "2026-04-25", 6, "2026-06-05"], // Friday 1 May
    // February of a common year fits four rows when it starts on the locale's first day, and only then.
    ["2026-02", "pt-BR", "2026-02-01", 4, "2026-02-28"],
    ["2026-02", "ru", "2026-01-26", 5, "2026-03-01"],
    ["2027-02", "de", "2027-02-01", 4, "2027-02-28"],
    ["2027-02", "pt-BR", "2027-01-31", 5, "2027-03-06"],
    ["2031-02", "ar", "2031-02-01", 4, "2031-02-28"],
    ["2031-02", "zh-CN", "2031-01-27", 5, "2031-03-02"],
  ])("%s in %s opens on %s, in %i weeks to %s", (month, locale, first, rows, last) => {
    const grid = shape(month, locale);
    expect(grid.first).toBe(first);
    expect(grid.rows).toBe(rows);
    expect(grid.last).toBe(last);
  });

  it.each(["pt-BR", "pt-PT", "en", "hi", "es", "fr", "de", "it", "ru", "zh-CN", "ar"])("in %s every week starts on the language's first day and the month is whole", (locale) => {
    const first = { "pt-BR": 0, "pt-PT": 0, en: 0, hi: 0, ar: 6 }[locale] ?? 1;
    for (const month of ["2026-02", "2026-05", "2026-11", "2027-02"]) {
      const weeks = monthGrid(month, locale);
      expect(weeks.every((week) => week.length === 7 && new Date(`${week[0]!.date}T12:00:00Z`).getUTCDay() === first)).toBe(true);
      const inMonth = weeks.flat().filter((day) => day.inMonth);
      expect(inMonth[0]!.date).toBe(`${month}-01`);
      expect(weeks.at(-1)!.some((day) => day.inMonth)).toBe(true);
    }
  });

  it("shifts months across years and validates dates", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(isDate("2026-02-29")).toBe(false);
    expect(isDate("2028-02-29")).toBe(true);
  });
});

describe("the calendar's years (1900–2999, one range for every date and month parameter)", () => {
  it.each([
    "1900-01-01",
    "1999-12-31",
    "2000-02-29",
    "2025-02-28",
    "2999-12-31",
  ])("%s is a date", (value) => expect(isDate(value)).toBe(true));
  it.each([
    "1899-12-31",
    "0000-01-01",
    "0099-06-15",
    "0999-12-31",
    "3000-01-01",
    "9999-12-31",
    "10000-01-01",
    "2025-02-30",
    "2025-04-31",
    "2100-02-29",
    "2025-00-10",
    "2025-13-01",
    "2025-01-00",
    "2025-1-01",
    "+02025-01-01",
    " 2025-01-01",
    "2025-01-01T00:00",
    "",
    null,
    undefined,
  ])("%s is not a date", (value) => expect(isDate(value)).toBe(false));
  it.each(["1900-01", "2025-02", "2999-12"])("%s is a month", (value) => expect(isMonth(value)).toBe(true));
  it.each(["1899-12", "0000-01", "0050-01", "3000-01", "9999-12", "10000-01", "2025-00", "2025-13", "2025-1", "garbage", "", null])(
    "%s is not a month",
    (value) => expect(isMonth(value)).toBe(false),
  );
  it.each(["1900-01", "1900-02", "2999-11", "2999-12"])("every accepted edge month %s has a grid and neighbours", (month) => {
    const weeks = monthGrid(month, "pt-BR");
    expect(weeks.flat().filter((day) => day.inMonth)[0]!.date).toBe(`${month}-01`);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(isMonth(shiftMonth(month, -1)) || shiftMonth(month, -1) === "1899-12").toBe(true);
  });
});
