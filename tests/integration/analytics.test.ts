import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import { action } from "~/routes/_resources.api.analytics.events";
import { ANALYTICS_RATE_LIMIT } from "~/services/analytics.server";
import { stopClockInsideTheHour } from "#tests/helpers/clock";
import { BASE, run } from "#tests/helpers/http";
import { createPsychologist } from "#tests/helpers/directory-fixtures";

/**
 * POST /api/analytics/events: the carousel's payloads validated with zod,
 * stored without personal data, rate-limited per client address (hashed).
 */

const PHONE_UA = "Mozilla/5.0 (Linux; Android 13; moto g(30)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

function post(payload: unknown, { ip = "203.0.113.7", userAgent = PHONE_UA, raw }: { ip?: string; userAgent?: string; raw?: string } = {}) {
  const request = new Request(new URL("/api/analytics/events", BASE), {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: raw ?? JSON.stringify(payload),
  });
  return run(action, request, {}, { clientIp: ip });
}

const now = () => new Date().toISOString();

afterEach(() => vi.useRealTimers());

describe("carousel events", () => {
  it("stores an impression with the ids of public psychologists only, and the device class", async () => {
    const a = await createPsychologist();
    const b = await createPsychologist();
    const pending = await createPsychologist({ status: "pending" });
    const unknown = "00000000-0000-4000-8000-000000000000";
    const response = await post({ event: "carousel_impression", timestamp: now(), psychologist_count: 4, psychologist_ids: [a, b, pending, unknown] });
    expect(response.status).toBe(204);
    const rows = await db.selectFrom("analytics_events").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: "carousel_impression", psychologist_count: 2, device: "mobile", psychologist_id: null, action: null });
    expect([...rows[0]!.psychologist_ids!].sort()).toEqual([a, b].sort());
  });

  it("stores a click, reducing its user agent to the device class", async () => {
    const id = await createPsychologist();
    const timestamp = now();
    const response = await post({ event: "carousel_click", timestamp, psychologist_id: id, action: "view_profile", user_agent: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)" });
    expect(response.status).toBe(204);
    const row = await db.selectFrom("analytics_events").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event: "carousel_click", psychologist_id: id, action: "view_profile", device: "tablet" });
    expect(row.occurred_at.toISOString()).toBe(timestamp);
    // Nothing personal: no column holds the address or the user agent.
    expect(JSON.stringify(row)).not.toMatch(/203\.0\.113\.7|iPad|Mozilla/);
  });

  it.each([
    ["an unknown event", { event: "page_view", timestamp: now() }],
    ["a missing timestamp", { event: "carousel_click", psychologist_id: "00000000-0000-4000-8000-000000000000", action: "view" }],
    ["a bad id", { event: "carousel_impression", timestamp: now(), psychologist_count: 1, psychologist_ids: ["1"] }],
    ["a negative count", { event: "carousel_impression", timestamp: now(), psychologist_count: -1, psychologist_ids: [] }],
    ["a bad action", { event: "carousel_click", timestamp: now(), psychologist_id: "00000000-0000-4000-8000-000000000000", action: "<script>" }],
    ["a bad date", { event: "carousel_impression", timestamp: "ontem", psychologist_count: 0, psychologist_ids: [] }],
    ["an array", []],
  ])("answers 400 with a JSON error for %s", async (_, payload) => {
    const response = await post(payload);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_event");
    expect(await db.selectFrom("analytics_events").select("id").execute()).toEqual([]);
  });

  it("answers 400 for a body that is not JSON, and for a click on a psychologist who is not public", async () => {
    expect((await post(null, { raw: "{not json" })).status).toBe(400);
    const pending = await createPsychologist({ status: "pending" });
    const response = await post({ event: "carousel_click", timestamp: now(), psychologist_id: pending, action: "schedule" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "unknown_psychologist" });
  });

  it("limits each client to 60 events a minute (429), counting by a hash of the address", async () => {
    stopClockInsideTheHour();
    const payload = { event: "carousel_impression", timestamp: now(), psychologist_count: 0, psychologist_ids: [] };
    for (let index = 0; index < ANALYTICS_RATE_LIMIT; index += 1) expect((await post(payload)).status).toBe(204);
    const limited = await post(payload);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await post(payload, { ip: "198.51.100.20" })).status).toBe(204);
    const windows = await db.selectFrom("rate_limit_hits").selectAll().execute();
    expect(JSON.stringify(windows)).not.toMatch(/203\.0\.113\.7|198\.51\.100\.20/);
  });
});
