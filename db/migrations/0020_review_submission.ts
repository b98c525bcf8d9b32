import { sql, type Kysely } from "kysely";

/**
 * A pending psychologist sends a complete profile for review (issue 12,
 * item 7): when, on the row. The admin's queue lists by that moment (or the
 * sign-up, for a profile never sent), oldest first.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table psychologists add column submitted_for_review_at timestamptz`.execute(db);
  await sql`create index psychologists_status_submitted_idx on psychologists (status, (coalesce(submitted_for_review_at, created_at)), id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists psychologists_status_submitted_idx`.execute(db);
  await sql`alter table psychologists drop column submitted_for_review_at`.execute(db);
}
