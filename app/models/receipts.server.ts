import { sql } from "kysely";
import { RECEIPT_STATUSES } from "~/domain/receipt";
import { db } from "./db.server";

/**
 * What a receipt states, read for the consultation's own patient only (the
 * query filters by both the appointment and the patient id): the
 * psychologist's name, CRP and CPF, the patient's name and CPF, the date,
 * what was received less what was or will be refunded, and the method.
 * Consultations seeded or booked before payments were recorded carry their
 * price and method on the appointment: those are the fallback.
 */
export async function getPatientReceipt({ patientId, appointmentId }: { patientId: string; appointmentId: string }) {
  const row = await db
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .innerJoin("profiles as pr", "pr.id", "a.patient_id")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("payments")
          .where("status", "=", "approved")
          // A paid consultation's payment in reais; a second or mismatched one given back whole is not what it cost.
          .where("currency", "=", "BRL")
          .where(sql<boolean>`refunded_cents < amount_cents`)
          .groupBy("appointment_id")
          .select([
            "appointment_id",
            sql<number>`sum(amount_cents)::int`.as("paidCents"),
            sql<number>`sum(refunded_cents)::int`.as("refundedCents"),
            sql<string | null>`max(method)`.as("method"),
            sql<Date | null>`max(approved_at)`.as("approvedAt"),
          ])
          .as("p"),
      (join) => join.onRef("p.appointment_id", "=", "a.id"),
    )
    .where("a.id", "=", appointmentId)
    .where("a.patient_id", "=", patientId)
    .where("a.payment_status", "=", "paid")
    .where("a.status", "in", RECEIPT_STATUSES)
    .select([
      "a.id",
      "a.status",
      "a.starts_at as startsAt",
      "a.duration_minutes as durationMinutes",
      sql<number>`coalesce(p."paidCents", a.price_cents)`.as("grossCents"),
      sql<number>`greatest(coalesce(p."refundedCents", 0), case when a.status = 'cancelled' then coalesce(a.refund_cents, 0) else 0 end)`.as("refundCents"),
      sql<string | null>`coalesce(p.method, a.payment_method)`.as("method"),
      sql<Date | null>`p."approvedAt"`.as("paidAt"),
      "ps.name as psychologistName",
      "ps.crp as psychologistCrp",
      "ps.cpf as psychologistCpf",
      "ps.time_zone as timeZone",
      "pr.first_name as patientFirstName",
      "pr.last_name as patientLastName",
      "pr.cpf as patientCpf",
      "a.patient_id as patientId",
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const netCents = row.grossCents - row.refundCents;
  // Refunded in full (or about to be): nothing was kept, there is nothing to receipt.
  return netCents > 0 ? { ...row, netCents } : undefined;
}

export type ReceiptData = NonNullable<Awaited<ReturnType<typeof getPatientReceipt>>>;
