import type { AppointmentNoticeKind } from "#db/types";
import { db, type Executor } from "./db.server";

/**
 * Queries behind what follows a booking: notices, the video room, reminders,
 * completion and no-show. Functions that run inside a caller's transaction
 * take its executor; the jobs' own queries use `db`.
 */

/** An appointment with both people as the notices need them: addresses, names, language, zone and preferences. */
export async function getAppointmentForNotices(executor: Executor, appointmentId: string) {
  return executor
    .selectFrom("appointments as a")
    .innerJoin("users as pu", "pu.id", "a.patient_id")
    .leftJoin("profiles as pp", "pp.id", "a.patient_id")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("users as su", "su.id", "ps.user_id")
    .leftJoin("profiles as sp", "sp.id", "ps.user_id")
    .where("a.id", "=", appointmentId)
    .select([
      "a.id",
      "a.status",
      "a.payment_status as paymentStatus",
      "a.starts_at as startsAt",
      "a.ends_at as endsAt",
      "a.duration_minutes as durationMinutes",
      "a.price_cents as priceCents",
      "a.reschedule_count as rescheduleCount",
      "a.video_room_name as videoRoomName",
      "a.cancellation_reason as cancellationReason",
      "a.cancelled_by as cancelledBy",
      "a.refund_cents as refundCents",
      "a.cancellation_policy_id as cancellationPolicyId",
      "a.reschedule_policy_id as reschedulePolicyId",
      "pu.id as patientId",
      "pu.email as patientEmail",
      "pu.deleted_at as patientDeletedAt",
      "pp.first_name as patientFirstName",
      "pp.last_name as patientLastName",
      "pp.locale as patientLocale",
      "pp.time_zone as patientTimeZone",
      "pp.email_notifications as patientEmailNotifications",
      "pp.appointment_reminders as patientAppointmentReminders",
      "ps.id as psychologistId",
      "ps.name as psychologistName",
      "ps.time_zone as psychologistZone",
      "su.id as psychologistUserId",
      "su.email as psychologistUserEmail",
      "su.deleted_at as psychologistDeletedAt",
      "ps.email as psychologistEmail",
      "sp.first_name as psychologistFirstName",
      "sp.locale as psychologistLocale",
      "sp.email_notifications as psychologistEmailNotifications",
      "sp.appointment_reminders as psychologistAppointmentReminders",
    ])
    .executeTakeFirst();
}

export type AppointmentForNotices = NonNullable<Awaited<ReturnType<typeof getAppointmentForNotices>>>;

/**
 * Records that a notice about this start was given. True the first time,
 * false when it already was: the caller sends only on true, in the same
 * transaction, so a notice goes out once.
 */
export async function recordNotice(executor: Executor, appointmentId: string, notice: AppointmentNoticeKind, startsAt: Date): Promise<boolean> {
  const row = await executor
    .insertInto("appointment_notices")
    .values({ appointment_id: appointmentId, notice, starts_at: startsAt })
    .onConflict((oc) => oc.doNothing())
    .returning("appointment_id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Forgets the notices that belong to a start the appointment has left
 * (the reschedule notice and the reminders), so that moving back to that
 * start later is told, and reminded, again.
 */
export async function forgetNoticesOfOtherStarts(executor: Executor, appointmentId: string, startsAt: Date): Promise<void> {
  await executor
    .deleteFrom("appointment_notices")
    .where("appointment_id", "=", appointmentId)
    .where("notice", "in", ["reschedule", "reminder_24h", "reminder_1h"])
    .where("starts_at", "<>", startsAt)
    .execute();
}

export async function hasNotice(executor: Executor, appointmentId: string, notice: AppointmentNoticeKind): Promise<boolean> {
  const row = await executor
    .selectFrom("appointment_notices")
    .select("appointment_id")
    .where("appointment_id", "=", appointmentId)
    .where("notice", "=", notice)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------
// Video room

export function getAppointmentForRoom(appointmentId: string) {
  return db
    .selectFrom("appointments")
    .select(["id", "status", "starts_at as startsAt", "ends_at as endsAt", "video_room_name as roomName", "video_room_url as roomUrl"])
    .where("id", "=", appointmentId)
    .executeTakeFirst();
}

/** Stores the room while the appointment is still confirmed; false when it no longer is. */
export async function storeVideoRoom(appointmentId: string, room: { name: string; url: string }): Promise<boolean> {
  const row = await db
    .updateTable("appointments")
    .set({ video_room_name: room.name, video_room_url: room.url })
    .where("id", "=", appointmentId)
    .where("status", "=", "confirmed")
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function clearVideoRoom(executor: Executor, appointmentId: string) {
  await executor.updateTable("appointments").set({ video_room_name: null, video_room_url: null }).where("id", "=", appointmentId).execute();
}

/** Confirmed appointments, not yet over, that still have no room (the sweep re-sends their room job). */
export async function listConfirmedWithoutRoom(now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom("appointments")
    .select("id")
    .where("status", "=", "confirmed")
    .where("video_room_name", "is", null)
    .where("ends_at", ">", now)
    .orderBy("ends_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------
// Completion and no-show

/** Confirmed appointments that ended before `endedBefore` become completed; returns their ids. */
export async function completeConfirmedEndedBefore(endedBefore: Date): Promise<string[]> {
  const rows = await db
    .updateTable("appointments")
    .set({ status: "completed" })
    .where("status", "=", "confirmed")
    .where("ends_at", "<", endedBefore)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** One of the psychologist's own appointments (by the psychologist's user), or undefined. */
export function getPsychologistAppointment(psychologistUserId: string, appointmentId: string) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .where("a.id", "=", appointmentId)
    .where("ps.user_id", "=", psychologistUserId)
    .select(["a.id", "a.status", "a.starts_at as startsAt", "a.ends_at as endsAt"])
    .executeTakeFirst();
}

/** confirmed → no_show, only from confirmed (a concurrent completion wins). */
export async function setNoShow(appointmentId: string): Promise<boolean> {
  const row = await db
    .updateTable("appointments")
    .set({ status: "no_show" })
    .where("id", "=", appointmentId)
    .where("status", "=", "confirmed")
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
