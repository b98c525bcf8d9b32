import type { CancellationException, CancelledBy } from "#db/types";
import type { Executor } from "./db.server";

/**
 * The rows a cancellation reads and writes. Every read names who is asking:
 * the appointment's patient, or its psychologist (by their user id), so an id
 * from the URL alone never reaches someone else's appointment — or an
 * administrator (the route has checked the role), who may reach any.
 */

export type Asker = { role: "patient"; userId: string } | { role: "psychologist"; userId: string };
/** Only cancellation takes an administrator: a reschedule is between the two people. */
export type AdminAsker = { role: "admin"; userId: string };

/** The appointment as its patient or psychologist may see it; `lock` holds the row for the transaction. */
export async function appointmentForAsker(executor: Executor, appointmentId: string, asker: Asker | AdminAsker, options: { lock?: boolean } = {}) {
  let query = executor
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("profiles as pp", "pp.id", "a.patient_id")
    .where("a.id", "=", appointmentId)
    .select([
      "a.id",
      "a.status",
      "a.payment_status as paymentStatus",
      "a.price_cents as priceCents",
      "a.starts_at as startsAt",
      "a.duration_minutes as durationMinutes",
      "a.ends_at as endsAt",
      "a.psychologist_id as psychologistId",
      "a.patient_id as patientId",
      "a.reschedule_count as rescheduleCount",
      "a.status_before_reschedule as statusBeforeReschedule",
      "a.proposed_starts_at as proposedStartsAt",
      "a.cancellation_policy_id as cancellationPolicyId",
      "a.reschedule_policy_id as reschedulePolicyId",
      "ps.name as psychologistName",
      "ps.time_zone as psychologistTimeZone",
      "pp.first_name as patientFirstName",
      "pp.last_name as patientLastName",
    ]);
  if (asker.role === "patient") query = query.where("a.patient_id", "=", asker.userId);
  else if (asker.role === "psychologist") query = query.where("ps.user_id", "=", asker.userId);
  if (options.lock) query = query.forUpdate("a");
  return query.executeTakeFirst();
}

export async function markCancelled(
  executor: Executor,
  appointmentId: string,
  values: { by: CancelledBy; reason: string; exception: CancellationException | null; now: Date; refundCents: number | null },
) {
  await executor
    .updateTable("appointments")
    .set({
      status: "cancelled",
      cancelled_by: values.by,
      cancelled_at: values.now,
      cancellation_reason: values.reason,
      cancellation_exception: values.exception,
      hold_expires_at: null,
      refund_cents: values.refundCents,
      refund_status: values.refundCents ? "pending" : null,
      // A proposed new time goes with it: nothing is held for a cancelled consultation.
      proposed_starts_at: null,
      proposed_ends_at: null,
      status_before_reschedule: null,
    })
    .where("id", "=", appointmentId)
    .execute();
  await executor
    .updateTable("reschedule_requests")
    .set({ status: "cancelled", responded_at: values.now })
    .where("appointment_id", "=", appointmentId)
    .where("status", "=", "pending")
    .execute();
}

/** The refund a cancellation owes, with the approved payment it comes from; locked for the transaction. */
export function owedRefund(executor: Executor, appointmentId: string) {
  return executor
    .selectFrom("appointments as a")
    .leftJoin("payments as p", (join) => join.onRef("p.appointment_id", "=", "a.id").on("p.status", "=", "approved"))
    .where("a.id", "=", appointmentId)
    .where("a.refund_status", "in", ["pending", "failed"])
    .select(["a.id", "a.patient_id as patientId", "a.refund_cents as refundCents", "p.id as paymentRowId", "p.provider_payment_id as providerPaymentId"])
    .forUpdate("a")
    .executeTakeFirst();
}

/**
 * The payment a cancellation's refund comes from, its row locked (after the
 * appointment's): an administrator's refund writes its row and completes
 * under this lock, so what is read here is what went back and what is still
 * in flight. The pending rows are read by a statement after the lock, so one
 * committed while this waited is seen.
 */
export async function lockedPaymentForCancellationRefund(executor: Executor, paymentRowId: string) {
  const payment = await executor
    .selectFrom("payments")
    .select(["amount_cents as amountCents", "refunded_cents as refundedCents"])
    .where("id", "=", paymentRowId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const pendingManualRefunds = await executor
    .selectFrom("manual_refunds")
    .select(["id", "attempted_at as attemptedAt"])
    .where("payment_id", "=", paymentRowId)
    .where("status", "=", "pending")
    .orderBy("attempted_at")
    .execute();
  return { ...payment, pendingManualRefunds };
}

/** Nothing is left to send (what was owed already went back): the cancellation's refund is done. */
export async function settleCancellationRefund(executor: Executor, appointmentId: string, paymentWhollyRefunded: boolean): Promise<boolean> {
  const result = await executor
    .updateTable("appointments")
    .set({ refund_status: "refunded", ...(paymentWhollyRefunded ? { payment_status: "refunded" as const } : {}) })
    .where("id", "=", appointmentId)
    .where("refund_status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the payment as being refunded by us, so the gateway's later notice of it changes nothing. */
export async function claimCancellationRefund(executor: Executor, paymentRowId: string, claim: string) {
  await executor.updateTable("payments").set({ refund_id: claim }).where("id", "=", paymentRowId).where("refund_id", "is", null).execute();
}

export async function recordCancellationRefund(executor: Executor, refund: { appointmentId: string; paymentRowId: string; refundId: string; cents: number; full: boolean }) {
  await executor
    .updateTable("payments")
    .set((eb) => ({ refund_id: refund.refundId, refunded_cents: eb("refunded_cents", "+", refund.cents) }))
    .where("id", "=", refund.paymentRowId)
    .execute();
  await executor
    .updateTable("appointments")
    .set({ refund_status: "refunded", ...(refund.full ? { payment_status: "refunded" as const } : {}) })
    .where("id", "=", refund.appointmentId)
    .execute();
}

/**
 * The psychologist grants a patient's claimed exception: the whole price goes back. Only for
 * a cancellation by the patient with an exception and a paid, not wholly refunded, price.
 * Returns what the audit row names (the patient and the amount now owed), or undefined when refused.
 */
export async function grantFullRefund(executor: Executor, appointmentId: string, psychologistUserId: string) {
  return executor
    .updateTable("appointments as a")
    .set((eb) => ({ refund_cents: eb.ref("a.price_cents"), refund_status: "pending" }))
    .where("a.id", "=", appointmentId)
    .where("a.psychologist_id", "in", (eb) => eb.selectFrom("psychologists").select("id").where("user_id", "=", psychologistUserId))
    .where("a.status", "=", "cancelled")
    .where("a.cancelled_by", "=", "patient")
    .where("a.cancellation_exception", "is not", null)
    .where("a.payment_status", "=", "paid")
    .where((eb) => eb.or([eb("a.refund_cents", "is", null), eb("a.refund_cents", "<", eb.ref("a.price_cents"))]))
    .returning(["a.patient_id as patientId", "a.refund_cents as refundCents"])
    .executeTakeFirst();
}

/** Marks a pending refund failed; whether it was pending (a retry failing again changes nothing). */
export async function markRefundFailed(executor: Executor, appointmentId: string): Promise<boolean> {
  const result = await executor.updateTable("appointments").set({ refund_status: "failed" }).where("id", "=", appointmentId).where("refund_status", "=", "pending").executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
