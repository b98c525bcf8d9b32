import { sql } from "kysely";
import { STALE_PENDING_MS, type RefundablePayment } from "~/domain/manual-refund";
import { PAYMENT_WITH_APPOINTMENT } from "./admin-payments.server";
import { db, type Executor } from "./db.server";

/**
 * The rows of an administrator's manual refund (issue 15, item 4). Only the
 * admin routes reach these (they check the role); payments and refunds are
 * named by id, and every write goes with an audit row in the service.
 */

/** A pending refund older than this lost its answer (the process died mid-call) and may be tried again, with the same key. */
export { STALE_PENDING_MS };

/**
 * A payment as a refund needs it, with its consultation; `lock` holds the
 * consultation's row, then the payment's, for the transaction: the order of
 * a gateway notice and of the cancellation's refund job (ADR 020). The
 * payment first would deadlock with them: the refund row's insert then waits
 * for a key-share lock on the consultation that they hold.
 */
export async function paymentForRefund(executor: Executor, paymentId: string, options: { lock?: boolean; now?: Date } = {}) {
  if (options.lock) {
    await executor
      .selectFrom("appointments as a")
      .innerJoin("payments as py", "py.appointment_id", "a.id")
      .where("py.id", "=", paymentId)
      .select("a.id")
      .forUpdate("a")
      .execute();
  }
  let query = executor
    .selectFrom("payments as py")
    .innerJoin("appointments as a", "a.id", "py.appointment_id")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("users as u", "u.id", "a.patient_id")
    .where("py.id", "=", paymentId)
    .select([
      ...PAYMENT_WITH_APPOINTMENT,
      "a.starts_at as startsAt",
      "a.price_cents as priceCents",
      "a.refund_status as cancellationRefundStatus",
      "a.patient_id as patientId",
      "u.email as patientEmail",
      "ps.name as psychologistName",
      "ps.id as psychologistId",
      sql<number>`coalesce((select sum(m.cents) from manual_refunds m where m.payment_id = py.id and m.status = 'pending'), 0)::int`.as("inFlightCents"),
    ]);
  if (options.lock) query = query.forUpdate("py");
  return query.executeTakeFirst();
}

/** The payment for the admin's page (no lock). */
export function findPaymentForRefund(paymentId: string) {
  return paymentForRefund(db, paymentId);
}

export type PaymentForRefund = NonNullable<Awaited<ReturnType<typeof paymentForRefund>>>;

/** The rule's view of a payment (app/domain/manual-refund.ts). */
export function refundable(payment: PaymentForRefund): RefundablePayment {
  return {
    status: payment.status,
    amountCents: payment.amountCents,
    refundedCents: payment.refundedCents,
    inFlightCents: payment.inFlightCents,
    cancellationRefundOwed: payment.cancellationRefundStatus === "pending" || payment.cancellationRefundStatus === "failed",
    appointment: { status: payment.appointmentStatus, startsAt: payment.startsAt },
  };
}

