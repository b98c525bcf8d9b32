import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { MercadoPagoConfig, Payment, PaymentRefund, Preference, User } from "mercadopago";
import type { PreferenceRequest } from "mercadopago/dist/clients/preference/commonTypes";
import type { PaymentResponse } from "mercadopago/dist/clients/payment/commonTypes";
import type { Options } from "mercadopago/dist/types";
import { centsToReais, reaisToCents } from "~/domain/pricing";
import {
  PaymentGatewayError,
  assertCheckoutRequest,
  isGatewayPaymentStatus,
  type CheckoutRequest,
  type GatewayPayment,
  type PaymentGateway,
  type PaymentGatewayErrorKind,
  type RefundOptions,
} from "./payments.contract.server";
import { pingFailureFor, type PingOptions, type PingResult } from "./ping.server";

/**
 * Mercado Pago Checkout Pro through the official SDK: a preference per
 * appointment, payments read back by id, refunds.
 */

export interface MercadoPagoGatewayConfig {
  accessToken: string;
  timeoutMs: number;
  /** The SDK's own retries (429, 5xx, no answer), with exponential backoff. 0 turns them off. */
  retries: number;
  /** First backoff delay; the SDK's default is 1 s. */
  retryDelayMs?: number;
}

/** What appears on the card statement. */
export const STATEMENT_DESCRIPTOR = "ACOLHE";
/** Boleto (ticket) and cash (atm) take days to clear: a slot hold lasts 30 minutes. */
const EXCLUDED_PAYMENT_TYPES = ["ticket", "atm"];
/** Mercado Pago reads any offset; São Paulo time makes its dashboard and our logs agree. */
const EXPIRATION_TIME_ZONE = "America/Sao_Paulo";

export class MercadoPagoGateway implements PaymentGateway {
  readonly name = "mercadopago" as const;

  constructor(private readonly config: MercadoPagoGatewayConfig) {}

  async createCheckout(request: CheckoutRequest) {
    assertCheckoutRequest(request);
    const preference = await this.call("checkout_failed", () => new Preference(this.sdkConfig()).create({ body: preferenceBody(request) }));
    if (!preference.id || !preference.init_point) {
      throw new PaymentGatewayError("no_checkout_url", { detail: `Preference ${preference.id ?? "(no id)"} came without init_point` });
    }
    return { id: preference.id, url: preference.init_point };
  }

  async getPayment(id: string): Promise<GatewayPayment | null> {
    try {
      const payment = await new Payment(this.sdkConfig()).get({ id });
      return toGatewayPayment(payment);
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw toGatewayError("payment_lookup_failed", error);
    }
  }

  async refund(paymentId: string, amountCents?: number, options: RefundOptions = {}) {
    // No body refunds the rest of the payment; an amount makes it partial.
    const body = amountCents === undefined ? undefined : { amount: centsToReais(amountCents) };
    const refund = await this.call("refund_failed", () =>
      new PaymentRefund(this.sdkConfig(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {})).create({
        payment_id: paymentId,
        body,
      }),
    );
    return { id: String(refund.id), status: refund.status ?? "unknown" };
  }

  /** GET /users/me with the access token: the cheapest call that proves the token works. Never retried. */
  async ping({ timeoutMs }: PingOptions): Promise<PingResult> {
    try {
      await new User(this.sdkConfig({ timeout: timeoutMs, maxRetries: 0 })).get();
      return { ok: true };
    } catch (error) {
      const status = statusOf(error);
      return { ok: false, failure: pingFailureFor(status), status: status || undefined };
    }
  }

  /**
   * A new SDK config for every call: the SDK's clients merge per-call options
   * into the config object they hold and keep them, so a shared config would
   * carry one refund's idempotency key into the next request.
   */
  private sdkConfig(extra: Options = {}): MercadoPagoConfig {
    return new MercadoPagoConfig({
      accessToken: this.config.accessToken,
      options: {
        timeout: this.config.timeoutMs,
        maxRetries: this.config.retries,
        ...(this.config.retryDelayMs === undefined ? {} : { initialDelay: this.config.retryDelayMs }),
        ...extra,
      },
    });
  }

  private async call<T>(kind: PaymentGatewayErrorKind, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toGatewayError(kind, error);
    }
  }
}

export function preferenceBody(request: CheckoutRequest): PreferenceRequest {
  const expiresAt = withOffset(request.expiresAt);
  return {
    items: [
      {
        id: request.appointmentId,
        title: request.title,
        description: request.description,
        quantity: 1,
        currency_id: "BRL",
        unit_price: centsToReais(request.amountCents),
      },
    ],
    payer: { email: request.payer.email, name: request.payer.name },
    external_reference: request.appointmentId,
    back_urls: request.backUrls,
    auto_return: "approved",
    notification_url: request.notificationUrl,
    // The checkout closes when the hold ends, and a PIX code expires with it.
    expires: true,
    expiration_date_to: expiresAt,
    date_of_expiration: expiresAt,
    payment_methods: { excluded_payment_types: EXCLUDED_PAYMENT_TYPES.map((id) => ({ id })) },
    statement_descriptor: STATEMENT_DESCRIPTOR,
  };
}

/** '2025-03-03T10:30:00.000-03:00': the format Mercado Pago documents for dates. */
function withOffset(instant: Date): string {
  return format(new TZDate(instant.getTime(), EXPIRATION_TIME_ZONE), "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
}

export function toGatewayPayment(payment: PaymentResponse): GatewayPayment {
  if (payment.id === undefined) throw new PaymentGatewayError("payment_lookup_failed", { detail: "Payment without id" });
  const { api_response: _http, ...raw } = payment;
  return {
    id: String(payment.id),
    // A status Mercado Pago may add later changes nothing here until it is understood.
    status: isGatewayPaymentStatus(payment.status) ? payment.status : "pending",
    statusDetail: payment.status_detail,
    externalReference: payment.external_reference || null,
    amountCents: reaisToCents(payment.transaction_amount ?? 0),
    refundedCents: reaisToCents(payment.transaction_amount_refunded ?? 0),
    currency: payment.currency_id ?? null,
    method: methodOf(payment),
    methodId: payment.payment_method_id ?? null,
    approvedAt: payment.date_approved ? new Date(payment.date_approved) : null,
    raw,
  };
}

/** PIX is a 'bank_transfer' type to Mercado Pago; the app calls it 'pix'. */
function methodOf(payment: PaymentResponse): string | null {
  if (payment.payment_method_id === "pix") return "pix";
  return payment.payment_type_id ?? payment.payment_method_id ?? null;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

function toGatewayError(kind: PaymentGatewayErrorKind, error: unknown): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error;
  // The SDK's errors carry the HTTP status; its MPConnectionError (timeout, network) carries 0.
  const status = statusOf(error);
  const retryable = status !== undefined && (status === 0 || status === 429 || status >= 500);
  const detail = error instanceof Error ? error.message : String(error);
  return new PaymentGatewayError(kind, { status, retryable, detail, cause: error });
}
