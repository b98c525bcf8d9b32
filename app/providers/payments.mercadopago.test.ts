import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PaymentGatewayError, type CheckoutRequest } from "./payments.contract.server";
import { MercadoPagoGateway, type MercadoPagoGatewayConfig } from "./payments.mercadopago.server";

const API = "https://api.mercadopago.com";
const TOKEN = "TEST-0000000000000000-000000-00000000000000000000000000000000-000000000";
const APPOINTMENT_ID = "6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b";
const INIT_POINT = "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc";

const checkoutRequest: CheckoutRequest = {
  appointmentId: APPOINTMENT_ID,
  title: "Consulta com Dra. Ana Souza (50 min)",
  description: "Videoconsulta em 03/03/2025 às 14:00",
  amountCents: 233_33,
  payer: { email: "paciente@example.org", name: "Maria Silva" },
  expiresAt: new Date("2025-03-03T13:30:00.000Z"),
  backUrls: {
    success: "https://acolhe.com.br/payment/success",
    failure: "https://acolhe.com.br/payment/failure",
    pending: "https://acolhe.com.br/payment/pending",
  },
  notificationUrl: "https://acolhe.com.br/webhooks/mercadopago",
};

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  text: string;
}
let seen: Seen[] = [];

async function record(request: Request) {
  seen.push({
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get("authorization"),
    idempotencyKey: request.headers.get("x-idempotency-key"),
    text: await request.text(),
  });
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

function gateway(overrides: Partial<MercadoPagoGatewayConfig> = {}) {
  return new MercadoPagoGateway({ accessToken: TOKEN, timeoutMs: 2_000, retries: 0, ...overrides });
}

/** Mercado Pago's error body for a status. */
const apiError = (status: number, message: string, error = "bad_request") => HttpResponse.json({ message, error, status, cause: [] }, { status });

function onPreferences(answer: (request: Request) => Response | Promise<Response>) {
  server.use(
    http.post(`${API}/checkout/preferences/`, async ({ request }) => {
      await record(request.clone());
      return answer(request);
    }),
  );
}

const created = () => HttpResponse.json({ id: "123-abc", init_point: INIT_POINT, sandbox_init_point: "https://sandbox.mercadopago.com.br/x" }, { status: 201 });

async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

describe("createCheckout", () => {
  it("creates a Checkout Pro preference and sends the patient to its init_point", async () => {
    onPreferences(created);
    await expect(gateway().createCheckout(checkoutRequest)).resolves.toEqual({ id: "123-abc", url: INIT_POINT });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/checkout/preferences/", authorization: `Bearer ${TOKEN}` });
    expect(seen[0]?.idempotencyKey).toBeTruthy();
  });

  it("sends the preference Acolhe needs", async () => {
    onPreferences(created);
    await gateway().createCheckout(checkoutRequest);
    expect(JSON.parse(seen[0]!.text)).toEqual({
      items: [
        {
          id: APPOINTMENT_ID,
          title: "Consulta com Dra. Ana Souza (50 min)",
          description: "Videoconsulta em 03/03/2025 às 14:00",
          quantity: 1,
          currency_id: "BRL",
          unit_price: 233.33,
        },
      ],
      payer: { email: "paciente@example.org", name: "Maria Silva" },
      external_reference: APPOINTMENT_ID,
      back_urls: checkoutRequest.backUrls,
      auto_return: "approved",
      notification_url: "https://acolhe.com.br/webhooks/mercadopago",
      expires: true,
      expiration_date_to: "2025-03-03T10:30:00.000-03:00",
      date_of_expiration: "2025-03-03T10:30:00.000-03:00",
      payment_methods: { excluded_payment_types: [{ id: "ticket" }, { id: "atm" }] },
      statement_descriptor: "ACOLHE",
    });
  });

  it("writes the price in reais without float noise", async () => {
    onPreferences(created);
    await gateway().createCheckout({ ...checkoutRequest, amountCents: 150_10 });
    expect(seen[0]?.text).toContain('"unit_price":150.1}');
  });

  it("leaves out what the request does not have", async () => {
    onPreferences(created);
    await gateway().createCheckout({ ...checkoutRequest, description: undefined, payer: { email: "p@example.org" } });
    const body = JSON.parse(seen[0]!.text);
    expect(body.items[0]).not.toHaveProperty("description");
    expect(body.payer).toEqual({ email: "p@example.org" });
  });

  it("reports a preference without init_point", async () => {
    onPreferences(() => HttpResponse.json({ id: "123-abc" }, { status: 201 }));
    const error = await failure(gateway().createCheckout(checkoutRequest));
    expect(error.kind).toBe("no_checkout_url");
    expect(error.message).toBe("URL de checkout não foi gerada");
  });

  it.each([
    [400, "invalid expiration_date_to"],
    [401, "invalid access token"],
    [403, "forbidden"],
  ])("maps a %i answer to checkout_failed, not retryable", async (status, message) => {
    onPreferences(() => apiError(status, message));
    const error = await failure(gateway().createCheckout(checkoutRequest));
    expect(error).toMatchObject({ kind: "checkout_failed", message: "Erro ao processar pagamento", status, retryable: false, detail: message });
  });

  it.each([429, 500, 503])("maps a %i answer to checkout_failed, retryable, after one request when retries are off", async (status) => {
    onPreferences(() => apiError(status, "try later", "internal_error"));
    const error = await failure(gateway().createCheckout(checkoutRequest));
    expect(error).toMatchObject({ kind: "checkout_failed", status, retryable: true });
    expect(seen).toHaveLength(1);
  });

  it("lets the SDK retry a 5xx with the same idempotency key when retries are on", async () => {
    let calls = 0;
    onPreferences(() => (++calls === 1 ? apiError(502, "bad gateway", "internal_error") : created()));
    await expect(gateway({ retries: 1, retryDelayMs: 1 }).createCheckout(checkoutRequest)).resolves.toEqual({ id: "123-abc", url: INIT_POINT });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.idempotencyKey).toBe(seen[0]?.idempotencyKey);
  });

  it("gives up after the configured retries", async () => {
    onPreferences(() => apiError(500, "down", "internal_error"));
    const error = await failure(gateway({ retries: 2, retryDelayMs: 1 }).createCheckout(checkoutRequest));
    expect(error.retryable).toBe(true);
    expect(seen).toHaveLength(3);
  });

  it("times out as configured and says it may be retried", async () => {
    onPreferences(async () => {
      await delay(500);
      return created();
    });
    const error = await failure(gateway({ timeoutMs: 50 }).createCheckout(checkoutRequest));
    expect(error).toMatchObject({ kind: "checkout_failed", status: 0, retryable: true });
  });

  it.each([
    ["a zero amount", { amountCents: 0 }],
    ["fractional centavos", { amountCents: 100.5 }],
    ["an empty title", { title: " " }],
  ])("refuses %s without calling Mercado Pago", async (_why, change) => {
    const error = await failure(gateway().createCheckout({ ...checkoutRequest, ...change }));
    expect(error.kind).toBe("checkout_failed");
    expect(seen).toHaveLength(0);
  });
});

