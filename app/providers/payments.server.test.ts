import { afterEach, describe, expect, it } from "vitest";
import { ENVIRONMENT_CONSTANTS, parseEnv, resetEnvForTests } from "~/utils/env.server";
import { MercadoPagoGateway } from "./payments.mercadopago.server";
import {
  LocalPaymentGateway,
  PaymentGatewayError,
  createPaymentGateway,
  localPaymentGateway,
  paymentGateway,
  resetPaymentGateway,
  type PaymentGateway,
} from "./payments.server";

const base = { APP_URL: "http://localhost:3000" };

describe("createPaymentGateway", () => {
  it("is local in development without a Mercado Pago token", () => {
    expect(createPaymentGateway(parseEnv({ ...base, APP_ENV: "development" }))).toBeInstanceOf(LocalPaymentGateway);
  });

  it("is Mercado Pago when a token is configured", () => {
    const gateway = createPaymentGateway(parseEnv({ ...base, APP_ENV: "development", MERCADOPAGO_ACCESS_TOKEN: "TEST-1" }));
    expect(gateway).toBeInstanceOf(MercadoPagoGateway);
    expect(gateway.name).toBe("mercadopago");
  });

  it("can be forced to local even with a token", () => {
    const config = parseEnv({ ...base, APP_ENV: "staging", SESSION_SECRET: "staging-session-secret-1", MERCADOPAGO_WEBHOOK_SECRET: "staging-webhook-1", PAYMENT_PROVIDER: "local", MERCADOPAGO_ACCESS_TOKEN: "TEST-1" });
    expect(createPaymentGateway(config).name).toBe("local");
  });

  it("refuses Mercado Pago without a token", () => {
    const error = (() => {
      try {
        createPaymentGateway(parseEnv({ ...base, APP_ENV: "development", PAYMENT_PROVIDER: "mercadopago" }));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ kind: "not_configured", detail: expect.stringMatching(/MERCADOPAGO_ACCESS_TOKEN/) });
  });

  it("refuses the local provider in production", () => {
    const production = {
      ...parseEnv({ ...base, APP_ENV: "development" }),
      appEnv: "production" as const,
      paymentProvider: "local" as const,
      constants: ENVIRONMENT_CONSTANTS.production,
    };
    expect(() => createPaymentGateway(production)).toThrow(PaymentGatewayError);
  });
});

describe("paymentGateway", () => {
  afterEach(() => {
    resetPaymentGateway();
    resetEnvForTests();
  });

  it("is built once from env() and can be swapped and reset", () => {
    const first = paymentGateway();
    expect(paymentGateway()).toBe(first);

    const fake: PaymentGateway = { name: "mercadopago", createCheckout: first.createCheckout, getPayment: first.getPayment, refund: first.refund };
    resetPaymentGateway(fake);
    expect(paymentGateway()).toBe(fake);

    resetPaymentGateway();
    expect(paymentGateway()).not.toBe(fake);
  });

  it("hands the local gateway to the development checkout page", () => {
    resetPaymentGateway(createPaymentGateway(parseEnv({ ...base, APP_ENV: "development" })));
    expect(localPaymentGateway()).toBeInstanceOf(LocalPaymentGateway);
  });

  it("refuses the development checkout page when payments are real", () => {
    resetPaymentGateway(createPaymentGateway(parseEnv({ ...base, APP_ENV: "development", MERCADOPAGO_ACCESS_TOKEN: "TEST-1" })));
    expect(() => localPaymentGateway()).toThrow(PaymentGatewayError);
  });
});

describe("PaymentGatewayError", () => {
  it("carries the Portuguese message of its kind", () => {
    expect(new PaymentGatewayError("checkout_failed").message).toBe("Erro ao processar pagamento");
    expect(new PaymentGatewayError("no_checkout_url").message).toBe("URL de checkout não foi gerada");
  });

  it("is not retryable unless told so", () => {
    expect(new PaymentGatewayError("checkout_failed").retryable).toBe(false);
    expect(new PaymentGatewayError("checkout_failed", { retryable: true, status: 503 })).toMatchObject({ retryable: true, status: 503 });
  });
});
