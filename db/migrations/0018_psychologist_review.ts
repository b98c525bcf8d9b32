import { sql, type Kysely } from "kysely";

/**
 * The admin's approval queue (issue 12): who changed a psychologist's status,
 * when and why, on the row (the current state) and in a history (every change).
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table psychologists
      add column status_reason text,
      add column status_changed_at timestamptz,
      add column status_changed_by uuid references users (id) on delete set null`.execute(db);
  await sql`create table psychologist_status_history (
      id bigint generated always as identity primary key,
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      from_status psychologist_status not null,
      to_status psychologist_status not null,
      reason text,
      changed_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now())`.execute(db);
  await sql`create index psychologist_status_history_idx on psychologist_status_history (psychologist_id, created_at desc)`.execute(db);
  await sql`create index psychologists_status_created_idx on psychologists (status, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists psychologist_status_history`.execute(db);
  await sql`drop index if exists psychologists_status_created_idx`.execute(db);
  await sql`alter table psychologists drop column status_reason, drop column status_changed_at, drop column status_changed_by`.execute(db);
}
