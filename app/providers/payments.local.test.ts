import { describe, expect, it } from "vitest";
import { notificationDataId, verifyMercadoPagoSignature } from "~/domain/mercadopago-signature";
import { PaymentGatewayError, type CheckoutRequest, type GatewayPayment } from "./payments.contract.server";
import { InMemoryLocalPaymentStore, LocalPaymentGateway, notificationRequest, type LocalPaymentStore } from "./payments.local.server";

const SECRET = "local-webhook-secret";
const NOW = new Date("2025-03-03T12:00:00.000Z");
const APPOINTMENT_ID = "6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b";

const checkoutRequest: CheckoutRequest = {
  appointmentId: APPOINTMENT_ID,
  title: "Consulta (60 min)",
  amountCents: 280_00,
  payer: { email: "paciente@example.org" },
  expiresAt: new Date("2025-03-03T12:30:00.000Z"),
  backUrls: { success: "http://localhost:3000/payment/success", failure: "http://localhost:3000/payment/failure", pending: "http://localhost:3000/payment/pending" },
  notificationUrl: "http://localhost:3000/webhooks/mercadopago",
};

function setup(overrides: { appUrl?: string; notificationUrl?: string; store?: LocalPaymentStore } = {}) {
  const store = overrides.store ?? new InMemoryLocalPaymentStore();
  const gateway = new LocalPaymentGateway({
    store,
    appUrl: overrides.appUrl ?? "http://localhost:3000",
    webhookSecret: SECRET,
    notificationUrl: overrides.notificationUrl,
    now: () => NOW,
  });
  return { gateway, store };
}

async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

describe("createCheckout", () => {
  it("sends the patient to the in-app checkout page of the appointment", async () => {
    const { gateway } = setup();
    expect(gateway.name).toBe("local");
    await expect(gateway.createCheckout(checkoutRequest)).resolves.toEqual({
      id: `local-${APPOINTMENT_ID}`,
      url: `http://localhost:3000/dev/checkout/${APPOINTMENT_ID}`,
    });
  });

  it("does not double the slash of an APP_URL that ends with one", async () => {
    const { gateway } = setup({ appUrl: "https://dev.acolhe.test/" });
    expect((await gateway.createCheckout(checkoutRequest)).url).toBe(`https://dev.acolhe.test/dev/checkout/${APPOINTMENT_ID}`);
  });

  it("refuses what Mercado Pago would refuse", async () => {
    const { gateway } = setup();
    expect((await failure(gateway.createCheckout({ ...checkoutRequest, amountCents: -1 }))).kind).toBe("checkout_failed");
  });

  it("creates no payment: that is the checkout page's buttons' job", async () => {
    const saved: GatewayPayment[] = [];
    const { gateway } = setup({ store: { save: async (payment) => void saved.push(payment), find: async () => null } });
    await gateway.createCheckout(checkoutRequest);
    expect(saved).toEqual([]);
  });
});

describe("simulated payments", () => {
  it("records an approved payment the webhook can read back", async () => {
    const { gateway } = setup();
    const payment = await gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 280_00, outcome: "approved" });
    expect(payment).toMatchObject({
      status: "approved",
      statusDetail: "accredited",
      externalReference: APPOINTMENT_ID,
      amountCents: 280_00,
      currency: "BRL",
      method: "pix",
      approvedAt: NOW,
    });
    expect(payment.id).toMatch(/^\d{12}$/);
    await expect(gateway.getPayment(payment.id)).resolves.toEqual(payment);
  });

  it.each([
    ["pending", "pending_waiting_transfer"],
    ["rejected", "cc_rejected_other_reason"],
  ] as const)("records a %s payment without approval date", async (outcome, statusDetail) => {
    const { gateway } = setup();
    const payment = await gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 150_00, outcome, method: "credit_card" });
    expect(await gateway.getPayment(payment.id)).toMatchObject({ status: outcome, statusDetail, approvedAt: null, method: "credit_card" });
  });

  it("records each attempt as its own payment", async () => {
    const { gateway } = setup();
    const rejected = await gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 150_00, outcome: "rejected" });
    const approved = await gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 150_00, outcome: "approved" });
    expect(approved.id).not.toBe(rejected.id);
    expect((await gateway.getPayment(rejected.id))?.status).toBe("rejected");
  });

  it("lets a pending payment be approved later under the same id", async () => {
    const { gateway } = setup();
    const pending = await gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 150_00, outcome: "pending" });
    await gateway.changeStatus(pending.id, "approved");
    expect(await gateway.getPayment(pending.id)).toMatchObject({ id: pending.id, status: "approved", statusDetail: "accredited", approvedAt: NOW });
  });

  it("refuses to change a payment it does not know", async () => {
    const { gateway } = setup();
    expect((await failure(gateway.changeStatus("1", "approved"))).kind).toBe("payment_lookup_failed");
  });

  it("refuses an amount that is not whole centavos", async () => {
    const { gateway } = setup();
    await failure(gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 10.5, outcome: "approved" }));
  });

  it("returns null for an unknown payment id", async () => {
    await expect(setup().gateway.getPayment("123")).resolves.toBeNull();
  });

  it("keeps the stored payment safe from changes to the returned object", async () => {
    const { gateway } = setup();
    const payment = await gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 150_00, outcome: "pending" });
    payment.status = "approved";
    expect((await gateway.getPayment(payment.id))?.status).toBe("pending");
  });
});

