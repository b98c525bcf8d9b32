import { sql, type Kysely } from "kysely";

/**
 * Cancellation (issue 13): each psychologist's cancellation and reschedule
 * policies, versioned like prices (a save writes a new active row, the old
 * ones stay), and on each appointment the versions it was booked under (null:
 * the spec's defaults, which were in force then) and what its cancellation
 * refunds.
 */
const statements = [
  sql`create table cancellation_policies (
      id uuid primary key default gen_random_uuid(),
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      no_fee_threshold_hours smallint not null check (no_fee_threshold_hours between 0 and 720),
      partial_refund_threshold_hours smallint not null check (partial_refund_threshold_hours between 0 and 720),
      partial_refund_percent smallint not null check (partial_refund_percent between 0 and 100),
      medical_emergency boolean not null,
      technical_issues boolean not null,
      weather_conditions boolean not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      check (partial_refund_threshold_hours <= no_fee_threshold_hours))`,
  sql`create unique index cancellation_policies_active_key on cancellation_policies (psychologist_id) where is_active`,

  sql`create table reschedule_policies (
      id uuid primary key default gen_random_uuid(),
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      max_reschedules smallint not null check (max_reschedules between 0 and 10),
      min_hours_before smallint not null check (min_hours_before between 0 and 720),
      medical_emergency boolean not null,
      technical_issues boolean not null,
      weather_conditions boolean not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now())`,
  sql`create unique index reschedule_policies_active_key on reschedule_policies (psychologist_id) where is_active`,

  sql`alter table appointments
      add column cancellation_policy_id uuid references cancellation_policies (id),
      add column reschedule_policy_id uuid references reschedule_policies (id),
      add column cancellation_exception text check (cancellation_exception in ('medical_emergency', 'technical_issues', 'weather_conditions')),
      add column refund_cents integer check (refund_cents >= 0),
      add column refund_status text check (refund_status in ('pending', 'refunded', 'failed'))`,
  // The refund job's sweep reads the refunds still owed.
  sql`create index appointments_refund_owed_idx on appointments (cancelled_at) where refund_status in ('pending', 'failed')`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists appointments_refund_owed_idx`.execute(db);
  await sql`alter table appointments
      drop column if exists cancellation_policy_id, drop column if exists reschedule_policy_id,
      drop column if exists cancellation_exception, drop column if exists refund_cents, drop column if exists refund_status`.execute(db);
  await sql`drop table if exists reschedule_policies, cancellation_policies`.execute(db);
}
