import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  addDays,
  availableSlots,
  blocksForDate,
  dateInZone,
  formatWeeklyHours,
  groupSlotsByPeriod,
  hasFreeSlotBetween,
  hasFreeSlotToday,
  hasFreeSlotWithinNextHour,
  isCalendarDate,
  isCalendarMonth,
  parseTimeOfDay,
  periodOfDay,
  slotStep,
  startOfDayInZone,
  wallTimeToInstant,
  weekdayOf,
  weeklyMinutes,
  type DatedBlock,
  type Interval,
  type SlotQuery,
  type WeeklyBlock,
} from "./slots";

const SP = "America/Sao_Paulo"; // UTC−3 all year since 2019
const NY = "America/New_York";
const LISBON = "Europe/Lisbon";
const TOKYO = "Asia/Tokyo";

const MONDAY = "2025-03-03";
const TUESDAY = "2025-03-04";
const LONG_AGO = new Date("2000-01-01T00:00:00Z");

const weekly = (weekday: number, startTime: string, endTime: string): WeeklyBlock => ({ weekday, startTime, endTime });
const dated = (date: string, startTime: string, endTime: string): DatedBlock => ({ date, startTime, endTime });
const busy = (startsAt: string, endsAt: string): Interval => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) });

function query(overrides: Partial<SlotQuery>): SlotQuery {
  return { weeklyBlocks: [], timeZone: SP, date: MONDAY, durationMinutes: 60, now: LONG_AGO, ...overrides };
}

/** Slot starts as wall-clock 'HH:mm' in a zone. */
function starts(q: Partial<SlotQuery>, zone = q.timeZone ?? SP): string[] {
  return availableSlots(query(q)).map((slot) => format(new TZDate(slot.startsAt.getTime(), zone), "HH:mm"));
}

function isoStarts(q: Partial<SlotQuery>): string[] {
  return availableSlots(query(q)).map((slot) => slot.startsAt.toISOString());
}

