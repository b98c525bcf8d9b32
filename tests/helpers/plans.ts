import { sql } from "kysely";
import { db } from "~/models/db.server";
import type { CompiledStatement } from "./directory-fixtures";

/** EXPLAIN EXECUTE takes no bound parameters: the values are written in (ids and texts, instants, numbers). */
const literal = (value: unknown) =>
  value instanceof Date ? `'${value.toISOString()}'` : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * How PostgreSQL runs a statement the app prepares (ADR 025), as run: its plan
 * for these values (custom) and the plan for any values (generic), each with
 * the rows every node actually read.
 */
export function plansOf({ sql: text, parameters }: CompiledStatement): Promise<{ custom: string; generic: string }> {
  return db.transaction().execute(async (trx) => {
    await sql.raw(`prepare planned as ${text}`).execute(trx);
    const explain = async (mode: "force_custom_plan" | "force_generic_plan") => {
      await sql.raw(`set local plan_cache_mode = ${mode}`).execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain (analyze, costs off, timing off, summary off, buffers off) ${sql.raw(
        `execute planned(${parameters.map(literal).join(", ")})`,
      )}`.execute(trx);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    };
    const plans = { custom: await explain("force_custom_plan"), generic: await explain("force_generic_plan") };
    await sql`deallocate planned`.execute(trx);
    return plans;
  });
}
