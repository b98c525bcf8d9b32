import { canReschedule, hoursUntil, type RescheduleCheck } from "~/domain/appointment-status";
import { lockAgenda } from "~/models/agenda.server";
import { findBookablePsychologist } from "~/models/booking.server";
import { appointmentForAsker, type Asker } from "~/models/cancellation.server";
import { db, transactionRetryingDeadlocks } from "~/models/db.server";
import { recordPracticeNotification } from "~/models/practice-notifications.server";
import { bookedPolicies } from "~/models/policies.server";
import { closeRequest, dropProposal, dueRequests, moveToProposal, openRequest, pendingRequest } from "~/models/reschedule.server";
import { LATE_REQUEST_EXPIRES_BEFORE_MS, REQUEST_EXPIRES_BEFORE_MS } from "~/domain/reschedule-deadline";
import { log } from "~/utils/logger.server";
import { afterReschedule, afterRescheduleExpired, afterRescheduleRejected, afterRescheduleRequested } from "./appointment-notifications.server";
import { isSlotFree } from "./availability.server";

/**
 * Rescheduling (issue 13, item 3). One side proposes a new time of the same
 * length from the psychologist's free slots; the appointment then holds both
 * slots until the other side accepts (it moves, and the room, reminders and
 * invites follow), rejects (the proposal is released), or the request expires
 * (the original stands): 24 hours before the original time, or, for a request
 * a policy let someone make later than that, when the original's room opens;
 * and in any case once the proposed time has come. Each step locks the
 * appointment row and reads its state again.
 */

// The expiry's two leads live with requestDeadline, which the request's e-mail states.
export { LATE_REQUEST_EXPIRES_BEFORE_MS, REQUEST_EXPIRES_BEFORE_MS };

export async function reschedulePreview(appointmentId: string, asker: Asker, now = new Date()) {
  const appointment = await appointmentForAsker(db, appointmentId, asker);
  if (!appointment) return null;
  const [{ reschedule: policy }, request] = await Promise.all([bookedPolicies(db, appointment), pendingRequest(db, appointment.id)]);
  const check: RescheduleCheck = canReschedule({ status: appointment.status, rescheduleCount: appointment.rescheduleCount, startsAt: appointment.startsAt, now, policy });
  return { appointment, policy, request: request ?? null, check, hoursLeft: Math.max(0, Math.floor(hoursUntil(appointment.startsAt, now))) };
}

export type RequestResult =
  | { ok: true }
  | { ok: false; problem: "not_found" | "psychologist_not_found" | "status" | "limit_reached" | "too_late" | "proposed_in_past" | "slot_taken" | "same_time" };

export async function requestReschedule(input: { appointmentId: string; asker: Asker; proposedStartsAt: Date; reason: string; now?: Date }): Promise<RequestResult> {
  const now = input.now ?? new Date();
  // Only a free slot of the psychologist's agenda, of the same length (same price: nothing more to pay).
  // Checked before the transaction (it reads the agenda with its own queries); a slot taken in
  // between is refused by the exclusion constraints below.
  const seen = await appointmentForAsker(db, input.appointmentId, input.asker);
  if (!seen) return { ok: false, problem: "not_found" };
  const free = await isSlotFree({ id: seen.psychologistId, timeZone: seen.psychologistTimeZone }, { startsAt: input.proposedStartsAt, durationMinutes: seen.durationMinutes, now });
  try {
    return await transactionRetryingDeadlocks(async (trx): Promise<RequestResult> => {
      // In turn with bookings of this agenda (see holdSlotAndCheckout): the proposal holds a slot too.
      await lockAgenda(trx, seen.psychologistId);
      const appointment = await appointmentForAsker(trx, input.appointmentId, input.asker, { lock: true });
      if (!appointment) return { ok: false, problem: "not_found" };
      // A new slot is a booking of this agenda: refused, as booking refuses it, once the psychologist is
      // no longer public (suspended, or the account blocked). The consultation as booked stays.
      if (!(await findBookablePsychologist(appointment.psychologistId, trx))) return { ok: false, problem: "psychologist_not_found" };
      const { reschedule: policy } = await bookedPolicies(trx, appointment);
      const check = canReschedule({ status: appointment.status, rescheduleCount: appointment.rescheduleCount, startsAt: appointment.startsAt, now, proposedStartsAt: input.proposedStartsAt, policy });
      if (!check.allowed) return { ok: false, problem: check.reason };
      if (input.proposedStartsAt.getTime() === appointment.startsAt.getTime()) return { ok: false, problem: "same_time" };
      if (!free) return { ok: false, problem: "slot_taken" };
      await openRequest(trx, {
        appointmentId: appointment.id,
        status: appointment.status,
        requestedBy: input.asker.role,
        reason: input.reason,
        originalStartsAt: appointment.startsAt,
        proposedStartsAt: input.proposedStartsAt,
        proposedEndsAt: new Date(input.proposedStartsAt.getTime() + appointment.durationMinutes * 60_000),
        now,
      });
      if (input.asker.role === "patient") await recordPracticeNotification(trx, appointment.id, "reschedule_requested", { again: true });
      await afterRescheduleRequested(trx, appointment.id, { by: input.asker.role, proposedStartsAt: input.proposedStartsAt, reason: input.reason, requestedAt: now });
      return { ok: true };
    });
  } catch (error) {
    // The exclusion constraints: someone took the proposed slot (or the patient is busy then) meanwhile.
    if ((error as { code?: string }).code === "23P01") return { ok: false, problem: "slot_taken" };
    throw error;
  }
}

