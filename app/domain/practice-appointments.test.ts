import { describe, expect, it } from "vitest";
import { consultationActions, hasFilters, listWindow, nextLabel, parseConsultationFilters, patientName } from "./practice-appointments";

const SP = "America/Sao_Paulo";
const params = (query: string) => new URLSearchParams(query);

describe("parseConsultationFilters", () => {
  const today = "2026-11-25";

  it("defaults to the whole list of this month, page 1", () => {
    expect(parseConsultationFilters(params(""), today)).toEqual({ view: "list", q: "", status: "all", period: "all", day: null, month: "2026-11", page: 1 });
  });

  it.each([
    ["view=calendar", { view: "calendar" }],
    ["view=grid", { view: "list" }],
    ["status=no_show", { status: "no_show" }],
    ["status=pending_reschedule", { status: "pending_reschedule" }],
    ["status=toString", { status: "all" }],
    ["status=scheduled", { status: "all" }],
    ["period=week", { period: "week" }],
    ["period=year", { period: "all" }],
    ["day=2026-12-03", { day: "2026-12-03", month: "2026-12" }],
    ["day=2026-02-30", { day: null, month: "2026-11" }],
    ["day=2026-12-03&month=2027-01", { day: "2026-12-03", month: "2027-01" }],
    ["month=2026-13", { month: "2026-11" }],
    // Outside the calendar's years, like any other bad value: back to this month.
    ["month=9999-12", { month: "2026-11" }],
    ["month=3000-01", { month: "2026-11" }],
    ["month=1899-12", { month: "2026-11" }],
    ["month=0000-01", { month: "2026-11" }],
    ["month=2999-12", { month: "2999-12" }],
    ["day=9999-12-31", { day: null, month: "2026-11" }],
    ["day=0000-01-01", { day: null, month: "2026-11" }],
    ["day=2999-12-31", { day: "2999-12-31", month: "2999-12" }],
    ["page=3", { page: 3 }],
    ["page=0", { page: 1 }],
    ["page=-2", { page: 1 }],
    ["page=1.5", { page: 1 }],
    ["page=abc", { page: 1 }],
    ["page=99999999", { page: 1 }],
    ["q=%20%20Ana%20", { q: "Ana" }],
  ])("reads %s", (query, expected) => {
    expect(parseConsultationFilters(params(query), today)).toMatchObject(expected);
  });

  it("cuts a long search to 100 characters", () => {
    expect(parseConsultationFilters(params(`q=${"a".repeat(300)}`), today).q).toHaveLength(100);
  });
});

describe("hasFilters", () => {
  const base = parseConsultationFilters(params(""), "2026-11-25");
  it.each([
    [{}, false],
    [{ q: "ana" }, true],
    [{ status: "completed" as const }, true],
    [{ period: "today" as const }, true],
    // The period is hidden while a day is chosen: it does not count then.
    [{ period: "today" as const, day: "2026-11-26" }, false],
    [{ day: "2026-11-26" }, false],
  ])("%j → %s", (changes, expected) => {
    expect(hasFilters({ ...base, ...changes })).toBe(expected);
  });
});

