import { sql, type Kysely } from "kysely";

/**
 * The public site: patients' evaluations (which keep each psychologist's
 * rating_sum and total_reviews exact through a trigger), share events,
 * anonymous carousel analytics, and fixed-window rate limits.
 */
const statements = [
  sql`create extension if not exists unaccent`,

  // One evaluation per completed appointment. The patient link goes with the
  // account; the evaluation (and the rating it feeds) stays, anonymous.
  sql`create table evaluations (
      id uuid primary key default gen_random_uuid(),
      appointment_id uuid not null unique references appointments (id),
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      patient_id uuid references users (id) on delete set null,
      rating smallint not null check (rating between 1 and 5),
      comment text not null default '' check (length(comment) <= 2000),
      is_anonymous boolean not null default true,
      publish_consent boolean not null default false,
      created_at timestamptz not null default now())`,
  sql`create index evaluations_psychologist_idx on evaluations (psychologist_id, created_at desc)`,
  sql`create index evaluations_testimonials_idx on evaluations (created_at desc) where publish_consent and rating >= 4`,

  sql`create function evaluations_keep_rating() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update psychologists set rating_sum = rating_sum - old.rating, total_reviews = total_reviews - 1
          where id = old.psychologist_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update psychologists set rating_sum = rating_sum + new.rating, total_reviews = total_reviews + 1
          where id = new.psychologist_id;
        end if;
        return null;
      end $$`,
  sql`create trigger evaluations_keep_rating after insert or update of rating, psychologist_id or delete on evaluations
      for each row execute function evaluations_keep_rating()`,

  sql`create table share_events (
      id bigint generated always as identity primary key,
      psychologist_id uuid not null references psychologists (id) on delete cascade,
      platform text not null check (platform in ('facebook', 'twitter', 'linkedin', 'copy_link')),
      created_at timestamptz not null default now())`,
  sql`create index share_events_psychologist_idx on share_events (psychologist_id, created_at)`,

  // What the carousel reports. No personal data: no IP, no user agent string, no user id.
  sql`create table analytics_events (
      id bigint generated always as identity primary key,
      event text not null check (event in ('carousel_impression', 'carousel_click')),
      occurred_at timestamptz not null,
      psychologist_count smallint,
      psychologist_ids uuid[],
      psychologist_id uuid,
      action text,
      device text check (device in ('mobile', 'tablet', 'desktop', 'bot', 'other')),
      created_at timestamptz not null default now())`,
  sql`create index analytics_events_created_idx on analytics_events (created_at)`,

  // Fixed windows keyed by a hash (of a client address, for example).
  sql`create table rate_limit_hits (
      key_hash text not null,
      window_start timestamptz not null,
      hits integer not null default 1,
      primary key (key_hash, window_start))`,

  // The directory's filters and sorts.
  sql`create index psychologists_public_rating_idx on psychologists (rating desc nulls last, id) where status = 'approved'`,
  sql`create index psychologists_public_price_idx on psychologists (price_cents, id) where status = 'approved'`,
  sql`create index psychologists_public_name_idx on psychologists (name, id) where status = 'approved'`,
  sql`create index psychologists_public_reviews_idx on psychologists (total_reviews desc, id) where status = 'approved'`,
  sql`create index psychologists_specialties_idx on psychologists using gin (specialties) where status = 'approved'`,
  sql`create index psychologists_languages_idx on psychologists using gin (languages) where status = 'approved'`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists rate_limit_hits, analytics_events, share_events, evaluations`.execute(db);
  await sql`drop function if exists evaluations_keep_rating()`.execute(db);
  for (const index of ["rating", "price", "name", "reviews"]) await sql`drop index if exists ${sql.id(`psychologists_public_${index}_idx`)}`.execute(db);
  await sql`drop index if exists psychologists_specialties_idx, psychologists_languages_idx`.execute(db);
}
