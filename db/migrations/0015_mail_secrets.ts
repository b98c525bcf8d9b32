import { sql, type Kysely } from "kysely";

/**
 * No usable link at rest in the outbox (issue 11): a message's one-time
 * token is kept sealed (AES-256-GCM) beside a placeholder in its body, put
 * into the message only as it is sent, and forgotten when sent or expired.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table mail_outbox add column secret text, add column secret_expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table mail_outbox drop column secret, drop column secret_expires_at`.execute(db);
}
