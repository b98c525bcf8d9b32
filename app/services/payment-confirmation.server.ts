import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { holdsSlot, nextStatus } from "~/domain/appointment-status";
import { audit } from "~/models/audit.server";
import { lockAgenda } from "~/models/agenda.server";
import { findBookablePsychologist, lockPatient, releaseExpiredHoldsOverlapping } from "~/models/booking.server";
import { db } from "~/models/db.server";
import {
  appendPaymentHistory,
  cancelForPayment,
  claimRefund,
  confirmPaidAppointment,
  dropRefundClaim,
  findPaymentForUpdate,
  hasOtherApprovedPayment,
  insertPayment,
  lockAppointment,
  markNotificationProcessed,
  overlapsAnotherHolder,
  recordRefund,
  setAppointmentPaymentStatus,
  updatePayment,
  type LockedAppointment,
} from "~/models/payment.server";
import { paymentGateway, type GatewayPayment, type GatewayPaymentStatus } from "~/providers/payments.server";
import { log } from "~/utils/logger.server";
import { onAppointmentCancelled, onAppointmentConfirmed, onPaymentFailed, onPaymentPending } from "./appointment-events.server";
import { queueDuplicateRefundEmail, queueLateRefundEmails, queueMismatchAlert } from "./payment-emails.server";

/**
 * Applies what the gateway says about a payment to its appointment: the one
 * service behind the webhook's job and the return pages. The gateway is
 * asked, never the notification or the query string; everything is decided
 * in one transaction with the appointment row locked, so duplicates,
 * retries and concurrent deliveries converge on the same state.
 */

/**
 * How far along a payment is. A report never moves a payment backwards: a
 * late 'pending' after 'approved' is stale, and ignored.
 */
const STATUS_RANK: Record<GatewayPaymentStatus, number> = {
  pending: 1,
  in_process: 1,
  authorized: 1,
  approved: 2,
  in_mediation: 2,
  rejected: 2,
  cancelled: 2,
  refunded: 3,
  charged_back: 3,
};

