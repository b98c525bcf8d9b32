import type { AnalyticsEventName, DeviceClass } from "#db/types";
import { db } from "./db.server";

/**
 * Anonymous carousel analytics (their rate limit: rate-limit.server.ts).
 * Nothing personal is stored: no IP, no user agent string, no user.
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
