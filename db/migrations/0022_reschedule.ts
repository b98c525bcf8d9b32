import { sql, type Kysely } from "kysely";

/**
 * Rescheduling (issue 13, item 3): a request proposes a new time; until it is
 * answered the appointment holds both its current and its proposed slot.
 * The exclusion constraints now compare each row's held ranges (one, or two
 * while a proposal waits) as a multirange, so nobody can book the proposed
 * slot meanwhile — by construction, as for bookings.
 */
const HOLDING = sql`status in ('pending_payment', 'pending', 'scheduled', 'confirmed', 'pending_reschedule')`;

const statements = [
  sql`alter table appointments
      add column proposed_starts_at timestamptz,
      add column proposed_ends_at timestamptz,
      add column status_before_reschedule appointment_status,
      add constraint appointments_proposal_complete check ((proposed_starts_at is null) = (proposed_ends_at is null)),
      add constraint appointments_proposal_order check (proposed_ends_at is null or proposed_ends_at > proposed_starts_at)`,

  sql`create function held_ranges(starts_at timestamptz, ends_at timestamptz, proposed_starts_at timestamptz, proposed_ends_at timestamptz)
      returns tstzmultirange language sql immutable parallel safe as $$
        select case when proposed_starts_at is null then tstzmultirange(tstzrange(starts_at, ends_at))
                    else tstzmultirange(tstzrange(starts_at, ends_at), tstzrange(proposed_starts_at, proposed_ends_at)) end $$`,
  sql`alter table appointments drop constraint appointments_no_overlap, drop constraint appointments_patient_no_overlap`,
  sql`alter table appointments add constraint appointments_no_overlap exclude using gist (
      psychologist_id with =, held_ranges(starts_at, ends_at, proposed_starts_at, proposed_ends_at) with &&) where (${HOLDING})`,
  sql`alter table appointments add constraint appointments_patient_no_overlap exclude using gist (
      patient_id with =, held_ranges(starts_at, ends_at, proposed_starts_at, proposed_ends_at) with &&) where (${HOLDING})`,

  sql`create table reschedule_requests (
      id uuid primary key default gen_random_uuid(),
      appointment_id uuid not null references appointments (id) on delete cascade,
      requested_by text not null check (requested_by in ('patient', 'psychologist')),
      reason text not null,
      original_starts_at timestamptz not null,
      proposed_starts_at timestamptz not null,
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected', 'expired', 'cancelled')),
      response_reason text,
      responded_at timestamptz,
      created_at timestamptz not null default now())`,
  sql`create unique index reschedule_requests_one_pending on reschedule_requests (appointment_id) where status = 'pending'`,
  sql`create index reschedule_requests_due_idx on reschedule_requests (original_starts_at) where status = 'pending'`,

  sql`alter table practice_notifications drop constraint practice_notifications_kind_check`,
  sql`alter table practice_notifications add constraint practice_notifications_kind_check
      check (kind in ('booking_paid', 'cancellation', 'payment_failed', 'evaluation', 'reschedule_requested'))`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists reschedule_requests cascade`.execute(db);
  await sql`alter table appointments drop constraint appointments_no_overlap, drop constraint appointments_patient_no_overlap`.execute(db);
  await sql`alter table appointments add constraint appointments_no_overlap exclude using gist (psychologist_id with =, tstzrange(starts_at, ends_at) with &&) where (${HOLDING})`.execute(db);
  await sql`alter table appointments add constraint appointments_patient_no_overlap exclude using gist (patient_id with =, tstzrange(starts_at, ends_at) with &&) where (${HOLDING})`.execute(db);
  await sql`drop function if exists held_ranges(timestamptz, timestamptz, timestamptz, timestamptz)`.execute(db);
  await sql`alter table appointments drop column proposed_starts_at, drop column proposed_ends_at, drop column status_before_reschedule`.execute(db);
}
