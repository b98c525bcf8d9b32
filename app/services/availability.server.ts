import { lastBookableDateAnywhere } from "~/domain/booking-horizon";
import { addDays, availableSlots, dateInZone, type Slot } from "~/domain/slots";
import { OFFERED_DURATIONS, priceForDuration, pricesFor, type OfferedDuration, type Prices } from "~/domain/pricing";
import { loadAgenda, type AgendaRows, type BookablePsychologist } from "~/models/booking.server";

/**
 * Free slots and prices of one psychologist, as booking shows and re-checks
 * them. The agenda is read once per call over a bounded range (a day, or a
 * month) and the pure rules of app/domain/slots.ts do the rest: blocks in the
 * psychologist's zone, 2 hours' notice, slot-holding appointments excluded.
 */

const DAY_MS = 24 * 60 * 60_000;

export function pricesOf(psychologist: Pick<BookablePsychologist, "priceCents" | "price30Cents" | "price60Cents">): Prices {
  const pricing =
    psychologist.price30Cents !== null && psychologist.price60Cents !== null
      ? { price30Cents: psychologist.price30Cents, price60Cents: psychologist.price60Cents }
      : null;
  return pricesFor({ pricing, psychologistPriceCents: psychologist.priceCents });
}

export function durationOptions(prices: Prices): { minutes: OfferedDuration; priceCents: number }[] {
  return OFFERED_DURATIONS.map((minutes) => ({ minutes, priceCents: priceForDuration(prices, minutes) }));
}

type Psychologist = Pick<BookablePsychologist, "id" | "timeZone">;

/** Every free slot whose day, in the psychologist's zone, is in [fromDate, toDate]. */
async function freeSlotsOverDates(psychologist: Psychologist, fromDate: string, toDate: string, durationMinutes: number, now: Date): Promise<Slot[]> {
  // Instants comfortably around those days, whatever the zone's offset.
  const from = new Date(Date.parse(`${fromDate}T00:00:00Z`) - 2 * DAY_MS);
  const to = new Date(Date.parse(`${toDate}T00:00:00Z`) + 3 * DAY_MS);
  const agenda: AgendaRows = await loadAgenda(psychologist.id, { fromDate, toDate, from, to }, now);
  const slots: Slot[] = [];
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    slots.push(
      ...availableSlots({
        date,
        durationMinutes,
        timeZone: psychologist.timeZone,
        weeklyBlocks: agenda.weeklyBlocks,
        datedBlocks: agenda.datedBlocks,
        daysOff: agenda.daysOff,
        busy: agenda.busy,
        now,
      }),
    );
  }
  return slots;
}

/**
 * The free slots starting on a calendar day of the viewer's zone. Zones differ
 * by at most a day, so that day lies within the psychologist's previous,
 * same and next days.
 */
export async function freeSlotsForViewerDay(
  psychologist: Psychologist,
  { date, viewerTimeZone, durationMinutes, now }: { date: string; viewerTimeZone: string; durationMinutes: number; now: Date },
): Promise<Slot[]> {
  const slots = await freeSlotsOverDates(psychologist, addDays(date, -1), addDays(date, 1), durationMinutes, now);
  return slots.filter((slot) => dateInZone(slot.startsAt, viewerTimeZone) === date);
}

/** The days of [firstDate, lastDate] (viewer's zone) with at least one free slot. */
export async function daysWithFreeSlots(
  psychologist: Psychologist,
  { firstDate, lastDate, viewerTimeZone, durationMinutes, now }: { firstDate: string; lastDate: string; viewerTimeZone: string; durationMinutes: number; now: Date },
): Promise<Set<string>> {
  const slots = await freeSlotsOverDates(psychologist, addDays(firstDate, -1), addDays(lastDate, 1), durationMinutes, now);
  const days = new Set<string>();
  for (const slot of slots) {
    const day = dateInZone(slot.startsAt, viewerTimeZone);
    if (day >= firstDate && day <= lastDate) days.add(day);
  }
  return days;
}

/** Whether exactly this start is still a free slot of this duration, within the booking horizon. */
export async function isSlotFree(psychologist: Psychologist, { startsAt, durationMinutes, now }: { startsAt: Date; durationMinutes: number; now: Date }): Promise<boolean> {
  const date = dateInZone(startsAt, psychologist.timeZone);
  // No calendar offers a day past the horizon: a start sent by hand beyond it (a booking or a move to 2031) is not free.
  if (date > lastBookableDateAnywhere(now)) return false;
  const slots = await freeSlotsOverDates(psychologist, date, date, durationMinutes, now);
  return slots.some((slot) => slot.startsAt.getTime() === startsAt.getTime());
}
