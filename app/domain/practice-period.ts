import { addDays, dateInZone, startOfDayInZone } from "./slots";
import { startOfWeek } from "./week-start";

/**
 * The overview's periods (spec 02: Dia, Semana, Mês; default week), as
 * calendar periods of the psychologist's zone: today, the week (from the
 * first day of the viewer's language's week, ADR 030),
 * the month. The trend compares with the period just before, of the same kind.
 */

export const PRACTICE_PERIODS = ["day", "week", "month"] as const;
export type PracticePeriod = (typeof PRACTICE_PERIODS)[number];
export const DEFAULT_PRACTICE_PERIOD: PracticePeriod = "week";

export function toPracticePeriod(value: string | null | undefined): PracticePeriod {
  return PRACTICE_PERIODS.includes(value as PracticePeriod) ? (value as PracticePeriod) : DEFAULT_PRACTICE_PERIOD;
}

export interface PeriodWindow {
  /** [start, end) of the current period, and the start of the previous one (which ends at `start`). */
  start: Date;
  end: Date;
  previousStart: Date;
}

function firstDays(period: PracticePeriod, today: string, locale: string): { first: string; next: string; previous: string } {
  switch (period) {
    case "day":
      return { first: today, next: addDays(today, 1), previous: addDays(today, -1) };
    case "week": {
      const first = startOfWeek(today, locale);
      return { first, next: addDays(first, 7), previous: addDays(first, -7) };
    }
    case "month": {
      const [year, month] = today.split("-").map(Number) as [number, number];
      const first = `${today.slice(0, 7)}-01`;
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
      const previous = month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, "0")}-01`;
      return { first, next, previous };
    }
  }
}

export function periodWindow(period: PracticePeriod, now: Date, timeZone: string, locale: string): PeriodWindow {
  const days = firstDays(period, dateInZone(now, timeZone), locale);
  return {
    start: startOfDayInZone(days.first, timeZone),
    end: startOfDayInZone(days.next, timeZone),
    previousStart: startOfDayInZone(days.previous, timeZone),
  };
}

/** Attendance = completed ÷ (completed + no-show), in percent; null when nobody was expected. */
export function attendanceRate(completed: number, noShow: number): number | null {
  const expected = completed + noShow;
  return expected === 0 ? null : Math.round((completed / expected) * 1000) / 10;
}

/** The change against the previous period, in percentage points; null unless both rates exist. */
export function attendanceTrend(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : Math.round((current - previous) * 10) / 10;
}
