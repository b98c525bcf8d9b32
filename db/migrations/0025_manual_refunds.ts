import { sql, type Kysely } from "kysely";

/**
 * Administration's money and audit duties (issue 15):
 * - manual_refunds: a refund an administrator makes of a payment, whole or
 *   in part, with the reason. The row is written before the gateway is
 *   called and its id is the idempotency key, so a retry never refunds twice;
 *   `request_key` (from the form) makes a double submit one refund.
 * - audit_log.ip_hash: from which address an action came, as a keyed hash
 *   (an address is personal data; the hash only says "the same one").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table manual_refunds (
      id uuid primary key default gen_random_uuid(),
      payment_id uuid not null references payments (id),
      appointment_id uuid not null references appointments (id),
      requested_by uuid references users (id),
      request_key uuid not null unique,
      cents integer not null check (cents > 0),
      reason text not null,
      status text not null default 'pending' check (status in ('pending', 'refunded', 'failed')),
      provider_refund_id text,
      error text,
      created_at timestamptz not null default now(),
      attempted_at timestamptz not null default now(),
      completed_at timestamptz)`.execute(db);
  await sql`create index manual_refunds_payment_idx on manual_refunds (payment_id, created_at)`.execute(db);
  await sql`alter table audit_log add column ip_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log drop column ip_hash`.execute(db);
  await sql`drop table manual_refunds`.execute(db);
}
