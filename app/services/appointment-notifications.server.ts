import type { Transaction } from "kysely";
import { fromKysely } from "pg-boss";
import type { AppointmentNoticeKind, Database } from "#db/types";
import { DEFAULT_TIME_ZONE } from "~/domain/time-zones";
import { getFixedT } from "~/i18n/i18n.server";
import { db } from "~/models/db.server";
import { clearVideoRoom, forgetNoticesOfOtherStarts, getAppointmentForNotices, hasNotice, recordNotice, type AppointmentForNotices } from "~/models/appointment-lifecycle.server";
import { recordPracticeNotification } from "~/models/practice-notifications.server";
import { bookedPolicies } from "~/models/policies.server";
import { log } from "~/utils/logger.server";
import {
  cancelledEmail,
  confirmationEmail,
  newAppointmentEmail,
  paymentFailedEmail,
  paymentPendingEmail,
  reminderEmail,
  rescheduleExpiredEmail,
  rescheduleRejectedEmail,
  rescheduleRequestedEmail,
  rescheduledEmail,
  type AppointmentEmail,
  type AppointmentFacts,
  type Attendees,
  type Recipient,
} from "./appointment-emails.server";
import { recipientLocale } from "./emails.server";
import { queueMail } from "./mail.server";
import { enqueue, queue, type JobPayloads } from "./queue.server";
import { supportedTimeZone } from "./viewer-time-zone.server";
import { enqueueRoomCreation, enqueueRoomDeletion, enqueueRoomMove } from "./video-rooms.server";

/**
 * What follows each change of an appointment, written in the caller's
 * transaction (only `trx`, never `db`): e-mails go to the outbox and jobs to
 * the queue if and only if the change commits. Each notice is recorded once
 * per appointment and start (appointment_notices), so a hook that runs twice
 * tells no one twice.
 *
 * The booking code's hooks (app/services/appointment-events.server.ts) call:
 *   onAppointmentConfirmed → afterConfirmation
 *   onAppointmentCancelled → afterCancellation
 *   onPaymentPending       → afterPaymentPending
 *   onPaymentFailed        → afterPaymentFailed
 * and a reschedule, once its new time is written, calls afterReschedule.
 */

type Trx = Transaction<Database>;
type ReminderKind = JobPayloads["appointments.reminder"]["kind"];

export const REMINDER_OFFSETS_MS: Record<ReminderKind, number> = { "24h": 24 * 3_600_000, "1h": 3_600_000 };

export function reminderKey(appointmentId: string, kind: ReminderKind, startsAt: Date): string {
  return `${appointmentId}:${kind}:${startsAt.toISOString()}`;
}

// ---------------------------------------------------------------------------
// People

function fullName(first: string | null, last: string | null): string {
  return [first, last].map((part) => part?.trim() ?? "").filter(Boolean).join(" ");
}

interface People {
  patient: Recipient | null;
  psychologist: Recipient | null;
  facts: AppointmentFacts;
  attendees: Attendees;
  prefs: { patient: { email: boolean; reminders: boolean }; psychologist: { email: boolean; reminders: boolean } };
}

function peopleOf(row: AppointmentForNotices): People {
  // A patient without a name is 'Patient' in the psychologist's language: only the psychologist's e-mails name the patient.
  const patientName = fullName(row.patientFirstName, row.patientLastName) || getFixedT(recipientLocale(row.psychologistLocale), "practice")("feed.patient");
  const patientZone = supportedTimeZone(row.patientTimeZone) ?? DEFAULT_TIME_ZONE;
  // The practice's zone: the clock of the psychologist's agenda and dashboard (and of the refund e-mails), not the personal one in settings.
  const psychologistZone = supportedTimeZone(row.psychologistZone) ?? DEFAULT_TIME_ZONE;
  const psychologistEmail = row.psychologistDeletedAt ? null : (row.psychologistUserEmail ?? row.psychologistEmail);

  const patient: Recipient | null = row.patientDeletedAt
    ? null
    : { userId: row.patientId, email: row.patientEmail, firstName: row.patientFirstName?.trim() ?? "", locale: recipientLocale(row.patientLocale), timeZone: patientZone };
  const psychologist: Recipient | null = psychologistEmail
    ? {
        userId: row.psychologistUserId,
        email: psychologistEmail,
        // Greeted by first name, as every other e-mail greets them; the practice's name when the account has none.
        firstName: row.psychologistFirstName?.trim() || row.psychologistName.trim(),
        locale: recipientLocale(row.psychologistLocale),
        timeZone: psychologistZone,
      }
    : null;

  return {
    patient,
    psychologist,
    facts: {
      id: row.id,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      durationMinutes: row.durationMinutes,
      priceCents: row.priceCents,
      rescheduleCount: row.rescheduleCount,
      psychologistName: row.psychologistName,
      patientName,
      cancellationReason: row.cancellationReason,
      refundCents: row.refundCents,
    },
    attendees: {
      patient: { name: patientName, email: row.patientEmail },
      psychologist: psychologistEmail ? { name: row.psychologistName, email: psychologistEmail } : null,
    },
    prefs: {
      patient: { email: row.patientEmailNotifications ?? true, reminders: row.patientAppointmentReminders ?? true },
      psychologist: { email: row.psychologistEmailNotifications ?? true, reminders: row.psychologistAppointmentReminders ?? true },
    },
  };
}

