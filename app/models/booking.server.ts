import { sql, type Transaction } from "kysely";
import type { AppointmentStatus, Database, PaymentStatus } from "#db/types";
import { SLOT_HOLDING_STATUSES } from "~/domain/appointment-status";
import { db, type Executor } from "./db.server";
import { notBlocked } from "./directory.server";

/**
 * What booking reads and writes: the psychologists a patient may book (the
 * public ones), their agenda and prices, and the patient's own appointments
 * while they hold a slot and await payment. Reads of appointments are keyed
 * by the patient's id; writes that change a hold take the caller's
 * transaction.
 */

export interface BookablePsychologist {
  id: string;
  name: string;
  crp: string | null;
  photoUrl: string | null;
  shortBio: string;
  /** Catalog codes, as stored. */
  specialties: string[];
  languages: string[];
  timeZone: string;
  priceCents: number;
  rating: number | null;
  totalReviews: number;
  /** The active psychologist_pricing row, if any. */
  price30Cents: number | null;
  price60Cents: number | null;
}

function bookableQuery(executor: Executor) {
  return executor
    .selectFrom("psychologists")
    .leftJoin("psychologist_pricing", (join) =>
      join.onRef("psychologist_pricing.psychologist_id", "=", "psychologists.id").on("psychologist_pricing.is_active", "=", true),
    )
    // Publicly listed: approved, and flagged as such (spec, section 5), and the account not blocked by an administrator.
    .where("psychologists.status", "=", "approved")
    .where("psychologists.is_approved", "=", true)
    .where(notBlocked("psychologists"))
    .select([
      "psychologists.id",
      "psychologists.name",
      "psychologists.crp",
      "psychologists.photo_url as photoUrl",
      "psychologists.short_bio as shortBio",
      "psychologists.specialties",
      "psychologists.languages",
      "psychologists.time_zone as timeZone",
      "psychologists.price_cents as priceCents",
      "psychologists.rating",
      "psychologists.total_reviews as totalReviews",
      "psychologist_pricing.price_30_cents as price30Cents",
      "psychologist_pricing.price_60_cents as price60Cents",
    ]);
}

/** Step 1's list: best rated first, bounded. */
export function listBookablePsychologists(limit: number): Promise<BookablePsychologist[]> {
  return bookableQuery(db)
    .orderBy(sql`psychologists.rating desc nulls last`)
    .orderBy("psychologists.name")
    .orderBy("psychologists.id")
    .limit(limit)
    .execute();
}

/** One public psychologist, or undefined (unknown, pending, rejected, suspended). */
export function findBookablePsychologist(id: string, executor: Executor = db): Promise<BookablePsychologist | undefined> {
  return bookableQuery(executor).where("psychologists.id", "=", id).executeTakeFirst();
}

export interface AgendaRows {
  weeklyBlocks: { weekday: number; startTime: string; endTime: string }[];
  datedBlocks: { date: string; startTime: string; endTime: string }[];
  /** Days off of the range ('yyyy-MM-dd'): the weekly blocks do not count on them (ADR 031). */
  daysOff: string[];
  busy: { startsAt: Date; endsAt: Date }[];
}

/**
 * A psychologist's agenda over a bounded range: the weekly blocks, the dated
 * blocks and days off of [fromDate, toDate] (calendar days in the psychologist's zone) and
 * the appointments holding a slot in [from, to). A hold that has run out is
 * not busy, even before the release job gets to it: the next booking
 * releases it in its own transaction (releaseExpiredHoldsOverlapping).
 */
