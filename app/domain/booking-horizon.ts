import { addDays, dateInZone } from "./slots";

/**
 * How far ahead a consultation may be booked or moved: to the end of the
 * sixth month after the current one (booking step 2's calendar). The server
 * holds every booking and every reschedule proposal to it, so a form sent by
 * hand cannot book, nor move a paid consultation, years ahead.
 */

export const BOOKING_HORIZON_MONTHS = 6;

/** The zone whose calendar is furthest ahead (UTC+14): no viewer's 'today' is later than its. */
const FURTHEST_AHEAD_ZONE = "Pacific/Kiritimati";

/** The last day (yyyy-mm-dd) of the horizon's month, counted from `today` (yyyy-mm-dd). */
export function lastBookableDate(today: string): string {
  const [year, month] = today.split("-").map(Number) as [number, number];
  // Day 0 of the month after the horizon's month is the horizon month's last day.
  const firstAfter = new Date(Date.UTC(year, month - 1 + BOOKING_HORIZON_MONTHS + 1, 1));
  return addDays(firstAfter.toISOString().slice(0, 10), -1);
}

/**
 * The last day any viewer's calendar offers, wherever they are: what the
 * server accepts, so it never refuses a day a viewer ahead of the
 * psychologist's zone was shown.
 */
export function lastBookableDateAnywhere(now: Date): string {
  return lastBookableDate(dateInZone(now, FURTHEST_AHEAD_ZONE));
}