describe("getPayment", () => {
  function onPayment(answer: () => Response) {
    server.use(
      http.get(`${API}/v1/payments/:id`, async ({ request }) => {
        await record(request);
        return answer();
      }),
    );
  }

  const approvedPix = {
    id: 1234567890,
    status: "approved",
    status_detail: "accredited",
    external_reference: APPOINTMENT_ID,
    transaction_amount: 233.33,
    transaction_amount_refunded: 0,
    currency_id: "BRL",
    payment_method_id: "pix",
    payment_type_id: "bank_transfer",
    date_approved: "2025-03-03T10:12:13.000-04:00",
  };

  it("reads a payment and maps it to centavos", async () => {
    onPayment(() => HttpResponse.json(approvedPix));
    const payment = await gateway().getPayment("1234567890");
    expect(seen[0]).toMatchObject({ method: "GET", path: "/v1/payments/1234567890", authorization: `Bearer ${TOKEN}` });
    expect(payment).toMatchObject({
      id: "1234567890",
      status: "approved",
      statusDetail: "accredited",
      externalReference: APPOINTMENT_ID,
      amountCents: 233_33,
      refundedCents: 0,
      currency: "BRL",
      method: "pix",
      methodId: "pix",
      approvedAt: new Date("2025-03-03T14:12:13.000Z"),
    });
    expect(payment?.raw).toMatchObject({ id: 1234567890 });
    expect(payment?.raw).not.toHaveProperty("api_response");
  });

  it("names card payments by their type", async () => {
    onPayment(() =>
      HttpResponse.json({ ...approvedPix, payment_method_id: "visa", payment_type_id: "credit_card", transaction_amount: 150.1, transaction_amount_refunded: 50 }),
    );
    expect(await gateway().getPayment("1234567890")).toMatchObject({ method: "credit_card", methodId: "visa", amountCents: 150_10, refundedCents: 50_00 });
  });

  it("reads a pending payment without approval date or reference", async () => {
    onPayment(() =>
      HttpResponse.json({ id: 42, status: "pending", status_detail: "pending_waiting_transfer", transaction_amount: 280, external_reference: "", payment_method_id: "pix" }),
    );
    expect(await gateway().getPayment("42")).toMatchObject({ id: "42", status: "pending", externalReference: null, approvedAt: null, amountCents: 280_00 });
  });

  it("treats a status it does not know as still pending", async () => {
    onPayment(() => HttpResponse.json({ ...approvedPix, status: "some_new_status" }));
    expect((await gateway().getPayment("1234567890"))?.status).toBe("pending");
  });

  it("returns null for an id Mercado Pago does not know", async () => {
    onPayment(() => apiError(404, "Payment not found", "not_found"));
    await expect(gateway().getPayment("999")).resolves.toBeNull();
  });

  it("escapes the id in the path", async () => {
    onPayment(() => apiError(404, "Payment not found", "not_found"));
    await gateway().getPayment("1/refunds");
    expect(seen[0]?.path).toBe("/v1/payments/1%2Frefunds");
  });

  it("maps a 5xx to a retryable lookup failure", async () => {
    onPayment(() => apiError(500, "internal", "internal_error"));
    const error = await failure(gateway().getPayment("1234567890"));
    expect(error).toMatchObject({ kind: "payment_lookup_failed", message: "Erro ao consultar pagamento", status: 500, retryable: true });
  });

  it("maps a 401 to a lookup failure that retrying will not fix", async () => {
    onPayment(() => apiError(401, "invalid access token", "unauthorized"));
    expect(await failure(gateway().getPayment("1234567890"))).toMatchObject({ kind: "payment_lookup_failed", status: 401, retryable: false });
  });
});