describe("listWindow", () => {
  // Wednesday 25 November 2026, 10:00 in São Paulo (13:00 UTC).
  const now = new Date("2026-11-25T13:00:00Z");

  it("has no bounds for the whole list", () => {
    expect(listWindow({ day: null, period: "all" }, now, SP, "pt-BR")).toBeNull();
  });

  it.each([
    ["today", "2026-11-25T03:00:00.000Z", "2026-11-26T03:00:00.000Z"],
    ["week", "2026-11-22T03:00:00.000Z", "2026-11-29T03:00:00.000Z"],
    ["month", "2026-11-01T03:00:00.000Z", "2026-12-01T03:00:00.000Z"],
  ] as const)("%s runs in the psychologist's calendar, the week from Sunday in pt-BR", (period, start, end) => {
    const window = listWindow({ day: null, period }, now, SP, "pt-BR")!;
    expect(window.start.toISOString()).toBe(start);
    expect(window.end.toISOString()).toBe(end);
  });

  it.each([
    ["pt-BR", "2026-11-22T03:00:00.000Z", "2026-11-29T03:00:00.000Z"],
    ["hi", "2026-11-22T03:00:00.000Z", "2026-11-29T03:00:00.000Z"],
    ["ru", "2026-11-23T03:00:00.000Z", "2026-11-30T03:00:00.000Z"],
    ["zh-CN", "2026-11-23T03:00:00.000Z", "2026-11-30T03:00:00.000Z"],
    ["ar", "2026-11-21T03:00:00.000Z", "2026-11-28T03:00:00.000Z"],
  ])("'Esta Semana' in %s runs from the language's first day of the week (ADR 030)", (locale, start, end) => {
    const window = listWindow({ day: null, period: "week" }, now, SP, locale)!;
    expect([window.start.toISOString(), window.end.toISOString()]).toEqual([start, end]);
  });

  it("takes a chosen day over the period", () => {
    const window = listWindow({ day: "2026-12-31", period: "week" }, now, SP, "pt-BR")!;
    expect([window.start.toISOString(), window.end.toISOString()]).toEqual(["2026-12-31T03:00:00.000Z", "2027-01-01T03:00:00.000Z"]);
  });

  it("reads the last day the calendar accepts and the day after it", () => {
    const window = listWindow({ day: "2999-12-31", period: "all" }, now, SP, "pt-BR")!;
    expect([window.start.toISOString(), window.end.toISOString()]).toEqual(["2999-12-31T03:00:00.000Z", "3000-01-01T03:00:00.000Z"]);
  });

  it("crosses the year in December", () => {
    const window = listWindow({ day: null, period: "month" }, new Date("2026-12-20T12:00:00Z"), SP, "pt-BR")!;
    expect(window.end.toISOString()).toBe("2027-01-01T03:00:00.000Z");
  });

  it("follows the zone: late on Saturday in São Paulo is already Sunday in Lisbon", () => {
    const saturdayNight = new Date("2026-11-29T01:30:00Z");
    expect(listWindow({ day: null, period: "week" }, saturdayNight, SP, "pt-BR")!.start.toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(listWindow({ day: null, period: "week" }, saturdayNight, "Europe/Lisbon", "pt-BR")!.start.toISOString()).toBe("2026-11-29T00:00:00.000Z");
  });

  it("keeps a day's length through a change of clocks (New York, 1 November 2026)", () => {
    const window = listWindow({ day: "2026-11-01", period: "all" }, now, "America/New_York", "pt-BR")!;
    expect((window.end.getTime() - window.start.getTime()) / 3_600_000).toBe(25);
  });
});

describe("nextLabel", () => {
  const now = new Date("2026-11-25T13:00:00Z");
  it.each([
    ["2026-11-25T20:30:00Z", { day: "today", time: "17:30" }],
    ["2026-11-26T02:59:00Z", { day: "today", time: "23:59" }],
    ["2026-11-26T03:00:00Z", { day: "tomorrow", time: "00:00" }],
    ["2026-11-26T12:00:00Z", { day: "tomorrow", time: "09:00" }],
    ["2026-11-27T12:00:00Z", { day: "date", date: "27/11", time: "09:00" }],
    ["2027-01-02T11:05:00Z", { day: "date", date: "02/01", time: "08:05" }],
  ])("labels %s in São Paulo", (startsAt, expected) => {
    expect(nextLabel(new Date(startsAt), now, SP)).toEqual(expected);
  });

  it("uses the psychologist's zone, not UTC", () => {
    expect(nextLabel(new Date("2026-11-26T01:00:00Z"), now, SP)).toEqual({ day: "today", time: "22:00" });
    expect(nextLabel(new Date("2026-11-26T01:00:00Z"), now, "Europe/Lisbon")).toEqual({ day: "tomorrow", time: "01:00" });
  });
});

describe("consultationActions", () => {
  const startsAt = new Date("2026-11-25T13:00:00Z");
  const endsAt = new Date("2026-11-25T13:50:00Z");
  const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000);
  const room = "https://acolhe.daily.co/room";

  it.each([
    ["confirmed", room, -16, false, false, true],
    ["confirmed", room, -15, true, false, true],
    ["confirmed", room, -1, true, false, true],
    ["confirmed", room, 0, true, true, false],
    ["confirmed", room, 65, true, true, false],
    ["confirmed", room, 66, false, true, false],
    ["confirmed", null, 5, false, true, false],
    ["pending_payment", room, -60, false, false, false],
    ["scheduled", room, -60, false, false, true],
    ["pending_reschedule", room, -60, false, false, true],
    ["pending_reschedule", room, 5, false, false, false],
    ["completed", room, 5, false, false, false],
    ["cancelled", room, -60, false, false, false],
    ["no_show", room, 5, false, false, false],
  ] as const)("%s, room %s, %i min from the start → join %s, no-show %s, cancel %s", (status, videoRoomUrl, minutes, canJoin, canMarkNoShow, canCancel) => {
    expect(consultationActions({ status, startsAt, endsAt, videoRoomUrl }, at(minutes))).toEqual({ canJoin, canMarkNoShow, canCancel });
  });
});

describe("patientName", () => {
  it.each([
    [{ firstName: "Ana", lastName: "Lima", email: "a@x.br" }, "Ana Lima"],
    [{ firstName: "Ana", lastName: "", email: "a@x.br" }, "Ana"],
    [{ firstName: "", lastName: null, email: "a@x.br" }, "a@x.br"],
    [{ firstName: null, lastName: null }, ""],
  ])("%j → %s", (person, expected) => {
    expect(patientName(person)).toBe(expected);
  });
});
