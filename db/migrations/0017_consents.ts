import { sql, type Kysely } from "kysely";

/**
 * What was agreed, and to which text (issue 11): the terms at sign-up and the
 * specific consent for health data (LGPD art. 11) at the first booking join
 * the consent log, each with the version of the document agreed to.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter type consent_kind add value if not exists 'terms'`.execute(db);
  await sql`alter type consent_kind add value if not exists 'health_data'`.execute(db);
  await sql`alter table consent_log add column version text`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table consent_log drop column version`.execute(db);
  // Enum values cannot be dropped; unused ones are harmless.
}
