import { mkdirSync } from "node:fs";
import { Kysely, PostgresDialect, type Transaction } from "kysely";
import pg from "pg";
import type { Database } from "#db/types";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { preparingPool } from "./prepared-statements.server";

/**
 * The one database client of the process. With DATABASE_URL it talks to that
 * PostgreSQL server; without, it starts an embedded PGlite persisted under
 * PGLITE_DATA_DIR and plugs it into the same `pg` driver, so every query and
 * migration is the same SQL on both (docs/decisions/002-embedded-pglite.md).
 */

// date and time stay strings: a 'date' is a calendar day, not an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.TIME, (value) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

type Closer = () => Promise<void>;
let closeEmbedded: Closer | undefined;

async function createEmbeddedPool(dataDir: string) {
  // Loaded lazily: a server on PostgreSQL never pays for the WASM build.
  const [{ PGlite }, { createPgConfig }, { citext }, { btree_gist }, { unaccent }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/node-postgres"),
    import("@electric-sql/pglite/contrib/citext"),
    import("@electric-sql/pglite/contrib/btree_gist"),
    import("@electric-sql/pglite/contrib/unaccent"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { extensions: { citext, btree_gist, unaccent, pg_trgm } });
  // PGlite is a single session: one connection, shared in turn.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  closeEmbedded = () => pglite.close();
  return pool;
}

let pool: Promise<pg.Pool> | undefined;

/** The driver's pool, created on first use. For the few callers that need raw `pg` (the job queue). */
export function getPool(): Promise<pg.Pool> {
  const config = env();
  pool ??= config.DATABASE_URL ? Promise.resolve(serverPool(config.DATABASE_URL, config.DATABASE_POOL_MAX)) : createEmbeddedPool(config.PGLITE_DATA_DIR);
  return pool;
}

function serverPool(connectionString: string, max: number): pg.Pool {
  // No JIT compilation (docs/decisions/023-no-jit.md): on the directory's availability filters it
  // cost more than the statement it compiled (33 ms of 64), on every execution, and the app's
  // statements are all short.
  const created = new pg.Pool({ connectionString, max, options: "-c jit=off" });
  // An idle connection the server ends (restart, failover, a dropped database)
  // emits 'error' on the pool; unheard, it would end the process. The pool
  // replaces the connection on the next query, so a log line is enough.
  created.on("error", (error) => logger.warn({ err: error }, "idle database connection closed by the server"));
  return created;
}

/** The client or a transaction of it: what model functions that may run inside a transaction take. */
export type Executor = Kysely<Database> | Transaction<Database>;

// Every statement with parameters is prepared once per connection (./prepared-statements.server.ts).
export const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => preparingPool(await getPool()) }) });

/** PostgreSQL's code for a transaction it aborted to break a deadlock. */
const DEADLOCK_DETECTED = "40P01";
const DEADLOCK_ATTEMPTS = 5;

/**
 * A transaction, run again when PostgreSQL aborted it to break a deadlock.
 * Writes that hold a slot take their agenda's lock first, so two of them
 * never wait for each other under the exclusion constraints; this is for
 * the rare meeting with another kind of write (a payment reviving a lapsed
 * hold), which then ends in the 409 a later booking gets, not in a 500. Only
 * for work whose every effect goes through the transaction (jobs do: they
 * are enqueued with it).
 */
export async function transactionRetryingDeadlocks<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      // At once: the other transaction went on when this one was aborted, so the next attempt waits for it, not against it.
      if (attempt >= DEADLOCK_ATTEMPTS || (error as { code?: unknown } | null)?.code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

export async function closeDb() {
  await db.destroy();
  pool = undefined;
  await closeEmbedded?.();
  closeEmbedded = undefined;
}
