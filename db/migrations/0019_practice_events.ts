import { sql, type Kysely } from "kysely";

/**
 * What the psychologist's consultations tab reads besides the appointments
 * (issue 12, item 5):
 * - practice_notifications: the notifications box, one row per event the
 *   psychologist should hear of, written in the transaction of the event;
 * - appointment_history: an appointment's timeline. A trigger writes it, so
 *   every way a row changes (booking, webhook job, cron, dashboard, seed)
 *   leaves its mark without each caller remembering to.
 */
const statements = [
  sql`create table practice_notifications (
      id bigint generated always as identity primary key,
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      kind text not null check (kind in ('booking_paid', 'cancellation', 'payment_failed', 'evaluation')),
      appointment_id uuid not null references appointments (id) on delete cascade,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      unique (appointment_id, kind))`,
  sql`create index practice_notifications_inbox_idx on practice_notifications (psychologist_id, created_at desc, id desc)`,

  sql`create table appointment_history (
      id bigint generated always as identity primary key,
      appointment_id uuid not null references appointments (id) on delete cascade,
      action text not null check (action in ('created', 'status', 'room_created', 'moved')),
      from_status appointment_status,
      to_status appointment_status,
      starts_at timestamptz not null,
      created_at timestamptz not null default now())`,
  sql`create index appointment_history_appointment_idx on appointment_history (appointment_id, created_at, id)`,

  sql`create function record_appointment_history() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into appointment_history (appointment_id, action, to_status, starts_at, created_at)
            values (new.id, 'created', new.status, new.starts_at, new.created_at);
          return new;
        end if;
        if new.status is distinct from old.status then
          insert into appointment_history (appointment_id, action, from_status, to_status, starts_at)
            values (new.id, 'status', old.status, new.status, new.starts_at);
        end if;
        if new.starts_at is distinct from old.starts_at then
          insert into appointment_history (appointment_id, action, to_status, starts_at)
            values (new.id, 'moved', new.status, new.starts_at);
        end if;
        if new.video_room_url is not null and old.video_room_url is null then
          insert into appointment_history (appointment_id, action, to_status, starts_at)
            values (new.id, 'room_created', new.status, new.starts_at);
        end if;
        return new;
      end $$`,
  sql`create trigger appointments_history after insert or update of status, starts_at, video_room_url on appointments
      for each row execute function record_appointment_history()`,

  // The consultations list searches and filters one psychologist's appointments by status.
  sql`create index appointments_psychologist_status_idx on appointments (psychologist_id, status, starts_at)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger if exists appointments_history on appointments`.execute(db);
  await sql`drop function if exists record_appointment_history()`.execute(db);
  await sql`drop index if exists appointments_psychologist_status_idx`.execute(db);
  await sql`drop table if exists appointment_history, practice_notifications`.execute(db);
}
