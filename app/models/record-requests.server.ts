import { sql } from "kysely";
import { NOTABLE_STATUSES } from "~/domain/clinical-notes";
import { audit } from "./audit.server";
import { db, type Executor } from "./db.server";
import type { NoteActor } from "./clinical-notes.server";

/**
 * A patient's request for a copy of their record (issue 14, item 3): one
 * pending request per patient and psychologist (asking again is the same
 * request); the psychologist releases it; the patient then downloads it.
 * Each side reads and changes only its own requests.
 */

/** Whether the patient consulted this psychologist (a consultation that happened or is booked). */
export async function hasConsulted({ patientId, psychologistId }: { patientId: string; psychologistId: string }, executor: Executor = db): Promise<boolean> {
  const row = await executor
    .selectFrom("appointments")
    .select("id")
    .where("patient_id", "=", patientId)
    .where("psychologist_id", "=", psychologistId)
    .where("status", "in", NOTABLE_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pending request, created if there is none; `created` says whether this call made it. */
export async function openRecordRequest(executor: Executor, { patientId, psychologistId }: { patientId: string; psychologistId: string }) {
  const inserted = await executor
    .insertInto("record_requests")
    .values({ patient_id: patientId, psychologist_id: psychologistId })
    .onConflict((oc) => oc.columns(["patient_id", "psychologist_id"]).where("status", "=", "pending").doNothing())
    .returning(["id", "requested_at as requestedAt"])
    .executeTakeFirst();
  if (inserted) return { ...inserted, created: true };
  const existing = await executor
    .selectFrom("record_requests")
    .select(["id", "requested_at as requestedAt"])
    .where("patient_id", "=", patientId)
    .where("psychologist_id", "=", psychologistId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { ...existing, created: false };
}

/** The record_requested notification of the psychologist's box, once per request. */
export async function notifyRecordRequest(executor: Executor, { psychologistId, requestId }: { psychologistId: string; requestId: string }) {
  await executor
    .insertInto("practice_notifications")
    .values({ psychologist_id: psychologistId, kind: "record_requested", record_request_id: requestId })
    .onConflict((oc) => oc.column("record_request_id").doNothing())
    .execute();
}

/** The requests waiting for this psychologist, oldest first, with the patient's name and how many notes there are. */
export async function pendingRecordRequests({ psychologistId }: { psychologistId: string }) {
  return db
    .selectFrom("record_requests as r")
    .innerJoin("users as u", "u.id", "r.patient_id")
    .leftJoin("profiles as p", "p.id", "r.patient_id")
    .where("r.psychologist_id", "=", psychologistId)
    .where("r.status", "=", "pending")
    .select([
      "r.id",
      "r.patient_id as patientId",
      "r.requested_at as requestedAt",
      "p.first_name as firstName",
      "p.last_name as lastName",
      "u.email",
      (eb) =>
        eb
          .selectFrom("clinical_notes as n")
          .whereRef("n.patient_id", "=", "r.patient_id")
          .where("n.psychologist_id", "=", psychologistId)
          .select(sql<number>`count(*)::int`.as("notes"))
          .as("notes"),
    ])
    .orderBy("r.requested_at", "asc")
    .limit(50)
    .execute();
}

/** Releases a pending request of this psychologist, audited with it; false when there is no such request. */
export async function releaseRecordRequest({ psychologistId, requestId, actor }: { psychologistId: string; requestId: string; actor: NoteActor }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const released = await trx
      .updateTable("record_requests")
      .set({ status: "released", released_at: new Date(), released_by: actor.userId })
      .where("id", "=", requestId)
      .where("psychologist_id", "=", psychologistId)
      .where("status", "=", "pending")
      .returning(["id", "patient_id"])
      .executeTakeFirst();
    if (!released) return false;
    await trx.updateTable("practice_notifications").set({ read_at: new Date() }).where("record_request_id", "=", requestId).where("read_at", "is", null).execute();
    await audit({ actor, action: "record_request.release", subject: { type: "record_request", id: requestId }, patientId: released.patient_id, details: { psychologistId } }, trx);
    return true;
  });
}

/**
 * The psychologists this patient consulted, each with where their record
 * copy stands: the latest request (pending or released) and whether a
 * released copy can be downloaded.
 */
export async function recordCopiesOfPatient({ patientId }: { patientId: string }) {
  return db
    .selectFrom("psychologists as ps")
    .where("ps.id", "in", (eb) => eb.selectFrom("appointments").select("psychologist_id").where("patient_id", "=", patientId).where("status", "in", NOTABLE_STATUSES))
    .select([
      "ps.id",
      "ps.name",
      (eb) =>
        eb
          .selectFrom("record_requests")
          .whereRef("psychologist_id", "=", "ps.id")
          .where("patient_id", "=", patientId)
          .where("status", "=", "pending")
          .select("requested_at")
          .limit(1)
          .as("pendingSince"),
      (eb) =>
        eb
          .selectFrom("record_requests")
          .whereRef("psychologist_id", "=", "ps.id")
          .where("patient_id", "=", patientId)
          .where("status", "=", "released")
          .select(sql<Date>`max(released_at)`.as("released"))
          .as("releasedAt"),
    ])
    .orderBy("ps.name")
    .limit(50)
    .execute();
}

/** When this patient's copy from this psychologist was last released; undefined before any release. */
export async function releasedCopy({ patientId, psychologistId }: { patientId: string; psychologistId: string }) {
  const row = await db
    .selectFrom("record_requests")
    .select(["id", "released_at as releasedAt"])
    .where("patient_id", "=", patientId)
    .where("psychologist_id", "=", psychologistId)
    .where("status", "=", "released")
    .orderBy("released_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row;
}
