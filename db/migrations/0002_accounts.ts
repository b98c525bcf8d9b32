import { sql, type Kysely } from "kysely";

/**
 * Accounts: one-time tokens (e-mail verification, password reset), failed
 * login attempts for throttling, the dated LGPD consent log and the mail
 * outbox. Sessions get the user's language for e-mails.
 */
const statements = [
  sql`create type auth_token_purpose as enum ('email_verification', 'password_reset')`,
  // Only the SHA-256 of a token is stored; the token itself travels once, in an e-mail.
  sql`create table auth_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      purpose auth_token_purpose not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now())`,
  sql`create index auth_tokens_user_idx on auth_tokens (user_id, purpose)`,

  // Failed sign-ins, keyed by a hash of the e-mail or of the IP: no personal data kept.
  sql`create table login_failures (
      id bigint generated always as identity primary key,
      key_hash text not null,
      created_at timestamptz not null default now())`,
  sql`create index login_failures_key_idx on login_failures (key_hash, created_at)`,

  sql`create type consent_kind as enum ('marketing', 'cookies', 'data_processing', 'third_parties')`,
  sql`create table consent_log (
      id bigint generated always as identity primary key,
      user_id uuid not null references users (id) on delete cascade,
      consent consent_kind not null,
      granted boolean not null,
      created_at timestamptz not null default now())`,
  sql`create index consent_log_user_idx on consent_log (user_id, consent, created_at desc)`,

  sql`create type mail_status as enum ('pending', 'sent', 'failed')`,
  sql`create table mail_outbox (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users (id) on delete set null,
      to_email text not null,
      template text not null,
      locale text not null,
      subject text not null,
      html text not null,
      text text not null,
      attachments jsonb not null default '[]',
      status mail_status not null default 'pending',
      attempts integer not null default 0,
      last_error text,
      transport text,
      created_at timestamptz not null default now(),
      sent_at timestamptz)`,
  sql`create index mail_outbox_created_idx on mail_outbox (created_at desc)`,
  sql`create index mail_outbox_user_idx on mail_outbox (user_id)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists mail_outbox, consent_log, login_failures, auth_tokens`.execute(db);
  await sql`drop type if exists mail_status, consent_kind, auth_token_purpose`.execute(db);
}
