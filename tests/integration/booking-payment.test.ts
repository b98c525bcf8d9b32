import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signMercadoPagoNotification } from "~/domain/mercadopago-signature";
import { db } from "~/models/db.server";
import { LocalPaymentGateway, notificationRequest, type LocalPaymentOutcome } from "~/providers/payments.local.server";
import { resetPaymentGateway, type GatewayPayment, type PaymentGateway } from "~/providers/payments.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_dev.dev.checkout.$appointmentId";
import { loader as failureLoader } from "~/routes/_patient.appointment.failure";
import { loader as appointmentPendingLoader } from "~/routes/_patient.appointment.pending";
import { loader as successLoader } from "~/routes/_patient.appointment.success.$id";
import { loader as paymentFailureLoader } from "~/routes/_patient.payment.failure";
import { loader as paymentPendingLoader } from "~/routes/_patient.payment.pending";
import { loader as paymentSuccessLoader } from "~/routes/_patient.payment.success";
import { action as webhookAction } from "~/routes/_resources.webhooks.mercadopago";
import * as events from "~/services/appointment-events.server";
import { isSlotFree } from "~/services/availability.server";
import { holdSlotAndCheckout, releaseExpiredHolds } from "~/services/booking.server";
import { applyGatewayPayment, processPaymentNotification } from "~/services/payment-confirmation.server";
import { env } from "~/utils/env.server";
import { zoneName } from "~/utils/zoned-time";
import { appointmentRow, brasilia, createBookablePsychologist, dayFromToday, useLocalGateway, ZONE } from "#tests/helpers/booking";
import { send } from "#tests/helpers/app";
import { createUser, signedIn, type TestUser } from "#tests/helpers/factories";
import { body, getRequest, location, postRequest, run } from "#tests/helpers/http";
import { queuedJobs, runQueuedJobs } from "#tests/helpers/jobs";

/**
 * The money path after the hold: the signed webhook recorded once and
 * processed by a job, payments applied in one locked transaction so that
 * duplicates, retries and late reports converge, the refund of a payment
 * that arrived after its slot was retaken, the return pages that show the
 * database's truth, and the local checkout that drives it all.
 */

vi.mock("~/services/appointment-events.server", () => ({
  onAppointmentConfirmed: vi.fn(async () => {}),
  onAppointmentCancelled: vi.fn(async () => {}),
  onPaymentPending: vi.fn(async () => {}),
  onPaymentFailed: vi.fn(async () => {}),
}));

let gateway: LocalPaymentGateway;
beforeEach(() => {
  gateway = useLocalGateway();
  vi.clearAllMocks();
});
afterEach(() => resetPaymentGateway());

interface Booking {
  appointmentId: string;
  patient: TestUser;
  psychologistId: string;
  startsAt: Date;
}

async function book(options: { patient?: TestUser; psychologistId?: string; time?: string } = {}): Promise<Booking> {
  const psychologistId = options.psychologistId ?? (await createBookablePsychologist()).psychologistId;
  const patient = options.patient ?? (await createUser());
  const startsAt = brasilia(dayFromToday(3), options.time ?? "10:00");
  const result = await holdSlotAndCheckout({ patientId: patient.id, psychologistId, startsAt, durationMinutes: 50, healthDataConsent: true });
  if (!result.ok) throw new Error(`hold failed: ${result.reason}`);
  return { appointmentId: result.appointmentId, patient, psychologistId, startsAt };
}

function pay(appointmentId: string, outcome: LocalPaymentOutcome, amountCents = 150_00) {
  return gateway.simulatePayment({ appointmentId, amountCents, outcome });
}

const webhook = (request: Request) => run(webhookAction, request);

const paymentRows = (appointmentId: string) => db.selectFrom("payments").selectAll().where("appointment_id", "=", appointmentId).execute();
const statusAudits = (appointmentId: string) =>
  db
    .selectFrom("audit_log")
    .select(["actor_user_id", "actor_role", "subject_type", "subject_id", "patient_id", "details"])
    .where("action", "=", "payment.status")
    .where(sql<string>`details->>'appointmentId'`, "=", appointmentId)
    .orderBy("id")
    .execute();