export async function loadAgenda(
  psychologistId: string,
  range: { fromDate: string; toDate: string; from: Date; to: Date },
  now: Date,
): Promise<AgendaRows> {
  const [weeklyBlocks, datedRows, holders] = await Promise.all([
    db
      .selectFrom("psychologist_availability")
      .select(["weekday", "start_time as startTime", "end_time as endTime"])
      .where("psychologist_id", "=", psychologistId)
      .where("is_recurring", "=", true)
      .execute(),
    // The days off of the range ride in the dated blocks' statement, as rows without times: no statement more per page.
    db
      .selectFrom("psychologist_schedule")
      .select(["date", sql<string | null>`start_time`.as("startTime"), sql<string | null>`end_time`.as("endTime")])
      .where("psychologist_id", "=", psychologistId)
      .where("is_active", "=", true)
      .where("date", ">=", range.fromDate)
      .where("date", "<=", range.toDate)
      .unionAll(
        db
          .selectFrom("psychologist_days_off")
          .select(["day as date", sql<string | null>`null::time`.as("startTime"), sql<string | null>`null::time`.as("endTime")])
          .where("psychologist_id", "=", psychologistId)
          .where("day", ">=", range.fromDate)
          .where("day", "<=", range.toDate),
      )
      .execute(),
    db
      .selectFrom("appointments")
      .select(["starts_at as startsAt", "ends_at as endsAt", "proposed_starts_at as proposedStartsAt", "proposed_ends_at as proposedEndsAt"])
      .where("psychologist_id", "=", psychologistId)
      .where("status", "in", SLOT_HOLDING_STATUSES)
      .where((eb) =>
        eb.or([
          eb.and([eb("starts_at", "<", range.to), eb("ends_at", ">", range.from)]),
          eb.and([eb("proposed_starts_at", "<", range.to), eb("proposed_ends_at", ">", range.from)]),
        ]),
      )
      .where((eb) => eb.not(eb.and([eb("status", "=", "pending_payment"), eb("hold_expires_at", "<=", now)])))
      .execute(),
  ]);
  // A slot proposed for a reschedule is held as well as the current one.
  const busy = holders.flatMap((row) => [
    { startsAt: row.startsAt, endsAt: row.endsAt },
    ...(row.proposedStartsAt && row.proposedEndsAt ? [{ startsAt: row.proposedStartsAt, endsAt: row.proposedEndsAt }] : []),
  ]);
  const datedBlocks = datedRows.flatMap((row) => (row.startTime !== null && row.endTime !== null ? [{ date: row.date, startTime: row.startTime, endTime: row.endTime }] : []));
  const daysOff = datedRows.flatMap((row) => (row.startTime === null ? [row.date] : []));
  return { weeklyBlocks, datedBlocks, daysOff, busy };
}

// ---------------------------------------------------------------------------
// Holds

export interface NewHold {
  patientId: string;
  psychologistId: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  priceCents: number;
  holdExpiresAt: Date;
}

/**
 * Locks the patient's row for the rest of the hold's transaction and says
 * whether the account may still book (undefined: no such user). Taken after
 * the agenda's lock, the order an account deletion takes them in (ADR 010):
 * a deletion or a block that got there first has committed by the time this
 * returns, and one that comes later waits for the hold and then sees it.
 */
export async function lockPatient(trx: Transaction<Database>, patientId: string): Promise<{ deletedAt: Date | null; blockedAt: Date | null } | undefined> {
  return trx.selectFrom("users").select(["deleted_at as deletedAt", "blocked_at as blockedAt"]).where("id", "=", patientId).forUpdate().executeTakeFirst();
}

/**
 * Unpaid holds the patient keeps right now. Call with the patient's row
 * locked (lockPatient): concurrent bookings by one patient are then counted
 * one after the other.
 */
