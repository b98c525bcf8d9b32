import { sql } from "kysely";
import type { AppointmentStatus } from "#db/types";
import { db, type Executor } from "./db.server";

/** The rows a reschedule reads and writes; the appointment itself is found by its asker (models/cancellation.server.ts). */

export function pendingRequest(executor: Executor, appointmentId: string) {
  return executor
    .selectFrom("reschedule_requests")
    .select(["id", "requested_by as requestedBy", "reason", "original_starts_at as originalStartsAt", "proposed_starts_at as proposedStartsAt", "created_at as createdAt"])
    .where("appointment_id", "=", appointmentId)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

/** Holds the proposed slot (the exclusion constraints refuse it if taken: 23P01) and opens the request. */
export async function openRequest(
  executor: Executor,
  request: { appointmentId: string; status: AppointmentStatus; requestedBy: "patient" | "psychologist"; reason: string; originalStartsAt: Date; proposedStartsAt: Date; proposedEndsAt: Date; now: Date },
) {
  await executor
    .updateTable("appointments")
    .set({ status: "pending_reschedule", status_before_reschedule: request.status, proposed_starts_at: request.proposedStartsAt, proposed_ends_at: request.proposedEndsAt })
    .where("id", "=", request.appointmentId)
    .execute();
  const row = await executor
    .insertInto("reschedule_requests")
    .values({ appointment_id: request.appointmentId, requested_by: request.requestedBy, reason: request.reason, original_starts_at: request.originalStartsAt, proposed_starts_at: request.proposedStartsAt, created_at: request.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves the appointment to the proposed slot and back to the state it had. */
export async function moveToProposal(executor: Executor, appointmentId: string) {
  await executor
    .updateTable("appointments")
    .set((eb) => ({
      // Only called while a proposal exists (the request is pending under the row lock).
      starts_at: sql<Date>`proposed_starts_at`,
      ends_at: sql<Date>`proposed_ends_at`,
      status: sql<AppointmentStatus>`coalesce(status_before_reschedule, 'confirmed')`,
      reschedule_count: eb("reschedule_count", "+", 1),
      proposed_starts_at: null,
      proposed_ends_at: null,
      status_before_reschedule: null,
    }))
    .where("id", "=", appointmentId)
    .execute();
}

/** Releases the proposed slot; the appointment keeps its time and returns to the state it had (only while it waits on the request). */
export async function dropProposal(executor: Executor, appointmentId: string) {
  await executor
    .updateTable("appointments")
    .set({ status: sql<AppointmentStatus>`coalesce(status_before_reschedule, 'confirmed')`, proposed_starts_at: null, proposed_ends_at: null, status_before_reschedule: null })
    .where("id", "=", appointmentId)
    .where("status", "=", "pending_reschedule")
    .execute();
}

export async function closeRequest(executor: Executor, requestId: string, status: "confirmed" | "rejected" | "expired" | "cancelled", responseReason: string | null, now: Date) {
  await executor.updateTable("reschedule_requests").set({ status, response_reason: responseReason, responded_at: now }).where("id", "=", requestId).execute();
}

/**
 * Requests still unanswered that are due to expire: those opened more than
 * `leadMs` before the original start once it is within `leadMs`; those
 * opened later (a policy may allow asking under 24 hours ahead) once the
 * original start is within `lateLeadMs`; and any whose proposed start has
 * come, which can no longer be accepted.
 */
export function dueRequests(now: Date, leadMs: number, lateLeadMs: number, limit = 100) {
  return db
    .selectFrom("reschedule_requests")
    .select(["id", "appointment_id as appointmentId"])
    .where("status", "=", "pending")
    .where((eb) =>
      eb.or([
        eb.and([eb("original_starts_at", "<=", new Date(now.getTime() + leadMs)), eb("created_at", "<=", sql<Date>`original_starts_at - make_interval(secs => ${leadMs / 1000})`)]),
        eb("original_starts_at", "<=", new Date(now.getTime() + lateLeadMs)),
        eb("proposed_starts_at", "<=", now),
      ]),
    )
    .limit(limit)
    .execute();
}
