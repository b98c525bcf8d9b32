import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { AppointmentStatus } from "#db/types";
import { canTakeNote, NOTABLE_STATUSES, normalizeNote, notePreview, RECORDS_PAGE_SIZE, retainUntil } from "~/domain/clinical-notes";
import { NoteDecryptionError, openNote, sealNote } from "~/utils/note-crypto.server";
import { audit } from "./audit.server";
import { db } from "./db.server";
import { patientsMatching } from "./patient-search.server";
import { PLANNED_PER_CALL } from "./prepared-statements.server";

/**
 * The prontuário (issue 14, item 2): one encrypted note per consultation,
 * every saved text kept as a version. Every function takes the
 * psychologist's id and reads or writes only their consultations; every
 * read, list, write and export leaves an audit row.
 */

export interface NoteActor {
  userId: string;
  role: string;
}

export { NoteDecryptionError };

type SealedRow = { id: string; version: number; key_id: string; nonce: Buffer; ciphertext: Buffer };
const open = (row: SealedRow) => openNote({ keyId: row.key_id, nonce: row.nonce, ciphertext: row.ciphertext }, { noteId: row.id, version: row.version });

export interface NoteListQuery {
  psychologistId: string;
  q: string;
  patientId: string | null;
  page: number;
  actor: NoteActor;
}

/** A consultation with its patient and its sealed note, as the list and the editor both read it. */
const CONSULTATION_NOTE_COLUMNS = [
  "a.starts_at as startsAt",
  "a.duration_minutes as durationMinutes",
  "a.status",
  "a.patient_id as patientId",
  "p.first_name as firstName",
  "p.last_name as lastName",
  "u.email",
  "n.id as noteId",
  "n.version",
  "n.key_id",
  "n.nonce",
  "n.ciphertext",
  "n.updated_at as noteUpdatedAt",
] as const;

/**
 * One page (50) of the consultations that have or can take a note, latest
 * first, with a 150-character preview of each note: a count, the page, and
 * one audit row naming the notes shown.
 */
export async function listNotes(query: NoteListQuery) {
  let matches = db
    .selectFrom("appointments as a")
    .leftJoin("clinical_notes as n", (join) => join.onRef("n.appointment_id", "=", "a.id").on("n.psychologist_id", "=", query.psychologistId))
    .where("a.psychologist_id", "=", query.psychologistId)
    .where((eb) => eb.or([eb("n.id", "is not", null), eb("a.status", "in", NOTABLE_STATUSES)]));
  if (query.patientId) matches = matches.where("a.patient_id", "=", query.patientId);
  // A search's count and page are planned per call (see patientsMatching).
  if (query.q) matches = matches.where("a.patient_id", "in", patientsMatching(query.psychologistId, query.q)).modifyEnd(PLANNED_PER_CALL);

  const { total } = await matches.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow();
  const rows = await matches
    .innerJoin("users as u", "u.id", "a.patient_id")
    .leftJoin("profiles as p", "p.id", "a.patient_id")
    .select(["a.id as appointmentId", ...CONSULTATION_NOTE_COLUMNS])
    .orderBy("a.starts_at", "desc")
    .orderBy("a.id")
    .limit(RECORDS_PAGE_SIZE)
    .offset((query.page - 1) * RECORDS_PAGE_SIZE)
    .execute();

  const noteIds = rows.flatMap((row) => (row.noteId ? [row.noteId] : []));
  if (noteIds.length > 0) {
    await audit({ actor: query.actor, action: "note.list", subject: { type: "psychologist", id: query.psychologistId }, details: { noteIds, page: query.page, q: query.q || undefined } });
  }

  return {
    total,
    rows: rows.map(({ key_id, nonce, ciphertext, version, ...row }) => {
      let preview: string | null = null;
      let unreadable = false;
      if (row.noteId && key_id && nonce && ciphertext && version !== null) {
        try {
          preview = notePreview(open({ id: row.noteId, version, key_id, nonce, ciphertext }));
        } catch (error) {
          // One broken note must not hide the others: the row says it cannot be read.
          if (!(error instanceof NoteDecryptionError)) throw error;
          unreadable = true;
        }
      }
      return { ...row, version, preview, unreadable };
    }),
  };
}

