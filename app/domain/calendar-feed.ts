import { createEvents, type EventAttributes } from "ics";
import { INVITE_PRODUCT_ID, inviteUid, utcTimes } from "./calendar-invite";

/**
 * A psychologist's practice as an iCalendar subscription: one VEVENT per
 * upcoming consultation, with the same UID as the e-mailed invites, so a
 * calendar that has both shows one event. The patient appears by first name
 * only: the feed may be read by whatever calendar app holds the URL.
 */

export interface FeedEvent {
  appointmentId: string;
  startsAt: Date;
  endsAt: Date;
  /** Already translated, e.g. 'Consulta com Maria'. */
  title: string;
  /** Already translated status line. */
  description: string;
  videoUrl: string;
  sequence: number;
  tentative: boolean;
}

export function calendarFeed(events: readonly FeedEvent[], calendarName: string, now: Date): string {
  if (events.length === 0) return emptyCalendar(calendarName);
  const attributes: EventAttributes[] = events.map((event) => ({
    uid: inviteUid(event.appointmentId),
    sequence: event.sequence,
    ...utcTimes(event.startsAt, event.endsAt),
    title: event.title,
    description: event.description,
    location: event.videoUrl,
    url: event.videoUrl,
    status: event.tentative ? "TENTATIVE" : "CONFIRMED",
    busyStatus: "BUSY",
    classification: "PRIVATE",
    ...({ timestamp: now.getTime() } as object),
  }));
  const { error, value } = createEvents(attributes, { productId: INVITE_PRODUCT_ID, calName: calendarName });
  if (error || !value) throw error ?? new Error("calendar feed not generated");
  return value;
}

/** `ics` refuses an empty list; a calendar with no events is still a valid feed. */
function emptyCalendar(calendarName: string): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "CALSCALE:GREGORIAN", `PRODID:${INVITE_PRODUCT_ID}`, "METHOD:PUBLISH", `X-WR-CALNAME:${calendarName.replace(/[\r\n]/g, " ")}`, "END:VCALENDAR", ""].join("\r\n");
}
