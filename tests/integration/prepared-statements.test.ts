import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, getPool } from "~/models/db.server";
import { PLANNED_PER_CALL, preparingPool, statementName } from "~/models/prepared-statements.server";

/**
 * Statements prepared once per connection (docs/decisions/025), on the
 * database the tests run on: PGlite, or PostgreSQL 15 in CI.
 */

describe("prepared statements", () => {
  it("prepares a statement with parameters once on its connection and reuses it", async () => {
    const query = db.selectFrom("users").select("id").where("email", "=", "nobody@acolhe.test");
    const { sql: text } = query.compile();
    const prepared = await db.transaction().execute(async (trx) => {
      for (let run = 0; run < 3; run++) expect(await trx.executeQuery(query.compile())).toMatchObject({ rows: [] });
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx);
      return rows.map((row) => row.name);
    });
    expect(prepared.filter((name) => name === statementName(text, 1))).toHaveLength(1);
  });

  it("runs a statement planned per call unnamed: never kept on its connection", async () => {
    const query = db.selectFrom("users").select("id").where("email", "=", "per-call@acolhe.test").modifyEnd(PLANNED_PER_CALL);
    const prepared = await db.transaction().execute(async (trx) => {
      for (let run = 0; run < 3; run++) expect(await trx.executeQuery(query.compile())).toMatchObject({ rows: [] });
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      return rows.map((row) => row.statement);
    });
    expect(prepared.filter((text) => text.includes("planned per call"))).toEqual([]);
  });

  it("still runs a script of several commands without parameters", async () => {
    await sql.raw("create temporary table script_a (id int); create temporary table script_b (id int)").execute(db);
    await sql.raw("drop table script_a; drop table script_b").execute(db);
  });

  it("answers a statement whose columns a migration changed, on the connection that prepared the old shape, again and again", async () => {
    const pool = preparingPool(await getPool());
    const client = await pool.connect();
    try {
      await client.query("create table if not exists plan_change (id int)", []);
      await client.query("insert into plan_change values (1)", []);
      const before = await client.query<Record<string, unknown>>("select * from plan_change where id = $1", [1]);
      expect(before.rows).toEqual([{ id: 1 }]);
      await client.query("alter table plan_change add column note text default 'nova'", []);
      for (let run = 0; run < 2; run++) {
        const after = await client.query<Record<string, unknown>>("select * from plan_change where id = $1", [1]);
        expect(after.rows).toEqual([{ id: 1, note: "nova" }]);
      }
    } finally {
      client.release();
    }
    await sql`drop table plan_change`.execute(db);
  });
});
