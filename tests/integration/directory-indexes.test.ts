import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";

/** The name search can use its trigram index (the planner picks it once sequential scans are off). */
describe("directory indexes", () => {
  it("serve the accent- and case-insensitive name search", async () => {
    await sql`insert into psychologists (name, status, is_approved)
      select 'Psicóloga ' || n, 'approved', true from generate_series(1, 500) as n`.execute(db);
    await sql`analyze psychologists`.execute(db);
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`
        explain select id from psychologists
        where status = 'approved' and fold_text(name) like fold_text(${"%joão%"})`.execute(trx);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("psychologists_name_search_idx");
  });

  it("fold accents and case the way the search expects", async () => {
    const { rows } = await sql<{ folded: string }>`select fold_text(${"Conceição ÁVILA"}) as folded`.execute(db);
    expect(rows[0]!.folded).toBe("conceicao avila");
  });
});

/** The app's connections to a server never JIT-compile (docs/decisions/023-no-jit.md); PGlite is built without JIT. */
describe("the app's database sessions", () => {
  it.skipIf(!process.env.DATABASE_URL)("run without JIT compilation (PostgreSQL only)", async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(db);
    expect(rows[0]!.jit).toBe("off");
  });
});