async function send(trx: Trx, recipient: Recipient | null, email: AppointmentEmail) {
  if (!recipient) return;
  await queueMail(trx, {
    userId: recipient.userId,
    to: recipient.email,
    template: email.template,
    locale: email.locale,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: email.attachments,
  });
}

async function load(trx: Trx, appointmentId: string, hook: string): Promise<AppointmentForNotices | null> {
  const row = await getAppointmentForNotices(trx, appointmentId);
  if (!row) log().warn({ appointmentId, hook }, "appointment hook: appointment not found");
  return row ?? null;
}

// ---------------------------------------------------------------------------
// Reminders

/** The reminders whose time is still ahead of `now`. */
function remindersAhead(startsAt: Date, now: Date): ReminderKind[] {
  return (Object.keys(REMINDER_OFFSETS_MS) as ReminderKind[]).filter((kind) => startsAt.getTime() - REMINDER_OFFSETS_MS[kind] > now.getTime());
}

/** Queues the 24 h and 1 h reminders that are still ahead, keyed by appointment, kind and start. */
async function scheduleReminders(trx: Trx, appointmentId: string, startsAt: Date, now: Date) {
  for (const kind of remindersAhead(startsAt, now)) {
    const at = new Date(startsAt.getTime() - REMINDER_OFFSETS_MS[kind]);
    await enqueue(
      "appointments.reminder",
      { appointmentId, kind, startsAt: startsAt.toISOString() },
      { startAfter: at, singletonKey: reminderKey(appointmentId, kind, startsAt) },
      trx,
    );
  }
}

/** Cancels the appointment's reminders still waiting, except those for `keepStartsAt`. */
async function dropReminders(trx: Trx, appointmentId: string, keepStartsAt?: Date) {
  const boss = await queue();
  const connection = { db: fromKysely(trx) };
  const jobs = await boss.findJobs<JobPayloads["appointments.reminder"]>("appointments.reminder", { data: { appointmentId }, queued: true, ...connection });
  const keep = keepStartsAt?.toISOString();
  const ids = jobs.filter((job) => job.data.startsAt !== keep).map((job) => job.id);
  if (ids.length > 0) await boss.cancel("appointments.reminder", ids, connection);
}

/**
 * The reminder job. Sends only while the appointment is confirmed and still
 * starts when the reminder was scheduled for (a moved or cancelled
 * appointment's old reminder does nothing), once per appointment, kind and
 * start, to each person who wants e-mail reminders.
 */
export async function sendAppointmentReminder({ appointmentId, kind, startsAt }: JobPayloads["appointments.reminder"], now = new Date()): Promise<"sent" | "skipped"> {
  const scheduledStart = new Date(startsAt);
  return db.transaction().execute(async (trx) => {
    const row = await getAppointmentForNotices(trx, appointmentId);
    if (!row || row.status !== "confirmed") return "skipped";
    if (row.startsAt.getTime() !== scheduledStart.getTime() || now.getTime() >= row.startsAt.getTime()) return "skipped";
    const notice: AppointmentNoticeKind = kind === "24h" ? "reminder_24h" : "reminder_1h";
    if (!(await recordNotice(trx, appointmentId, notice, row.startsAt))) return "skipped";
    const people = peopleOf(row);
    if (people.prefs.patient.email && people.prefs.patient.reminders && people.patient) {
      await send(trx, people.patient, reminderEmail(kind, people.patient, people.facts, "patient", now));
    }
    if (people.prefs.psychologist.email && people.prefs.psychologist.reminders && people.psychologist) {
      await send(trx, people.psychologist, reminderEmail(kind, people.psychologist, people.facts, "psychologist", now));
    }
    return "sent";
  });
}

