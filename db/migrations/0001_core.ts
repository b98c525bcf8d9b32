import { sql, type Kysely } from "kysely";

/**
 * The core schema: people, psychologists and their agenda, appointments.
 * Money is integer centavos; instants are timestamptz; a psychologist's
 * weekly and dated blocks are wall-clock times in the psychologist's zone.
 */
const statements = [
  sql`create extension if not exists citext`,
  sql`create extension if not exists btree_gist`,

  sql`create function set_updated_at() returns trigger language plpgsql as $$
      begin new.updated_at = now(); return new; end $$`,

  sql`create type psychologist_status as enum ('pending', 'approved', 'rejected', 'suspended')`,
  sql`create type appointment_status as enum (
      'pending_payment', 'pending', 'scheduled', 'confirmed', 'pending_reschedule',
      'completed', 'cancelled', 'no_show')`,
  sql`create type payment_status as enum ('pending', 'paid', 'failed', 'refunded')`,
  sql`create type cancelled_by as enum ('patient', 'psychologist', 'system', 'admin')`,

  sql`create table users (
      id uuid primary key default gen_random_uuid(),
      email citext not null unique,
      password_hash text,
      email_verified_at timestamptz,
      google_sub text unique,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`,

  // The cookie carries a random token; only its SHA-256 is stored here.
  sql`create table sessions (
      id text primary key,
      user_id uuid not null references users (id) on delete cascade,
      expires_at timestamptz not null,
      user_agent text,
      created_at timestamptz not null default now())`,
  sql`create index sessions_user_id_idx on sessions (user_id)`,
  sql`create index sessions_expires_at_idx on sessions (expires_at)`,

  sql`create table profiles (
      id uuid primary key references users (id) on delete cascade,
      first_name text not null default '',
      last_name text not null default '',
      phone text,
      cpf text,
      avatar_url text,
      time_zone text,
      locale text,
      email_notifications boolean not null default true,
      sms_notifications boolean not null default false,
      appointment_reminders boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`,

  sql`create table psychologists (
      id uuid primary key default gen_random_uuid(),
      user_id uuid unique references users (id) on delete set null,
      name text not null,
      email citext,
      crp text,
      photo_url text,
      bio text not null default '',
      short_bio text not null default '',
      specialties text[] not null default '{}',
      languages text[] not null default '{pt}',
      price_cents integer not null default 15000 check (price_cents > 0),
      education text not null default '',
      experience text not null default '',
      approach text not null default '',
      therapeutic_approach text not null default '',
      certifications text not null default '',
      personal_statement text not null default '',
      university text not null default '',
      graduation_year smallint check (graduation_year between 1950 and 2100),
      documents jsonb not null default '[]',
      status psychologist_status not null default 'pending',
      is_approved boolean not null default false,
      featured_in_carousel boolean not null default false,
      terms_accepted boolean not null default false,
      pix_key text,
      time_zone text not null default 'America/Sao_Paulo',
      rating_sum integer not null default 0 check (rating_sum >= 0),
      total_reviews integer not null default 0 check (total_reviews >= 0),
      rating numeric(3, 2) generated always as (
        case when total_reviews > 0 then round(rating_sum::numeric / total_reviews, 2) end) stored,
      approved_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint psychologists_crp_format check (crp is null or crp ~ '^[0-9]{2}/[0-9]{6}$'),
      constraint psychologists_approved_consistent check (is_approved = (status = 'approved')))`,
  sql`create unique index psychologists_crp_key on psychologists (crp) where crp is not null`,

  // Weekly recurring blocks; weekday 0 is Sunday.
  sql`create table psychologist_availability (
      id uuid primary key default gen_random_uuid(),
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      weekday smallint not null check (weekday between 0 and 6),
      start_time time not null,
      end_time time not null,
      is_recurring boolean not null default true,
      created_at timestamptz not null default now(),
      check (start_time < end_time))`,
  sql`create index psychologist_availability_lookup_idx on psychologist_availability (psychologist_id, weekday)`,

  // Dated blocks: the 24h agenda of the dashboard.
  sql`create table psychologist_schedule (
      id uuid primary key default gen_random_uuid(),
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      date date not null,
      start_time time not null,
      end_time time not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      check (start_time < end_time))`,
  sql`create index psychologist_schedule_lookup_idx on psychologist_schedule (psychologist_id, date)`,

  sql`create table psychologist_pricing (
      id uuid primary key default gen_random_uuid(),
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      price_30_cents integer not null check (price_30_cents > 0),
      price_60_cents integer not null check (price_60_cents > 0),
      currency char(3) not null default 'BRL' check (currency = 'BRL'),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`,
  sql`create unique index psychologist_pricing_active_key on psychologist_pricing (psychologist_id) where is_active`,

  // A slot-holding appointment excludes any other overlapping one of the same
  // psychologist (and of the same patient): double booking cannot be written.
  sql`create table appointments (
      id uuid primary key default gen_random_uuid(),
      patient_id uuid not null references users (id),
      psychologist_id uuid not null references psychologists (id),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      duration_minutes smallint not null check (duration_minutes between 15 and 240),
      status appointment_status not null default 'pending_payment',
      payment_status payment_status not null default 'pending',
      payment_method text,
      price_cents integer not null check (price_cents >= 0),
      currency char(3) not null default 'BRL' check (currency = 'BRL'),
      hold_expires_at timestamptz,
      video_room_name text,
      video_room_url text,
      notes text,
      cancellation_reason text,
      cancelled_by cancelled_by,
      cancelled_at timestamptz,
      reschedule_count smallint not null default 0 check (reschedule_count >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint appointments_ends_after_duration check (ends_at = starts_at + make_interval(mins => duration_minutes::int)),
      constraint appointments_no_overlap exclude using gist (
        psychologist_id with =, tstzrange(starts_at, ends_at) with &&)
        where (status in ('pending_payment', 'pending', 'scheduled', 'confirmed', 'pending_reschedule')),
      constraint appointments_patient_no_overlap exclude using gist (
        patient_id with =, tstzrange(starts_at, ends_at) with &&)
        where (status in ('pending_payment', 'pending', 'scheduled', 'confirmed', 'pending_reschedule')))`,
  sql`create index appointments_psychologist_idx on appointments (psychologist_id, starts_at)`,
  sql`create index appointments_patient_idx on appointments (patient_id, starts_at)`,
  sql`create index appointments_hold_idx on appointments (hold_expires_at) where status = 'pending_payment'`,

  ...["users", "profiles", "psychologists", "psychologist_pricing", "appointments"].map(
    (table) =>
      sql`create trigger ${sql.id(`${table}_updated_at`)} before update on ${sql.table(table)}
          for each row execute function set_updated_at()`,
  ),
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "appointments",
    "psychologist_pricing",
    "psychologist_schedule",
    "psychologist_availability",
    "psychologists",
    "profiles",
    "sessions",
    "users",
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop type if exists cancelled_by, payment_status, appointment_status, psychologist_status`.execute(db);
  await sql`drop function if exists set_updated_at()`.execute(db);
}
