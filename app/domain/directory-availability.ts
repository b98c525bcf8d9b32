import { DEFAULT_MIN_NOTICE_MINUTES, hasFreeSlotBetween, hasFreeSlotToday, SLOT_GRID_MINUTES, type FreeSlotSearch } from "./slots";

/**
 * The directory's availability filters in plain TypeScript, over the same
 * slot rules as booking (app/domain/slots.ts). The directory's SQL
 * (app/models/directory.server.ts) computes the same answers in the
 * database; a test keeps the two in step.
 *
 * 'online' — the spec's "a free slot starting within the next hour" cannot
 * hold beside the 2-hour minimum notice: nothing bookable ever starts within
 * the next hour. The filter therefore means "bookable soonest": a free
 * 30-minute slot starting within the first hour a patient may book, i.e. in
 * [now + notice, now + notice + 60 min) — with the default notice, between
 * 2 and 3 hours from now (docs/decisions/009-directory-availability.md).
 */

/** The span after the notice in which a slot counts as 'online' (bookable soonest). */
export const ONLINE_WINDOW_MINUTES = 60;

/** The directory looks at 30-minute slots, the shortest consultation: the most starts. */
export const DIRECTORY_SLOT_MINUTES = SLOT_GRID_MINUTES;

export function isAvailableToday(search: FreeSlotSearch): boolean {
  return hasFreeSlotToday({ ...search, durationMinutes: DIRECTORY_SLOT_MINUTES });
}

export function isOnlineSoon(search: FreeSlotSearch): boolean {
  const notice = search.minNoticeMinutes ?? DEFAULT_MIN_NOTICE_MINUTES;
  const until = new Date(search.now.getTime() + (notice + ONLINE_WINDOW_MINUTES) * 60_000);
  return hasFreeSlotBetween({ ...search, minNoticeMinutes: notice, durationMinutes: DIRECTORY_SLOT_MINUTES }, search.now, until);
}
