import { sql, type Kysely } from "kysely";

/**
 * The administrator's overview reads the whole marketplace by time (issue
 * 15): consultations by start and by booking, payments by approval,
 * evaluations and accounts by creation, cancellations by when. Each card
 * reads its last three months through one of these, not the whole table.
 */
const INDEXES = [
  ["appointments_starts_at_idx", "appointments (starts_at)"],
  ["appointments_created_at_idx", "appointments (created_at)"],
  ["appointments_cancelled_at_idx", "appointments (cancelled_at) where status = 'cancelled'"],
  ["payments_approved_at_idx", "payments (approved_at) where approved_at is not null"],
  ["evaluations_created_at_idx", "evaluations (created_at)"],
  ["users_created_at_idx", "users (created_at)"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, target] of INDEXES) await sql`create index ${sql.raw(name)} on ${sql.raw(target)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
}