const historyOf = (paymentId: string) =>
  db.selectFrom("payment_status_history").select(["status"]).where("payment_id", "=", paymentId).orderBy("id").execute().then((rows) => rows.map((row) => row.status));

describe("the webhook", () => {
  it("refuses a forged signature with 401 and writes nothing", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    const notification = gateway.signedNotification(payment.id);
    const forged = { ...notification, headers: { ...notification.headers, "x-signature": notification.headers["x-signature"].replace(/v1=[0-9a-f]{4}/, "v1=0000") } };
    const response = await webhook(notificationRequest(forged));
    expect(response.status).toBe(401);

    const wrongSecret = signMercadoPagoNotification({ secret: "not-the-secret", dataId: payment.id, requestId: "req-1" });
    const response2 = await webhook(notificationRequest({ ...notification, headers: { ...notification.headers, "x-request-id": "req-1", "x-signature": wrongSecret.signature } }));
    expect(response2.status).toBe(401);

    expect(await db.selectFrom("payment_notifications").selectAll().execute()).toEqual([]);
    expect(await queuedJobs("payments.process-notification")).toEqual([]);
    expect((await appointmentRow(appointmentId)).status).toBe("pending_payment");
  });

  it("refuses a genuine but stale notification (401)", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    const config = env();
    const past = new LocalPaymentGateway({ store: { save: async () => {}, find: async () => null }, appUrl: config.APP_URL, webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET, now: () => new Date(Date.now() - 10 * 60_000) });
    const response = await webhook(notificationRequest(past.signedNotification(payment.id)));
    expect(response.status).toBe(401);
    expect(await db.selectFrom("payment_notifications").selectAll().execute()).toEqual([]);
  });

  it("records a notification once, queues its job in the same transaction, and answers 200 at once", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    const notification = gateway.signedNotification(payment.id, { requestId: "req-42" });
    const first = await webhook(notificationRequest(notification));
    expect(first.status).toBe(200);
    expect(await body(first)).toEqual({ received: true });
    const again = await webhook(notificationRequest(notification));
    expect(again.status).toBe(200);
    expect(await body(again)).toEqual({ received: true, duplicate: true });

    const recorded = await db.selectFrom("payment_notifications").selectAll().execute();
    expect(recorded).toMatchObject([{ provider: "local", request_id: "req-42", topic: "payment", resource_id: payment.id, processed_at: null }]);
    expect(await queuedJobs("payments.process-notification")).toHaveLength(1);
    // Answered before any processing.
    expect((await appointmentRow(appointmentId)).status).toBe("pending_payment");

    expect(await runQueuedJobs(["payments.process-notification"])).toBe(1);
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid", payment_method: "pix", hold_expires_at: null });
    expect((await db.selectFrom("payment_notifications").select("processed_at").executeTakeFirstOrThrow()).processed_at).not.toBeNull();
  });

  it("acknowledges other topics without recording them", async () => {
    const secret = env().MERCADOPAGO_WEBHOOK_SECRET;
    const { signature } = signMercadoPagoNotification({ secret, dataId: "123", requestId: "req-order" });
    const request = new Request("http://localhost:3000/webhooks/mercadopago?data.id=123&type=merchant_order", {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": "req-order" },
      body: JSON.stringify({ type: "merchant_order", data: { id: "123" } }),
    });
    const response = await webhook(request);
    expect(response.status).toBe(200);
    expect(await db.selectFrom("payment_notifications").selectAll().execute()).toEqual([]);
  });

  it("10 duplicate notifications of one approval give one confirmation and one payments row", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    for (let index = 0; index < 10; index += 1) {
      // Mercado Pago retries with new request ids: each is a delivery of its own.
      expect((await webhook(notificationRequest(gateway.signedNotification(payment.id)))).status).toBe(200);
    }
    expect(await runQueuedJobs(["payments.process-notification"])).toBe(10);
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const rows = await paymentRows(appointmentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "local", provider_payment_id: payment.id, status: "approved", amount_cents: 150_00, method: "pix" });
    expect(await historyOf(rows[0]!.id)).toEqual(["approved"]);
    expect(events.onAppointmentConfirmed).toHaveBeenCalledTimes(1);
    // One audit row for the one change, by the system; the duplicates write none.
    expect(await statusAudits(appointmentId)).toEqual([
      { actor_user_id: null, actor_role: "system", subject_type: "payment", subject_id: rows[0]!.id, patient_id: (await appointmentRow(appointmentId)).patient_id, details: { appointmentId, from: null, to: "approved", gatewayPaymentId: payment.id } },
    ]);
  });

  it("a change whose transaction rolls back leaves no audit row", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    vi.mocked(events.onAppointmentConfirmed).mockRejectedValueOnce(new Error("boom"));
    await expect(applyGatewayPayment(payment)).rejects.toThrow("boom");
    expect(await paymentRows(appointmentId)).toEqual([]);
    expect(await statusAudits(appointmentId)).toEqual([]);
  });

  it("concurrent deliveries of one approval also converge", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    await Promise.all(Array.from({ length: 5 }, () => processPaymentNotification({ paymentId: payment.id })));
    expect((await paymentRows(appointmentId)).length).toBe(1);
    expect(events.onAppointmentConfirmed).toHaveBeenCalledTimes(1);
  });

  it("an unknown payment id completes the job without changes", async () => {
    const { appointmentId } = await book();
    expect((await webhook(notificationRequest(gateway.signedNotification("999999999999")))).status).toBe(200);
    expect(await runQueuedJobs(["payments.process-notification"])).toBe(1);
    expect(await db.selectFrom("payments").selectAll().execute()).toEqual([]);
    expect((await appointmentRow(appointmentId)).status).toBe("pending_payment");
    expect((await db.selectFrom("payment_notifications").select("processed_at").executeTakeFirstOrThrow()).processed_at).not.toBeNull();
    expect(await queuedJobs("payments.process-notification")).toEqual([]);
  });

  it("ignores a payment whose external_reference is not one of our appointments", async () => {
    await book();
    for (const reference of ["6b1f5b8e-3c1d-4a8e-9f7a-2d3c4b5a6e7f", "pedido-123"]) {
      const payment = await gateway.simulatePayment({ appointmentId: reference, amountCents: 100_00, outcome: "approved" });
      expect(await processPaymentNotification({ paymentId: payment.id })).toBe("ignored");
    }
    expect(await db.selectFrom("payments").selectAll().execute()).toEqual([]);
  });
});