describe("availableSlots: blocks and durations", () => {
  it("offers hourly slots inside a block as instants in the psychologist's zone", () => {
    const slots = availableSlots(query({ weeklyBlocks: [weekly(1, "09:00", "12:00")] }));
    expect(slots.map((slot) => [slot.startsAt.toISOString(), slot.endsAt.toISOString()])).toEqual([
      ["2025-03-03T12:00:00.000Z", "2025-03-03T13:00:00.000Z"],
      ["2025-03-03T13:00:00.000Z", "2025-03-03T14:00:00.000Z"],
      ["2025-03-03T14:00:00.000Z", "2025-03-03T15:00:00.000Z"],
    ]);
  });

  it("accepts Postgres time strings with seconds", () => {
    expect(starts({ weeklyBlocks: [weekly(1, "09:00:00", "11:00:00")] })).toEqual(["09:00", "10:00"]);
  });

  it("includes a slot that ends exactly at the block end", () => {
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "10:00")] })).toEqual(["09:00"]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "09:50")], durationMinutes: 50 })).toEqual(["09:00"]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "09:30")], durationMinutes: 30 })).toEqual(["09:00"]);
  });

  it("excludes a slot that would end past the block end", () => {
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "09:59")] })).toEqual([]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "09:45")], durationMinutes: 50 })).toEqual([]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "11:30")] })).toEqual(["09:00", "10:00"]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "11:30")], durationMinutes: 50 })).toEqual(["09:00", "10:00"]);
  });

  it("steps by the duration rounded up to the 30-minute grid", () => {
    const blocks = [weekly(1, "14:00", "16:00")];
    expect(starts({ weeklyBlocks: blocks, durationMinutes: 30 })).toEqual(["14:00", "14:30", "15:00", "15:30"]);
    expect(starts({ weeklyBlocks: blocks, durationMinutes: 50 })).toEqual(["14:00", "15:00"]);
    expect(starts({ weeklyBlocks: blocks, durationMinutes: 60 })).toEqual(["14:00", "15:00"]);
    expect([slotStep(30), slotStep(50), slotStep(60), slotStep(90)]).toEqual([30, 60, 60, 90]);
  });

  it("ends each slot after its real duration, not after the step", () => {
    const slots = availableSlots(query({ weeklyBlocks: [weekly(1, "14:00", "16:00")], durationMinutes: 50 }));
    expect(slots.map((slot) => slot.endsAt.getTime() - slot.startsAt.getTime())).toEqual([50 * 60_000, 50 * 60_000]);
  });

  it("measures the grid from the block start", () => {
    expect(starts({ weeklyBlocks: [weekly(1, "09:15", "11:15")] })).toEqual(["09:15", "10:15"]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:15", "10:15")], durationMinutes: 30 })).toEqual(["09:15", "09:45"]);
  });

  it("returns several blocks' slots sorted whatever the order of the blocks", () => {
    const blocks = [weekly(1, "18:00", "19:00"), weekly(1, "08:00", "09:00"), weekly(1, "13:00", "14:00")];
    expect(starts({ weeklyBlocks: blocks })).toEqual(["08:00", "13:00", "18:00"]);
  });

  it("merges blocks that touch, so a slot may span them", () => {
    const blocks = [weekly(1, "09:00", "09:30"), weekly(1, "09:30", "10:30")];
    expect(starts({ weeklyBlocks: blocks })).toEqual(["09:00"]);
  });

  it("merges overlapping blocks and measures the grid from the merged start", () => {
    const blocks = [weekly(1, "09:00", "09:45"), weekly(1, "09:30", "10:30")];
    expect(starts({ weeklyBlocks: blocks })).toEqual(["09:00"]);
    expect(blocksForDate(blocks, [], MONDAY)).toEqual([{ start: 540, end: 630 }]);
  });

  it("offers a slot once when the same block is given twice", () => {
    const q = { weeklyBlocks: [weekly(1, "09:00", "10:00")], datedBlocks: [dated(MONDAY, "09:00", "10:00")] };
    expect(starts(q)).toEqual(["09:00"]);
  });

  it("merges a dated block with the weekly blocks of its day", () => {
    const q = { weeklyBlocks: [weekly(1, "09:00", "10:00")], datedBlocks: [dated(MONDAY, "10:00", "11:00")] };
    expect(starts(q)).toEqual(["09:00", "10:00"]);
  });

  it("uses a dated block on a day without weekly blocks", () => {
    const q = { weeklyBlocks: [weekly(1, "09:00", "10:00")], datedBlocks: [dated(TUESDAY, "15:00", "17:00")], date: TUESDAY };
    expect(starts(q)).toEqual(["15:00", "16:00"]);
  });

  it("ignores blocks of other weekdays and other dates", () => {
    const q = { weeklyBlocks: [weekly(2, "09:00", "10:00")], datedBlocks: [dated(TUESDAY, "09:00", "10:00")] };
    expect(starts(q)).toEqual([]);
  });

  it("counts weekday 0 as Sunday", () => {
    expect(weekdayOf("2025-03-02")).toBe(0);
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf("2025-03-08")).toBe(6);
    expect(starts({ weeklyBlocks: [weekly(0, "10:00", "11:00")], date: "2025-03-02" })).toEqual(["10:00"]);
  });

  it("reads a block ending at 24:00 as the end of the day", () => {
    expect(starts({ weeklyBlocks: [weekly(1, "22:00", "24:00")] })).toEqual(["22:00", "23:00"]);
    expect(availableSlots(query({ weeklyBlocks: [weekly(1, "23:00", "24:00:00")] }))[0]?.endsAt.toISOString()).toBe("2025-03-04T03:00:00.000Z");
  });

  it("offers 48 half-hour slots in a whole day", () => {
    expect(starts({ weeklyBlocks: [weekly(1, "00:00", "24:00")], durationMinutes: 30 })).toHaveLength(48);
  });

  it("offers nothing without blocks", () => {
    expect(availableSlots(query({}))).toEqual([]);
  });
});

