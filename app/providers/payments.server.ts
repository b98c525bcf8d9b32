import { env, type Env } from "~/utils/env.server";
import { PaymentGatewayError, type PaymentGateway } from "./payments.contract.server";
import { databaseLocalPaymentStore } from "~/models/local-gateway-payment.server";
import { LocalPaymentGateway } from "./payments.local.server";
import { MercadoPagoGateway } from "./payments.mercadopago.server";

/**
 * Payments behind one small interface: Mercado Pago Checkout Pro in
 * production, the in-app local checkout in development (DESIGN.md,
 * "Local providers"). Services ask `paymentGateway()`.
 */
export {
  GATEWAY_PAYMENT_STATUSES,
  PAYMENT_GATEWAY_ERROR_MESSAGES,
  PaymentGatewayError,
  isGatewayPaymentStatus,
  type Checkout,
  type CheckoutRequest,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type PaymentGateway,
  type PaymentGatewayErrorKind,
  type RefundOptions,
  type RefundResult,
} from "./payments.contract.server";
export { LocalPaymentGateway, type LocalPaymentStore } from "./payments.local.server";

type PaymentEnv = Pick<Env, "paymentProvider" | "appEnv" | "APP_URL" | "MERCADOPAGO_ACCESS_TOKEN" | "MERCADOPAGO_WEBHOOK_SECRET" | "constants">;

export function createPaymentGateway(config: PaymentEnv): PaymentGateway {
  if (config.paymentProvider === "local") {
    // env() already forces Mercado Pago in production; this guards any other caller.
    if (config.appEnv === "production") {
      throw new PaymentGatewayError("not_configured", { detail: "The local payment provider cannot run in production" });
    }
    return new LocalPaymentGateway({
      // In the database, so the checkout page, the webhook job and every process see the same payments.
      store: databaseLocalPaymentStore,
      appUrl: config.APP_URL,
      webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET,
    });
  }
  if (!config.MERCADOPAGO_ACCESS_TOKEN) {
    throw new PaymentGatewayError("not_configured", { detail: "PAYMENT_PROVIDER is mercadopago but MERCADOPAGO_ACCESS_TOKEN is not set" });
  }
  return new MercadoPagoGateway({
    accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
    timeoutMs: config.constants.apiTimeoutMs,
    retries: config.constants.apiRetries,
  });
}

let gateway: PaymentGateway | undefined;

export function paymentGateway(): PaymentGateway {
  gateway ??= createPaymentGateway(env());
  return gateway;
}

/** The local gateway, for the development checkout page; refuses when payments are real. */
export function localPaymentGateway(): LocalPaymentGateway {
  const current = paymentGateway();
  if (!(current instanceof LocalPaymentGateway)) {
    throw new PaymentGatewayError("not_configured", { detail: `The payment provider is ${current.name}, not local` });
  }
  return current;
}

/** Tests swap in a fake, or clear the cache so the next call reads env() again. */
export function resetPaymentGateway(replacement?: PaymentGateway) {
  gateway = replacement;
}