/** Writes the refund before the gateway hears of it; null when this form was already sent (same request key). */
export async function insertManualRefund(executor: Executor, values: { paymentId: string; appointmentId: string; adminId: string; requestKey: string; cents: number; reason: string; now: Date }) {
  const row = await executor
    .insertInto("manual_refunds")
    .values({ payment_id: values.paymentId, appointment_id: values.appointmentId, requested_by: values.adminId, request_key: values.requestKey, cents: values.cents, reason: values.reason, created_at: values.now, attempted_at: values.now })
    .onConflict((conflict) => conflict.column("request_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export function manualRefundByKey(executor: Executor, requestKey: string) {
  return executor.selectFrom("manual_refunds").select(["id", "payment_id as paymentId", "cents", "status"]).where("request_key", "=", requestKey).executeTakeFirst();
}

/** One refund of this payment, as a retry's rule reads it. */
export function manualRefundOf(executor: Executor, refundId: string, paymentId: string) {
  return executor.selectFrom("manual_refunds").select(["id", "status", "cents"]).where("id", "=", refundId).where("payment_id", "=", paymentId).executeTakeFirst();
}

/** Whether the consultation's cancellation still owes a refund (its job is on it, or waiting for a manual refund of the same payment). */
export async function cancellationRefundOwed(executor: Executor, appointmentId: string): Promise<boolean> {
  const row = await executor.selectFrom("appointments").select("refund_status").where("id", "=", appointmentId).executeTakeFirst();
  return row?.refund_status === "pending" || row?.refund_status === "failed";
}

/** Takes a failed refund, or a pending one whose answer was lost, for another try with the same key; null when it is not one. */
export async function claimRetry(executor: Executor, refundId: string, paymentId: string, now: Date) {
  const row = await executor
    .updateTable("manual_refunds")
    .set({ status: "pending", error: null, attempted_at: now })
    .where("id", "=", refundId)
    .where("payment_id", "=", paymentId)
    .where((eb) => eb.or([eb("status", "=", "failed"), eb.and([eb("status", "=", "pending"), eb("attempted_at", "<", new Date(now.getTime() - STALE_PENDING_MS))])]))
    .returning(["id", "cents", "reason"])
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The gateway made it: the refund is done and the payment counts it — once,
 * even if two tries raced here. The consultation's payment reads 'refunded'
 * when nothing of it is left. The provider's refund id on the payment tells
 * the webhook's later notice of it that we already did.
 */
export async function completeManualRefund(executor: Executor, refund: { id: string; providerRefundId: string; now: Date }): Promise<{ paymentId: string; appointmentId: string; cents: number; reason: string } | null> {
  const done = await executor
    .updateTable("manual_refunds")
    .set({ status: "refunded", provider_refund_id: refund.providerRefundId, completed_at: refund.now, error: null })
    .where("id", "=", refund.id)
    .where("status", "!=", "refunded")
    .returning(["payment_id as paymentId", "appointment_id as appointmentId", "cents", "reason"])
    .executeTakeFirst();
  if (!done) return null;
  // The consultation's row before the payment's, in the cancellation refund's order (ADR 020), so the two never deadlock.
  await executor.selectFrom("appointments").select("id").where("id", "=", done.appointmentId).forUpdate().execute();
  const payment = await executor
    .updateTable("payments")
    .set((eb) => ({ refunded_cents: eb("refunded_cents", "+", done.cents), refund_id: refund.providerRefundId }))
    .where("id", "=", done.paymentId)
    .returning(["amount_cents as amountCents", "refunded_cents as refundedCents"])
    .executeTakeFirstOrThrow();
  if (payment.refundedCents >= payment.amountCents) {
    await executor.updateTable("appointments").set({ payment_status: "refunded" }).where("id", "=", done.appointmentId).where("payment_status", "=", "paid").execute();
  }
  return done;
}

/** Marks a pending refund failed; what its audit row names, or null when it was not pending. */
export async function failManualRefund(executor: Executor, refundId: string, error: string) {
  const row = await executor
    .updateTable("manual_refunds as m")
    .set({ status: "failed", error: error.slice(0, 500) })
    .where("m.id", "=", refundId)
    .where("m.status", "=", "pending")
    .returning((eb) => ["m.payment_id as paymentId", "m.appointment_id as appointmentId", eb.selectFrom("appointments as a").select("a.patient_id").whereRef("a.id", "=", "m.appointment_id").as("patientId")])
    .executeTakeFirst();
  return row ?? null;
}

/** Every manual refund of a payment, oldest first, with who asked. */
export function manualRefundsOf(paymentId: string) {
  return db
    .selectFrom("manual_refunds as m")
    .leftJoin("users as u", "u.id", "m.requested_by")
    .where("m.payment_id", "=", paymentId)
    .select(["m.id", "m.cents", "m.reason", "m.status", "m.error", "m.provider_refund_id as providerRefundId", "m.created_at as createdAt", "m.attempted_at as attemptedAt", "m.completed_at as completedAt", "u.email as requestedBy"])
    .orderBy("m.created_at")
    .execute();
}