describe("availableSlots: days off (ADR 031)", () => {
  const week = [weekly(1, "09:00", "12:00"), weekly(2, "09:00", "11:00")];

  it("drops the weekly blocks of a day off, and only of that date", () => {
    expect(starts({ weeklyBlocks: week, daysOff: [MONDAY] })).toEqual([]);
    expect(starts({ weeklyBlocks: week, daysOff: [MONDAY], date: TUESDAY })).toEqual(["09:00", "10:00"]);
    // Next Monday, same weekday, is not off.
    expect(starts({ weeklyBlocks: week, daysOff: [MONDAY], date: "2025-03-10" })).toEqual(["09:00", "10:00", "11:00"]);
    expect(blocksForDate(week, [], MONDAY, [MONDAY])).toEqual([]);
  });

  it("keeps hours added for that very date, even where the weekly pattern had its own", () => {
    const q = { weeklyBlocks: week, datedBlocks: [dated(MONDAY, "14:00", "16:00"), dated(TUESDAY, "15:00", "16:00")], daysOff: [MONDAY] };
    expect(starts(q)).toEqual(["14:00", "15:00"]);
    // A dated block inside the weekly hours keeps only its own span.
    expect(starts({ weeklyBlocks: week, datedBlocks: [dated(MONDAY, "10:00", "11:00")], daysOff: [MONDAY] })).toEqual(["10:00"]);
  });

  it("changes nothing on a day without weekly hours", () => {
    const q = { weeklyBlocks: week, datedBlocks: [dated("2025-03-05", "08:00", "09:00")], date: "2025-03-05", daysOff: ["2025-03-05"] };
    expect(starts(q)).toEqual(["08:00"]);
    expect(starts({ ...q, daysOff: [] })).toEqual(["08:00"]);
  });

  it("is a calendar day of the practice's zone, wherever the practice is", () => {
    // Tokyo's Monday 09:00 is Sunday 00:00 UTC: the day off is Tokyo's Monday, not the UTC day.
    expect(isoStarts({ weeklyBlocks: [weekly(1, "09:00", "10:00")], timeZone: TOKYO })).toEqual(["2025-03-03T00:00:00.000Z"]);
    expect(isoStarts({ weeklyBlocks: [weekly(1, "09:00", "10:00")], timeZone: TOKYO, daysOff: [MONDAY] })).toEqual([]);
    expect(isoStarts({ weeklyBlocks: [weekly(1, "09:00", "10:00")], timeZone: TOKYO, daysOff: ["2025-03-02"] })).toEqual(["2025-03-03T00:00:00.000Z"]);
    // Lisbon and New York: a late-evening Monday block is Tuesday in UTC, and still Monday's to take off.
    expect(isoStarts({ weeklyBlocks: [weekly(1, "23:00", "24:00")], timeZone: NY, daysOff: [MONDAY] })).toEqual([]);
    expect(isoStarts({ weeklyBlocks: [weekly(1, "23:00", "24:00")], timeZone: NY, daysOff: [TUESDAY] })).toEqual(["2025-03-04T04:00:00.000Z"]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "10:00")], timeZone: LISBON, daysOff: [MONDAY] })).toEqual([]);
    expect(starts({ weeklyBlocks: [weekly(1, "09:00", "10:00")], timeZone: SP, daysOff: [MONDAY] })).toEqual([]);
  });

  it("reaches the directory's filters", () => {
    const now = new Date("2025-03-03T10:00:00Z"); // 07:00 in São Paulo
    const search = { weeklyBlocks: week, timeZone: SP, now };
    expect(hasFreeSlotToday(search)).toBe(true);
    expect(hasFreeSlotToday({ ...search, daysOff: [MONDAY] })).toBe(false);
    expect(hasFreeSlotToday({ ...search, daysOff: [MONDAY], datedBlocks: [dated(MONDAY, "18:00", "19:00")] })).toBe(true);
  });
});