describe("applying payments", () => {
  function fakeReport(payment: GatewayPayment, status: GatewayPayment["status"]): GatewayPayment {
    return { ...payment, status, statusDetail: status, approvedAt: status === "approved" ? new Date() : null };
  }

  it("pending then approved confirms; a late 'pending' after 'approved' changes nothing", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "pending");
    expect(await applyGatewayPayment(payment)).toBe("pending");
    expect((await appointmentRow(appointmentId)).status).toBe("pending_payment");
    expect(events.onPaymentPending).toHaveBeenCalledTimes(1);

    expect(await applyGatewayPayment(fakeReport(payment, "approved"))).toBe("confirmed");
    expect(await applyGatewayPayment(fakeReport(payment, "pending"))).toBe("unchanged");
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const [row] = await paymentRows(appointmentId);
    expect(row!.status).toBe("approved");
    expect(await historyOf(row!.id)).toEqual(["pending", "approved"]);
    // Each change audited once; the stale report, none.
    expect((await statusAudits(appointmentId)).map((audit) => audit.details)).toEqual([
      { appointmentId, from: null, to: "pending", gatewayPaymentId: payment.id },
      { appointmentId, from: "pending", to: "approved", gatewayPaymentId: payment.id },
    ]);
  });

  it("out of order: approved first, then the stale pending notification", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    const scripted: PaymentGateway = { name: "local", createCheckout: gateway.createCheckout.bind(gateway), refund: gateway.refund.bind(gateway), getPayment: vi.fn() };
    vi.mocked(scripted.getPayment).mockResolvedValueOnce(payment).mockResolvedValueOnce(fakeReport(payment, "pending"));
    resetPaymentGateway(scripted);
    await processPaymentNotification({ paymentId: payment.id });
    await processPaymentNotification({ paymentId: payment.id });
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    expect((await paymentRows(appointmentId))[0]!.status).toBe("approved");
    expect(events.onPaymentPending).not.toHaveBeenCalled();
  });

  it("a refused payment releases the hold: cancelled by the system, payment failed, slot free again", async () => {
    const { appointmentId, psychologistId, startsAt } = await book();
    expect(await applyGatewayPayment(await pay(appointmentId, "rejected"))).toBe("failed");
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "cancelled", cancelled_by: "system", payment_status: "failed", hold_expires_at: null });
    expect(events.onPaymentFailed).toHaveBeenCalledTimes(1);
    expect(events.onAppointmentCancelled).toHaveBeenCalledTimes(1);
    expect(await isSlotFree({ id: psychologistId, timeZone: ZONE }, { startsAt, durationMinutes: 50, now: new Date() })).toBe(true);
  });

  it("a refund of the paying payment cancels the appointment with payment_status refunded", async () => {
    const { appointmentId } = await book();
    const payment = await pay(appointmentId, "approved");
    await applyGatewayPayment(payment);
    await gateway.refund(payment.id);
    expect(await applyGatewayPayment((await gateway.getPayment(payment.id))!)).toBe("refunded");
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "cancelled", cancelled_by: "system", payment_status: "refunded" });
  });

  it("an approval after the hold ran out confirms it after all when the slot is still free", async () => {
    const { appointmentId } = await book();
    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 1000) }).where("id", "=", appointmentId).execute();
    await releaseExpiredHolds();
    expect((await appointmentRow(appointmentId)).status).toBe("cancelled");
    expect(await applyGatewayPayment(await pay(appointmentId, "approved"))).toBe("confirmed");
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid", cancelled_by: null });
  });

  it.each([
    ["the patient deleted the account", (ids: { patientId: string; psychologistId: string }) => db.updateTable("users").set({ deleted_at: new Date() }).where("id", "=", ids.patientId).execute()],
    ["the patient was blocked", (ids: { patientId: string; psychologistId: string }) => db.updateTable("users").set({ blocked_at: new Date() }).where("id", "=", ids.patientId).execute()],
    ["the psychologist was suspended", (ids: { patientId: string; psychologistId: string }) => db.updateTable("psychologists").set({ status: "suspended", is_approved: false }).where("id", "=", ids.psychologistId).execute()],
  ])("an approval after the hold ran out is refunded, not confirmed, when %s meanwhile", async (_case, meanwhile) => {
    const { appointmentId, psychologistId, patient } = await book();
    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 1000) }).where("id", "=", appointmentId).execute();
    await releaseExpiredHolds();
    await meanwhile({ patientId: patient.id, psychologistId });
    const refund = vi.spyOn(gateway, "refund");
    expect(await applyGatewayPayment(await pay(appointmentId, "approved"))).toBe("refunded_late");
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
  });

  it("an approval after the hold ran out and the slot was retaken is refunded once, and both are told in their languages", async () => {
    const psychologist = await createBookablePsychologist({ locale: "en" });
    const late = await book({ psychologistId: psychologist.psychologistId });
    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 1000) }).where("id", "=", late.appointmentId).execute();
    await releaseExpiredHolds();
    const winner = await book({ psychologistId: psychologist.psychologistId });
    const refund = vi.spyOn(gateway, "refund");

    const payment = await pay(late.appointmentId, "approved");
    for (let index = 0; index < 3; index += 1) await webhook(notificationRequest(gateway.signedNotification(payment.id)));
    await runQueuedJobs(["payments.process-notification"]);

    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![0]).toBe(payment.id);
    expect((refund.mock.calls[0] as unknown[])[2]).toMatchObject({ idempotencyKey: expect.stringMatching(/^acolhe-late-refund-/) });
    expect(await appointmentRow(late.appointmentId)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect((await appointmentRow(winner.appointmentId)).status).toBe("pending_payment");
    const [row] = await paymentRows(late.appointmentId);
    expect(row!.refund_id).toMatch(/^\d+$/);
    expect(row!.refunded_cents).toBe(150_00);

    const mail = await db.selectFrom("mail_outbox").select(["to_email", "template", "locale", "subject", "text"]).orderBy("template").execute();
    expect(mail).toHaveLength(2);
    expect(mail[0]).toMatchObject({ to_email: late.patient.email, template: "payment_late_refund_patient", locale: "pt-BR", subject: "Seu pagamento foi estornado" });
    expect(mail[0]!.text).toMatch(/R\$\s?150,00/);
    expect(mail[1]).toMatchObject({ to_email: psychologist.email, template: "payment_late_refund_psychologist", locale: "en", subject: "A payment received after the hold expired was refunded" });
  });

  it("a refund that fails is retried by the job, still once in effect and told once", async () => {
    const psychologist = await createBookablePsychologist();
    const late = await book({ psychologistId: psychologist.psychologistId });
    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 1000) }).where("id", "=", late.appointmentId).execute();
    await releaseExpiredHolds();
    await book({ psychologistId: psychologist.psychologistId });
    const payment = await pay(late.appointmentId, "approved");
    const refund = vi.spyOn(gateway, "refund").mockRejectedValueOnce(new Error("gateway down")).mockRejectedValueOnce(new Error("gateway down again"));
    const refundAudits = () => db.selectFrom("audit_log").selectAll().where("action", "=", "payment.refund").orderBy("id").execute();
    await expect(processPaymentNotification({ paymentId: payment.id })).rejects.toThrow("gateway down");
    expect((await paymentRows(late.appointmentId))[0]!.refund_id).toBeNull();
    // The failed try is audited, by the system, as the cancellation job's is: ids, the amount and the kind, not the gateway's words.
    const [row] = await paymentRows(late.appointmentId);
    const [failure, ...others] = await refundAudits();
    expect(others).toEqual([]);
    expect(failure).toMatchObject({ actor_user_id: null, actor_role: "system", subject_type: "payment", subject_id: row!.id, patient_id: late.patient.id });
    expect(failure!.details).toEqual({ appointmentId: late.appointmentId, cents: 150_00, kind: "late", stage: "failed" });
    // One row per failed try.
    await expect(processPaymentNotification({ paymentId: payment.id })).rejects.toThrow("gateway down again");
    expect((await refundAudits()).map((entry) => entry.details.stage)).toEqual(["failed", "failed"]);
    await processPaymentNotification({ paymentId: payment.id });
    expect(refund).toHaveBeenCalledTimes(3);
    expect((await paymentRows(late.appointmentId))[0]!.refund_id).toMatch(/^\d+$/);
    expect(await db.selectFrom("mail_outbox").selectAll().execute()).toHaveLength(2);
    // The try that went through is no failure: no third row; the error's text is in none.
    expect(await refundAudits()).toHaveLength(2);
    expect(JSON.stringify(await refundAudits())).not.toContain("gateway down");
  });
});

