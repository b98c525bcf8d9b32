import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { manualRefundRefusal, manualRefundRetryRefusal, type ManualRefundRefusal } from "~/domain/manual-refund";
import { audit } from "~/models/audit.server";
import { db } from "~/models/db.server";
import { cancellationRefundOwed, claimRetry, completeManualRefund, failManualRefund, insertManualRefund, manualRefundByKey, manualRefundOf, paymentForRefund, refundable } from "~/models/manual-refunds.server";
import { PaymentGatewayError, type PaymentGatewayErrorKind } from "~/providers/payments.contract.server";
import { paymentGateway } from "~/providers/payments.server";
import { log } from "~/utils/logger.server";
import { queueManualRefundEmails } from "./payment-emails.server";
import { enqueue } from "./queue.server";

/**
 * An administrator gives back part or all of a payment (issue 15, item 4):
 * the refund is written (and audited) before the gateway is called, its id
 * is the gateway's idempotency key, and the form's request key makes a
 * double submit one refund. The gateway's answer completes it — the payment
 * counts it, both people are e-mailed — or marks it failed, to be tried
 * again with the same key from the payment's page.
 */

export type ManualRefundResult =
  | { ok: true; status: "refunded" | "pending"; cents: number }
  | { ok: false; problem: "not_found" | ManualRefundRefusal }
  // The kind, not the error's (Portuguese) message: the page words it in the admin's language.
  | { ok: false; problem: "gateway"; kind: PaymentGatewayErrorKind };

interface Admin {
  id: string;
}

const idempotencyKey = (refundId: string) => `acolhe-manual-refund-${refundId}`;

export async function refundManually(input: { admin: Admin; paymentId: string; cents: number; reason: string; requestKey: string; now?: Date }): Promise<ManualRefundResult> {
  const now = input.now ?? new Date();
  type Written =
    | { kind: "refused"; problem: "not_found" | ManualRefundRefusal }
    | { kind: "repeated"; refund: { paymentId: string; status: "pending" | "refunded" | "failed"; cents: number } }
    | { kind: "new"; id: string; providerPaymentId: string };
  const written = await db.transaction().execute(async (trx): Promise<Written> => {
    // The payment locked: two admins (or two tabs) refunding it wait for each other and see each other's rows.
    const payment = await paymentForRefund(trx, input.paymentId, { lock: true });
    if (!payment) return { kind: "refused", problem: "not_found" };
    const sent = await manualRefundByKey(trx, input.requestKey);
    if (sent) return { kind: "repeated", refund: sent };
    const refusal = manualRefundRefusal(refundable(payment), input.cents, now);
    if (refusal) return { kind: "refused", problem: refusal };
    const id = await insertManualRefund(trx, { paymentId: payment.id, appointmentId: payment.appointmentId, adminId: input.admin.id, requestKey: input.requestKey, cents: input.cents, reason: input.reason, now });
    if (!id) return { kind: "refused", problem: "not_found" };
    await audit({ actor: { userId: input.admin.id, role: "admin" }, action: "payment.refund", subject: { type: "payment", id: payment.id }, patientId: payment.patientId, details: { refundId: id, cents: input.cents, reason: input.reason, stage: "requested" } }, trx);
    return { kind: "new", id, providerPaymentId: payment.providerPaymentId };
  });
  if (written.kind === "refused") return { ok: false, problem: written.problem };
  // The same form sent twice: the first one's refund is the answer.
  if (written.kind === "repeated") {
    const repeated = written.refund;
    if (repeated.paymentId !== input.paymentId) return { ok: false, problem: "not_found" };
    if (repeated.status === "failed") return { ok: false, problem: "gateway", kind: "refund_failed" };
    return { ok: true, status: repeated.status, cents: repeated.cents };
  }
  return callGateway(input.admin, { id: written.id, providerPaymentId: written.providerPaymentId, cents: input.cents }, now);
}

