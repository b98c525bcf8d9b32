import type { AppointmentStatus, PaymentStatus } from "#db/types";
import { canTransition, hoursUntil, refundPercentForCancellation, type CancellationPolicy } from "./appointment-status";

/**
 * Cancelling an appointment (spec 02, sections 2.3, 4 and 9): who may, and
 * what goes back. The quote shown before confirming and the one the server
 * applies come from this one function, at their own moment.
 */

/** An administrator cancels too: a blocked account's consultations, a dispute (issue 15); everything goes back. */
export type Canceller = "patient" | "psychologist" | "admin";

export const CANCELLATION_EXCEPTIONS = ["medical_emergency", "technical_issues", "weather_conditions"] as const;
export type CancellationException = (typeof CANCELLATION_EXCEPTIONS)[number];

export type CancellationRefusal = "not_allowed" | "started";

export interface CancellationQuote {
  /** 100, the policy's partial percentage, or 0. */
  percent: number;
  cents: number;
  /** Whether anything was paid: an unpaid hold is only released. */
  paid: boolean;
}

/** Null when this person may cancel now; else why not. Nobody cancels a consultation that has begun. */
export function cancellationRefusal(appointment: { status: AppointmentStatus; startsAt: Date }, by: Canceller, now: Date): CancellationRefusal | null {
  if (!canTransition(appointment.status, { type: "cancel", by })) return "not_allowed";
  if (now.getTime() >= appointment.startsAt.getTime()) return "started";
  return null;
}

/**
 * The refund of a cancellation now: the policy the booking was made under
 * decides a patient's; a psychologist's always gives everything back.
 */
export function cancellationQuote(
  appointment: { paymentStatus: PaymentStatus; priceCents: number; startsAt: Date },
  by: Canceller,
  now: Date,
  policy: CancellationPolicy,
): CancellationQuote {
  if (appointment.paymentStatus !== "paid") return { percent: 0, cents: 0, paid: false };
  const percent = refundPercentForCancellation(by, hoursUntil(appointment.startsAt, now), policy);
  return { percent, cents: Math.round((appointment.priceCents * percent) / 100), paid: true };
}

/** Whether a patient's claimed exception is one the policy recognises (shown to the psychologist, who decides). */
export function exceptionRecognised(exception: CancellationException, policy: CancellationPolicy): boolean {
  const flags = { medical_emergency: policy.exceptions.medicalEmergency, technical_issues: policy.exceptions.technicalIssues, weather_conditions: policy.exceptions.weatherConditions };
  return flags[exception];
}

/** What the cancellation's refund job does on this try. */
export type CancellationRefundStep =
  /** Send this much (with the key of the amount owed). */
  | { kind: "refund"; cents: number; full: boolean }
  /** An administrator's refund of the same payment awaits the gateway's answer: try again later (ADR 020). */
  | { kind: "wait" }
  /** Already given back, or nothing of the payment is left: done without a call. */
  | { kind: "nothing_owed" };

/**
 * The refund a cancellation still owes, read with the payment locked: what
 * the cancellation decided (`owedCents`, a total) less what already went back
 * of the payment (`refundedCents`: earlier refunds of the cancellation and an
 * administrator's), and never more than is left of the payment. While an
 * administrator's refund of it is pending, its outcome is unknown (it may
 * still be counted), so nothing is sent.
 */
export function cancellationRefundStep(input: { owedCents: number; paidCents: number; refundedCents: number; manualRefundPending: boolean }): CancellationRefundStep {
  if (input.manualRefundPending) return { kind: "wait" };
  const left = Math.max(0, input.paidCents - input.refundedCents);
  const cents = Math.min(input.owedCents - input.refundedCents, left);
  if (cents <= 0) return { kind: "nothing_owed" };
  return { kind: "refund", cents, full: cents >= left };
}
