import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { send } from "#tests/helpers/app";
import { appointmentRow, brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser } from "#tests/helpers/factories";
import { runQueuedJobs } from "#tests/helpers/jobs";
import { db } from "~/models/db.server";
import { InMemoryLocalPaymentStore, LocalPaymentGateway, notificationRequest } from "~/providers/payments.local.server";
import { resetPaymentGateway, type GatewayPayment } from "~/providers/payments.server";
import { holdSlotAndCheckout } from "~/services/booking.server";
import { env } from "~/utils/env.server";
import { formatMoney } from "~/utils/format";

/**
 * Payments must match (issue 11, item 6): an approved payment confirms an
 * appointment only for its exact price in reais; anything else is recorded,
 * refunded once and reported; a second payment for a paid appointment is
 * refunded once and the patient told. Through the webhook, as Mercado Pago calls it.
 */

let gateway: LocalPaymentGateway;
beforeEach(() => {
  gateway = useLocalGateway();
});
afterEach(() => {
  resetPaymentGateway();
  vi.restoreAllMocks();
});

async function book() {
  const { psychologistId } = await createBookablePsychologist();
  const patient = await createUser();
  const result = await holdSlotAndCheckout({ patientId: patient.id, psychologistId, startsAt: brasilia(dayFromToday(3), "10:00"), durationMinutes: 50, healthDataConsent: true });
  if (!result.ok) throw new Error(result.reason);
  const appointment = await appointmentRow(result.appointmentId);
  return { appointmentId: result.appointmentId, patient, priceCents: appointment.price_cents };
}

/** Mercado Pago notifies (signed) and the queued job applies the payment. */
async function notify(paymentId: string, times = 1) {
  for (let index = 0; index < times; index += 1) {
    const response = await send(notificationRequest(gateway.signedNotification(paymentId)));
    expect(response.status).toBeLessThan(300);
    await runQueuedJobs(["payments.process-notification"]);
  }
}

const paymentsOf = (appointmentId: string) => db.selectFrom("payments").selectAll().where("appointment_id", "=", appointmentId).orderBy("created_at").execute();
const alertText = async () => (await db.selectFrom("mail_outbox").select("text").where("template", "=", "payment_mismatch_alert").executeTakeFirstOrThrow()).text;
const mailsNamed = (template: string) => db.selectFrom("mail_outbox").select(["to_email", "template"]).where("template", "=", template).execute();

describe("an approved payment that does not match the price", () => {
  it("of another amount: not applied, refunded once in full, admins alerted", async () => {
    const { appointmentId, priceCents } = await book();
    const refund = vi.spyOn(gateway, "refund");
    const payment = await gateway.simulatePayment({ appointmentId, amountCents: priceCents - 1_00, outcome: "approved" });
    await notify(payment.id, 3);

    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "pending_payment", payment_status: "pending" });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![0]).toBe(payment.id);
    expect(refund.mock.calls[0]![1]).toBeUndefined(); // the whole payment
    expect((await gateway.getPayment(payment.id))!.status).toBe("refunded");
    expect(await paymentsOf(appointmentId)).toEqual([expect.objectContaining({ amount_cents: priceCents - 1_00, currency: "BRL", refunded_cents: priceCents - 1_00 })]);
    expect(await mailsNamed("payment_mismatch_alert")).toEqual(env().ADMIN_EMAILS.map((to) => ({ to_email: to, template: "payment_mismatch_alert" })));
    expect(await mailsNamed("appointment_confirmed_patient")).toEqual([]);
    // Both amounts written as the alert's Portuguese writes money, not '149.00 BRL' beside 'R$ 150,00'.
    expect(await alertText()).toContain(`aprovado com ${formatMoney(priceCents - 1_00, "pt-BR")}, mas o preço da consulta é ${formatMoney(priceCents, "pt-BR")}`);
  });

  it("in another currency: recorded as such, not applied, refunded", async () => {
    class DollarGateway extends LocalPaymentGateway {
      override async getPayment(id: string): Promise<GatewayPayment | null> {
        const payment = await super.getPayment(id);
        return payment && { ...payment, currency: "USD" };
      }
    }
    const config = env();
    gateway = new DollarGateway({ store: new InMemoryLocalPaymentStore(), appUrl: config.APP_URL, webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET });
    resetPaymentGateway(gateway);
    const refund = vi.spyOn(gateway, "refund");
    const { appointmentId, priceCents } = await book();
    const payment = await gateway.simulatePayment({ appointmentId, amountCents: priceCents, outcome: "approved" });
    await notify(payment.id);

    expect((await appointmentRow(appointmentId)).status).toBe("pending_payment");
    expect(await paymentsOf(appointmentId)).toEqual([expect.objectContaining({ currency: "USD", amount_cents: priceCents })]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await alertText()).toContain(`aprovado com ${formatMoney(priceCents, "pt-BR", "USD")}, mas`);
  });

  it("of the exact price in reais confirms the appointment, and refunds nothing", async () => {
    const { appointmentId, priceCents } = await book();
    const refund = vi.spyOn(gateway, "refund");
    const payment = await gateway.simulatePayment({ appointmentId, amountCents: priceCents, outcome: "approved" });
    await notify(payment.id, 2);
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    expect(refund).not.toHaveBeenCalled();
  });
});