/** Tries a failed refund again (or a pending one whose answer was lost) with its own key: the gateway never refunds it twice. */
export async function retryManualRefund(input: { admin: Admin; paymentId: string; refundId: string; now?: Date }): Promise<ManualRefundResult> {
  const now = input.now ?? new Date();
  type Claimed = { kind: "refused"; problem: "not_found" | ManualRefundRefusal } | { kind: "claimed"; id: string; cents: number; providerPaymentId: string };
  const claimed = await db.transaction().execute(async (trx): Promise<Claimed> => {
    const payment = await paymentForRefund(trx, input.paymentId, { lock: true });
    if (!payment) return { kind: "refused", problem: "not_found" };
    // A failed refund counts for nothing until tried again: the rule of a new one holds (not while a cancellation's refund is owed, at most what is left).
    const existing = await manualRefundOf(trx, input.refundId, payment.id);
    const refusal = existing ? manualRefundRetryRefusal(refundable(payment), existing) : null;
    if (refusal) return { kind: "refused", problem: refusal };
    const refund = await claimRetry(trx, input.refundId, payment.id, now);
    if (!refund) return { kind: "refused", problem: "not_found" };
    await audit({ actor: { userId: input.admin.id, role: "admin" }, action: "payment.refund", subject: { type: "payment", id: payment.id }, patientId: payment.patientId, details: { refundId: refund.id, cents: refund.cents, stage: "retried" } }, trx);
    return { kind: "claimed", id: refund.id, cents: refund.cents, providerPaymentId: payment.providerPaymentId };
  });
  if (claimed.kind === "refused") return { ok: false, problem: claimed.problem };
  return callGateway(input.admin, claimed, now);
}

async function callGateway(admin: Admin, refund: { id: string; providerPaymentId: string; cents: number }, now: Date): Promise<ManualRefundResult> {
  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await paymentGateway().refund(refund.providerPaymentId, refund.cents, { idempotencyKey: idempotencyKey(refund.id) }));
  } catch (error) {
    const kind: PaymentGatewayErrorKind = error instanceof PaymentGatewayError ? error.kind : "refund_failed";
    const detail = error instanceof PaymentGatewayError ? (error.detail ?? error.message) : String(error);
    // The error's text stays on the refund (the admin's page shows it), never in the audit row.
    await db.transaction().execute(async (trx) => {
      const failed = await failManualRefund(trx, refund.id, detail);
      if (!failed) return;
      await audit({ actor: { userId: admin.id, role: "admin" }, action: "payment.refund", subject: { type: "payment", id: failed.paymentId }, patientId: failed.patientId, details: { appointmentId: failed.appointmentId, refundId: refund.id, cents: refund.cents, stage: "failed" } }, trx);
      await resumeCancellationRefund(trx, failed.appointmentId);
    });
    log().warn({ err: error, refundId: refund.id }, "manual refund refused by the gateway");
    return { ok: false, problem: "gateway", kind };
  }
  await db.transaction().execute(async (trx) => {
    const done = await completeManualRefund(trx, { id: refund.id, providerRefundId, now });
    if (!done) return;
    const payment = await paymentForRefund(trx, done.paymentId);
    await audit({ actor: { userId: admin.id, role: "admin" }, action: "payment.refund", subject: { type: "payment", id: done.paymentId }, patientId: payment?.patientId ?? null, details: { refundId: refund.id, cents: done.cents, stage: "completed", providerRefundId } }, trx);
    await resumeCancellationRefund(trx, done.appointmentId);
    if (payment) await queueManualRefundEmails(trx, { patientId: payment.patientId, psychologistId: payment.psychologistId, startsAt: payment.startsAt }, done.cents, payment.refundedCents >= payment.amountCents);
  });
  log().info({ refundId: refund.id, providerRefundId, cents: refund.cents }, "manual refund made");
  return { ok: true, status: "refunded", cents: refund.cents };
}

/**
 * A cancellation's refund of the same payment waits while this one is
 * pending (ADR 020): answered either way, it is queued again in the same
 * transaction, so it goes on now rather than at its next backoff, and even
 * after its own retries ran out.
 */
async function resumeCancellationRefund(trx: Transaction<Database>, appointmentId: string) {
  if (await cancellationRefundOwed(trx, appointmentId)) await enqueue("payments.refund-cancellation", { appointmentId }, {}, trx);
}
