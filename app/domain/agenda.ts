import { addDays, blocksForDate, isCalendarDate, isCalendarMonth, mergeRanges, SLOT_GRID_MINUTES, type DatedBlock, type MinuteRange, type WeeklyBlock } from "./slots";
import { startOfWeek } from "./week-start";

/**
 * The 24-hour agenda's rules (spec 02, 'Agenda tab' and 'Time block'): times
 * on a 30-minute grid from 00:00 to 23:30, a block's start before its end, no
 * block overlapping another of its day, and a day's summary in periods and
 * 30-minute slots. Pure: the route and the model do the rest.
 */

/** 00:00, 00:30 … 23:30: the choices of the time-block dialog. */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: 48 }, (_, index) => minutesToTime(index * SLOT_GRID_MINUTES));

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** 'HH:MM' (or 'HH:MM:SS' as the database gives it) to minutes of the day; null when not a time. */
export function timeToMinutes(time: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::00)?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

export type BlockProblem = "missing" | "no_date" | "not_on_grid" | "start_after_end" | "past" | "conflict";

/**
 * Checks a new block against the spec's rules, in order. `others` are the
 * day's existing blocks (minutes); `today` is the psychologist's date.
 */
export function checkBlock(input: { date?: string | null; startTime?: string | null; endTime?: string | null; today?: string; others: readonly MinuteRange[] }): BlockProblem | { start: number; end: number } {
  if (input.date === undefined || input.date === null || input.date === "") return input.startTime || input.endTime ? "no_date" : "missing";
  if (!input.startTime || !input.endTime) return "missing";
  const start = timeToMinutes(input.startTime);
  const end = timeToMinutes(input.endTime);
  if (start === null || end === null || start % SLOT_GRID_MINUTES !== 0 || end % SLOT_GRID_MINUTES !== 0) return "not_on_grid";
  if (start >= end) return "start_after_end";
  if (input.today && input.date < input.today) return "past";
  if (input.others.some((other) => other.start < end && other.end > start)) return "conflict";
  return { start, end };
}

export interface DaySummary {
  /** Periods as the day offers them: overlapping or touching blocks count as one. */
  periods: MinuteRange[];
  /** 30-minute slots in the periods. */
  slots: number;
}

export function daySummary(weekly: readonly WeeklyBlock[], dated: readonly DatedBlock[], date: string, daysOff: readonly string[] = []): DaySummary {
  const periods = blocksForDate(weekly, dated, date, daysOff);
  return { periods, slots: periods.reduce((sum, period) => sum + Math.floor((period.end - period.start) / SLOT_GRID_MINUTES), 0) };
}

/** The 30-minute slots of some periods, as 'HH:MM - HH:MM'. */
export function slotLabels(periods: readonly MinuteRange[]): string[] {
  const labels: string[] = [];
  for (const period of mergeRanges(periods)) {
    for (let start = period.start; start + SLOT_GRID_MINUTES <= period.end; start += SLOT_GRID_MINUTES) {
      labels.push(`${minutesToTime(start)} - ${minutesToTime(start + SLOT_GRID_MINUTES)}`);
    }
  }
  return labels;
}

export interface MonthDay {
  date: string;
  inMonth: boolean;
}

/** The weeks of a month's calendar, from the locale's first day of the week (ADR 030), with the neighbouring months' days to fill them. */
export function monthGrid(month: string, locale: string): MonthDay[][] {
  const start = startOfWeek(`${month}-01`, locale);
  const weeks: MonthDay[][] = [];
  for (let date = start; ; ) {
    const week: MonthDay[] = [];
    for (let day = 0; day < 7; day += 1, date = addDays(date, 1)) week.push({ date, inMonth: date.startsWith(month) });
    weeks.push(week);
    if (!date.startsWith(month)) break;
  }
  return weeks;
}

export function shiftMonth(month: string, delta: number): string {
  const [year, monthIndex] = month.split("-").map(Number) as [number, number];
  const total = year * 12 + (monthIndex - 1) + delta;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

/** A month a URL may ask for: in CALENDAR_YEARS, so its grid and neighbours stay readable. */
export function isMonth(value: string | null | undefined): value is string {
  return isCalendarMonth(value);
}

/** A day a URL or form may name: one that exists, in CALENDAR_YEARS. */
export function isDate(value: string | null | undefined): value is string {
  return isCalendarDate(value);
}
