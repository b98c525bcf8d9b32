import { sql, type SqlBool } from "kysely";
import type { AppointmentStatus } from "#db/types";
import { ACTIVE_DAYS, ACTIVE_STATUSES, HAPPENED_STATUSES, PATIENTS_PAGE_SIZE } from "~/domain/practice-patients";
import { db } from "./db.server";
import { patientMatches } from "./patient-search.server";

/**
 * The psychologist's patients (spec 02, 'Patients tab'), derived from the
 * appointments of the psychologist passed in, never anyone else's. A patient
 * of the practice is someone with at least one appointment here that is not
 * an unpaid hold that is over (the same appointments the consultations tab
 * lists): an expired or refused checkout makes nobody a patient.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Not an unpaid hold that is over; `a` is the appointments alias. */
function counted(now: Date) {
  return sql<SqlBool>`not (
    (a.status = 'cancelled' and a.cancelled_by = 'system' and a.payment_status in ('pending', 'failed'))
    or (a.status = 'pending_payment' and a.hold_expires_at <= ${now}))`;
}

const statusList = (statuses: readonly AppointmentStatus[]) => sql.join([...statuses]);

/**
 * One row per patient of this psychologist with the figures the table shows,
 * computed in SQL: total appointments, the last one that took place (started,
 * not cancelled nor unpaid), the next one ahead, and whether one of the
 * active statuses starts within the last ACTIVE_DAYS days or later.
 */
function patientFigures(psychologistId: string, now: Date) {
  const activeSince = new Date(now.getTime() - ACTIVE_DAYS * DAY_MS);
  return db
    .selectFrom("appointments as a")
    .where("a.psychologist_id", "=", psychologistId)
    .where(counted(now))
    .groupBy("a.patient_id")
    .select([
      "a.patient_id as patientId",
      sql<number>`count(*)::int`.as("total"),
      sql<Date | null>`max(a.starts_at) filter (where a.starts_at <= ${now} and a.status in (${statusList(HAPPENED_STATUSES)}))`.as("lastAt"),
      sql<Date | null>`min(a.starts_at) filter (where a.starts_at > ${now} and a.status in (${statusList(ACTIVE_STATUSES)}))`.as("nextAt"),
      sql<boolean>`coalesce(bool_or(a.starts_at >= ${activeSince} and a.status in (${statusList(ACTIVE_STATUSES)})), false)`.as("active"),
    ]);
}

export interface PatientListQuery {
  psychologistId: string;
  /** Name or e-mail, accents and case folded; '' for all. */
  q: string;
  /** Only patients whose last appointment is at or after this instant. */
  since: Date | null;
  page: number;
  now: Date;
}

/** One page (alphabetical) of this psychologist's patients and how many match: two statements. */
export async function listPracticePatients(query: PatientListQuery) {
  let matches = db
    .selectFrom(patientFigures(query.psychologistId, query.now).as("f"))
    .innerJoin("users as u", "u.id", "f.patientId")
    .leftJoin("profiles as p", "p.id", "f.patientId");
  if (query.q) matches = matches.where(patientMatches(query.q));
  if (query.since) matches = matches.where("f.lastAt", ">=", query.since);

  const { total } = await matches.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow();
  const rows = await matches
    .select(["f.patientId as id", "p.first_name as firstName", "p.last_name as lastName", "u.email", "f.total", "f.lastAt", "f.nextAt", "f.active"])
    .orderBy(sql`fold_text(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))`)
    .orderBy("u.email")
    .orderBy("f.patientId")
    .limit(PATIENTS_PAGE_SIZE)
    .offset((query.page - 1) * PATIENTS_PAGE_SIZE)
    .execute();
  return { rows, total };
}

/**
 * One patient as this psychologist may see them: contact, CPF (masked by the
 * caller), the figures of the list and how many clinical notes this
 * psychologist keeps about them. Undefined when they never had an
 * appointment here, so another psychologist's patient is as absent as a
 * stranger.
 */
export async function practicePatient({ psychologistId, patientId, now }: { psychologistId: string; patientId: string; now: Date }) {
  return db
    .selectFrom(patientFigures(psychologistId, now).where("a.patient_id", "=", patientId).as("f"))
    .innerJoin("users as u", "u.id", "f.patientId")
    .leftJoin("profiles as p", "p.id", "f.patientId")
    .select((eb) => [
      "f.patientId as id",
      "p.first_name as firstName",
      "p.last_name as lastName",
      "p.phone",
      "p.cpf",
      "u.email",
      "f.total",
      "f.lastAt",
      "f.nextAt",
      "f.active",
      eb
        .selectFrom("clinical_notes as n")
        .where("n.psychologist_id", "=", psychologistId)
        .where("n.patient_id", "=", patientId)
        .select(sql<number>`count(*)::int`.as("count"))
        .as("notes"),
    ])
    .executeTakeFirst();
}

/** One page of the patient's consultations with this psychologist only, latest first. */
export function patientConsultations({ psychologistId, patientId, page, now }: { psychologistId: string; patientId: string; page: number; now: Date }) {
  return db
    .selectFrom("appointments as a")
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.patient_id", "=", patientId)
    .where(counted(now))
    .orderBy("a.starts_at", "desc")
    .orderBy("a.id", "desc")
    .limit(PATIENTS_PAGE_SIZE)
    .offset((page - 1) * PATIENTS_PAGE_SIZE)
    .select(["a.id", "a.status", "a.payment_status as paymentStatus", "a.starts_at as startsAt", "a.duration_minutes as durationMinutes", "a.price_cents as priceCents", "a.refund_cents as refundCents"])
    .execute();
}