describe("a second approved payment for a paid appointment", () => {
  it("is refunded once, however often it is notified; the appointment stays confirmed and the patient is told", async () => {
    const { appointmentId, priceCents, patient } = await book();
    const first = await gateway.simulatePayment({ appointmentId, amountCents: priceCents, outcome: "approved" });
    await notify(first.id);
    expect((await appointmentRow(appointmentId)).status).toBe("confirmed");

    const refund = vi.spyOn(gateway, "refund");
    const second = await gateway.simulatePayment({ appointmentId, amountCents: priceCents, outcome: "approved", method: "credit_card" });
    await notify(second.id, 3);

    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![0]).toBe(second.id);
    expect((await gateway.getPayment(second.id))!.status).toBe("refunded");
    expect((await gateway.getPayment(first.id))!.status).toBe("approved");
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    expect(await mailsNamed("payment_duplicate_refund")).toEqual([{ to_email: patient.email, template: "payment_duplicate_refund" }]);
    const rows = await paymentsOf(appointmentId);
    expect(rows.map((row) => [row.provider_payment_id, row.refunded_cents])).toEqual([
      [first.id, 0],
      [second.id, priceCents],
    ]);
  });
});

describe("an automatic refund the gateway refuses", () => {
  const refundAudits = () => db.selectFrom("audit_log").selectAll().where("action", "=", "payment.refund").orderBy("id").execute();

  it("of a mismatched payment: each failed try is audited by the system, without the gateway's words, and retried", async () => {
    const { appointmentId, priceCents, patient } = await book();
    const refund = vi.spyOn(gateway, "refund").mockRejectedValueOnce(new Error("refund refused: insufficient balance")).mockRejectedValueOnce(new Error("refund refused: insufficient balance"));
    const payment = await gateway.simulatePayment({ appointmentId, amountCents: priceCents - 1_00, outcome: "approved" });
    await notify(payment.id, 3);
    expect(refund).toHaveBeenCalledTimes(3);
    const [row] = await paymentsOf(appointmentId);
    expect(row).toMatchObject({ refunded_cents: priceCents - 1_00 });
    const audits = await refundAudits();
    expect(audits).toHaveLength(2);
    for (const audit of audits) {
      expect(audit).toMatchObject({ actor_user_id: null, actor_role: "system", subject_type: "payment", subject_id: row!.id, patient_id: patient.id });
      expect(audit.details).toEqual({ appointmentId, cents: priceCents - 1_00, kind: "mismatch", stage: "failed" });
    }
    expect(JSON.stringify(audits)).not.toContain("insufficient");
  });

  it("of a second payment: the failed try is audited once, and a later success adds no failure", async () => {
    const { appointmentId, priceCents } = await book();
    const first = await gateway.simulatePayment({ appointmentId, amountCents: priceCents, outcome: "approved" });
    await notify(first.id);
    const refund = vi.spyOn(gateway, "refund").mockRejectedValueOnce(new Error("timeout"));
    const second = await gateway.simulatePayment({ appointmentId, amountCents: priceCents, outcome: "approved", method: "credit_card" });
    await notify(second.id);
    const secondRow = (await paymentsOf(appointmentId)).find((row) => row.provider_payment_id === second.id)!;
    expect(await refundAudits()).toMatchObject([{ actor_role: "system", subject_id: secondRow.id, details: { appointmentId, cents: priceCents, kind: "duplicate", stage: "failed" } }]);
    await notify(second.id);
    expect(refund).toHaveBeenCalledTimes(2);
    expect((await gateway.getPayment(second.id))!.status).toBe("refunded");
    expect(await refundAudits()).toHaveLength(1);
  });
});
