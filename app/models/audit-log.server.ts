import { sql } from "kysely";
import { db } from "./db.server";

/**
 * Reading the audit log, for administrators only (the route guards it): who
 * did what to which record, when and from which request, newest first, with
 * filters. The rows themselves never change (a trigger refuses it).
 */

export const AUDIT_PAGE_SIZE = 50;
/** A CSV export stops here: a year of a busy platform is still a few MB. */
export const AUDIT_EXPORT_LIMIT = 50_000;

export interface AuditFilters {
  /** Part of the actor's e-mail. */
  actor?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** Inclusive instants. */
  from?: Date;
  to?: Date;
}

function filtered(filters: AuditFilters) {
  let query = db.selectFrom("audit_log as l").leftJoin("users as u", "u.id", "l.actor_user_id");
  if (filters.actor) query = query.where(sql<boolean>`u.email ilike ${`%${filters.actor.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`);
  if (filters.action) query = query.where("l.action", "=", filters.action);
  if (filters.subjectType) query = query.where("l.subject_type", "=", filters.subjectType);
  if (filters.subjectId) query = query.where("l.subject_id", "=", filters.subjectId);
  if (filters.from) query = query.where("l.created_at", ">=", filters.from);
  if (filters.to) query = query.where("l.created_at", "<=", filters.to);
  return query;
}

const COLUMNS = [
  "l.id",
  "l.created_at as at",
  "u.email as actorEmail",
  "l.actor_role as actorRole",
  "l.action",
  "l.subject_type as subjectType",
  "l.subject_id as subjectId",
  "l.patient_id as patientId",
  "l.request_id as requestId",
  "l.ip_hash as ipHash",
  "l.details",
] as const;

/** One page of the log and the number of matching rows, in one statement. */
export async function listAudit(filters: AuditFilters, page: number) {
  const rows = await filtered(filters)
    .select([...COLUMNS, sql<number>`count(*) over ()`.as("total")])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

export function exportAudit(filters: AuditFilters) {
  return filtered(filters).select(COLUMNS).orderBy("l.created_at", "desc").orderBy("l.id", "desc").limit(AUDIT_EXPORT_LIMIT).execute();
}

/** The actions and subject types the log holds, for the filters' choices. */
export async function auditVocabulary() {
  const { rows } = await sql<{ kind: "action" | "subject"; value: string }>`
    select distinct 'action' as kind, action as value from audit_log
    union select distinct 'subject' as kind, subject_type as value from audit_log
    order by kind, value`.execute(db);
  return { actions: rows.filter((row) => row.kind === "action").map((row) => row.value), subjectTypes: rows.filter((row) => row.kind === "subject").map((row) => row.value) };
}