describe("availableSlots: busy intervals", () => {
  const blocks = [weekly(1, "09:00", "12:00")]; // 12:00Z–15:00Z

  it("drops a slot a busy interval overlaps at its start", () => {
    expect(starts({ weeklyBlocks: blocks, busy: [busy("2025-03-03T11:30:00Z", "2025-03-03T12:15:00Z")] })).toEqual(["10:00", "11:00"]);
  });

  it("drops every slot a busy interval overlaps partially at its end", () => {
    expect(starts({ weeklyBlocks: blocks, busy: [busy("2025-03-03T12:45:00Z", "2025-03-03T13:15:00Z")] })).toEqual(["11:00"]);
  });

  it("drops a slot a short busy interval sits inside", () => {
    expect(starts({ weeklyBlocks: blocks, busy: [busy("2025-03-03T13:10:00Z", "2025-03-03T13:20:00Z")] })).toEqual(["09:00", "11:00"]);
  });

  it("drops a slot a long busy interval covers", () => {
    expect(starts({ weeklyBlocks: blocks, busy: [busy("2025-03-03T11:00:00Z", "2025-03-03T14:00:00Z")] })).toEqual(["11:00"]);
  });

  it("keeps slots that only touch busy intervals", () => {
    const q = {
      weeklyBlocks: blocks,
      busy: [busy("2025-03-03T11:00:00Z", "2025-03-03T12:00:00Z"), busy("2025-03-03T14:00:00Z", "2025-03-03T15:00:00Z")],
    };
    expect(starts(q)).toEqual(["09:00", "10:00"]);
  });

  it("lets a 30-minute slot fill the gap between two appointments", () => {
    const q = {
      weeklyBlocks: blocks,
      durationMinutes: 30,
      busy: [busy("2025-03-03T12:00:00Z", "2025-03-03T12:30:00Z"), busy("2025-03-03T13:00:00Z", "2025-03-03T15:00:00Z")],
    };
    expect(starts(q)).toEqual(["09:30"]);
  });

  it("ignores busy intervals on other days", () => {
    expect(starts({ weeklyBlocks: blocks, busy: [busy("2025-03-04T12:00:00Z", "2025-03-04T15:00:00Z")] })).toEqual(["09:00", "10:00", "11:00"]);
  });
});

describe("availableSlots: minimum notice", () => {
  const blocks = [weekly(1, "09:00", "12:00")];

  it("allows a slot starting exactly two hours from now", () => {
    expect(starts({ weeklyBlocks: blocks, now: new Date("2025-03-03T10:00:00Z") })).toEqual(["09:00", "10:00", "11:00"]);
  });

  it("refuses a slot starting a moment less than two hours from now", () => {
    expect(starts({ weeklyBlocks: blocks, now: new Date("2025-03-03T10:00:00.001Z") })).toEqual(["10:00", "11:00"]);
  });

  it("takes a custom notice", () => {
    const now = new Date("2025-03-03T12:00:00Z"); // 09:00 in São Paulo
    expect(starts({ weeklyBlocks: blocks, now, minNoticeMinutes: 0 })).toEqual(["09:00", "10:00", "11:00"]);
    expect(starts({ weeklyBlocks: blocks, now, minNoticeMinutes: 61 })).toEqual(["11:00"]);
  });

  it("offers nothing on a past day", () => {
    expect(starts({ weeklyBlocks: blocks, now: new Date("2025-03-10T00:00:00Z") })).toEqual([]);
  });
});