describe("refund", () => {
  function onRefund(answer: () => Response) {
    server.use(
      http.post(`${API}/v1/payments/:id/refunds`, async ({ request }) => {
        await record(request);
        return answer();
      }),
    );
  }
  const refunded = (amount: number) => HttpResponse.json({ id: 555, payment_id: 1234567890, amount, status: "approved" }, { status: 201 });

  it("refunds the whole payment with no body", async () => {
    onRefund(() => refunded(233.33));
    await expect(gateway().refund("1234567890")).resolves.toEqual({ id: "555", status: "approved" });
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/payments/1234567890/refunds", authorization: `Bearer ${TOKEN}`, text: "" });
  });

  it("refunds part of a payment in reais", async () => {
    onRefund(() => refunded(150.1));
    await gateway().refund("1234567890", 150_10);
    expect(JSON.parse(seen[0]!.text)).toEqual({ amount: 150.1 });
  });

  it("sends the given idempotency key, and only on that request", async () => {
    onRefund(() => refunded(10));
    onPreferences(created);
    const mercadoPago = gateway();
    await mercadoPago.refund("1234567890", 10_00, { idempotencyKey: "refund-appointment-1" });
    await mercadoPago.createCheckout(checkoutRequest);
    expect(seen[0]?.idempotencyKey).toBe("refund-appointment-1");
    expect(seen[1]?.idempotencyKey).not.toBe("refund-appointment-1");
  });

  it.each([
    [400, false],
    [404, false],
    [500, true],
  ])("maps a %i answer to refund_failed", async (status, retryable) => {
    onRefund(() => apiError(status, "nope"));
    const error = await failure(gateway().refund("1234567890"));
    expect(error).toMatchObject({ kind: "refund_failed", message: "Erro ao processar reembolso", status, retryable });
  });
});
