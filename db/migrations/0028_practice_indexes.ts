import { sql, type Kysely } from "kysely";

/**
 * Two reads of the consultations tab (spec 02, 'Appointments tab') on a large
 * practice (ADR 022, fifth pass):
 * - The list's count (how many pages; what is ahead) reads every appointment
 *   of the psychologist with the columns that hide abandoned holds, and a
 *   search first reads the psychologist's patients. The (psychologist, start)
 *   index now carries those columns, so both are index-only scans instead of
 *   walks of the table.
 * - The next three read the active consultations not yet over, by when they
 *   end: a partial index walked in order stops after three.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index appointments_psychologist_idx`.execute(db);
  await sql`create index appointments_psychologist_idx on appointments (psychologist_id, starts_at)
      include (status, cancelled_by, payment_status, hold_expires_at, patient_id)`.execute(db);
  await sql`create index appointments_psychologist_active_end_idx on appointments (psychologist_id, ends_at)
      where status in ('confirmed', 'scheduled', 'pending_reschedule')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists appointments_psychologist_active_end_idx`.execute(db);
  await sql`drop index if exists appointments_psychologist_idx`.execute(db);
  await sql`create index appointments_psychologist_idx on appointments (psychologist_id, starts_at)`.execute(db);
}
