import { sql, type Kysely } from "kysely";

/**
 * An administrator can block an account (issue 15, item 2): a blocked person
 * cannot sign in and their sessions end; unblocking gives the account back.
 * Who blocked it, when and why stay on the row (and in the audit log).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column blocked_at timestamptz, add column blocked_reason text, add column blocked_by uuid references users (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column blocked_at, drop column blocked_reason, drop column blocked_by`.execute(db);
}