describe("refund", () => {
  async function approvedPayment(gateway: LocalPaymentGateway, amountCents = 280_00) {
    return gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents, outcome: "approved" });
  }

  it("refunds the whole payment by default", async () => {
    const { gateway } = setup();
    const payment = await approvedPayment(gateway);
    const refund = await gateway.refund(payment.id);
    expect(refund.status).toBe("approved");
    expect(refund.id).toMatch(/^\d+$/);
    expect(await gateway.getPayment(payment.id)).toMatchObject({ status: "refunded", statusDetail: "refunded", refundedCents: 280_00 });
  });

  it("keeps a partly refunded payment approved, then refunds the rest", async () => {
    const { gateway } = setup();
    const payment = await approvedPayment(gateway);
    await gateway.refund(payment.id, 100_00);
    expect(await gateway.getPayment(payment.id)).toMatchObject({ status: "approved", statusDetail: "partially_refunded", refundedCents: 100_00 });
    await gateway.refund(payment.id);
    expect(await gateway.getPayment(payment.id)).toMatchObject({ status: "refunded", refundedCents: 280_00 });
  });

  it("refuses to refund more than is left", async () => {
    const { gateway } = setup();
    const payment = await approvedPayment(gateway);
    await gateway.refund(payment.id, 200_00);
    expect(await failure(gateway.refund(payment.id, 80_01))).toMatchObject({ kind: "refund_failed", message: "Erro ao processar reembolso" });
  });

  it.each([0, -1, 1.5])("refuses to refund %s centavos", async (amount) => {
    const { gateway } = setup();
    const payment = await approvedPayment(gateway);
    expect((await failure(gateway.refund(payment.id, amount))).kind).toBe("refund_failed");
  });

  it("refuses to refund a payment that was not approved", async () => {
    const { gateway } = setup();
    const payment = await gateway.simulatePayment({ appointmentId: APPOINTMENT_ID, amountCents: 150_00, outcome: "pending" });
    expect((await failure(gateway.refund(payment.id))).kind).toBe("refund_failed");
  });

  it("refuses to refund a payment it does not know", async () => {
    expect(await failure(setup().gateway.refund("404404"))).toMatchObject({ kind: "refund_failed", status: 404 });
  });
});

describe("signed notifications", () => {
  it("has the shape Mercado Pago posts", () => {
    const { gateway } = setup();
    const notification = gateway.signedNotification("123456789012", { requestId: "req-1" });
    expect(notification.method).toBe("POST");
    expect(notification.url).toBe("http://localhost:3000/webhooks/mercadopago?data.id=123456789012&type=payment");
    expect(notification.body).toEqual({
      action: "payment.updated",
      api_version: "v1",
      type: "payment",
      live_mode: false,
      date_created: NOW.toISOString(),
      data: { id: "123456789012" },
    });
    expect(notification.headers).toMatchObject({ "content-type": "application/json", "x-request-id": "req-1" });
    expect(notification.headers["x-signature"]).toMatch(/^ts=\d{13},v1=[0-9a-f]{64}$/);
  });

  it("is signed so the webhook's check accepts it", () => {
    const { gateway } = setup();
    const { url, headers } = gateway.signedNotification("123456789012");
    const check = verifyMercadoPagoSignature({
      signature: headers["x-signature"],
      requestId: headers["x-request-id"],
      dataId: notificationDataId(url),
      secret: SECRET,
      now: NOW,
    });
    expect(check).toEqual({ ok: true, signedAt: NOW });
  });

  it("is refused with another secret or for another payment", () => {
    const { gateway } = setup();
    const { headers } = gateway.signedNotification("123456789012");
    const base = { signature: headers["x-signature"], requestId: headers["x-request-id"], now: NOW };
    expect(verifyMercadoPagoSignature({ ...base, dataId: "123456789012", secret: "other" }).ok).toBe(false);
    expect(verifyMercadoPagoSignature({ ...base, dataId: "123456789013", secret: SECRET }).ok).toBe(false);
  });

  it("uses a fresh request id each time", () => {
    const { gateway } = setup();
    expect(gateway.signedNotification("1").headers["x-request-id"]).not.toBe(gateway.signedNotification("1").headers["x-request-id"]);
  });

  it("goes to a configured notification URL and keeps its own query", () => {
    const { gateway } = setup({ notificationUrl: "http://127.0.0.1:4000/hooks/mp?source=local" });
    expect(gateway.signedNotification("7", { action: "payment.created" })).toMatchObject({
      url: "http://127.0.0.1:4000/hooks/mp?source=local&data.id=7&type=payment",
      body: { action: "payment.created" },
    });
  });

  it("becomes a Request the webhook action can take", async () => {
    const { gateway } = setup();
    const notification = gateway.signedNotification("123456789012");
    const request = notificationRequest(notification);
    expect(request.method).toBe("POST");
    expect(new URL(request.url).searchParams.get("data.id")).toBe("123456789012");
    expect(request.headers.get("x-signature")).toBe(notification.headers["x-signature"]);
    expect(await request.json()).toEqual(notification.body);
  });
});
