import type { Transaction } from "kysely";
import type { AppointmentStatus, CancelledBy, Database, PaymentStatus } from "#db/types";
import { SLOT_HOLDING_STATUSES } from "~/domain/appointment-status";
import { db, type Executor } from "./db.server";

/**
 * The money path's rows: webhook notifications (each recorded once), the
 * payments the gateway reports with their status history, and the changes a
 * payment makes to its appointment. Everything that decides a payment's
 * effect runs in one transaction with the appointment row locked.
 */

type Trx = Transaction<Database>;

// ---------------------------------------------------------------------------
// Notifications

/** Records a notification; null when this (provider, request id) was already recorded. */
export async function insertNotification(
  trx: Trx,
  notification: { provider: string; requestId: string; topic: string; resourceId: string },
): Promise<number | null> {
  const row = await trx
    .insertInto("payment_notifications")
    .values({ provider: notification.provider, request_id: notification.requestId, topic: notification.topic, resource_id: notification.resourceId })
    .onConflict((oc) => oc.columns(["provider", "request_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function markNotificationProcessed(id: number, now = new Date()) {
  await db.updateTable("payment_notifications").set({ processed_at: now }).where("id", "=", id).where("processed_at", "is", null).execute();
}

// ---------------------------------------------------------------------------
// The appointment a payment belongs to

export interface LockedAppointment {
  id: string;
  patientId: string;
  psychologistId: string;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  priceCents: number;
  cancelledBy: CancelledBy | null;
}

/** The appointment, locked until the transaction ends (select … for update). */
export function lockAppointment(trx: Trx, appointmentId: string): Promise<LockedAppointment | undefined> {
  return trx
    .selectFrom("appointments")
    .where("id", "=", appointmentId)
    .select([
      "id",
      "patient_id as patientId",
      "psychologist_id as psychologistId",
      "starts_at as startsAt",
      "ends_at as endsAt",
      "status",
      "payment_status as paymentStatus",
      "price_cents as priceCents",
      "cancelled_by as cancelledBy",
    ])
    .forUpdate()
    .executeTakeFirst();
}

export async function confirmPaidAppointment(trx: Trx, appointmentId: string, method: string | null) {
  await trx
    .updateTable("appointments")
    .set({
      status: "confirmed",
      payment_status: "paid",
      payment_method: method,
      hold_expires_at: null,
      cancelled_by: null,
      cancelled_at: null,
      cancellation_reason: null,
    })
    .where("id", "=", appointmentId)
    .execute();
}

export async function cancelForPayment(trx: Trx, appointmentId: string, values: { paymentStatus: PaymentStatus; reason: string; now: Date }) {
  await trx
    .updateTable("appointments")
    .set({
      status: "cancelled",
      payment_status: values.paymentStatus,
      cancelled_by: "system",
      cancelled_at: values.now,
      cancellation_reason: values.reason,
      hold_expires_at: null,
    })
    .where("id", "=", appointmentId)
    .execute();
}

export async function setAppointmentPaymentStatus(executor: Trx | typeof db, appointmentId: string, paymentStatus: PaymentStatus) {
  await executor.updateTable("appointments").set({ payment_status: paymentStatus }).where("id", "=", appointmentId).execute();
}

/**
 * Whether another appointment holds an overlapping slot of the same
 * psychologist or the same patient (what the exclusion constraints check).
 * Run-out holds do not count: the caller releases them first.
 */
export async function overlapsAnotherHolder(trx: Trx, appointment: Pick<LockedAppointment, "id" | "patientId" | "psychologistId" | "startsAt" | "endsAt">): Promise<boolean> {
  const row = await trx
    .selectFrom("appointments")
    .select("id")
    .where("id", "!=", appointment.id)
    .where("status", "in", SLOT_HOLDING_STATUSES)
    .where((eb) => eb.or([eb("psychologist_id", "=", appointment.psychologistId), eb("patient_id", "=", appointment.patientId)]))
    .where("starts_at", "<", appointment.endsAt)
    .where("ends_at", ">", appointment.startsAt)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------
// Payments

export interface PaymentRow {
  id: string;
  status: string;
  refundId: string | null;
  refundedCents: number;
}

export function findPaymentForUpdate(trx: Trx, provider: "mercadopago" | "local", providerPaymentId: string): Promise<PaymentRow | undefined> {
  return trx
    .selectFrom("payments")
    .select(["id", "status", "refund_id as refundId", "refunded_cents as refundedCents"])
    .where("provider", "=", provider)
    .where("provider_payment_id", "=", providerPaymentId)
    .forUpdate()
    .executeTakeFirst();
}

export interface PaymentValues {
  appointmentId: string;
  provider: "mercadopago" | "local";
  providerPaymentId: string;
  status: string;
  statusDetail: string | null;
  method: string | null;
  amountCents: number;
  currency: string;
  approvedAt: Date | null;
  refundedCents: number;
}

export async function insertPayment(trx: Trx, values: PaymentValues): Promise<string> {
  const row = await trx
    .insertInto("payments")
    .values({
      appointment_id: values.appointmentId,
      provider: values.provider,
      provider_payment_id: values.providerPaymentId,
      status: values.status,
      status_detail: values.statusDetail,
      method: values.method,
      amount_cents: values.amountCents,
      currency: values.currency,
      approved_at: values.approvedAt,
      refunded_cents: values.refundedCents,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePayment(trx: Trx, id: string, values: Omit<PaymentValues, "appointmentId" | "provider" | "providerPaymentId">) {
  await trx
    .updateTable("payments")
    .set({
      status: values.status,
      status_detail: values.statusDetail,
      method: values.method,
      amount_cents: values.amountCents,
      currency: values.currency,
      approved_at: values.approvedAt,
      refunded_cents: values.refundedCents,
    })
    .where("id", "=", id)
    .execute();
}

export async function appendPaymentHistory(trx: Trx, paymentId: string, status: string, statusDetail: string | null) {
  await trx.insertInto("payment_status_history").values({ payment_id: paymentId, status, status_detail: statusDetail }).execute();
}

/** Marks a refund as under way (refund_id holds the claim until the gateway's id replaces it). */
export async function claimRefund(trx: Trx, paymentId: string, claim: string) {
  await trx.updateTable("payments").set({ refund_id: claim }).where("id", "=", paymentId).execute();
}

/**
 * Records a refund the gateway made. `appointmentRefunded`: the appointment's own payment was
 * returned (not a stray second or mismatched payment, which leaves the appointment as it is).
 */
export async function recordRefund(paymentId: string, claim: string, refund: { id: string; refundedCents: number }, appointmentId: string, appointmentRefunded = true) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("payments")
      .set({ refund_id: refund.id, refunded_cents: refund.refundedCents })
      .where("id", "=", paymentId)
      .where("refund_id", "=", claim)
      .execute();
    if (appointmentRefunded) {
      await trx.updateTable("appointments").set({ payment_status: "refunded" }).where("id", "=", appointmentId).where("payment_status", "!=", "paid").execute();
    }
  });
}

/** Whether another approved payment already paid this appointment. */
export async function hasOtherApprovedPayment(trx: Trx, appointmentId: string, paymentRowId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("payments")
    .select("id")
    .where("appointment_id", "=", appointmentId)
    .where("id", "!=", paymentRowId)
    .where("status", "=", "approved")
    .executeTakeFirst();
  return row !== undefined;
}

/** Releases this claim of the payment's refund for a retry; whether it was still ours to release. */
export async function dropRefundClaim(paymentId: string, claim: string, executor: Executor = db): Promise<boolean> {
  const result = await executor.updateTable("payments").set({ refund_id: null }).where("id", "=", paymentId).where("refund_id", "=", claim).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---------------------------------------------------------------------------
// Who is told about a refund

export function getPatientRecipient(trx: Trx, patientId: string) {
  return trx
    .selectFrom("users")
    .leftJoin("profiles", "profiles.id", "users.id")
    .where("users.id", "=", patientId)
    .where("users.deleted_at", "is", null)
    .select(["users.id", "users.email", "profiles.first_name as firstName", "profiles.locale", "profiles.time_zone as timeZone"])
    .executeTakeFirst();
}

export function getPsychologistRecipient(trx: Trx, psychologistId: string) {
  return trx
    .selectFrom("psychologists")
    .leftJoin("users", "users.id", "psychologists.user_id")
    .leftJoin("profiles", "profiles.id", "psychologists.user_id")
    .where("psychologists.id", "=", psychologistId)
    .select([
      "psychologists.user_id as userId",
      "psychologists.name",
      "psychologists.time_zone as timeZone",
      "users.email as userEmail",
      "users.deleted_at as deletedAt",
      "psychologists.email as psychologistEmail",
      "profiles.first_name as firstName",
      "profiles.locale",
    ])
    .executeTakeFirst();
}