/** A consultation of this psychologist, as the editor shows it; undefined when it is not theirs. */
async function consultation(psychologistId: string, appointmentId: string) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("users as u", "u.id", "a.patient_id")
    .leftJoin("profiles as p", "p.id", "a.patient_id")
    .leftJoin("clinical_notes as n", "n.appointment_id", "a.id")
    .where("a.id", "=", appointmentId)
    .where("a.psychologist_id", "=", psychologistId)
    .select(["a.id", ...CONSULTATION_NOTE_COLUMNS, "n.retain_until as retainUntil"])
    .executeTakeFirst();
}

/**
 * The editor's data: the consultation, its note opened (audited as a read)
 * and the list of versions. undefined: not this psychologist's consultation.
 * `note.error` says the stored note could not be opened (never garbage).
 */
export async function noteForAppointment({ psychologistId, appointmentId, actor }: { psychologistId: string; appointmentId: string; actor: NoteActor }) {
  const row = await consultation(psychologistId, appointmentId);
  if (!row) return undefined;
  const { key_id, nonce, ciphertext, noteId, version, noteUpdatedAt, retainUntil: keptUntil, ...info } = row;
  const base = { ...info, canWrite: noteId !== null || canTakeNote(info.status as AppointmentStatus) };
  if (!noteId || version === null || !key_id || !nonce || !ciphertext) return { ...base, note: null, versions: [] };

  const [versions] = await Promise.all([
    db
      .selectFrom("clinical_note_versions as v")
      .leftJoin("profiles as p", "p.id", "v.written_by")
      .where("v.note_id", "=", noteId)
      .select(["v.version", "v.created_at as createdAt", "p.first_name as firstName", "p.last_name as lastName"])
      .orderBy("v.version", "desc")
      .execute(),
    audit({ actor, action: "note.read", subject: { type: "clinical_note", id: noteId }, patientId: info.patientId, details: { appointmentId, version } }),
  ]);
  let text: string | null = null;
  let error: NoteDecryptionError["reason"] | null = null;
  try {
    text = open({ id: noteId, version, key_id, nonce, ciphertext });
  } catch (caught) {
    if (!(caught instanceof NoteDecryptionError)) throw caught;
    error = caught.reason;
  }
  return { ...base, note: { id: noteId, version, text, error, updatedAt: noteUpdatedAt!, retainUntil: keptUntil! }, versions };
}

export type SaveResult = { status: "saved"; version: number; noteId: string } | { status: "unchanged" } | { status: "not_found" } | { status: "not_allowed" };

/**
 * Saves the text as the note's next version, in one transaction with its
 * version row and the audit row. The consultation's row is locked first, so
 * two saves of the same note queue up instead of racing for a version
 * number. An unchanged text (or an empty first note) writes nothing.
 * Throws NoteDecryptionError when the stored note cannot be opened: a
 * damaged record is not silently amended.
 */
