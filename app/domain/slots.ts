import { TZDate, tzOffset } from "@date-fns/tz";

/**
 * Bookable slots from a psychologist's agenda. Pure: every input is passed in.
 *
 * Availability is wall-clock time in the psychologist's zone (decision 004);
 * slots come out as instants. Wall times are turned into instants here, with
 * the zone's own offsets, so DST days are right: a start that does not exist
 * (spring-forward gap) is skipped, an ambiguous one (fall-back) is its first
 * occurrence, and a slot lasts its real duration in minutes.
 */

export interface WeeklyBlock {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 'HH:MM' or 'HH:MM:SS', wall-clock in the psychologist's zone. */
  startTime: string;
  endTime: string;
}

export interface DatedBlock {
  /** Calendar day in the psychologist's zone, 'yyyy-MM-dd'. */
  date: string;
  startTime: string;
  endTime: string;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export type Slot = Interval;

/** Starts fall on this grid, measured from the start of their block. */
export const SLOT_GRID_MINUTES = 30;
export const DEFAULT_MIN_NOTICE_MINUTES = 120;

const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;

export interface AgendaInput {
  weeklyBlocks: readonly WeeklyBlock[];
  datedBlocks?: readonly DatedBlock[];
  /** Days off, 'yyyy-MM-dd' in the psychologist's zone: the weekly blocks do not count on them (ADR 031). */
  daysOff?: readonly string[];
  /** The psychologist's IANA zone, e.g. 'America/Sao_Paulo'. */
  timeZone: string;
  /** Slot-holding appointments of the psychologist. */
  busy?: readonly Interval[];
  now: Date;
  /** A slot must start at least this long after `now` (default 2 h). */
  minNoticeMinutes?: number;
}

export interface SlotQuery extends AgendaInput {
  /** Calendar day in the psychologist's zone, 'yyyy-MM-dd'. */
  date: string;
  durationMinutes: number;
}

/** A range of minutes of one day, [start, end); end may be 1440 (24:00). */
export interface MinuteRange {
  start: number;
  end: number;
}

/** The free slots of one day, sorted by start. */
export function availableSlots(query: SlotQuery): Slot[] {
  const { date, durationMinutes, timeZone, now } = query;
  assertDuration(durationMinutes);
  assertTimeZone(timeZone);
  const earliestStart = now.getTime() + (query.minNoticeMinutes ?? DEFAULT_MIN_NOTICE_MINUTES) * MS_PER_MINUTE;
  const busy = query.busy ?? [];
  const step = slotStep(durationMinutes);
  const slots: Slot[] = [];

  for (const block of blocksForDate(query.weeklyBlocks, query.datedBlocks ?? [], date, query.daysOff ?? [])) {
    const blockEnd = boundaryInstant(date, block.end, timeZone);
    for (let minute = block.start; minute < block.end; minute += step) {
      const start = wallTimeToInstant(date, minute, timeZone);
      if (start === null) continue; // in a spring-forward gap: skipped, never shifted
      const end = new Date(start.getTime() + durationMinutes * MS_PER_MINUTE);
      if (end.getTime() > blockEnd.getTime()) break;
      if (start.getTime() < earliestStart) continue;
      if (busy.some((interval) => overlaps(interval, start, end))) continue;
      slots.push({ startsAt: start, endsAt: end });
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Starts step by the duration rounded up to the grid: 30 → 30, 50 and 60 → 60. */
export function slotStep(durationMinutes: number): number {
  return Math.ceil(durationMinutes / SLOT_GRID_MINUTES) * SLOT_GRID_MINUTES;
}

/**
 * The blocks of a calendar day: the weekly blocks of its weekday plus the dated
 * blocks of that date, merged where they overlap or touch. On a day off the
 * weekly pattern does not hold, but hours added for that very date still do,
 * so a psychologist can take the day off and open other hours in it (ADR 031).
 */
export function blocksForDate(
  weeklyBlocks: readonly WeeklyBlock[],
  datedBlocks: readonly DatedBlock[],
  date: string,
  daysOff: readonly string[] = [],
): MinuteRange[] {
  const weekday = daysOff.includes(date) ? -1 : weekdayOf(date);
  return mergeRanges([
    ...weeklyBlocks.filter((block) => block.weekday === weekday).map(toMinuteRange),
    ...datedBlocks.filter((block) => block.date === date).map(toMinuteRange),
  ]);
}

export function mergeRanges(ranges: readonly MinuteRange[]): MinuteRange[] {
  const sorted = ranges.filter((range) => range.start < range.end).sort((a, b) => a.start - b.start);
  const merged: MinuteRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

function overlaps(interval: Interval, start: Date, end: Date): boolean {
  // Half-open ranges: an appointment ending at 10:00 leaves a 10:00 start free.
  return interval.startsAt.getTime() < end.getTime() && interval.endsAt.getTime() > start.getTime();
}

// ---------------------------------------------------------------------------
// Wall-clock time ↔ instants

/**
 * The instant a wall-clock time of `date` shows in `timeZone`, or null when
 * that time does not exist there (skipped by a DST change). When it exists
 * twice (the clock went back), the first occurrence.
 */
export function wallTimeToInstant(date: string, minuteOfDay: number, timeZone: string): Date | null {
  const { year, month, day } = parseDate(date);
  // The wall time read as if it were UTC; Date.UTC carries 24:00 to the next day.
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  // The offsets in force around that time: one if no change is near, two on a DST day.
  const offsets = new Set(
    [-MINUTES_PER_DAY, 0, MINUTES_PER_DAY].map((shift) => tzOffset(timeZone, new Date(wallAsUtc + shift * MS_PER_MINUTE))),
  );
  const candidates = [...offsets]
    .map((offset) => wallAsUtc - offset * MS_PER_MINUTE)
    .filter((instant) => instant + tzOffset(timeZone, new Date(instant)) * MS_PER_MINUTE === wallAsUtc)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0]!) : null;
}

/**
 * Block boundaries always resolve: a boundary inside a gap becomes the moment
 * the clock jumped (the first wall minute after it that exists).
 */
function boundaryInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  for (let minute = minuteOfDay; minute <= minuteOfDay + MINUTES_PER_DAY; minute += 1) {
    const instant = wallTimeToInstant(date, minute, timeZone);
    if (instant) return instant;
  }
  throw new RangeError(`No instant for ${date} ${minuteOfDay} min in ${timeZone}`);
}

/** The first instant of a calendar day in `timeZone` (the moment the clock jumped, when midnight is in a gap). */
export function startOfDayInZone(date: string, timeZone: string): Date {
  return boundaryInstant(date, 0, timeZone);
}

/** The calendar day an instant falls on in `timeZone`, 'yyyy-MM-dd'. */
export function dateInZone(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return formatDate(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return formatDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** 0 = Sunday; a calendar day's weekday does not depend on any zone. */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

// ---------------------------------------------------------------------------
// Periods of the day, in the viewer's zone

export type DayPeriod = "morning" | "afternoon" | "evening";
export const DAY_PERIODS: readonly DayPeriod[] = ["morning", "afternoon", "evening"];

export function periodOfDay(instant: Date, viewerTimeZone: string): DayPeriod {
  const hour = new TZDate(instant.getTime(), viewerTimeZone).getHours();
  if (hour < 12) return "morning";
  if (hour < 18) return "afternoon";
  return "evening";
}

/** Slots grouped by the viewer's period of the day; each group keeps the input order. */
export function groupSlotsByPeriod<T extends Interval>(slots: readonly T[], viewerTimeZone: string): Record<DayPeriod, T[]> {
  const groups: Record<DayPeriod, T[]> = { morning: [], afternoon: [], evening: [] };
  for (const slot of slots) groups[periodOfDay(slot.startsAt, viewerTimeZone)].push(slot);
  return groups;
}

// ---------------------------------------------------------------------------
// Weekly hours ('Xh Ym/semana')

/** Minutes a week covered by the weekly blocks; overlapping blocks of a weekday count once. */
export function weeklyMinutes(blocks: readonly WeeklyBlock[]): number {
  let total = 0;
  for (let weekday = 0; weekday < 7; weekday += 1) {
    const ranges = mergeRanges(blocks.filter((block) => block.weekday === weekday).map(toMinuteRange));
    total += ranges.reduce((sum, range) => sum + range.end - range.start, 0);
  }
  return total;
}

export function formatWeeklyHours(totalMinutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.floor(totalMinutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

// ---------------------------------------------------------------------------
// Directory filters

export interface FreeSlotSearch extends AgendaInput {
  /** Default 30, the shortest offered consultation: the most starts. */
  durationMinutes?: number;
}

/** Whether some free slot starts in [from, to). */
export function hasFreeSlotBetween(search: FreeSlotSearch, from: Date, to: Date): boolean {
  if (to.getTime() <= from.getTime()) return false;
  const lastDate = dateInZone(to, search.timeZone);
  // A guard against a runaway range: the directory asks about hours, not months.
  for (let date = dateInZone(from, search.timeZone), days = 0; date <= lastDate && days < 62; date = addDays(date, 1), days += 1) {
    const slots = availableSlots({ ...search, date, durationMinutes: search.durationMinutes ?? SLOT_GRID_MINUTES });
    if (slots.some((slot) => slot.startsAt >= from && slot.startsAt < to)) return true;
  }
  return false;
}

/** Directory filter 'today': a bookable slot later today, today being the psychologist's. */
export function hasFreeSlotToday(search: FreeSlotSearch): boolean {
  const today = dateInZone(search.now, search.timeZone);
  const tomorrowStart = boundaryInstant(addDays(today, 1), 0, search.timeZone);
  return hasFreeSlotBetween(search, search.now, tomorrowStart);
}

/**
 * Directory filter 'online': a free slot starting within the next hour. The
 * booking notice would make that impossible, so it defaults to none here.
 */
export function hasFreeSlotWithinNextHour(search: FreeSlotSearch): boolean {
  const inOneHour = new Date(search.now.getTime() + 60 * MS_PER_MINUTE);
  return hasFreeSlotBetween({ ...search, minNoticeMinutes: search.minNoticeMinutes ?? 0 }, search.now, inOneHour);
}

// ---------------------------------------------------------------------------
// Parsing

const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Minutes since midnight of 'HH:MM[:SS]' (Postgres `time`, so '24:00' too).
 * Seconds round inwards: a start up to the next minute, an end down.
 */
export function parseTimeOfDay(time: string, round: "up" | "down" = "down"): number {
  const match = TIME.exec(time);
  const [hours, minutes, seconds] = [match?.[1], match?.[2], match?.[3] ?? "00"].map(Number) as [number, number, number];
  if (!match || hours > 24 || minutes > 59 || seconds > 59 || (hours === 24 && minutes + seconds > 0)) {
    throw new RangeError(`Invalid time of day: '${time}'`);
  }
  return hours * 60 + minutes + (round === "up" && seconds > 0 ? 1 : 0);
}

function toMinuteRange(block: { startTime: string; endTime: string }): MinuteRange {
  return { start: parseTimeOfDay(block.startTime, "up"), end: parseTimeOfDay(block.endTime, "down") };
}

/**
 * The years a date or month from outside (a URL, a form) may name. Dates
 * derived from one (a month grid's edges, the next day, a year ahead) stay
 * well inside the years `parseDate` reads.
 */
export const CALENDAR_YEARS = { first: 1900, last: 2999 } as const;

/** 'yyyy-MM-dd' naming a day that exists, in CALENDAR_YEARS: what every date parameter must be. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const parsed = readDate(value);
  return parsed !== null && parsed.year >= CALENDAR_YEARS.first && parsed.year <= CALENDAR_YEARS.last;
}

/** 'yyyy-MM' in CALENDAR_YEARS. */
export function isCalendarMonth(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;
}

/**
 * Years 1000–9999 only: Date.UTC reads 0–99 as 1900–1999, and 'yyyy' cannot
 * write 10000, so `formatDate`'s output would not read back.
 */
function readDate(date: string): { year: number; month: number; day: number } | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (year < 1000) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const parsed = readDate(date);
  if (!parsed) throw new RangeError(`Invalid calendar date: '${date}'`);
  return parsed;
}

function formatDate(year: number, month: number, day: number): string {
  // Never write a date parseDate would refuse to read back.
  if (year < 1000 || year > 9999) throw new RangeError(`Date out of range: year ${year}`);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function assertDuration(minutes: number) {
  if (!Number.isInteger(minutes) || minutes <= 0 || minutes > MINUTES_PER_DAY) {
    throw new RangeError(`Invalid duration: ${minutes}`);
  }
}

function assertTimeZone(timeZone: string) {
  if (Number.isNaN(tzOffset(timeZone, new Date(0)))) throw new RangeError(`Unknown time zone: '${timeZone}'`);
}