// ---------------------------------------------------------------------------
// Hooks (inside the caller's transaction)

/**
 * Payment approved, appointment confirmed: create the room (a retried job),
 * the patient's confirmation with the invite, the psychologist's notice, and
 * the reminders.
 */
export async function afterConfirmation(trx: Trx, appointmentId: string, now = new Date()): Promise<void> {
  const row = await load(trx, appointmentId, "afterConfirmation");
  if (!row) return;
  if (row.status !== "confirmed") {
    log().warn({ appointmentId, status: row.status }, "afterConfirmation on an appointment that is not confirmed");
    return;
  }
  // Recorded with everything below: a second call finds it and does nothing.
  if (!(await recordNotice(trx, appointmentId, "confirmation", row.startsAt))) return;
  await recordPracticeNotification(trx, appointmentId, "booking_paid");
  await enqueueRoomCreation(trx, appointmentId);
  const people = peopleOf(row);
  // The versions the booking was made under, not today's: the e-mail states what will apply.
  // The reminders this patient will really get: the ones still ahead, if they want reminders by e-mail.
  const reminders = people.prefs.patient.email && people.prefs.patient.reminders ? remindersAhead(row.startsAt, now) : [];
  if (people.patient) await send(trx, people.patient, confirmationEmail(people.patient, people.facts, people.attendees, await bookedPolicies(trx, row), reminders));
  if (people.psychologist) await send(trx, people.psychologist, newAppointmentEmail(people.psychologist, people.facts, people.attendees));
  await scheduleReminders(trx, appointmentId, row.startsAt, now);
}

/**
 * Cancelled: the room goes (a job), waiting reminders are dropped, and
 * whoever received an invite gets the cancelling .ics.
 */
export async function afterCancellation(trx: Trx, appointmentId: string): Promise<void> {
  const row = await load(trx, appointmentId, "afterCancellation");
  if (!row) return;
  if (row.videoRoomName) {
    await enqueueRoomDeletion(trx, row.videoRoomName);
    await clearVideoRoom(trx, appointmentId);
  }
  await dropReminders(trx, appointmentId);
  // Only an appointment that was confirmed sent invites; an expired hold needs no cancellation.
  if (!(await hasNotice(trx, appointmentId, "confirmation"))) return;
  if (!(await recordNotice(trx, appointmentId, "cancellation", row.startsAt))) return;
  // The box tells the psychologist what others did (as a reschedule request does): not their own cancellation.
  if (row.cancelledBy !== "psychologist") await recordPracticeNotification(trx, appointmentId, "cancellation");
  const people = peopleOf(row);
  if (people.patient) await send(trx, people.patient, cancelledEmail(people.patient, people.facts, people.attendees, "patient"));
  if (people.psychologist) await send(trx, people.psychologist, cancelledEmail(people.psychologist, people.facts, people.attendees, "psychologist"));
}

/**
 * Moved to a new time (already written): the room's window follows, old
 * reminders are dropped and new ones queued, and both people get the
 * updated invite (a higher SEQUENCE of the same event).
 */
export async function afterReschedule(trx: Trx, appointmentId: string, now = new Date()): Promise<void> {
  const row = await load(trx, appointmentId, "afterReschedule");
  if (!row) return;
  await dropReminders(trx, appointmentId, row.startsAt);
  if (row.status !== "confirmed") return;
  if (row.videoRoomName) await enqueueRoomMove(trx, appointmentId);
  else await enqueueRoomCreation(trx, appointmentId);
  // A start left behind is no longer told: moving back to it later (A → B → A → B) is a new move, with its e-mails and reminders.
  await forgetNoticesOfOtherStarts(trx, appointmentId, row.startsAt);
  if (!(await recordNotice(trx, appointmentId, "reschedule", row.startsAt))) return;
  const people = peopleOf(row);
  if (people.patient) await send(trx, people.patient, rescheduledEmail(people.patient, people.facts, people.attendees, "patient"));
  if (people.psychologist) await send(trx, people.psychologist, rescheduledEmail(people.psychologist, people.facts, people.attendees, "psychologist"));
  await scheduleReminders(trx, appointmentId, row.startsAt, now);
}