describe("return pages", () => {
  it("show the database's truth whatever the query string says", async () => {
    const { appointmentId, patient } = await book();
    const jar = await signedIn(patient);
    const lie = await body(await run(successLoader, getRequest(`/appointment/success/${appointmentId}?status=approved&external_reference=${appointmentId}`, jar), { id: appointmentId }));
    expect(lie.view).toBe("pending");
    expect(lie.appointment.status).toBe("Aguardando pagamento");

    await applyGatewayPayment(await pay(appointmentId, "approved"));
    const failure = await body(await run(paymentFailureLoader, getRequest(`/payment/failure?status=rejected&external_reference=${appointmentId}`, jar)));
    expect(failure.view).toBe("success");
    expect(failure.title).toBe("Pagamento Realizado");
    expect(failure.appointment.status).toBe("Confirmada");
  });

  it("the success page applies a payment the notification has not brought yet, asking the gateway", async () => {
    const { appointmentId, patient } = await book();
    const payment = await pay(appointmentId, "approved");
    const page = await body(await run(paymentSuccessLoader, getRequest(`/payment/success?payment_id=${payment.id}&status=approved&external_reference=${appointmentId}`, await signedIn(patient))));
    expect(page.view).toBe("success");
    expect(await appointmentRow(appointmentId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
  });

  it("never applies a payment that belongs to another appointment", async () => {
    const mine = await book();
    const other = await book({ time: "14:00" });
    const theirs = await pay(other.appointmentId, "approved");
    const page = await body(await run(successLoader, getRequest(`/appointment/success/${mine.appointmentId}?payment_id=${theirs.id}&status=approved`, await signedIn(mine.patient)), { id: mine.appointmentId }));
    expect(page.view).toBe("pending");
    expect((await appointmentRow(other.appointmentId)).status).toBe("pending_payment");
  });

  it("answer 404 for another patient's appointment, and send a page without reference to the dashboard", async () => {
    const { appointmentId } = await book();
    const stranger = await signedIn(await createUser());
    const response = await run(successLoader, getRequest(`/appointment/success/${appointmentId}`, stranger), { id: appointmentId });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Consulta não encontrada");
    expect((await run(failureLoader, getRequest(`/appointment/failure?external_reference=${appointmentId}`, stranger))).status).toBe(404);
    expect(location(await run(paymentPendingLoader, getRequest("/payment/pending", stranger)))).toBe("/patient-dashboard");
  });

  it("the failure page shows failure for a refused payment; a held appointment can resume paying", async () => {
    const { appointmentId, patient } = await book();
    const jar = await signedIn(patient);
    const held = await body(await run(failureLoader, getRequest(`/appointment/failure?appointment_id=${appointmentId}`, jar)));
    expect(held).toMatchObject({ view: "failure", canResume: true });
    const payment = await pay(appointmentId, "rejected");
    const page = await body(await run(failureLoader, getRequest(`/appointment/failure?payment_id=${payment.id}&external_reference=${appointmentId}`, jar)));
    expect(page).toMatchObject({ view: "failure", canResume: false, title: "Pagamento não aprovado" });
    expect(page.appointment.status).toBe("Cancelada");
  });
});

describe("a payment still processing when the hold runs out", () => {
  it.each([
    ["released by the job", true],
    ["not yet released", false],
  ])("is no failure on /payment/pending and /appointment/pending (%s): its own page says what happens if it is approved", async (_case, release) => {
    const { appointmentId, patient, psychologistId } = await book();
    const jar = await signedIn(patient);
    await applyGatewayPayment(await pay(appointmentId, "pending"));
    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 1000) }).where("id", "=", appointmentId).execute();
    if (release) await releaseExpiredHolds();
    for (const [loader, path] of [
      [paymentPendingLoader, "/payment/pending"],
      [appointmentPendingLoader, "/appointment/pending"],
    ] as const) {
      const page = await body(await run(loader, getRequest(`${path}?external_reference=${appointmentId}`, jar)));
      expect(page).toMatchObject({ view: "lapsed", title: "Reserva do horário expirada", canResume: false, holdUntil: null });
      expect(page.appointment.psychologistId).toBe(psychologistId);
    }
    // The failure return says the same: nothing was refused.
    expect((await body(await run(failureLoader, getRequest(`/appointment/failure?external_reference=${appointmentId}`, jar)))).view).toBe("lapsed");
  });

  it("renders its texts and links, without JavaScript", async () => {
    const { appointmentId, patient, psychologistId } = await book();
    await applyGatewayPayment(await pay(appointmentId, "pending"));
    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 1000) }).where("id", "=", appointmentId).execute();
    await releaseExpiredHolds();
    const response = await send(getRequest(`/payment/pending?external_reference=${appointmentId}`, await signedIn(patient)));
    expect(response.status).toBe(200);
    // What the page shows, not the translations its scripts carry.
    const html = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(html).toContain("O horário reservado expirou");
    expect(html).toContain("a consulta será confirmada e você receberá um e-mail de confirmação");
    expect(html).toContain("o valor será estornado integralmente de forma automática");
    expect(html).not.toContain("Pagamento não aprovado");
    expect(html).not.toContain("Dados do cartão incorretos");
    expect(html).toContain('href="/patient-dashboard"');
    expect(html).toContain(`href="/schedule/step2?psychologistId=${psychologistId}"`);
  });
});