export type AnswerResult = { ok: true } | { ok: false; problem: "not_found" | "no_request" | "own_request" | "psychologist_not_found" };

/** The other side accepts or rejects; the one who asked cannot answer their own request. */
export async function answerReschedule(input: { appointmentId: string; asker: Asker; accept: boolean; reason: string | null; now?: Date }): Promise<AnswerResult> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<AnswerResult> => {
    const appointment = await appointmentForAsker(trx, input.appointmentId, input.asker, { lock: true });
    if (!appointment) return { ok: false, problem: "not_found" };
    const request = await pendingRequest(trx, appointment.id);
    if (!request || appointment.status !== "pending_reschedule") return { ok: false, problem: "no_request" };
    if (request.requestedBy === input.asker.role) return { ok: false, problem: "own_request" };
    if (input.accept && request.proposedStartsAt.getTime() <= now.getTime()) {
      // The proposed time has come: accepting would move the consultation into the past. The request lapses, the original stands.
      await dropProposal(trx, appointment.id);
      await closeRequest(trx, request.id, "expired", null, now);
      await afterRescheduleExpired(trx, appointment.id, { by: request.requestedBy, proposedStartsAt: request.proposedStartsAt }, now);
      return { ok: false, problem: "no_request" };
    }
    // Accepting moves the consultation to a new slot: refused, as a new request is, once the psychologist is no longer
    // public (suspended, or the account blocked after the proposal). The request stays open to be rejected or to lapse.
    if (input.accept && !(await findBookablePsychologist(appointment.psychologistId, trx))) return { ok: false, problem: "psychologist_not_found" };
    // The psychologist's box tells how the patient answered their proposal (the patient learns of the psychologist's answer by e-mail).
    if (input.asker.role === "patient") await recordPracticeNotification(trx, appointment.id, input.accept ? "reschedule_accepted" : "reschedule_rejected", { again: true });
    if (input.accept) {
      await moveToProposal(trx, appointment.id);
      await closeRequest(trx, request.id, "confirmed", input.reason, now);
      // The room's window, the reminders and both invites follow the new time.
      await afterReschedule(trx, appointment.id, now);
    } else {
      await dropProposal(trx, appointment.id);
      await closeRequest(trx, request.id, "rejected", input.reason, now);
      await afterRescheduleRejected(trx, appointment.id, { by: input.asker.role, proposedStartsAt: request.proposedStartsAt, reason: input.reason }, now);
    }
    return { ok: true };
  });
}

/** The job (every 10 minutes): requests nobody answered in time (see above) expire; the original stands. */
export async function expireDueRescheduleRequests(now = new Date()): Promise<number> {
  const due = await dueRequests(now, REQUEST_EXPIRES_BEFORE_MS, LATE_REQUEST_EXPIRES_BEFORE_MS);
  for (const request of due) {
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("appointments").select("id").where("id", "=", request.appointmentId).forUpdate().executeTakeFirst();
      // Answered meanwhile: nothing to do.
      const pending = await pendingRequest(trx, request.appointmentId);
      if (pending?.id !== request.id) return;
      await dropProposal(trx, request.appointmentId);
      await closeRequest(trx, request.id, "expired", null, now);
      await afterRescheduleExpired(trx, request.appointmentId, { by: pending.requestedBy, proposedStartsAt: pending.proposedStartsAt }, now);
    });
  }
  if (due.length > 0) log().info({ count: due.length }, "reschedule requests expired");
  return due.length;
}