describe("availableSlots: time zones and DST", () => {
  it("builds instants in the psychologist's zone", () => {
    expect(isoStarts({ weeklyBlocks: [weekly(1, "09:00", "10:00")], timeZone: TOKYO })).toEqual(["2025-03-03T00:00:00.000Z"]);
    expect(isoStarts({ weeklyBlocks: [weekly(1, "09:00", "10:00")], timeZone: LISBON })).toEqual(["2025-03-03T09:00:00.000Z"]);
  });

  it("skips, never shifts, starts in New York's spring-forward gap", () => {
    const q = { timeZone: NY, date: "2024-03-10", weeklyBlocks: [weekly(0, "01:00", "04:00")], durationMinutes: 30 };
    expect(starts(q)).toEqual(["01:00", "01:30", "03:00", "03:30"]);
    expect(isoStarts(q)).toEqual(["2024-03-10T06:00:00.000Z", "2024-03-10T06:30:00.000Z", "2024-03-10T07:00:00.000Z", "2024-03-10T07:30:00.000Z"]);
  });

  it("keeps real durations across the spring-forward gap", () => {
    const slots = availableSlots(query({ timeZone: NY, date: "2024-03-10", weeklyBlocks: [weekly(0, "01:00", "04:00")] }));
    expect(slots.map((slot) => [slot.startsAt.toISOString(), slot.endsAt.toISOString()])).toEqual([
      ["2024-03-10T06:00:00.000Z", "2024-03-10T07:00:00.000Z"], // 01:00 EST → 03:00 EDT
      ["2024-03-10T07:00:00.000Z", "2024-03-10T08:00:00.000Z"], // 03:00 EDT → 04:00 EDT
    ]);
  });

  it("ends a block inside the gap where the clock jumped", () => {
    // 00:00–02:30 does not exist past 02:00: the block ends at 03:00 EDT (07:00Z).
    const q = { timeZone: NY, date: "2024-03-10", weeklyBlocks: [weekly(0, "00:00", "02:30")], durationMinutes: 30 };
    expect(isoStarts(q)).toEqual(["2024-03-10T05:00:00.000Z", "2024-03-10T05:30:00.000Z", "2024-03-10T06:00:00.000Z", "2024-03-10T06:30:00.000Z"]);
  });

  it("uses the first occurrence of a repeated hour when New York falls back", () => {
    const q = { timeZone: NY, date: "2024-11-03", weeklyBlocks: [weekly(0, "00:00", "03:00")] };
    expect(isoStarts(q)).toEqual(["2024-11-03T04:00:00.000Z", "2024-11-03T05:00:00.000Z", "2024-11-03T07:00:00.000Z"]);
    for (const slot of availableSlots(query(q))) expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(3_600_000);
  });

  it("skips Lisbon's missing hour on the last Sunday of March", () => {
    const q = { timeZone: LISBON, date: "2024-03-31", weeklyBlocks: [weekly(0, "00:00", "03:00")], durationMinutes: 30 };
    expect(starts(q)).toEqual(["00:00", "00:30", "02:00", "02:30"]);
    expect(isoStarts(q)).toEqual(["2024-03-31T00:00:00.000Z", "2024-03-31T00:30:00.000Z", "2024-03-31T01:00:00.000Z", "2024-03-31T01:30:00.000Z"]);
  });

  it("uses the first occurrence of Lisbon's repeated hour in October", () => {
    const q = { timeZone: LISBON, date: "2024-10-27", weeklyBlocks: [weekly(0, "01:00", "02:00")], durationMinutes: 30 };
    // 01:00 and 01:30 summer time; the second 01:xx (winter time) is not offered again.
    expect(isoStarts(q)).toEqual(["2024-10-27T00:00:00.000Z", "2024-10-27T00:30:00.000Z"]);
  });

  it("skips São Paulo's missing midnight hour of 2018-11-04", () => {
    const q = { date: "2018-11-04", weeklyBlocks: [weekly(0, "00:00", "02:00")], durationMinutes: 30 };
    expect(starts(q)).toEqual(["01:00", "01:30"]);
    expect(isoStarts(q)).toEqual(["2018-11-04T03:00:00.000Z", "2018-11-04T03:30:00.000Z"]);
    expect(starts({ ...q, weeklyBlocks: [weekly(0, "00:00", "24:00")] })).toHaveLength(46);
  });

  it("ends a São Paulo block at 24:00 on the eve of the gap at the jump", () => {
    const slots = availableSlots(query({ date: "2018-11-03", weeklyBlocks: [weekly(6, "23:00", "24:00")] }));
    expect(slots.map((slot) => [slot.startsAt.toISOString(), slot.endsAt.toISOString()])).toEqual([
      ["2018-11-04T02:00:00.000Z", "2018-11-04T03:00:00.000Z"],
    ]);
  });

  it("handles São Paulo's repeated 23:00 hour of 2019-02-16", () => {
    const q = { date: "2019-02-16", weeklyBlocks: [weekly(6, "22:00", "24:00")] };
    expect(isoStarts(q)).toEqual(["2019-02-17T00:00:00.000Z", "2019-02-17T01:00:00.000Z"]);
  });
});

