import { sql } from "kysely";
import { db } from "./db.server";

/**
 * Fixed-window counters (rate_limit_hits), keyed by a hash (never an address
 * or an e-mail). Counting is one upsert that returns the window's new count:
 * the increment comes first, so parallel requests cannot all read "under the
 * limit" before any of them is counted.
 */

export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Counts one hit of `keyHash` in the window that starts at `start`; returns the window's hits so far. */
export async function hitRateLimit(keyHash: string, start: Date): Promise<number> {
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ key_hash: keyHash, window_start: start })
    .onConflict((oc) => oc.columns(["key_hash", "window_start"]).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** Takes back one counted hit (a sign-in that turned out right is not a failure). */
export async function undoRateLimitHit(keyHash: string, start: Date) {
  await db.updateTable("rate_limit_hits").set({ hits: sql`greatest(hits - 1, 0)` }).where("key_hash", "=", keyHash).where("window_start", "=", start).execute();
}

/** Forgets every window of a key. */
export async function clearRateLimit(keyHash: string) {
  await db.deleteFrom("rate_limit_hits").where("key_hash", "=", keyHash).execute();
}

/** For the maintenance job: windows that ended long ago. */
export async function deleteRateLimitWindowsBefore(before: Date): Promise<number> {
  const result = await db.deleteFrom("rate_limit_hits").where("window_start", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
