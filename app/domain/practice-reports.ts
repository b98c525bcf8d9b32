/**
 * The 'Relatórios' tab's rules (spec 02, 'Reports tab' and section 9): the
 * three report types, their formats, the date range (default the last 30
 * days, both dates required, start ≤ end, at most a year) and the file
 * names. Pure: 'today' is passed in, as a calendar day in the psychologist's zone.
 */

export const REPORT_TYPES = ["financial", "fiscal", "trends"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** PDF and Excel for all; CSV too for the fiscal report (what accountants import). */
export const REPORT_FORMATS = ["pdf", "excel", "csv"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function formatsFor(type: ReportType): ReportFormat[] {
  return type === "fiscal" ? ["pdf", "excel", "csv"] : ["pdf", "excel"];
}

export const DEFAULT_RANGE_DAYS = 30;
/** A year, a leap one included: 1 Jan to 31 Dec is allowed. */
export const MAX_RANGE_DAYS = 366;
export const PREVIEW_ROWS = 10;

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-mm-dd (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted: 2026-10-01 → 2026-10-31 is 31. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last 30 days, today included. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

export type RangeProblem = "fromRequired" | "toRequired" | "fromInvalid" | "toInvalid" | "order" | "tooLong";

/** What is wrong with a range, field by field; empty when it is fine. */
export function rangeProblems(from: string, to: string): Array<{ field: "from" | "to"; problem: RangeProblem }> {
  const problems: Array<{ field: "from" | "to"; problem: RangeProblem }> = [];
  if (from === "") problems.push({ field: "from", problem: "fromRequired" });
  else if (!isCalendarDay(from)) problems.push({ field: "from", problem: "fromInvalid" });
  if (to === "") problems.push({ field: "to", problem: "toRequired" });
  else if (!isCalendarDay(to)) problems.push({ field: "to", problem: "toInvalid" });
  if (problems.length > 0) return problems;
  if (from > to) return [{ field: "to", problem: "order" }];
  if (daysInRange(from, to) > MAX_RANGE_DAYS) return [{ field: "to", problem: "tooLong" }];
  return [];
}

const EXTENSIONS: Record<ReportFormat, string> = { pdf: "pdf", excel: "xlsx", csv: "csv" };

/** The file's extension; its name is translated (server:files.report, 'relatorio-fiscal-2026-10-01-a-2026-10-31'). */
export function reportExtension(format: ReportFormat): string {
  return EXTENSIONS[format];
}