describe("availableSlots: invalid input", () => {
  it.each([0, -30, 12.5, Number.NaN, 24 * 60 + 1])("refuses a duration of %s", (durationMinutes) => {
    expect(() => availableSlots(query({ durationMinutes }))).toThrow(RangeError);
  });
  it("refuses an unknown zone", () => {
    expect(() => availableSlots(query({ timeZone: "Mars/Olympus_Mons" }))).toThrow(RangeError);
  });
  it.each(["2025-02-30", "2025-3-3", "03/03/2025", ""])("refuses the date '%s'", (date) => {
    expect(() => availableSlots(query({ date }))).toThrow(RangeError);
  });
  it.each(["9:00", "25:00", "24:30", "12:60", "12:00:60", "noon"])("refuses the time '%s'", (time) => {
    expect(() => parseTimeOfDay(time)).toThrow(RangeError);
  });
  it("rounds seconds inwards", () => {
    expect(parseTimeOfDay("09:00:30", "up")).toBe(541);
    expect(parseTimeOfDay("09:00:30", "down")).toBe(540);
    expect(parseTimeOfDay("24:00")).toBe(1440);
  });
});

describe("wallTimeToInstant", () => {
  it("resolves an ordinary wall time", () => {
    expect(wallTimeToInstant("2025-07-01", 9 * 60, SP)?.toISOString()).toBe("2025-07-01T12:00:00.000Z");
    expect(wallTimeToInstant("2025-07-01", 9 * 60, LISBON)?.toISOString()).toBe("2025-07-01T08:00:00.000Z");
  });
  it("returns null inside a gap", () => {
    expect(wallTimeToInstant("2024-03-10", 2 * 60 + 30, NY)).toBeNull();
    expect(wallTimeToInstant("2018-11-04", 0, SP)).toBeNull();
  });
  it("returns the first of two occurrences", () => {
    expect(wallTimeToInstant("2024-11-03", 90, NY)?.toISOString()).toBe("2024-11-03T05:30:00.000Z");
  });
});

describe("calendar helpers", () => {
  it("reads the calendar day of an instant in a zone", () => {
    const instant = new Date("2025-03-04T02:00:00Z");
    expect(dateInZone(instant, SP)).toBe(MONDAY);
    expect(dateInZone(instant, TOKYO)).toBe(TUESDAY);
  });
  it("adds days across months and years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
  });
  it.each(["0000-01-01", "0099-12-31", "0999-01-01", "10000-01-01", "2025-02-30"])("refuses to read %s (Date.UTC takes 0–99 for 1900–1999)", (date) => {
    expect(() => addDays(date, 1)).toThrow(RangeError);
    expect(() => weekdayOf(date)).toThrow(RangeError);
    expect(() => startOfDayInZone(date, SP)).toThrow(RangeError);
  });
  it("never writes a date it cannot read back", () => {
    expect(addDays("9999-12-30", 1)).toBe("9999-12-31");
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(() => addDays("1000-01-01", -1)).toThrow(RangeError);
  });
  it.each([
    ["1900-01-01", true],
    ["2999-12-31", true],
    ["1899-12-31", false],
    ["3000-01-01", false],
    ["2024-02-29", true],
    ["2025-02-29", false],
  ])("isCalendarDate(%s) is %s", (date, expected) => expect(isCalendarDate(date)).toBe(expected));
  it.each([
    ["2999-12", true],
    ["1900-01", true],
    ["3000-01", false],
    ["1899-12", false],
    ["2025-13", false],
  ])("isCalendarMonth(%s) is %s", (month, expected) => expect(isCalendarMonth(month)).toBe(expected));
});

