import { sql, type Kysely } from "kysely";

/**
 * Days off (ADR 031): on such a calendar day, in the practice's zone, the
 * weekly pattern's hours do not count; hours added for that very date still
 * do. One row a day: marking it twice changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table psychologist_days_off (
      psychologist_id uuid not null references psychologists(id) on delete cascade,
      day date not null,
      created_at timestamptz not null default now(),
      primary key (psychologist_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists psychologist_days_off`.execute(db);
}
