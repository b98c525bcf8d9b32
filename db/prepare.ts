import type { Kysely } from "kysely";
import type { Env } from "../app/utils/env.server";
import { migrateToLatest } from "./migrator";
import { isSeeded, seed } from "./seed";
import type { Database } from "./types";

/**
 * What a server or worker does to its database at start. Outside production
 * it migrates (production migrates in the release command). The demo content,
 * with the README's accounts and password, goes only into a fresh embedded
 * database of a process that asked for development (ADR 014) — never staging,
 * never production, never a database of someone else's.
 */
export async function prepareDatabase(db: Kysely<Database>, config: Pick<Env, "appEnv" | "usesEmbeddedDatabase">): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = config.appEnv !== "production" ? await migrateToLatest(db) : [];
  const seeded = config.usesEmbeddedDatabase && config.appEnv === "development" && !(await isSeeded(db));
  if (seeded) await seed(db);
  return { applied, seeded };
}
