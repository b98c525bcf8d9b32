import { currentIpHash, currentRequestId } from "~/utils/logger.server";
import { db, type Executor } from "./db.server";

/**
 * The audit log (append-only; the database refuses UPDATE and DELETE): every
 * read, write and export of health data or money leaves a row saying who did
 * what to which record, for which patient, when, from which request and
 * (as a keyed hash) from which address.
 * Written in the caller's transaction when there is one, so a rolled-back
 * write leaves no row claiming it happened.
 */

export type AuditAction =
  | "note.read"
  | "note.list"
  | "note.write"
  | "note.export"
  | "patient.read"
  | "patient.list"
  | "record_request.create"
  | "record_request.release"
  | "record_copy.download"
  | "receipt.download"
  | "billing.read"
  | "billing.export"
  | "evaluations.export"
  | "report.generate"
  | "report.preview"
  | "psychologist.review"
  | "psychologist.feature"
  | "audit.export"
  | "user.read"
  | "user.sessions_revoked"
  | "user.block"
  | "user.unblock"
  | "user.export"
  | "user.delete"
  | "appointment.list"
  | "appointment.cancel"
  | "payment.status"
  | "payment.refund";

export interface AuditEntry {
  actor: { userId: string | null; role: string };
  action: AuditAction;
  subject: { type: string; id: string };
  patientId?: string | null;
  details?: Record<string, unknown>;
}

export async function audit(entry: AuditEntry, executor: Executor = db): Promise<void> {
  await executor
    .insertInto("audit_log")
    .values({
      actor_user_id: entry.actor.userId,
      actor_role: entry.actor.role,
      action: entry.action,
      subject_type: entry.subject.type,
      subject_id: entry.subject.id,
      patient_id: entry.patientId ?? null,
      request_id: currentRequestId(),
      ip_hash: currentIpHash(),
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
