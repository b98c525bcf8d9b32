import { sql, type Kysely } from "kysely";

/**
 * The directory's text search over names: a trigram index on the name with
 * accents and case folded. unaccent() is only STABLE (its dictionary could
 * change), so an IMMUTABLE wrapper naming the dictionary makes it indexable.
 */
const statements = [
  sql`create extension if not exists pg_trgm`,
  sql`create function fold_text(value text) returns text language sql immutable parallel safe strict
      as $$ select public.unaccent('public.unaccent'::regdictionary, lower(value)) $$`,
  sql`create index psychologists_name_search_idx on psychologists using gin (fold_text(name) gin_trgm_ops) where status = 'approved'`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists psychologists_name_search_idx`.execute(db);
  await sql`drop function if exists fold_text(text)`.execute(db);
}
