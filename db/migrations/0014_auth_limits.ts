import { sql, type Kysely } from "kysely";

/** Sign-in limits count in rate_limit_hits now (atomic upserts per window, ADR 014): login_failures goes. */
export async function up(db: Kysely<unknown>) {
  await sql`drop table if exists login_failures`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`create table login_failures (
      id bigint generated always as identity primary key,
      key_hash text not null,
      created_at timestamptz not null default now())`.execute(db);
  await sql`create index login_failures_key_idx on login_failures (key_hash, created_at)`.execute(db);
}
