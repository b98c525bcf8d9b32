/**
 * What the app needs from a payment provider, and nothing more. Kept apart
 * from the factory (payments.server.ts) so the implementations can import it
 * without an import cycle. Amounts are integer centavos throughout.
 */
import type { PingOptions, PingResult } from "./ping.server";

export interface CheckoutRequest {
  /** Becomes the provider's external_reference: how a payment finds its appointment. */
  appointmentId: string;
  title: string;
  description?: string;
  amountCents: number;
  payer: { email: string; name?: string };
  /** When the slot hold ends; the checkout must not take money after it. */
  expiresAt: Date;
  backUrls: { success: string; failure: string; pending: string };
  notificationUrl: string;
}

export interface Checkout {
  id: string;
  /** Where to send the patient (Mercado Pago's init_point). */
  url: string;
}

/** Mercado Pago's payment statuses, which the local provider imitates. */
export const GATEWAY_PAYMENT_STATUSES = [
  "pending",
  "approved",
  "authorized",
  "in_process",
  "in_mediation",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
] as const;
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

export function isGatewayPaymentStatus(value: unknown): value is GatewayPaymentStatus {
  return GATEWAY_PAYMENT_STATUSES.includes(value as GatewayPaymentStatus);
}

export interface GatewayPayment {
  id: string;
  status: GatewayPaymentStatus;
  /** e.g. 'accredited', 'pending_waiting_transfer', 'cc_rejected_insufficient_amount', 'partially_refunded'. */
  statusDetail?: string;
  /** The appointment id given at checkout; null when the payment did not come from one of ours. */
  externalReference: string | null;
  amountCents: number;
  /** Refunded so far (partial refunds leave the status 'approved'). */
  refundedCents?: number;
  /** ISO 4217; always 'BRL' for Acolhe's checkouts. */
  currency?: string | null;
  /** 'pix', 'credit_card', 'debit_card', 'account_money'… */
  method: string | null;
  /** The provider's own method id, e.g. 'visa', 'master', 'pix'. */
  methodId?: string | null;
  approvedAt?: Date | null;
  /** The provider's answer, for the audit trail. */
  raw?: unknown;
}

export interface RefundResult {
  id: string;
  status: string;
}

export interface RefundOptions {
  /** Give the same key when retrying one refund, so it is not made twice. */
  idempotencyKey?: string;
}

export interface PaymentGateway {
  readonly name: "mercadopago" | "local";
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Null when the provider does not know the id. */
  getPayment(id: string): Promise<GatewayPayment | null>;
  /** Without an amount, refunds whatever is left of the payment. */
  refund(paymentId: string, amountCents?: number, options?: RefundOptions): Promise<RefundResult>;
  /** A cheap authenticated call for 'Saúde do sistema'; absent on providers that need no network (local). */
  ping?(options: PingOptions): Promise<PingResult>;
}

/** Each failure's message, for logs: pages word a failure from its `kind` in the visitor's language. */
export const PAYMENT_GATEWAY_ERROR_MESSAGES = {
  checkout_failed: "Erro ao processar pagamento",
  no_checkout_url: "URL de checkout não foi gerada",
  payment_lookup_failed: "Erro ao consultar pagamento",
  refund_failed: "Erro ao processar reembolso",
  not_configured: "Pagamentos não configurados",
} as const;
export type PaymentGatewayErrorKind = keyof typeof PAYMENT_GATEWAY_ERROR_MESSAGES;

export class PaymentGatewayError extends Error {
  readonly kind: PaymentGatewayErrorKind;
  /** The provider's HTTP status; 0 when no answer came (timeout, network). */
  readonly status?: number;
  /** True when trying again later may succeed: no answer, 429 or 5xx. */
  readonly retryable: boolean;
  /** The provider's own words, for logs; never shown to people. */
  readonly detail?: string;

  constructor(kind: PaymentGatewayErrorKind, options: { status?: number; retryable?: boolean; detail?: string; cause?: unknown } = {}) {
    super(PAYMENT_GATEWAY_ERROR_MESSAGES[kind], { cause: options.cause });
    this.name = "PaymentGatewayError";
    this.kind = kind;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.detail = options.detail;
  }
}

/** Checks both providers make before taking a request. */
export function assertCheckoutRequest(request: CheckoutRequest) {
  const problems: string[] = [];
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) problems.push(`amountCents ${request.amountCents}`);
  if (!request.appointmentId) problems.push("appointmentId");
  if (!request.title.trim()) problems.push("title");
  if (Number.isNaN(request.expiresAt.getTime())) problems.push("expiresAt");
  if (problems.length > 0) throw new PaymentGatewayError("checkout_failed", { detail: `Invalid checkout request: ${problems.join(", ")}` });
}
