import { sql } from "kysely";
import { db } from "~/models/db.server";

/**
 * Empties every application table (not the migrations' bookkeeping, not the
 * job queue's schema), so each test starts from the same blank database.
 */
export async function truncateAll() {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_%'`.execute(db);
  if (rows.length === 0) return;
  await sql`truncate ${sql.join(rows.map((row) => sql.table(row.name)))} restart identity cascade`.execute(db);
}