export async function saveNote({ psychologistId, appointmentId, text, actor, now = new Date() }: { psychologistId: string; appointmentId: string; text: string; actor: NoteActor; now?: Date }): Promise<SaveResult> {
  const content = normalizeNote(text);
  return db.transaction().execute(async (trx) => {
    const appointment = await trx
      .selectFrom("appointments")
      .select(["id", "status", "patient_id"])
      .where("id", "=", appointmentId)
      .where("psychologist_id", "=", psychologistId)
      .forUpdate()
      .executeTakeFirst();
    if (!appointment) return { status: "not_found" } as const;
    const note = await trx.selectFrom("clinical_notes").select(["id", "version", "key_id", "nonce", "ciphertext"]).where("appointment_id", "=", appointmentId).executeTakeFirst();
    if (!note && !canTakeNote(appointment.status)) return { status: "not_allowed" } as const;
    if (note ? open(note) === content : content.trim() === "") return { status: "unchanged" } as const;

    const noteId = note?.id ?? randomUUID();
    const version = (note?.version ?? 0) + 1;
    const sealed = sealNote(content, { noteId, version });
    const stored = { version, key_id: sealed.keyId, nonce: sealed.nonce, ciphertext: sealed.ciphertext, retain_until: retainUntil(now) };
    if (note) await trx.updateTable("clinical_notes").set(stored).where("id", "=", noteId).execute();
    else await trx.insertInto("clinical_notes").values({ id: noteId, appointment_id: appointmentId, psychologist_id: psychologistId, patient_id: appointment.patient_id, ...stored }).execute();
    await trx.insertInto("clinical_note_versions").values({ note_id: noteId, version, key_id: sealed.keyId, nonce: sealed.nonce, ciphertext: sealed.ciphertext, written_by: actor.userId }).execute();
    await audit({ actor, action: "note.write", subject: { type: "clinical_note", id: noteId }, patientId: appointment.patient_id, details: { appointmentId, version } }, trx);
    return { status: "saved", version, noteId } as const;
  });
}

/** Who signs the record: the psychologist's name, CRP and zone. */
export async function recordAuthor(psychologistId: string) {
  return db.selectFrom("psychologists").select(["name", "crp", "time_zone as timeZone"]).where("id", "=", psychologistId).executeTakeFirstOrThrow();
}

/**
 * What the PDF of one consultation's note shows, audited as an export.
 * undefined: no saved note on a consultation of this psychologist.
 * Throws NoteDecryptionError when it cannot be opened.
 */
export async function noteForExport({ psychologistId, appointmentId, actor }: { psychologistId: string; appointmentId: string; actor: NoteActor }) {
  const row = await consultation(psychologistId, appointmentId);
  if (!row?.noteId || row.version === null || !row.key_id || !row.nonce || !row.ciphertext) return undefined;
  const text = open({ id: row.noteId, version: row.version, key_id: row.key_id, nonce: row.nonce, ciphertext: row.ciphertext });
  const [author] = await Promise.all([
    recordAuthor(psychologistId),
    audit({ actor, action: "note.export", subject: { type: "clinical_note", id: row.noteId }, patientId: row.patientId, details: { appointmentId, version: row.version, format: "pdf" } }),
  ]);
  return { author, patient: { firstName: row.firstName, lastName: row.lastName, email: row.email }, startsAt: row.startsAt, text };
}

/**
 * Every note of this psychologist about this patient as it stood at `asOf`
 * (a release: the copy is a snapshot), oldest consultation first, opened (for
 * the patient's copy of their record): per note the latest version saved at
 * or before then; notes begun later are absent. Throws NoteDecryptionError
 * when one cannot be opened: a copy with a hole is no copy.
 */
export async function notesOfPatient({ psychologistId, patientId, asOf }: { psychologistId: string; patientId: string; asOf: Date }) {
  const rows = await db
    .selectFrom("clinical_notes as n")
    .innerJoin("appointments as a", "a.id", "n.appointment_id")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("clinical_note_versions as v")
          .whereRef("v.note_id", "=", "n.id")
          .where("v.created_at", "<=", asOf)
          .select(["v.version", "v.key_id", "v.nonce", "v.ciphertext"])
          .orderBy("v.version", "desc")
          .limit(1)
          .as("v"),
      (join) => join.onTrue(),
    )
    .where("n.psychologist_id", "=", psychologistId)
    .where("n.patient_id", "=", patientId)
    .select(["n.id", "v.version", "v.key_id", "v.nonce", "v.ciphertext", "a.starts_at as startsAt"])
    .orderBy("a.starts_at", "asc")
    .execute();
  return rows.map((row) => ({ noteId: row.id, version: row.version, startsAt: row.startsAt, text: open(row) }));
}
