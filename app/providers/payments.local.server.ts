import { randomInt, randomUUID } from "node:crypto";
import { signMercadoPagoNotification } from "~/domain/mercadopago-signature";
import {
  PaymentGatewayError,
  assertCheckoutRequest,
  type CheckoutRequest,
  type GatewayPayment,
  type PaymentGateway,
} from "./payments.contract.server";

/**
 * The development payment provider (DESIGN.md, "Local providers"). Its
 * checkout is an in-app page (/dev/checkout/:appointmentId) whose buttons
 * create a payment here and post a notification signed exactly as Mercado
 * Pago signs them, so the same webhook path confirms the appointment.
 * It keeps payments in a store it is given; persistence is the caller's.
 */

export interface LocalPaymentStore {
  save(payment: GatewayPayment): Promise<void>;
  find(id: string): Promise<GatewayPayment | null>;
}

/** Keeps payments in this process: enough for tests and a single dev server. */
export class InMemoryLocalPaymentStore implements LocalPaymentStore {
  private readonly payments = new Map<string, GatewayPayment>();

  async save(payment: GatewayPayment) {
    this.payments.set(payment.id, structuredClone(payment));
  }

  async find(id: string) {
    const payment = this.payments.get(id);
    return payment ? structuredClone(payment) : null;
  }
}

export interface LocalPaymentGatewayConfig {
  store: LocalPaymentStore;
  appUrl: string;
  /** The secret the webhook verifies with (env().MERCADOPAGO_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where notifications go; default `${appUrl}/webhooks/mercadopago`. */
  notificationUrl?: string;
  now?: () => Date;
}

/** The buttons of the local checkout page. */
export type LocalPaymentOutcome = "approved" | "pending" | "rejected";

export interface SimulatedPayment {
  appointmentId: string;
  amountCents: number;
  outcome: LocalPaymentOutcome;
  /** Default 'pix'. */
  method?: "pix" | "credit_card" | "debit_card";
}

/** A webhook call as Mercado Pago makes it: POST, `data.id` in the query, signed headers. */
export interface LocalNotification {
  url: string;
  method: "POST";
  headers: { "content-type": "application/json"; "x-signature": string; "x-request-id": string };
  body: { action: string; api_version: "v1"; type: "payment"; live_mode: false; date_created: string; data: { id: string } };
}

const STATUS_DETAIL: Record<LocalPaymentOutcome, string> = {
  approved: "accredited",
  pending: "pending_waiting_transfer",
  rejected: "cc_rejected_other_reason",
};

export class LocalPaymentGateway implements PaymentGateway {
  readonly name = "local" as const;
  private readonly now: () => Date;

  constructor(private readonly config: LocalPaymentGatewayConfig) {
    this.now = config.now ?? (() => new Date());
  }

  async createCheckout(request: CheckoutRequest) {
    assertCheckoutRequest(request);
    return { id: `local-${request.appointmentId}`, url: `${this.baseUrl()}/dev/checkout/${encodeURIComponent(request.appointmentId)}` };
  }

  async getPayment(id: string) {
    return this.config.store.find(id);
  }

  /** Partial refunds keep the payment 'approved', as Mercado Pago does; the last centavo makes it 'refunded'. */
  async refund(paymentId: string, amountCents?: number) {
    const payment = await this.config.store.find(paymentId);
    if (!payment) throw new PaymentGatewayError("refund_failed", { status: 404, detail: `Unknown payment ${paymentId}` });
    if (payment.status !== "approved") {
      throw new PaymentGatewayError("refund_failed", { status: 400, detail: `Payment ${paymentId} is ${payment.status}` });
    }
    const refunded = payment.refundedCents ?? 0;
    const remaining = payment.amountCents - refunded;
    const amount = amountCents ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining) {
      throw new PaymentGatewayError("refund_failed", { status: 400, detail: `Cannot refund ${amount} of ${remaining} centavos left` });
    }
    const fullyRefunded = refunded + amount === payment.amountCents;
    await this.config.store.save({
      ...payment,
      refundedCents: refunded + amount,
      status: fullyRefunded ? "refunded" : "approved",
      statusDetail: fullyRefunded ? "refunded" : "partially_refunded",
    });
    return { id: newNumericId(), status: "approved" };
  }

  /** What a button of the local checkout does: a new payment for the appointment, as Mercado Pago records each attempt. */
  async simulatePayment(input: SimulatedPayment): Promise<GatewayPayment> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentGatewayError("checkout_failed", { detail: `Invalid amount ${input.amountCents}` });
    }
    const method = input.method ?? "pix";
    const payment: GatewayPayment = {
      id: newNumericId(),
      status: input.outcome,
      statusDetail: STATUS_DETAIL[input.outcome],
      externalReference: input.appointmentId,
      amountCents: input.amountCents,
      refundedCents: 0,
      currency: "BRL",
      method,
      methodId: method === "pix" ? "pix" : "visa",
      approvedAt: input.outcome === "approved" ? this.now() : null,
    };
    await this.config.store.save(payment);
    return payment;
  }

  /** A pending PIX that gets paid (or expires) later keeps its id and changes status. */
  async changeStatus(paymentId: string, outcome: LocalPaymentOutcome): Promise<GatewayPayment> {
    const payment = await this.config.store.find(paymentId);
    if (!payment) throw new PaymentGatewayError("payment_lookup_failed", { status: 404, detail: `Unknown payment ${paymentId}` });
    const updated: GatewayPayment = {
      ...payment,
      status: outcome,
      statusDetail: STATUS_DETAIL[outcome],
      approvedAt: outcome === "approved" ? (payment.approvedAt ?? this.now()) : null,
    };
    await this.config.store.save(updated);
    return updated;
  }

  /** The notification Mercado Pago would post about a payment, signed with the webhook secret. */
  signedNotification(paymentId: string, options: { action?: string; requestId?: string } = {}): LocalNotification {
    const now = this.now();
    const requestId = options.requestId ?? randomUUID();
    const { signature } = signMercadoPagoNotification({ secret: this.config.webhookSecret, dataId: paymentId, requestId, now });
    const url = new URL(this.config.notificationUrl ?? `${this.baseUrl()}/webhooks/mercadopago`);
    url.searchParams.set("data.id", paymentId);
    url.searchParams.set("type", "payment");
    return {
      url: url.toString(),
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": requestId },
      body: {
        action: options.action ?? "payment.updated",
        api_version: "v1",
        type: "payment",
        live_mode: false,
        date_created: now.toISOString(),
        data: { id: paymentId },
      },
    };
  }

  private baseUrl() {
    return this.config.appUrl.replace(/\/+$/, "");
  }
}

/** The notification as a fetch Request, to post it or hand it straight to the webhook's action. */
export function notificationRequest(notification: LocalNotification): Request {
  return new Request(notification.url, { method: notification.method, headers: notification.headers, body: JSON.stringify(notification.body) });
}

/** Mercado Pago's payment ids are numbers; the local ones look the same. */
function newNumericId(): string {
  return String(randomInt(10 ** 11, 10 ** 12));
}
