import { sql } from "kysely";
import { STALE_PENDING_MS } from "~/domain/manual-refund";
import type { PaymentView } from "~/domain/payment-views";
import { db } from "./db.server";

/**
 * Money as the administrator follows it (issue 15, item 4): every payment
 * with its status history and the provider's notifications, and the ones
 * that need someone — refunds the provider refused, payments still
 * undecided after a day, approvals the appointment never took in.
 */

export const PAYMENTS_PAGE_SIZE = 50;

/** A payment as the administrator reads it, with its consultation's state (`py` joined to `a`): the list and one payment's page. */
export const PAYMENT_WITH_APPOINTMENT = [
  "py.id",
  "py.provider",
  "py.provider_payment_id as providerPaymentId",
  "py.status",
  "py.status_detail as statusDetail",
  "py.method",
  "py.amount_cents as amountCents",
  "py.refunded_cents as refundedCents",
  // The amounts' currency as the gateway recorded it: BRL but for a mismatch, whose cents are not centavos.
  "py.currency",
  "py.created_at as createdAt",
  "py.approved_at as approvedAt",
  "a.id as appointmentId",
  "a.status as appointmentStatus",
  "a.payment_status as appointmentPaymentStatus",
] as const;

const DAY_MS = 86_400_000;

function inView(view: PaymentView, now: Date) {
  switch (view) {
    case "all":
      return sql<boolean>`true`;
    case "failed_refunds":
      // A cancellation's refund its job could not make, or an administrator's the gateway refused or never answered
      // (pending past the five minutes after which it may be tried again: a cancellation's refund of the payment waits for it).
      return sql<boolean>`(a.refund_status = 'failed' or exists (select 1 from manual_refunds m where m.payment_id = py.id and (m.status = 'failed' or (m.status = 'pending' and m.attempted_at < ${new Date(now.getTime() - STALE_PENDING_MS)}))))`;
    case "stuck":
      return sql<boolean>`py.status in ('pending', 'in_process', 'authorized') and py.created_at < ${new Date(now.getTime() - DAY_MS)}`;
    case "unapplied":
      // Approved at the provider, but the appointment neither counts it as paid nor as given back.
      return sql<boolean>`py.status = 'approved' and a.payment_status not in ('paid', 'refunded')`;
  }
}

/** One page of payments in a view, newest first, each with its status history and notifications; the counts of every view. */
export async function listPayments(view: PaymentView, page: number, now = new Date()) {
  const rows = await db
    .selectFrom("payments as py")
    .innerJoin("appointments as a", "a.id", "py.appointment_id")
    .innerJoin("users as u", "u.id", "a.patient_id")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .where(inView(view, now))
    .select([
      ...PAYMENT_WITH_APPOINTMENT,
      "a.refund_status as refundStatus",
      "a.refund_cents as refundCents",
      "u.email as patientEmail",
      "u.id as patientId",
      "ps.name as psychologistName",
      sql<Array<{ status: string; detail: string | null; at: string }>>`coalesce((
        select json_agg(json_build_object('status', h.status, 'detail', h.status_detail, 'at', h.recorded_at) order by h.recorded_at)
        from payment_status_history h where h.payment_id = py.id), '[]')`.as("history"),
      sql<Array<{ topic: string; received: string; processed: string | null }>>`coalesce((
        select json_agg(json_build_object('topic', n.topic, 'received', n.received_at, 'processed', n.processed_at) order by n.received_at)
        from payment_notifications n where n.resource_id = py.provider_payment_id), '[]')`.as("notifications"),
      sql<number>`count(*) over ()`.as("total"),
    ])
    .orderBy("py.created_at", "desc")
    .orderBy("py.id")
    .limit(PAYMENTS_PAGE_SIZE)
    .offset((page - 1) * PAYMENTS_PAGE_SIZE)
    .execute();
  const { rows: counts } = await sql<{ failed_refunds: number; stuck: number; unapplied: number; all: number }>`
    select count(*)::int as all,
      count(*) filter (where ${inView("failed_refunds", now)})::int as failed_refunds,
      count(*) filter (where ${inView("stuck", now)})::int as stuck,
      count(*) filter (where ${inView("unapplied", now)})::int as unapplied
    from payments py join appointments a on a.id = py.appointment_id`.execute(db);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0), counts: counts[0]! };
}

/** One payment's status history and the provider's notifications about it, oldest first. */
export async function paymentTimeline(paymentId: string, providerPaymentId: string) {
  const [history, notifications] = await Promise.all([
    db.selectFrom("payment_status_history").where("payment_id", "=", paymentId).select(["status", "status_detail as detail", "recorded_at as at"]).orderBy("recorded_at").execute(),
    db.selectFrom("payment_notifications").where("resource_id", "=", providerPaymentId).select(["topic", "received_at as received", "processed_at as processed"]).orderBy("received_at").execute(),
  ]);
  return { history, notifications };
}