describe("the checkout's texts", () => {
  it("are in the patient's language with the locale's date: the booking page's, else the profile's", async () => {
    const psychologist = await createBookablePsychologist();
    const name = (await db.selectFrom("psychologists").select("name").where("id", "=", psychologist.psychologistId).executeTakeFirstOrThrow()).name;
    const createCheckout = vi.spyOn(gateway, "createCheckout");
    const startsAt = brasilia(dayFromToday(3), "10:00");
    const english = await createUser({ locale: "en", firstName: "", lastName: "" });
    expect((await holdSlotAndCheckout({ patientId: english.id, psychologistId: psychologist.psychologistId, startsAt, durationMinutes: 50, healthDataConsent: true })).ok).toBe(true);
    const [day, month, year] = dayFromToday(3).split("-").reverse();
    expect(createCheckout.mock.calls[0]![0]).toMatchObject({
      title: `50-min online session with ${name}`,
      // The English date, the time on the app's 24-hour clock.
      // The zone by its English name, not its IANA id.
      description: `Acolhe — ${Number(month)}/${Number(day)}/${year!.slice(2)}, 10:00 (${zoneName(startsAt, "en", ZONE)})`,
      payer: { name: "Patient" },
    });
    const readsGerman = await createUser({ locale: "en" });
    const later = brasilia(dayFromToday(3), "14:00");
    expect((await holdSlotAndCheckout({ patientId: readsGerman.id, psychologistId: psychologist.psychologistId, startsAt: later, durationMinutes: 50, healthDataConsent: true, locale: "de" })).ok).toBe(true);
    expect(createCheckout.mock.calls[1]![0]).toMatchObject({ title: `Online-Sitzung (50 Min.) mit ${name}`, description: `Acolhe — ${day}.${month}.${year!.slice(2)}, 14:00 (${zoneName(later, "de", ZONE)})` });
    for (const [request] of createCheckout.mock.calls) expect(request.description).not.toContain("America/");
  });
});