describe("periodOfDay", () => {
  const at = (iso: string) => new Date(iso);

  it.each([
    ["2025-03-03T03:00:00Z", "morning"], // 00:00
    ["2025-03-03T14:59:00Z", "morning"], // 11:59
    ["2025-03-03T15:00:00Z", "afternoon"], // 12:00
    ["2025-03-03T20:59:00Z", "afternoon"], // 17:59
    ["2025-03-03T21:00:00Z", "evening"], // 18:00
    ["2025-03-04T02:59:00Z", "evening"], // 23:59
  ] as const)("places %s in the %s in São Paulo", (iso, period) => {
    expect(periodOfDay(at(iso), SP)).toBe(period);
  });

  it("depends on the viewer's zone", () => {
    const instant = at("2025-03-03T14:00:00Z"); // 11:00 São Paulo, 14:00 Lisbon, 23:00 Tokyo
    expect(periodOfDay(instant, SP)).toBe("morning");
    expect(periodOfDay(instant, LISBON)).toBe("afternoon");
    expect(periodOfDay(instant, TOKYO)).toBe("evening");
  });
});

describe("groupSlotsByPeriod", () => {
  const slots = availableSlots(query({ weeklyBlocks: [weekly(1, "08:00", "21:00")] })); // 08:00 … 20:00 in São Paulo

  it("groups by the psychologist's own periods", () => {
    const groups = groupSlotsByPeriod(slots, SP);
    expect([groups.morning.length, groups.afternoon.length, groups.evening.length]).toEqual([4, 6, 3]);
  });

  it("groups by a Tokyo viewer's periods", () => {
    // São Paulo 08:00–11:00 is 20:00–23:00 in Tokyo, 12:00–20:00 is 00:00–08:00 next day.
    const groups = groupSlotsByPeriod(slots, TOKYO);
    expect(groups.evening.map((slot) => format(new TZDate(slot.startsAt.getTime(), TOKYO), "HH:mm"))).toEqual(["20:00", "21:00", "22:00", "23:00"]);
    expect(groups.morning).toHaveLength(9);
    expect(groups.afternoon).toEqual([]);
  });

  it("groups by a Lisbon viewer's periods", () => {
    // Lisbon is three hours ahead in March: 08:00 São Paulo is 11:00 there.
    const groups = groupSlotsByPeriod(slots, LISBON);
    expect([groups.morning.length, groups.afternoon.length, groups.evening.length]).toEqual([1, 6, 6]);
  });

  it("returns three empty groups for no slots", () => {
    expect(groupSlotsByPeriod([], SP)).toEqual({ morning: [], afternoon: [], evening: [] });
  });
});

describe("weekly hours", () => {
  it("sums the weekly blocks", () => {
    expect(weeklyMinutes([weekly(1, "09:00", "12:00"), weekly(3, "14:00", "15:30")])).toBe(270);
  });
  it("counts overlapping blocks of a weekday once", () => {
    expect(weeklyMinutes([weekly(1, "09:00", "12:00"), weekly(1, "11:00", "13:00")])).toBe(240);
  });
  it("counts the same hours on different weekdays separately", () => {
    expect(weeklyMinutes([weekly(1, "09:00", "10:00"), weekly(2, "09:00", "10:00")])).toBe(120);
  });
  it("is zero without blocks", () => expect(weeklyMinutes([])).toBe(0));
  it.each([
    [270, { hours: 4, minutes: 30 }],
    [60, { hours: 1, minutes: 0 }],
    [45, { hours: 0, minutes: 45 }],
    [0, { hours: 0, minutes: 0 }],
  ])("formats %i minutes", (minutes, expected) => {
    expect(formatWeeklyHours(minutes)).toEqual(expected);
  });
});