/** A new time was asked for or proposed: the side that must answer is told (each request is its own). */
export async function afterRescheduleRequested(trx: Trx, appointmentId: string, request: { by: "patient" | "psychologist"; proposedStartsAt: Date; reason: string; requestedAt: Date }): Promise<void> {
  const row = await load(trx, appointmentId, "afterRescheduleRequested");
  if (!row) return;
  const people = peopleOf(row);
  const other = request.by === "patient" ? people.psychologist : people.patient;
  if (other) await send(trx, other, rescheduleRequestedEmail(other, people.facts, request));
}

/** The proposal was rejected: the side that asked is told the original time stands, and any reminder missed meanwhile goes out. */
export async function afterRescheduleRejected(trx: Trx, appointmentId: string, answer: { by: "patient" | "psychologist"; proposedStartsAt: Date; reason: string | null }, now = new Date()): Promise<void> {
  const row = await load(trx, appointmentId, "afterRescheduleRejected");
  if (!row) return;
  const people = peopleOf(row);
  const asker = answer.by === "patient" ? people.psychologist : people.patient;
  if (asker) await send(trx, asker, rescheduleRejectedEmail(asker, people.facts, answer));
  await resumeDueReminder(trx, row, now);
}

/**
 * A reschedule request closed without a move (rejected or expired). A
 * reminder that fell due while it waited was skipped (reminders go to
 * confirmed appointments only): the latest one due is sent now; the job's
 * notice record keeps it to once per start.
 */
async function resumeDueReminder(trx: Trx, row: AppointmentForNotices, now: Date): Promise<void> {
  if (row.status !== "confirmed" || now.getTime() >= row.startsAt.getTime()) return;
  const due = (Object.keys(REMINDER_OFFSETS_MS) as ReminderKind[])
    .filter((kind) => row.startsAt.getTime() - REMINDER_OFFSETS_MS[kind] <= now.getTime())
    .sort((a, b) => REMINDER_OFFSETS_MS[a] - REMINDER_OFFSETS_MS[b])[0];
  if (!due) return;
  await enqueue("appointments.reminder", { appointmentId: row.id, kind: due, startsAt: row.startsAt.toISOString() }, { singletonKey: `${reminderKey(row.id, due, row.startsAt)}:after-request` }, trx);
}

/** An unanswered request expired: both sides learn the original time stands, with any reminder it missed meanwhile. */
export async function afterRescheduleExpired(trx: Trx, appointmentId: string, request: { by: "patient" | "psychologist"; proposedStartsAt: Date }, now = new Date()): Promise<void> {
  const row = await load(trx, appointmentId, "afterRescheduleExpired");
  if (!row) return;
  const people = peopleOf(row);
  if (people.patient) await send(trx, people.patient, rescheduleExpiredEmail(people.patient, people.facts, request, "patient"));
  if (people.psychologist) await send(trx, people.psychologist, rescheduleExpiredEmail(people.psychologist, people.facts, request, "psychologist"));
  await resumeDueReminder(trx, row, now);
}

/** The payment is being verified: tell the patient, once. */
export async function afterPaymentPending(trx: Trx, appointmentId: string): Promise<void> {
  const row = await load(trx, appointmentId, "afterPaymentPending");
  if (!row || !(await recordNotice(trx, appointmentId, "payment_pending", row.startsAt))) return;
  const people = peopleOf(row);
  if (people.patient) await send(trx, people.patient, paymentPendingEmail(people.patient, people.facts));
}

/** The payment was refused: tell the patient, once. */
export async function afterPaymentFailed(trx: Trx, appointmentId: string): Promise<void> {
  const row = await load(trx, appointmentId, "afterPaymentFailed");
  if (!row || !(await recordNotice(trx, appointmentId, "payment_failed", row.startsAt))) return;
  await recordPracticeNotification(trx, appointmentId, "payment_failed");
  const people = peopleOf(row);
  if (people.patient) await send(trx, people.patient, paymentFailedEmail(people.patient, people.facts));
}
