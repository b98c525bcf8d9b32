import { sql, type Kysely } from "kysely";

/**
 * The money path: every payment the gateway reports, with its status
 * history; every webhook notification, recorded once; the checkout an
 * appointment's hold can resume; and the local gateway's own payments
 * (development only).
 */
const statements = [
  // The checkout the patient was sent to: 'Pagar' resumes it while the hold lasts.
  sql`alter table appointments add column checkout_id text, add column checkout_url text`,

  sql`create table payments (
      id uuid primary key default gen_random_uuid(),
      appointment_id uuid not null references appointments (id),
      provider text not null check (provider in ('mercadopago', 'local')),
      provider_payment_id text not null,
      status text not null,
      status_detail text,
      method text,
      amount_cents integer not null check (amount_cents >= 0),
      currency char(3) not null default 'BRL' check (currency = 'BRL'),
      approved_at timestamptz,
      refunded_cents integer not null default 0 check (refunded_cents >= 0),
      refund_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (provider, provider_payment_id))`,
  sql`create index payments_appointment_idx on payments (appointment_id)`,
  sql`create trigger payments_updated_at before update on payments for each row execute function set_updated_at()`,

  sql`create table payment_status_history (
      id bigint generated always as identity primary key,
      payment_id uuid not null references payments (id) on delete cascade,
      status text not null,
      status_detail text,
      recorded_at timestamptz not null default now())`,
  sql`create index payment_status_history_payment_idx on payment_status_history (payment_id, recorded_at)`,

  // Each notification once: the provider's request id is the key.
  sql`create table payment_notifications (
      id bigint generated always as identity primary key,
      provider text not null,
      request_id text not null,
      topic text not null,
      resource_id text not null,
      received_at timestamptz not null default now(),
      processed_at timestamptz,
      unique (provider, request_id))`,

  sql`create table local_gateway_payments (
      id text primary key,
      payment jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists local_gateway_payments, payment_notifications, payment_status_history, payments`.execute(db);
  await sql`alter table appointments drop column if exists checkout_id, drop column if exists checkout_url`.execute(db);
}
