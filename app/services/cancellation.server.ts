import type { CancellationException } from "#db/types";
import { answerLost } from "~/domain/manual-refund";
import { cancellationQuote, cancellationRefundStep, cancellationRefusal, type CancellationQuote, type CancellationRefusal } from "~/domain/cancellation";
import { appointmentForAsker, claimCancellationRefund, grantFullRefund, lockedPaymentForCancellationRefund, markCancelled, markRefundFailed, owedRefund, recordCancellationRefund, settleCancellationRefund, type AdminAsker, type Asker } from "~/models/cancellation.server";
import { audit } from "~/models/audit.server";
import { db, transactionRetryingDeadlocks } from "~/models/db.server";
import { bookedPolicies } from "~/models/policies.server";
import { paymentGateway } from "~/providers/payments.server";
import { log } from "~/utils/logger.server";
import { afterCancellation } from "./appointment-notifications.server";
import { enqueue } from "./queue.server";

/**
 * Cancelling a consultation (issue 13, item 2), by its patient or its
 * psychologist, or by an administrator (issue 15: always a full refund, audited). The refund is decided at the moment of the POST, under the
 * policy the booking was made under, in the transaction that cancels (the
 * row locked, its state read again); the money moves afterwards, in a job
 * that retries with the same idempotency key until the gateway has it.
 */

export type { AdminAsker, Asker };

/** What the cancel page shows: the consultation, whether it can be cancelled now, and what would go back. */
export async function cancellationPreview(appointmentId: string, asker: Asker | AdminAsker, now = new Date()) {
  const appointment = await appointmentForAsker(db, appointmentId, asker);
  if (!appointment) return null;
  const { cancellation } = await bookedPolicies(db, appointment);
  return {
    appointment,
    policy: cancellation,
    refusal: cancellationRefusal(appointment, asker.role, now),
    quote: cancellationQuote(appointment, asker.role, now, cancellation),
  };
}

export type CancelResult = { ok: true; quote: CancellationQuote } | { ok: false; problem: "not_found" | CancellationRefusal };

export async function cancelAppointment(input: { appointmentId: string; asker: Asker | AdminAsker; reason: string; exception: CancellationException | null; now?: Date }): Promise<CancelResult> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<CancelResult> => {
    // Locked and read again: a payment approval, a reschedule or another cancellation waits or finds it changed.
    const appointment = await appointmentForAsker(trx, input.appointmentId, input.asker, { lock: true });
    if (!appointment) return { ok: false, problem: "not_found" };
    const refusal = cancellationRefusal(appointment, input.asker.role, now);
    if (refusal) return { ok: false, problem: refusal };
    const { cancellation } = await bookedPolicies(trx, appointment);
    const quote = cancellationQuote(appointment, input.asker.role, now, cancellation);
    await markCancelled(trx, appointment.id, {
      by: input.asker.role,
      reason: input.reason,
      // Only a patient claims an exception; the psychologist sees it and may refund in full.
      exception: input.asker.role === "patient" ? input.exception : null,
      now,
      refundCents: quote.paid ? quote.cents : null,
    });
    // Room, reminders, e-mails with the cancelling invite, the psychologist's notification.
    await afterCancellation(trx, appointment.id);
    // An admin's cancellation is always audited (issue 15); anyone's that decides a paid price's refund (even 0) is a money write.
    if (input.asker.role === "admin" || quote.paid) {
      await audit(
        {
          actor: { userId: input.asker.userId, role: input.asker.role },
          action: "appointment.cancel",
          subject: { type: "appointment", id: appointment.id },
          patientId: appointment.patientId,
          // The admin's reason is internal (ADR 020); a patient's or psychologist's may speak of health, so it stays out.
          details: input.asker.role === "admin" ? { reason: input.reason, refundCents: quote.cents } : { refundCents: quote.cents },
        },
        trx,
      );
    }
    if (quote.cents > 0) await enqueue("payments.refund-cancellation", { appointmentId: appointment.id }, {}, trx);
    return { ok: true, quote };
  });
}

/** The psychologist grants the patient's claimed exception: everything goes back, by the same job. */
export async function grantExceptionRefund(appointmentId: string, psychologistUserId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const granted = await grantFullRefund(trx, appointmentId, psychologistUserId);
    if (!granted) return false;
    // A money write: audited with the write. The exception's kind stays out (it may be a medical emergency).
    await audit(
      {
        actor: { userId: psychologistUserId, role: "psychologist" },
        action: "payment.refund",
        subject: { type: "appointment", id: appointmentId },
        patientId: granted.patientId,
        details: { refundCents: granted.refundCents, stage: "exception_granted" },
      },
      trx,
    );
    await enqueue("payments.refund-cancellation", { appointmentId }, {}, trx);
    return true;
  });
}

/** One key per amount owed: a retry repeats the same refund; a later grant of the rest is a new one. */
const refundKey = (appointmentId: string, totalCents: number) => `acolhe-cancel-refund-${appointmentId}-${totalCents}`;

/**
 * Thrown while an administrator's refund of the same payment awaits the
 * gateway's answer: not a refusal (nothing is marked failed, nobody is shown
 * anything), only "not yet" — pg-boss tries again with its backoff, and the
 * administrator's refund, once answered, queues the job again (ADR 020).
 */