describe("the local checkout", () => {
  async function postOutcome(booking: Booking, outcome: string, fields: Record<string, string> = {}) {
    return run(checkoutAction, postRequest(`/dev/checkout/${booking.appointmentId}`, { outcome, ...fields }, await signedIn(booking.patient)), { appointmentId: booking.appointmentId });
  }

  it("shows the amount to the appointment's own patient only", async () => {
    const booking = await book();
    const page = await run(checkoutLoader, getRequest(`/dev/checkout/${booking.appointmentId}`, await signedIn(booking.patient)), { appointmentId: booking.appointmentId });
    expect(page.status).toBe(200);
    expect((await body(page)).amount.replace(/\s/g, " ")).toBe("R$ 150,00");
    const stranger = await run(checkoutLoader, getRequest(`/dev/checkout/${booking.appointmentId}`, await signedIn(await createUser())), { appointmentId: booking.appointmentId });
    expect(stranger.status).toBe(404);
  });

  it("'Aprovar pagamento' goes through the signed webhook and returns as Mercado Pago would; the page says confirmed", async () => {
    const booking = await book();
    const response = await postOutcome(booking, "approved");
    expect(response.status).toBe(303);
    const target = new URL(response.headers.get("Location")!, "http://localhost:3000");
    expect(target.pathname).toBe(`/appointment/success/${booking.appointmentId}`);
    expect(target.searchParams.get("status")).toBe("approved");
    expect(target.searchParams.get("external_reference")).toBe(booking.appointmentId);
    const paymentId = target.searchParams.get("payment_id")!;
    expect(await db.selectFrom("payment_notifications").select("resource_id").execute()).toEqual([{ resource_id: paymentId }]);
    expect(await queuedJobs("payments.process-notification")).toHaveLength(1);

    const page = await body(await run(successLoader, getRequest(target.pathname + target.search, await signedIn(booking.patient)), { id: booking.appointmentId }));
    expect(page.view).toBe("success");
    expect(page.appointment.status).toBe("Confirmada");
    // The job finds it done.
    await runQueuedJobs(["payments.process-notification"]);
    expect(events.onAppointmentConfirmed).toHaveBeenCalledTimes(1);
  });

  it("'Recusar pagamento' returns to the failure page and frees the slot; 'Deixar pendente' to the pending page", async () => {
    const refused = await book();
    const response = await postOutcome(refused, "rejected");
    const target = new URL(response.headers.get("Location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/payment/failure");
    expect(target.searchParams.get("status")).toBe("rejected");
    const page = await body(await run(paymentFailureLoader, getRequest(target.pathname + target.search, await signedIn(refused.patient))));
    expect(page.view).toBe("failure");
    expect(await isSlotFree({ id: refused.psychologistId, timeZone: ZONE }, { startsAt: refused.startsAt, durationMinutes: 50, now: new Date() })).toBe(true);

    const waiting = await book({ time: "15:00" });
    const pending = new URL((await postOutcome(waiting, "pending")).headers.get("Location")!, "http://localhost:3000");
    expect(pending.pathname).toBe("/payment/pending");
    const pendingPage = await body(await run(paymentPendingLoader, getRequest(pending.pathname + pending.search, await signedIn(waiting.patient))));
    expect(pendingPage).toMatchObject({ view: "pending", title: "Pagamento pendente", canResume: false });
    expect((await appointmentRow(waiting.appointmentId)).status).toBe("pending_payment");
  });

  it("pays by card as well as PIX, as Mercado Pago's page offers: the method chosen is the payment's (receipt, billing)", async () => {
    const byCard = await book();
    const approved = new URL((await postOutcome(byCard, "approved", { method: "credit_card" })).headers.get("Location")!, "http://localhost:3000");
    expect(approved.searchParams.get("payment_type")).toBe("credit_card");
    await runQueuedJobs(["payments.process-notification"]);
    expect(await db.selectFrom("payments").select("method").where("appointment_id", "=", byCard.appointmentId).executeTakeFirstOrThrow()).toEqual({ method: "credit_card" });
    // Nothing said is PIX, as before; a method the page never offers is refused.
    const byPix = await book({ time: "15:00" });
    await postOutcome(byPix, "approved");
    await runQueuedJobs(["payments.process-notification"]);
    expect(await db.selectFrom("payments").select("method").where("appointment_id", "=", byPix.appointmentId).executeTakeFirstOrThrow()).toEqual({ method: "pix" });
    expect((await postOutcome(await book({ time: "16:00" }), "approved", { method: "boleto" })).status).toBe(400);
  });

  it("refuses an unknown outcome (400) and a paid appointment (409)", async () => {
    const booking = await book();
    expect((await postOutcome(booking, "maybe")).status).toBe(400);
    await applyGatewayPayment(await pay(booking.appointmentId, "approved"));
    expect((await postOutcome(booking, "approved")).status).toBe(409);
  });
});