function rankOf(status: string): number {
  return STATUS_RANK[status as GatewayPaymentStatus] ?? 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refund claim older than this is taken to be abandoned (the process died mid-call) and retried with the same key. */
const REFUND_CLAIM_TIMEOUT_MS = 10 * 60_000;
const CLAIM_PREFIX = "requested:";

export type PaymentOutcome =
  /** Not one of ours (no or unknown external reference). */
  | "ignored"
  /** Recorded; nothing else changed (duplicate, stale or already applied). */
  | "unchanged"
  | "confirmed"
  | "pending"
  /** Refused: the hold was released. */
  | "failed"
  /** Money returned on a paid appointment: cancelled. */
  | "refunded"
  /** Approved after the hold ran out and the slot was taken: refunded, both told. */
  | "refunded_late"
  /** Approved for another amount or currency than the appointment's price: not applied, refunded, admins alerted. */
  | "refunded_mismatch"
  /** A second approved payment for an appointment already paid: refunded, the patient told. */
  | "refunded_duplicate";

/** Why a payment is sent back; each has its own idempotency key per payment, stable across retries. */
type RefundReason = "late" | "mismatch" | "duplicate";

interface Decision {
  outcome: PaymentOutcome;
  refund?: { paymentRowId: string; claim: string; appointmentId: string; patientId: string; reason: RefundReason };
}

/** Only the exact price, in reais, pays an appointment. */
function paysFor(payment: GatewayPayment, priceCents: number): boolean {
  return payment.amountCents === priceCents && payment.currency === "BRL";
}

function refundClaimIsLive(refundId: string | null, now: Date): boolean {
  if (!refundId) return false;
  if (!refundId.startsWith(CLAIM_PREFIX)) return true; // done: the gateway's id
  const claimedAt = Date.parse(refundId.slice(CLAIM_PREFIX.length));
  return Number.isFinite(claimedAt) && now.getTime() - claimedAt < REFUND_CLAIM_TIMEOUT_MS;
}

/** Applies a payment as the gateway reported it. Safe to call any number of times, concurrently. */
export async function applyGatewayPayment(payment: GatewayPayment, now = new Date()): Promise<PaymentOutcome> {
  const appointmentId = payment.externalReference;
  if (!appointmentId || !UUID.test(appointmentId)) return "ignored";
  const provider = paymentGateway().name;

  const decision = await db.transaction().execute(async (trx): Promise<Decision> => {
    const appointment = await lockAppointment(trx, appointmentId);
    if (!appointment) return { outcome: "ignored" };

    const existing = await findPaymentForUpdate(trx, provider, payment.id);
    // A stale report (lower rank than what we know) changes nothing.
    const status = existing && rankOf(payment.status) < rankOf(existing.status) ? existing.status : payment.status;
    const statusChanged = existing?.status !== status;
    const values = {
      status,
      statusDetail: payment.statusDetail ?? null,
      method: payment.method,
      amountCents: payment.amountCents,
      currency: (payment.currency ?? "").toUpperCase() || "XXX",
      approvedAt: payment.approvedAt ?? null,
      refundedCents: Math.max(existing?.refundedCents ?? 0, payment.refundedCents ?? 0),
    };
    let paymentRowId: string;
    if (existing) {
      paymentRowId = existing.id;
      if (statusChanged || rankOf(payment.status) >= rankOf(existing.status)) await updatePayment(trx, existing.id, values);
    } else {
      paymentRowId = await insertPayment(trx, { ...values, appointmentId, provider, providerPaymentId: payment.id });
    }
    if (statusChanged) {
      await appendPaymentHistory(trx, paymentRowId, status, values.statusDetail);
      // The gateway moved money: one audit row per change, none for a duplicate or stale notice.
      await audit(
        {
          actor: { userId: null, role: "system" },
          action: "payment.status",
          subject: { type: "payment", id: paymentRowId },
          patientId: appointment.patientId,
          details: { appointmentId: appointment.id, from: existing?.status ?? null, to: status, gatewayPaymentId: payment.id },
        },
        trx,
      );
    }

    /** Takes the refund of this payment (once: a live claim means another delivery is on it). */
    const refundThis = async (reason: RefundReason, outcome: PaymentOutcome): Promise<Decision> => {
      if (refundClaimIsLive(existing?.refundId ?? null, now)) return { outcome: "unchanged" };
      const claim = `${CLAIM_PREFIX}${now.toISOString()}`;
      await claimRefund(trx, paymentRowId, claim);
      return { outcome, refund: { paymentRowId, claim, appointmentId: appointment.id, patientId: appointment.patientId, reason } };
    };

    switch (status) {
      case "approved": {
        // A payment that does not match the price never confirms anything: recorded, returned, reported.
        if (!paysFor(payment, appointment.priceCents)) {
          if (statusChanged) await queueMismatchAlert(trx, appointment, { paymentId: payment.id, amountCents: payment.amountCents, currency: values.currency });
          log().error({ appointmentId: appointment.id, paymentId: payment.id, amountCents: payment.amountCents, priceCents: appointment.priceCents, currency: payment.currency }, "approved payment does not match the appointment's price");
          return refundThis("mismatch", "refunded_mismatch");
        }
        // Another payment already paid for it: this one goes back.
        if (appointment.paymentStatus === "paid" && (await hasOtherApprovedPayment(trx, appointment.id, paymentRowId))) {
          if (statusChanged) await queueDuplicateRefundEmail(trx, appointment, payment.amountCents);
          log().warn({ appointmentId: appointment.id, paymentId: payment.id }, "second approved payment for a paid appointment");
          return refundThis("duplicate", "refunded_duplicate");
        }
        if (appointment.status === "pending_payment" || appointment.status === "pending") {
          nextStatus(appointment.status, { type: "payment_approved" });
          await confirmPaidAppointment(trx, appointment.id, payment.method);
          await onAppointmentConfirmed(trx, appointment.id);
          return { outcome: "confirmed" };
        }
        if (appointment.paymentStatus === "paid" || appointment.status !== "cancelled") return { outcome: "unchanged" };
        // Paid for an appointment whose hold was already released. If the slot is still free,
        // the patient gets it after all (the exclusion constraints still guard it); otherwise the money goes back.
        // Only while both can still meet: a booking's locks, in its order (ADR 010), so an account deletion,
        // a block or a suspension since the hold ran out either has committed and is seen here (the money
        // goes back), or waits for this and then finds the consultation.
        if (appointment.cancelledBy === "system" && (await bothCanStillMeet(trx, appointment))) {
          const released = await releaseExpiredHoldsOverlapping(trx, { ...appointment, now });
          for (const id of released) await onAppointmentCancelled(trx, id);
          if (!(await overlapsAnotherHolder(trx, appointment))) {
            await confirmPaidAppointment(trx, appointment.id, payment.method);
            await onAppointmentConfirmed(trx, appointment.id);
            return { outcome: "confirmed" };
          }
        }
        // Told once: when this payment is first seen approved (a retried refund does not write again).
        if (statusChanged && !refundClaimIsLive(existing?.refundId ?? null, now)) await queueLateRefundEmails(trx, appointment, payment.amountCents);
        return refundThis("late", "refunded_late");
      }
      case "pending":
      case "in_process":
      case "authorized":
        if (appointment.status === "pending_payment" && statusChanged) {
          await onPaymentPending(trx, appointment.id);
          return { outcome: "pending" };
        }
        return { outcome: "unchanged" };
      case "rejected":
      case "cancelled":
        if (appointment.status === "pending_payment") {
          nextStatus(appointment.status, { type: "payment_failed" });
          await cancelForPayment(trx, appointment.id, { paymentStatus: "failed", reason: "payment_failed", now });
          await onPaymentFailed(trx, appointment.id);
          await onAppointmentCancelled(trx, appointment.id);
          return { outcome: "failed" };
        }
        return { outcome: "unchanged" };
      case "refunded":
      case "charged_back":
        // A refund we made ourselves (a late, mismatched or second payment) was fully handled when we made it.
        if (existing?.refundId) return { outcome: "unchanged" };
        if (appointment.paymentStatus === "paid") {
          if (holdsSlot(appointment.status)) {
            await cancelForPayment(trx, appointment.id, { paymentStatus: "refunded", reason: "payment_refunded", now });
            await onAppointmentCancelled(trx, appointment.id);
          } else {
            await setAppointmentPaymentStatus(trx, appointment.id, "refunded");
          }
          return { outcome: "refunded" };
        }
        if (appointment.status === "pending_payment") {
          await cancelForPayment(trx, appointment.id, { paymentStatus: "failed", reason: "payment_refunded", now });
          await onPaymentFailed(trx, appointment.id);
          await onAppointmentCancelled(trx, appointment.id);
          return { outcome: "failed" };
        }
        return { outcome: "unchanged" };
      default:
        // in_mediation: a dispute is open; the appointment waits for its outcome.
        return { outcome: "unchanged" };
    }
  });

  if (decision.refund) await refundPayment(payment, decision.refund);
  return decision.outcome;
}

/** The psychologist still in the directory and the patient's account neither deleted nor blocked, under the booking's locks. */
async function bothCanStillMeet(trx: Transaction<Database>, appointment: LockedAppointment): Promise<boolean> {
  await lockAgenda(trx, appointment.psychologistId);
  if (!(await findBookablePsychologist(appointment.psychologistId, trx))) return false;
  const patient = await lockPatient(trx, appointment.patientId);
  return Boolean(patient && !patient.deletedAt && !patient.blockedAt);
}

/** Outside the transaction (a network call): refund in full with a key stable across retries, then record it. */
async function refundPayment(payment: GatewayPayment, { paymentRowId, claim, appointmentId, patientId, reason }: NonNullable<Decision["refund"]>) {
  let refund: { id: string };
  try {
    refund = await paymentGateway().refund(payment.id, undefined, { idempotencyKey: `acolhe-${reason}-refund-${paymentRowId}` });
  } catch (error) {
    // Let a retry try again (same idempotency key); the failed try is audited with the claim's release, once per
    // try (a claim is released once), by the system as the cancellation job's is: ids and the amount, the error stays in the log.
    await db.transaction().execute(async (trx) => {
      if (!(await dropRefundClaim(paymentRowId, claim, trx))) return;
      await audit(
        {
          actor: { userId: null, role: "system" },
          action: "payment.refund",
          subject: { type: "payment", id: paymentRowId },
          patientId,
          details: { appointmentId, cents: payment.amountCents, kind: reason, stage: "failed" },
        },
        trx,
      );
    });
    log().warn({ err: error, appointmentId, paymentId: payment.id, reason }, "automatic refund failed; it will be tried again");
    throw error;
  }
  try {
    // Only a late payment was the appointment's own; a mismatched or second payment leaves it as it is.
    await recordRefund(paymentRowId, claim, { id: refund.id, refundedCents: payment.amountCents }, appointmentId, reason === "late");
  } catch (error) {
    // Made but not recorded: a retry asks again with the same key and records the same refund.
    await dropRefundClaim(paymentRowId, claim);
    throw error;
  }
  log().warn({ appointmentId, paymentId: payment.id, refundId: refund.id, reason }, "payment refunded");
}

/**
 * The webhook's job: fetch the payment from the gateway and apply it. An id
 * the gateway does not know completes without changes; gateway errors throw,
 * so pg-boss retries.
 */
export async function processPaymentNotification({ notificationId, paymentId }: { notificationId?: number; paymentId: string }): Promise<PaymentOutcome> {
  const payment = await paymentGateway().getPayment(paymentId);
  const outcome = payment ? await applyGatewayPayment(payment) : "ignored";
  if (notificationId !== undefined) await markNotificationProcessed(notificationId);
  log().info({ paymentId, outcome }, "payment notification processed");
  return outcome;
}

/**
 * The return pages: when the patient comes back before the notification was
 * processed, ask the gateway about the payment named in the URL — only if it
 * belongs to this appointment — and apply it. Never throws.
 */
export async function syncPaymentForAppointment(appointmentId: string, paymentId: string): Promise<PaymentOutcome | null> {
  try {
    const payment = await paymentGateway().getPayment(paymentId);
    if (!payment || payment.externalReference !== appointmentId) return null;
    return await applyGatewayPayment(payment);
  } catch (error) {
    log().warn({ err: error, appointmentId, paymentId }, "payment lookup from the return page failed");
    return null;
  }
}
