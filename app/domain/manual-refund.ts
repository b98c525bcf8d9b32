import type { AppointmentStatus } from "./appointment-status";
import { holdsSlot } from "./appointment-status";

/**
 * An administrator's manual refund of a payment (issue 15, item 4): how much
 * can still go back, and whether this amount may go back now. Pure, so the
 * form's hint and the server's decision are the same rule.
 */

export interface RefundablePayment {
  /** The provider's status: a partial refund leaves it 'approved'. */
  status: string;
  amountCents: number;
  refundedCents: number;
  /** Manual refunds written but not yet answered by the gateway. */
  inFlightCents: number;
  /** A cancellation's refund is owed and not yet made (its job is on it). */
  cancellationRefundOwed: boolean;
  appointment: { status: AppointmentStatus; startsAt: Date };
}

export type ManualRefundRefusal =
  /** Only an approved payment has money to give back. */
  | "not_approved"
  | "nothing_left"
  | "too_much"
  | "cancellation_refund_owed"
  /** Everything back for a consultation still ahead: cancel it instead, so the slot is freed and both are told. */
  | "cancel_instead";

export const MANUAL_REFUND_REASON_MAX = 500;

/** A pending refund older than this lost its answer (the process died mid-call) and may be tried again, with the same key. */
export const STALE_PENDING_MS = 5 * 60_000;

/** Whether a pending refund tried at `attemptedAt` has waited longer than STALE_PENDING_MS (its answer was lost). */
export const answerLost = (attemptedAt: Date, now: Date) => now.getTime() - attemptedAt.getTime() > STALE_PENDING_MS;

export function refundableCents(payment: RefundablePayment): number {
  if (payment.status !== "approved") return 0;
  return Math.max(0, payment.amountCents - payment.refundedCents - payment.inFlightCents);
}

/** Null when `cents` may go back now; else why not. */
export function manualRefundRefusal(payment: RefundablePayment, cents: number, now: Date): ManualRefundRefusal | null {
  if (payment.status !== "approved") return "not_approved";
  if (payment.cancellationRefundOwed) return "cancellation_refund_owed";
  const left = refundableCents(payment);
  if (left <= 0) return "nothing_left";
  if (!Number.isInteger(cents) || cents <= 0 || cents > left) return "too_much";
  const upcoming = holdsSlot(payment.appointment.status) && payment.appointment.startsAt.getTime() > now.getTime();
  if (upcoming && cents === left) return "cancel_instead";
  return null;
}

/**
 * Null when an administrator's refund may be tried again now; else why not.
 * A pending one (its answer lost) is already counted in flight, and a
 * cancellation's refund waits for it, so it may always be tried again. A
 * failed one counts for nothing until then: it is held to the rule of a new
 * refund (not while a cancellation's refund is owed, at most what is left),
 * so a cancellation refunded meanwhile is never added to it beyond the
 * payment.
 */
export function manualRefundRetryRefusal(payment: RefundablePayment, refund: { status: "pending" | "failed" | "refunded"; cents: number }): ManualRefundRefusal | null {
  if (refund.status !== "failed") return null;
  if (payment.status !== "approved") return "not_approved";
  if (payment.cancellationRefundOwed) return "cancellation_refund_owed";
  const left = refundableCents(payment);
  if (left <= 0) return "nothing_left";
  if (refund.cents > left) return "too_much";
  return null;
}
