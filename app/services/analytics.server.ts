import { z } from "zod";
import { deviceClassOf } from "~/domain/device";
import { insertAnalyticsEvent } from "~/models/analytics.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { filterPublicIds } from "~/models/public-profile.server";
import { sha256 } from "~/utils/crypto.server";
import { instantSchema, LATEST_MS } from "~/utils/instant";

/**
 * POST /api/analytics/events: the home carousel's impressions and clicks
 * (spec, section 7). Validated, rate-limited per client (a hash of the
 * address, never the address), reduced to what is not personal, stored.
 */

/** Requests a client may send per window. */
export const ANALYTICS_RATE_LIMIT = 60;
export const ANALYTICS_WINDOW_MS = 60_000;
/** The most psychologists one impression may name (the carousel shows 6). */
const MAX_IDS = 50;
/** A client clock further off than this is replaced by the server's. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60_000;

// Either must make a valid Date: an Invalid one reached the database as a 503.
const timestamp = z.union([instantSchema(), z.number().int().positive().max(LATEST_MS)]);

const impression = z.object({
  event: z.literal("carousel_impression"),
  timestamp,
  psychologist_count: z.number().int().min(0).max(MAX_IDS),
  psychologist_ids: z.array(z.string().uuid()).max(MAX_IDS),
});

const click = z.object({
  event: z.literal("carousel_click"),
  timestamp,
  psychologist_id: z.string().uuid(),
  action: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/),
  user_agent: z.string().max(1000).optional(),
});

export const analyticsEventSchema = z.discriminatedUnion("event", [impression, click]);
export type AnalyticsEventPayload = z.infer<typeof analyticsEventSchema>;

export type AnalyticsResult =
  | { status: 204 }
  | { status: 400; error: string; issues?: z.ZodIssue[] }
  | { status: 429; retryAfterSeconds: number };

function occurredAt(value: string | number, now: Date): Date {
  const date = new Date(value);
  return Math.abs(date.getTime() - now.getTime()) > MAX_CLOCK_SKEW_MS ? now : date;
}

export async function recordAnalyticsEvent(
  body: unknown,
  client: { ip: string | null | undefined; userAgent: string | null },
  now = new Date(),
): Promise<AnalyticsResult> {
  const windowStart = new Date(Math.floor(now.getTime() / ANALYTICS_WINDOW_MS) * ANALYTICS_WINDOW_MS);
  const hits = await hitRateLimit(sha256(`analytics:ip:${client.ip ?? "unknown"}`), windowStart);
  if (hits > ANALYTICS_RATE_LIMIT) {
    return { status: 429, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + ANALYTICS_WINDOW_MS - now.getTime()) / 1000)) };
  }

  const parsed = analyticsEventSchema.safeParse(body);
  if (!parsed.success) return { status: 400, error: "invalid_event", issues: parsed.error.issues };
  const event = parsed.data;

  if (event.event === "carousel_impression") {
    // Only public psychologists' ids are kept; the count is of those.
    const known = await filterPublicIds(event.psychologist_ids);
    const ids = [...new Set(event.psychologist_ids.map((id) => id.toLowerCase()))].filter((id) => known.has(id));
    await insertAnalyticsEvent({
      event: event.event,
      occurredAt: occurredAt(event.timestamp, now),
      psychologistCount: ids.length,
      psychologistIds: ids,
      psychologistId: null,
      action: null,
      device: deviceClassOf(client.userAgent),
    });
    return { status: 204 };
  }

  const known = await filterPublicIds([event.psychologist_id]);
  if (!known.has(event.psychologist_id.toLowerCase())) return { status: 400, error: "unknown_psychologist" };
  await insertAnalyticsEvent({
    event: event.event,
    occurredAt: occurredAt(event.timestamp, now),
    psychologistCount: null,
    psychologistIds: null,
    psychologistId: event.psychologist_id.toLowerCase(),
    action: event.action,
    device: deviceClassOf(event.user_agent ?? client.userAgent),
  });
  return { status: 204 };
}
