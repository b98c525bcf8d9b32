import { sql, type Kysely } from "kysely";

/**
 * A psychologist's private iCalendar subscription (issue 12, item 8): the URL
 * carries a random token, the table only its SHA-256. Generating a new link
 * revokes the old one; one live feed per psychologist.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table calendar_feeds (
      id uuid primary key default gen_random_uuid(),
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      revoked_at timestamptz)`.execute(db);
  await sql`create unique index calendar_feeds_live_key on calendar_feeds (psychologist_id) where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists calendar_feeds`.execute(db);
}
