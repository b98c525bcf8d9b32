import { sql, type Kysely } from "kysely";

/**
 * What has already been told about an appointment, so each notice (the
 * confirmation, each reminder, a cancellation…) goes out once even when the
 * job or hook that sends it runs twice. A notice is keyed by the start it was
 * about: a moved appointment gets its reminders again, for the new time.
 */
const statements = [
  sql`create table appointment_notices (
      appointment_id uuid not null references appointments (id) on delete cascade,
      notice text not null check (notice in (
        'confirmation', 'reminder_24h', 'reminder_1h', 'reschedule', 'cancellation', 'payment_pending', 'payment_failed')),
      starts_at timestamptz not null,
      created_at timestamptz not null default now(),
      primary key (appointment_id, notice, starts_at))`,

  // The completion job and the room sweep read confirmed appointments by their end.
  sql`create index appointments_confirmed_end_idx on appointments (ends_at) where status = 'confirmed'`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists appointments_confirmed_end_idx`.execute(db);
  await sql`drop table if exists appointment_notices`.execute(db);
}
