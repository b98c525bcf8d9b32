import { createHash } from "node:crypto";
import { sql, type PostgresPool, type PostgresPoolClient } from "kysely";
import type pg from "pg";

/**
 * The app's statements as named prepared statements: each connection parses
 * and plans a statement once, then reuses it (docs/decisions/025). Planning
 * was half of the database's time on a dashboard tab, and statements come
 * from a fixed set of Kysely queries, so their texts repeat.
 *
 * Only statements with parameters are named: they already travel by the
 * extended protocol, while a parameterless text (a migration's script of
 * several commands) keeps the simple protocol it needs. Past
 * PREPARED_STATEMENT_LIMIT distinct texts in a process, new ones run unnamed,
 * which bounds what each connection keeps on the server.
 */

export const PREPARED_STATEMENT_LIMIT = 256;

const PLANNED_PER_CALL_MARK = "/* planned per call */";

/**
 * Ends (Kysely's `modifyEnd`) a statement whose best plan depends on its
 * values: a psychologist with ten consultations or with ten thousand. It runs
 * unnamed, planned for each call's values; a generic plan is estimated for
 * the average psychologist and can walk a large practice the slow way.
 */
export const PLANNED_PER_CALL = sql.raw(PLANNED_PER_CALL_MARK);

const names = new Map<string, string>();

/** The statement's name, or undefined when it runs unnamed. */
export function statementName(text: string, parameterCount: number): string | undefined {
  if (parameterCount === 0 || text.endsWith(PLANNED_PER_CALL_MARK)) return undefined;
  let name = names.get(text);
  if (!name && names.size < PREPARED_STATEMENT_LIMIT) names.set(text, (name = `k${createHash("sha1").update(text).digest("base64url")}`));
  return name;
}

/**
 * A statement prepared before a migration changed the columns it returns
 * fails with this for as long as its connection lives (PostgreSQL's "cached
 * plan must not change result type"): a process still running during a deploy.
 */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === "0A000" && /cached plan must not change result type/.test(error.message);
}

/** Per connection, the texts whose prepared plan went stale: they run unnamed on it from then on. */
const stalePlans = new WeakMap<pg.PoolClient, Set<string>>();

/** Kysely's pool over the driver's, naming each statement it sends. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        async query(text: string, values: ReadonlyArray<unknown>) {
          const name = stalePlans.get(client)?.has(text) ? undefined : statementName(text, values.length);
          try {
            return await client.query({ text, values: [...values], name });
          } catch (error) {
            if (!name || !isStalePlan(error)) throw error;
            // PostgreSQL keeps refusing that plan on this connection: run the text unnamed here.
            stalePlans.set(client, (stalePlans.get(client) ?? new Set()).add(text));
            return await client.query({ text, values: [...values] });
          }
        },
        release: () => client.release(),
        // Kysely streams through a cursor only when the dialect is given one, which this app never does.
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
