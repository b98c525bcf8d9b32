import { sql } from "kysely";
import type { AnalyticsEventName, DeviceClass } from "#db/types";
import { db } from "./db.server";

/**
 * Anonymous carousel analytics and the fixed-window rate limit that guards
 * them. Nothing personal is stored: no IP, no user agent string, no user.
 */

export interface AnalyticsEventRow {
  event: AnalyticsEventName;
  occurredAt: Date;
  psychologistCount: number | null;
  psychologistIds: string[] | null;
  psychologistId: string | null;
  action: string | null;
  device: DeviceClass;
}

export async function insertAnalyticsEvent(row: AnalyticsEventRow): Promise<void> {
  await db
    .insertInto("analytics_events")
    .values({
      event: row.event,
      occurred_at: row.occurredAt,
      psychologist_count: row.psychologistCount,
      psychologist_ids: row.psychologistIds,
      psychologist_id: row.psychologistId,
      action: row.action,
      device: row.device,
    })
    .execute();
}

/**
 * Counts one hit of `keyHash` in the window that starts at `windowStart`
 * and returns the window's hits so far. One statement, safe under
 * concurrency (the upsert serialises on the primary key).
 */
export async function hitRateLimit(keyHash: string, windowStart: Date): Promise<number> {
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ key_hash: keyHash, window_start: windowStart })
    .onConflict((oc) => oc.columns(["key_hash", "window_start"]).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning("hits")
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** For the maintenance job: windows that ended long ago. */
export async function deleteRateLimitWindowsBefore(before: Date): Promise<number> {
  const result = await db.deleteFrom("rate_limit_hits").where("window_start", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
