import { sql, type Kysely } from "kysely";

/**
 * A payment's currency is what the provider says it was (issue 11): a
 * payment in another currency is recorded as such — and refunded — instead
 * of failing the insert or passing for reais.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table payments drop constraint if exists payments_currency_check`.execute(db);
  await sql`alter table payments alter column currency drop default`.execute(db);
  await sql`alter table payments add constraint payments_currency_format check (currency ~ '^[A-Z]{3}$')`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table payments drop constraint if exists payments_currency_format`.execute(db);
  await sql`alter table payments alter column currency set default 'BRL'`.execute(db);
}
