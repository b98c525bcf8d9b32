import { sql, type Kysely } from "kysely";

/**
 * The practice's records (issue 14):
 * - audit_log: who read, wrote or exported what, when, from which request.
 *   Append-only: a trigger refuses UPDATE and DELETE for everyone.
 * - clinical_notes: one note per consultation, encrypted (AES-256-GCM) with
 *   the id of the key that sealed it; clinical_note_versions keeps every
 *   saved text (records are amended, never overwritten — Res. CFP 001/2009).
 *   Kept 20 years from the last entry (Lei 13.787/2018): `retain_until`.
 * - record_requests: a patient asks a psychologist for a copy of their record.
 * - psychologists.cpf: for the receipts and the fiscal report (never public).
 */
const statements = [
  sql`create table audit_log (
      id bigint generated always as identity primary key,
      actor_user_id uuid,
      actor_role text not null,
      action text not null,
      subject_type text not null,
      subject_id text not null,
      patient_id uuid,
      request_id text,
      details jsonb not null default '{}',
      created_at timestamptz not null default now())`,
  sql`create index audit_log_subject_idx on audit_log (subject_type, subject_id, created_at)`,
  sql`create index audit_log_actor_idx on audit_log (actor_user_id, created_at)`,
  sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only' using errcode = '42501'; end $$`,
  sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`,

  sql`create table clinical_notes (
      id uuid primary key default gen_random_uuid(),
      appointment_id uuid not null unique references appointments (id),
      psychologist_id uuid not null references psychologists (id),
      patient_id uuid not null references users (id),
      version integer not null default 1,
      key_id text not null,
      nonce bytea not null,
      ciphertext bytea not null,
      retain_until timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`,
  sql`create trigger clinical_notes_updated_at before update on clinical_notes for each row execute function set_updated_at()`,
  sql`create index clinical_notes_psychologist_idx on clinical_notes (psychologist_id, updated_at desc)`,
  sql`create index clinical_notes_patient_idx on clinical_notes (psychologist_id, patient_id)`,
  sql`create table clinical_note_versions (
      note_id uuid not null references clinical_notes (id),
      version integer not null,
      key_id text not null,
      nonce bytea not null,
      ciphertext bytea not null,
      written_by uuid not null references users (id),
      created_at timestamptz not null default now(),
      primary key (note_id, version))`,

  sql`create table record_requests (
      id uuid primary key default gen_random_uuid(),
      patient_id uuid not null references users (id),
      psychologist_id uuid not null references psychologists (id),
      status text not null default 'pending' check (status in ('pending', 'released')),
      requested_at timestamptz not null default now(),
      released_at timestamptz,
      released_by uuid references users (id))`,
  // One waiting request per patient and psychologist: asking twice is the same request.
  sql`create unique index record_requests_pending_idx on record_requests (patient_id, psychologist_id) where status = 'pending'`,
  sql`create index record_requests_psychologist_idx on record_requests (psychologist_id, requested_at desc)`,

  // The notifications box also tells of record requests, which belong to no consultation.
  sql`alter table practice_notifications alter column appointment_id drop not null`,
  sql`alter table practice_notifications add column record_request_id uuid unique references record_requests (id) on delete cascade`,
  sql`alter table practice_notifications add constraint practice_notifications_subject check ((appointment_id is null) <> (record_request_id is null))`,
  sql`alter table practice_notifications drop constraint practice_notifications_kind_check`,
  sql`alter table practice_notifications add constraint practice_notifications_kind_check
      check (kind in ('booking_paid', 'cancellation', 'payment_failed', 'evaluation', 'reschedule_requested', 'record_requested'))`,

  sql`alter table psychologists add column cpf text check (cpf is null or cpf ~ '^[0-9]{11}$')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table psychologists drop column cpf`.execute(db);
  await sql`delete from practice_notifications where record_request_id is not null`.execute(db);
  await sql`alter table practice_notifications drop constraint practice_notifications_kind_check`.execute(db);
  await sql`alter table practice_notifications add constraint practice_notifications_kind_check
      check (kind in ('booking_paid', 'cancellation', 'payment_failed', 'evaluation', 'reschedule_requested'))`.execute(db);
  await sql`alter table practice_notifications drop constraint practice_notifications_subject, drop column record_request_id`.execute(db);
  await sql`alter table practice_notifications alter column appointment_id set not null`.execute(db);
  await sql`drop table if exists record_requests, clinical_note_versions, clinical_notes, audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
}
