import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { afterCancellation, afterConfirmation, afterPaymentFailed, afterPaymentPending } from "./appointment-notifications.server";

/**
 * What happens next when an appointment's payment state changes. The payment
 * code calls these inside the transaction that made the change (the
 * appointment row is locked by it), so whatever they write — rooms, e-mails
 * through the outbox, jobs through enqueue(…, trx) — commits or rolls back
 * with the change. Use `trx`, never `db`, in here.
 */

/** Paid and confirmed: the video room job, confirmation e-mails with the invite, reminders. */
export function onAppointmentConfirmed(trx: Transaction<Database>, appointmentId: string): Promise<void> {
  return afterConfirmation(trx, appointmentId);
}

/** Cancelled (hold released, payment refused or refunded): room deleted, reminders dropped, people told if it was confirmed. */
export function onAppointmentCancelled(trx: Transaction<Database>, appointmentId: string): Promise<void> {
  return afterCancellation(trx, appointmentId);
}

/** A payment was reported pending (e.g. PIX awaiting transfer); the hold stays and the patient is told. */
export function onPaymentPending(trx: Transaction<Database>, appointmentId: string): Promise<void> {
  return afterPaymentPending(trx, appointmentId);
}

/** A payment was refused; the hold was released and the patient is told. */
export function onPaymentFailed(trx: Transaction<Database>, appointmentId: string): Promise<void> {
  return afterPaymentFailed(trx, appointmentId);
}