export async function countActiveHolds(trx: Transaction<Database>, patientId: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom("appointments")
    .where("patient_id", "=", patientId)
    .where("status", "=", "pending_payment")
    .where("hold_expires_at", ">", now)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts the appointment awaiting payment. The exclusion constraints refuse an overlap (23P01). */
export async function insertHold(trx: Transaction<Database>, hold: NewHold): Promise<string> {
  const row = await trx
    .insertInto("appointments")
    .values({
      patient_id: hold.patientId,
      psychologist_id: hold.psychologistId,
      starts_at: hold.startsAt,
      ends_at: hold.endsAt,
      duration_minutes: hold.durationMinutes,
      status: "pending_payment",
      payment_status: "pending",
      price_cents: hold.priceCents,
      hold_expires_at: hold.holdExpiresAt,
      // The policies in force now go with the booking: a later change never applies to it.
      cancellation_policy_id: (eb) => eb.selectFrom("cancellation_policies").select("id").where("psychologist_id", "=", hold.psychologistId).where("is_active", "=", true),
      reschedule_policy_id: (eb) => eb.selectFrom("reschedule_policies").select("id").where("psychologist_id", "=", hold.psychologistId).where("is_active", "=", true),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const EXPIRED_HOLD_REASON = "hold_expired";

/**
 * Releases run-out holds that overlap [startsAt, endsAt) for this
 * psychologist or this patient, so a new booking does not trip over a hold
 * the release job has not reached yet. Returns the released ids.
 */
export async function releaseExpiredHoldsOverlapping(
  trx: Transaction<Database>,
  { psychologistId, patientId, startsAt, endsAt, now }: { psychologistId: string; patientId: string; startsAt: Date; endsAt: Date; now: Date },
): Promise<string[]> {
  const rows = await trx
    .updateTable("appointments")
    .set({ status: "cancelled", cancelled_by: "system", cancelled_at: now, cancellation_reason: EXPIRED_HOLD_REASON, hold_expires_at: null })
    .where("status", "=", "pending_payment")
    .where("hold_expires_at", "<=", now)
    .where((eb) => eb.or([eb("psychologist_id", "=", psychologistId), eb("patient_id", "=", patientId)]))
    .where("starts_at", "<", endsAt)
    .where("ends_at", ">", startsAt)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The release job's batch: run-out holds, locked with SKIP LOCKED so several
 * workers share the work without waiting on each other, released at once.
 */
export async function releaseExpiredHoldBatch(trx: Transaction<Database>, now: Date, limit: number): Promise<string[]> {
  const rows = await trx
    .updateTable("appointments")
    .set({ status: "cancelled", cancelled_by: "system", cancelled_at: now, cancellation_reason: EXPIRED_HOLD_REASON, hold_expires_at: null })
    .where(
      "id",
      "in",
      trx
        .selectFrom("appointments")
        .select("id")
        .where("status", "=", "pending_payment")
        .where("hold_expires_at", "<=", now)
        .orderBy("hold_expires_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    // Re-checked on the locked row: a payment may have confirmed it meanwhile.
    .where("status", "=", "pending_payment")
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Releases one hold whose checkout could not be created (never one that has moved on). */
export async function releaseHold(trx: Transaction<Database>, appointmentId: string, reason: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable("appointments")
    .set({ status: "cancelled", cancelled_by: "system", cancelled_at: now, cancellation_reason: reason, hold_expires_at: null })
    .where("id", "=", appointmentId)
    .where("status", "=", "pending_payment")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setCheckout(appointmentId: string, checkout: { id: string; url: string }) {
  await db
    .updateTable("appointments")
    .set({ checkout_id: checkout.id, checkout_url: checkout.url })
    .where("id", "=", appointmentId)
    .where("status", "=", "pending_payment")
    .execute();
}

// ---------------------------------------------------------------------------
// The patient's own appointment

export interface PatientAppointment {
  id: string;
  patientId: string;
  psychologistId: string;
  psychologistName: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string | null;
  priceCents: number;
  holdExpiresAt: Date | null;
  checkoutId: string | null;
  checkoutUrl: string | null;
  cancellationReason: string | null;
}

/** One appointment of this patient; another patient's is as unknown as a missing one. */
export function findPatientAppointment(patientId: string, appointmentId: string): Promise<PatientAppointment | undefined> {
  return db
    .selectFrom("appointments")
    .innerJoin("psychologists", "psychologists.id", "appointments.psychologist_id")
    .where("appointments.id", "=", appointmentId)
    .where("appointments.patient_id", "=", patientId)
    .select([
      "appointments.id",
      "appointments.patient_id as patientId",
      "appointments.psychologist_id as psychologistId",
      "psychologists.name as psychologistName",
      "appointments.starts_at as startsAt",
      "appointments.ends_at as endsAt",
      "appointments.duration_minutes as durationMinutes",
      "appointments.status",
      "appointments.payment_status as paymentStatus",
      "appointments.payment_method as paymentMethod",
      "appointments.price_cents as priceCents",
      "appointments.hold_expires_at as holdExpiresAt",
      "appointments.checkout_id as checkoutId",
      "appointments.checkout_url as checkoutUrl",
      "appointments.cancellation_reason as cancellationReason",
    ])
    .executeTakeFirst();
}

/** The patient's own live hold of exactly this slot (back from the checkout with the browser's Back button). */
export function findOwnActiveHold(patientId: string, psychologistId: string, startsAt: Date, durationMinutes: number, now: Date) {
  return db
    .selectFrom("appointments")
    .select("id")
    .where("patient_id", "=", patientId)
    .where("psychologist_id", "=", psychologistId)
    .where("starts_at", "=", startsAt)
    .where("duration_minutes", "=", durationMinutes)
    .where("status", "=", "pending_payment")
    .where("hold_expires_at", ">", now)
    .executeTakeFirst();
}

/** The latest payment the gateway reported for this patient's appointment, if any. */
export function latestPaymentOfPatientAppointment(patientId: string, appointmentId: string) {
  return db
    .selectFrom("payments")
    .innerJoin("appointments", "appointments.id", "payments.appointment_id")
    .where("appointments.patient_id", "=", patientId)
    .where("payments.appointment_id", "=", appointmentId)
    .select(["payments.status", "payments.provider_payment_id as providerPaymentId", "payments.updated_at as updatedAt"])
    .orderBy("payments.updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Who pays: for the checkout's payer block. */
export function getPayer(patientId: string) {
  return db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.id", "users.id")
    .where("users.id", "=", patientId)
    .select(["users.email", "profiles.first_name as firstName", "profiles.last_name as lastName", "profiles.locale"])
    .executeTakeFirst();
}