export class ManualRefundPendingError extends Error {
  constructor(readonly appointmentId: string) {
    super("a manual refund of this payment is awaiting the gateway; the cancellation's refund waits for it");
    this.name = "ManualRefundPendingError";
  }
}

/**
 * The job: refunds what a cancellation owes. The same idempotency key on
 * every try, so a retry after a lost answer never refunds twice; a refusal
 * marks the refund failed (seen by both people) and throws, so pg-boss tries
 * again with backoff. What is sent is read with the payment locked: never
 * more than is left of it, and nothing while an administrator's refund of it
 * is pending (its amount may yet go back), so the two never add up to more
 * than was paid.
 */
export async function refundCancellation({ appointmentId }: { appointmentId: string }, now = new Date()): Promise<"refunded" | "nothing_owed"> {
  type Claimed =
    | { kind: "nothing_owed" }
    | { kind: "wait"; paymentRowId: string; manualRefunds: Array<{ id: string; attemptedAt: Date }> }
    | { kind: "refund"; cents: number; full: boolean; owed: NonNullable<Awaited<ReturnType<typeof owedRefund>>> };
  // Appointment then payment, as a gateway notice locks them; a deadlock with an administrator's refund completing runs again.
  const claimed = await transactionRetryingDeadlocks(async (trx): Promise<Claimed> => {
    const row = await owedRefund(trx, appointmentId);
    if (!row?.refundCents || !row.paymentRowId || !row.providerPaymentId) return { kind: "nothing_owed" };
    const payment = await lockedPaymentForCancellationRefund(trx, row.paymentRowId);
    const step = cancellationRefundStep({ owedCents: row.refundCents, paidCents: payment.amountCents, refundedCents: payment.refundedCents, manualRefundPending: payment.pendingManualRefunds.length > 0 });
    if (step.kind === "wait") return { kind: "wait", paymentRowId: row.paymentRowId, manualRefunds: payment.pendingManualRefunds };
    if (step.kind === "nothing_owed") {
      // What was owed already went back (an administrator's refund counted in it): done, nothing to send.
      if (await settleCancellationRefund(trx, appointmentId, payment.refundedCents >= payment.amountCents)) {
        // No money moved, but what was owed is now settled: audited, as every decision on a refund is.
        await audit(
          { actor: { userId: null, role: "system" }, action: "payment.refund", subject: { type: "payment", id: row.paymentRowId }, patientId: row.patientId, details: { appointmentId, cents: 0, owedCents: row.refundCents, stage: "settled" } },
          trx,
        );
      }
      return { kind: "nothing_owed" };
    }
    await claimCancellationRefund(trx, row.paymentRowId, `cancel:${appointmentId}`);
    return { kind: "refund", cents: step.cents, full: step.full, owed: row };
  });
  if (claimed.kind === "nothing_owed") return "nothing_owed";
  if (claimed.kind === "wait") {
    // A pending row older than five minutes lost its answer: only the administrator's 'Tentar novamente' settles it.
    const stale = claimed.manualRefunds.filter((refund) => answerLost(refund.attemptedAt, now)).map((refund) => refund.id);
    const context = { appointmentId, paymentId: claimed.paymentRowId, manualRefundIds: claimed.manualRefunds.map((refund) => refund.id) };
    if (stale.length > 0) log().error({ ...context, staleManualRefundIds: stale }, "cancellation refund waits for a manual refund with no answer for over five minutes; retry it from the payment's page");
    else log().info(context, "cancellation refund waits for a pending manual refund; it will be tried again");
    throw new ManualRefundPendingError(appointmentId);
  }
  const { owed, cents } = claimed;
  try {
    const refund = await paymentGateway().refund(owed.providerPaymentId!, cents, { idempotencyKey: refundKey(appointmentId, owed.refundCents!) });
    await db.transaction().execute(async (trx) => {
      // Recorded once even if two tries raced to here.
      if (!(await owedRefund(trx, appointmentId))) return;
      await recordCancellationRefund(trx, { appointmentId, paymentRowId: owed.paymentRowId!, refundId: refund.id, cents, full: claimed.full });
      // The money actually moved: audited with its record, by the job (no person acts here), as a manual refund's completion is.
      await audit(
        {
          actor: { userId: null, role: "system" },
          action: "payment.refund",
          subject: { type: "payment", id: owed.paymentRowId! },
          patientId: owed.patientId,
          details: { appointmentId, refundId: refund.id, cents, stage: "completed" },
        },
        trx,
      );
    });
    log().info({ appointmentId, refundId: refund.id, cents }, "cancellation refunded");
    return "refunded";
  } catch (error) {
    await db.transaction().execute(async (trx) => {
      if (!(await markRefundFailed(trx, appointmentId))) return;
      // Audited with the mark, once per failure of a pending refund; the error's text stays in the log.
      await audit(
        {
          actor: { userId: null, role: "system" },
          action: "payment.refund",
          subject: { type: "payment", id: owed.paymentRowId! },
          patientId: owed.patientId,
          details: { appointmentId, cents, stage: "failed" },
        },
        trx,
      );
    });
    log().warn({ err: error, appointmentId }, "cancellation refund failed; it will be tried again");
    throw error;
  }
}
