import type { AppointmentStatus, PaymentStatus } from "#db/types";
import { db } from "~/models/db.server";
import { createUser, signedIn, type TestUser } from "./factories";

/** Appointments written straight to the database, for the pages and jobs that follow a booking. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface AppointmentOptions {
  patientId: string;
  psychologistId: string;
  startsAt: Date;
  minutes?: number;
  status?: AppointmentStatus;
  paymentStatus?: PaymentStatus;
  priceCents?: number;
  /** true: a local-style room named after the appointment. */
  room?: boolean;
  holdExpiresAt?: Date | null;
  rescheduleCount?: number;
}

export async function createAppointment(options: AppointmentOptions): Promise<string> {
  const minutes = options.minutes ?? 50;
  const status = options.status ?? "confirmed";
  const row = await db
    .insertInto("appointments")
    .values({
      patient_id: options.patientId,
      psychologist_id: options.psychologistId,
      starts_at: options.startsAt,
      ends_at: new Date(options.startsAt.getTime() + minutes * MINUTE),
      duration_minutes: minutes,
      status,
      payment_status: options.paymentStatus ?? (status === "pending_payment" ? "pending" : "paid"),
      price_cents: options.priceCents ?? 180_00,
      hold_expires_at: options.holdExpiresAt ?? null,
      reschedule_count: options.rescheduleCount ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (options.room) {
    await db
      .updateTable("appointments")
      .set({ video_room_name: `acolhe-${row.id}`, video_room_url: `http://localhost:3000/appointment/videocall/${row.id}` })
      .where("id", "=", row.id)
      .execute();
  }
  return row.id;
}

export interface Pair {
  patient: TestUser;
  psychologist: TestUser & { psychologistId: string };
}

/** A patient and a psychologist (with names, languages and zones as given). */
export async function createPair(
  options: {
    patient?: { locale?: string; timeZone?: string | null; firstName?: string; lastName?: string };
    psychologist?: { locale?: string; timeZone?: string; name?: string };
  } = {},
): Promise<Pair> {
  const patient = await createUser({ firstName: options.patient?.firstName ?? "Paula", lastName: options.patient?.lastName ?? "Pereira", locale: options.patient?.locale });
  const psychologistUser = await createUser({ role: "psychologist", locale: options.psychologist?.locale });
  const psychologistId = psychologistUser.psychologistId!;
  await db
    .updateTable("psychologists")
    .set({ name: options.psychologist?.name ?? "Dra. Helena Prado", time_zone: options.psychologist?.timeZone ?? "America/Sao_Paulo", specialties: ["anxiety", "depression"] })
    .where("id", "=", psychologistId)
    .execute();
  if (options.patient?.timeZone !== undefined) {
    await db.updateTable("profiles").set({ time_zone: options.patient.timeZone }).where("id", "=", patient.id).execute();
  }
  return { patient, psychologist: { ...psychologistUser, psychologistId } };
}

export { signedIn };

/** Empties every queue (tests/setup empties the app's tables, not pg-boss's). */
export async function clearQueues() {
  const { queue, QUEUES } = await import("~/services/queue.server");
  const boss = await queue();
  for (const name of Object.keys(QUEUES)) await boss.deleteAllJobs(name);
}