describe("directory filters", () => {
  const afternoon = [weekly(1, "14:00", "18:00")]; // 17:00Z–21:00Z
  const search = (now: string, weeklyBlocks: WeeklyBlock[] = afternoon, extra: Partial<SlotQuery> = {}) => ({
    weeklyBlocks,
    timeZone: SP,
    now: new Date(now),
    ...extra,
  });

  describe("today", () => {
    it("finds a bookable slot later today", () => {
      expect(hasFreeSlotToday(search("2025-03-03T13:00:00Z"))).toBe(true);
    });
    it("respects the booking notice", () => {
      expect(hasFreeSlotToday(search("2025-03-03T19:30:00Z"))).toBe(false); // 16:30: 17:00 is too soon
      expect(hasFreeSlotToday(search("2025-03-03T18:00:00Z"))).toBe(true); // 15:00: 17:00 is exactly 2 h away
    });
    it("is false when every slot is taken", () => {
      expect(hasFreeSlotToday(search("2025-03-03T13:00:00Z", afternoon, { busy: [busy("2025-03-03T17:00:00Z", "2025-03-03T21:00:00Z")] }))).toBe(false);
    });
    it("counts today in the psychologist's zone, not UTC", () => {
      // 23:00 Monday in São Paulo is already Tuesday in UTC; Tuesday's block is not 'today'.
      expect(hasFreeSlotToday(search("2025-03-04T02:00:00Z", [weekly(2, "09:00", "12:00")]))).toBe(false);
    });
    it("does not count tomorrow", () => {
      expect(hasFreeSlotToday(search("2025-03-03T13:00:00Z", [weekly(2, "09:00", "12:00")]))).toBe(false);
    });
  });

  describe("within the next hour", () => {
    it("finds a slot starting in twenty minutes", () => {
      expect(hasFreeSlotWithinNextHour(search("2025-03-03T16:40:00Z"))).toBe(true);
    });
    it("finds a slot starting right now", () => {
      expect(hasFreeSlotWithinNextHour(search("2025-03-03T17:00:00Z"))).toBe(true);
    });
    it("excludes a slot starting exactly an hour from now", () => {
      expect(hasFreeSlotWithinNextHour(search("2025-03-03T16:00:00Z"))).toBe(false);
      expect(hasFreeSlotWithinNextHour(search("2025-03-03T16:00:00.001Z"))).toBe(true);
    });
    it("is false when the next slot is taken", () => {
      expect(hasFreeSlotWithinNextHour(search("2025-03-03T16:40:00Z", afternoon, { busy: [busy("2025-03-03T17:00:00Z", "2025-03-03T18:00:00Z")] }))).toBe(false);
    });
    it("finds the next 30-minute start inside a running block", () => {
      // 17:10 São Paulo: 17:30 is the next start on the grid; 17:00 has passed.
      expect(hasFreeSlotWithinNextHour(search("2025-03-03T20:10:00Z"))).toBe(true);
    });
    it("is false after the last slot", () => {
      expect(hasFreeSlotWithinNextHour(search("2025-03-03T20:31:00Z"))).toBe(false);
    });
  });

  describe("between two instants", () => {
    it("looks across several of the psychologist's days", () => {
      const q = search("2025-03-01T00:00:00Z", [weekly(2, "09:00", "10:00")]);
      expect(hasFreeSlotBetween(q, new Date("2025-03-03T23:00:00Z"), new Date("2025-03-05T03:00:00Z"))).toBe(true);
      expect(hasFreeSlotBetween(q, new Date("2025-03-04T12:30:01Z"), new Date("2025-03-05T03:00:00Z"))).toBe(false);
    });
    it("is false for an empty range", () => {
      const q = search("2025-03-01T00:00:00Z");
      expect(hasFreeSlotBetween(q, new Date("2025-03-03T17:00:00Z"), new Date("2025-03-03T17:00:00Z"))).toBe(false);
    });
    it("uses the given duration", () => {
      const q = search("2025-03-01T00:00:00Z", [weekly(1, "14:00", "14:30")]);
      const range = [new Date("2025-03-03T00:00:00Z"), new Date("2025-03-04T00:00:00Z")] as const;
      expect(hasFreeSlotBetween(q, ...range)).toBe(true);
      expect(hasFreeSlotBetween({ ...q, durationMinutes: 60 }, ...range)).toBe(false);
    });
  });
});
