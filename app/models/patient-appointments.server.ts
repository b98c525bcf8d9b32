import { sql } from "kysely";
import { db, type Executor } from "./db.server";

/** The patient's own appointments and evaluations: every query filters by the patient. */

/** Every appointment of the patient, newest start first, with the psychologist and any evaluation. */
export function listPatientAppointments(patientId: string, limit = 500) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("evaluations as e", "e.appointment_id", "a.id")
    .where("a.patient_id", "=", patientId)
    .select([
      "a.id",
      "a.status",
      "a.payment_status as paymentStatus",
      "a.starts_at as startsAt",
      "a.ends_at as endsAt",
      "a.duration_minutes as durationMinutes",
      "a.price_cents as priceCents",
      "a.hold_expires_at as holdExpiresAt",
      "a.video_room_url as videoRoomUrl",
      "a.refund_cents as refundCents",
      "a.refund_status as refundStatus",
      "a.cancellation_reason as cancellationReason",
      // What administrators gave back by hand (issue 15): the card says so.
      sql<number>`coalesce((select sum(m.cents) from manual_refunds m where m.appointment_id = a.id and m.status = 'refunded'), 0)::int`.as("manualRefundCents"),
      // The gateway's latest word on its payment: a PIX or boleto still pending must not be paid a second time.
      sql<string | null>`(select p.status from payments p where p.appointment_id = a.id order by p.updated_at desc limit 1)`.as("latestPaymentStatus"),
      "ps.id as psychologistId",
      "ps.name as psychologistName",
      "ps.photo_url as psychologistPhotoUrl",
      "ps.specialties as psychologistSpecialties",
      "ps.time_zone as psychologistZone",
      "e.rating as evaluationRating",
      "e.comment as evaluationComment",
    ])
    .orderBy("a.starts_at", "desc")
    .limit(limit)
    .execute();
}

export type PatientAppointmentRow = Awaited<ReturnType<typeof listPatientAppointments>>[number];

/** One of the patient's own appointments, for the evaluation form. */
export function getPatientAppointment(patientId: string, appointmentId: string) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("evaluations as e", "e.appointment_id", "a.id")
    .where("a.id", "=", appointmentId)
    .where("a.patient_id", "=", patientId)
    .select([
      "a.id",
      "a.status",
      "a.starts_at as startsAt",
      "a.duration_minutes as durationMinutes",
      "ps.id as psychologistId",
      "ps.name as psychologistName",
      "ps.time_zone as psychologistZone",
      "e.id as evaluationId",
    ])
    .executeTakeFirst();
}

export interface NewEvaluation {
  appointmentId: string;
  psychologistId: string;
  patientId: string;
  rating: number;
  comment: string;
  isAnonymous: boolean;
  publishConsent: boolean;
}

/** One per appointment: false when the appointment already has one (the unique key decides). */
export async function insertEvaluation(executor: Executor, evaluation: NewEvaluation): Promise<boolean> {
  const row = await executor
    .insertInto("evaluations")
    .values({
      appointment_id: evaluation.appointmentId,
      psychologist_id: evaluation.psychologistId,
      patient_id: evaluation.patientId,
      rating: evaluation.rating,
      comment: evaluation.comment,
      is_anonymous: evaluation.isAnonymous,
      publish_consent: evaluation.publishConsent,
    })
    .onConflict((oc) => oc.column("appointment_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
