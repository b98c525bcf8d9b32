import type { AppointmentStatus } from "./appointment-status";

/**
 * Receipts (recibos) of consultations: which appointments have one, what it
 * is numbered, and how a payment method is named. Pure.
 *
 * Decided (issue 14): a receipt exists for a consultation whose payment was
 * received (payment_status 'paid') and kept, wholly or in part:
 * - confirmed (also while a reschedule waits), completed, or no-show: the
 *   whole amount paid;
 * - cancelled with a partial refund (the policy kept part of the price): the
 *   net amount the psychologist kept, with the refund stated;
 * - wholly refunded (payment_status 'refunded', or nothing left): no receipt.
 * The amount is what was received less what was or will be refunded.
 */

export const RECEIPT_STATUSES = ["confirmed", "pending_reschedule", "completed", "no_show", "cancelled"] as const satisfies readonly AppointmentStatus[];

export interface ReceiptCandidate {
  status: AppointmentStatus;
  paymentStatus: string;
  priceCents: number;
  refundCents: number | null;
}

/** What the psychologist keeps of a paid consultation, by the appointment alone (the dashboard's cards). */
export function keptCents(candidate: ReceiptCandidate): number {
  const refund = candidate.status === "cancelled" ? (candidate.refundCents ?? 0) : 0;
  return Math.max(0, candidate.priceCents - refund);
}

export function hasReceipt(candidate: ReceiptCandidate): boolean {
  return candidate.paymentStatus === "paid" && (RECEIPT_STATUSES as readonly string[]).includes(candidate.status) && keptCents(candidate) > 0;
}

/** The receipt's number: the consultation's year and the first eight characters of its id ('2026-3F1C2A4E'), unique per consultation. */
export function receiptNumber(appointmentId: string, startsAt: Date, timeZone: string): string {
  const year = new Intl.DateTimeFormat("en", { year: "numeric", timeZone }).format(startsAt);
  return `${year}-${shortId(appointmentId)}`;
}

export function shortId(appointmentId: string): string {
  return appointmentId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

export type PaymentMethodKey = "pix" | "credit_card" | "debit_card" | "other";

/** Mercado Pago's method types and ids (and the local gateway's) to the three the spec names. */
export function paymentMethodKey(method: string | null | undefined): PaymentMethodKey {
  const value = (method ?? "").toLowerCase();
  if (value === "pix" || value === "bank_transfer") return "pix";
  if (value === "debit_card" || value.startsWith("deb") || value === "maestro") return "debit_card";
  if (value === "credit_card" || ["visa", "master", "mastercard", "amex", "elo", "hipercard"].includes(value)) return "credit_card";
  return "other";
}

/** 'yyyy-mm-dd' of an instant in a zone (file names, report rows). */
export function isoDay(value: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(value);
}
