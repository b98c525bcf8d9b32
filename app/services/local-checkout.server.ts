import { z } from "zod";
import { findPatientAppointment, type PatientAppointment } from "~/models/booking.server";
import { localPaymentGateway } from "~/providers/payments.server";
import { notificationRequest, type LocalPaymentOutcome } from "~/providers/payments.local.server";
import { log } from "~/utils/logger.server";
import { receivePaymentNotification } from "./payment-webhook.server";

/**
 * The development checkout (/dev/checkout/:appointmentId): what Mercado Pago's
 * hosted page does, in the app. A button records a payment at the local
 * gateway, delivers the notification signed exactly as Mercado Pago signs it
 * to the same webhook handler (in process: same verification, same record,
 * same job), then sends the patient to the return page Mercado Pago would.
 */

export type LocalCheckoutView =
  | { ok: true; appointment: PatientAppointment }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_awaiting_payment"; appointment: PatientAppointment };

/** The patient's own appointment, payable while its hold lasts (a real checkout expires with it). */
export async function localCheckoutFor(patientId: string, appointmentId: string, now = new Date()): Promise<LocalCheckoutView> {
  const appointment = await findPatientAppointment(patientId, appointmentId);
  if (!appointment) return { ok: false, reason: "not_found" };
  const held = appointment.status === "pending_payment" && appointment.holdExpiresAt !== null && appointment.holdExpiresAt.getTime() > now.getTime();
  return held ? { ok: true, appointment } : { ok: false, reason: "not_awaiting_payment", appointment };
}

/** The checkout form: which of its three buttons was pressed (the page is not translated, like the outbox). */
export const checkoutFormSchema = z.object({
  outcome: z.enum(["approved", "pending", "rejected"], { message: "Escolha uma das opções." }),
  // How the patient pays, as Mercado Pago's page offers: the receipt and the billing tab show it. PIX when not said.
  method: z.enum(["pix", "credit_card", "debit_card"], { message: "Escolha uma forma de pagamento." }).default("pix"),
});

const RETURN_PATHS: Record<LocalPaymentOutcome, (id: string) => string> = {
  approved: (id) => `/appointment/success/${id}`,
  pending: () => "/payment/pending",
  rejected: () => "/payment/failure",
};

export async function payLocally(appointment: PatientAppointment, outcome: LocalPaymentOutcome, method: "pix" | "credit_card" | "debit_card" = "pix"): Promise<string> {
  const gateway = localPaymentGateway();
  const payment = await gateway.simulatePayment({ appointmentId: appointment.id, amountCents: appointment.priceCents, outcome, method });
  const notification = gateway.signedNotification(payment.id, { action: "payment.created" });
  const delivered = await receivePaymentNotification(notificationRequest(notification));
  if (delivered.status !== 200) log().error({ status: delivered.status, paymentId: payment.id }, "local checkout: webhook refused its own notification");
  // The parameters Mercado Pago adds to its back URLs.
  const params = new URLSearchParams({
    collection_id: payment.id,
    collection_status: payment.status,
    payment_id: payment.id,
    status: payment.status,
    external_reference: appointment.id,
    payment_type: payment.method ?? "",
    preference_id: appointment.checkoutId ?? "",
  });
  return `${RETURN_PATHS[outcome](appointment.id)}?${params}`;
}
