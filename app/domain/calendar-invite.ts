import { createEvent, type Attendee, type EventAttributes } from "ics";

/**
 * The .ics invite attached to confirmation, reschedule and cancellation
 * e-mails. One UID per appointment, so calendars update the same event: a
 * reschedule sends a higher SEQUENCE, a cancellation METHOD:CANCEL.
 * Texts come in already translated; times go out in UTC.
 */

export interface InvitePerson {
  name: string;
  email: string;
}

export interface CalendarInviteInput {
  appointmentId: string;
  startsAt: Date;
  endsAt: Date;
  title: string;
  description: string;
  /** The call page; also the event's location, where calendar apps show a join link. */
  videoUrl: string;
  organizer: InvitePerson;
  attendees: InvitePerson[];
  /** Revision of the event: see inviteSequence. */
  sequence: number;
  /** When the invite is issued (DTSTAMP). */
  now: Date;
}

export const INVITE_PRODUCT_ID = "-//Acolhe//Consultas//PT";
const UID_DOMAIN = "acolhe.com.br";

/** An event's start and end as `ics` takes instants: UTC in, UTC out. */
export function utcTimes(startsAt: Date, endsAt: Date) {
  return { start: startsAt.getTime(), startInputType: "utc", startOutputType: "utc", end: endsAt.getTime(), endInputType: "utc", endOutputType: "utc" } as const;
}

export function inviteUid(appointmentId: string): string {
  return `appointment-${appointmentId}@${UID_DOMAIN}`;
}

/**
 * Each reschedule raises the revision; the cancellation is one more, so it
 * supersedes the last invite the attendees received.
 */
export function inviteSequence(rescheduleCount: number, cancelled = false): number {
  return rescheduleCount + (cancelled ? 1 : 0);
}

/**
 * A name as a CN parameter: RFC 5545 quoted parameter values cannot hold a
 * double quote or a control character (the package writes `\"`, which ends
 * the value early and breaks the line for calendar apps).
 */
function paramName(name: string): string {
  return name.replace(/"/g, "'").replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

function attributes(input: CalendarInviteInput, cancelled: boolean): EventAttributes {
  // The consultation is already booked and paid; the organizer is a no-reply address, so no reply is asked
  // (a calendar's 'decline' would go nowhere and cancel nothing: cancelling is done on the site).
  const attendees: Attendee[] = input.attendees.map((person) => ({
    name: paramName(person.name),
    email: person.email,
    role: "REQ-PARTICIPANT",
    partstat: "ACCEPTED",
    rsvp: false,
  }));
  return {
    uid: inviteUid(input.appointmentId),
    productId: INVITE_PRODUCT_ID,
    method: cancelled ? "CANCEL" : "REQUEST",
    sequence: input.sequence,
    ...utcTimes(input.startsAt, input.endsAt),
    title: input.title,
    description: input.description,
    location: input.videoUrl,
    url: input.videoUrl,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: cancelled ? "FREE" : "BUSY",
    transp: cancelled ? "TRANSPARENT" : "OPAQUE",
    classification: "PRIVATE",
    organizer: { name: paramName(input.organizer.name), email: input.organizer.email },
    attendees,
    // Not in the package's types, but its schema accepts it: a fixed DTSTAMP keeps the output pure.
    ...({ timestamp: input.now.getTime() } as object),
  };
}

function render(input: CalendarInviteInput, cancelled: boolean): string {
  if (input.endsAt.getTime() <= input.startsAt.getTime()) throw new RangeError("An invite must end after it starts");
  if (!Number.isInteger(input.sequence) || input.sequence < 0) throw new RangeError("sequence must be a non-negative integer");
  const { error, value } = createEvent(attributes(input, cancelled));
  if (error) throw error;
  if (!value) throw new Error("ics produced no calendar");
  return value;
}

/** METHOD:REQUEST — the invite for a confirmed (or rescheduled) appointment. */
export function buildCalendarInvite(input: CalendarInviteInput): string {
  return render(input, false);
}

/** METHOD:CANCEL with STATUS:CANCELLED — removes the event from the attendees' calendars. */
export function buildCalendarCancellation(input: CalendarInviteInput): string {
  return render(input, true);
}
