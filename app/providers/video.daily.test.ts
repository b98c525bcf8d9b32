import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { VideoProviderError } from "./video.contract.server";
import { createDailyVideoProvider, type DailyConfig } from "./video.daily.server";

const API = "https://daily.test/v1";
const KEY = "test-daily-key";
const APPOINTMENT_ID = "6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b";
const ROOM = `acolhe-${APPOINTMENT_ID}`;
const ROOM_URL = `https://acolhe.daily.co/${ROOM}`;

// 14:00–14:50 in São Paulo.
const startsAt = new Date("2025-04-01T17:00:00.000Z");
const endsAt = new Date("2025-04-01T17:50:00.000Z");
const NBF = Date.parse("2025-04-01T16:45:00.000Z") / 1000;
const EXP = Date.parse("2025-04-01T18:05:00.000Z") / 1000;

interface Seen {
  method: string;
  path: string;
  auth: string | null;
  contentType: string | null;
  body: unknown;
}
let seen: Seen[] = [];

async function record(request: Request) {
  const text = await request.text();
  seen.push({
    method: request.method,
    path: new URL(request.url).pathname,
    auth: request.headers.get("authorization"),
    contentType: request.headers.get("content-type"),
    body: text ? JSON.parse(text) : undefined,
  });
}

const roomBody = (name = ROOM) => ({ id: "d61cd7b2", name, api_created: true, privacy: "private", url: `https://acolhe.daily.co/${name}`, config: {} });
const errorBody = (error: string, info: string) => ({ error, info });

/** Daily's answers for a status code, as its API gives them. */
function answer(status: number, body: unknown = {}) {
  return () => HttpResponse.json(body as Record<string, unknown>, { status });
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

function provider(overrides: Partial<DailyConfig> = {}) {
  return createDailyVideoProvider({ apiKey: KEY, apiUrl: API, timeoutMs: 2_000, retries: 0, retryDelayMs: 0, ...overrides });
}

/** Handlers that record every request and then answer. */
function on(method: "post" | "delete" | "get", path: string, respond: () => Response | Promise<Response>) {
  return http[method](`${API}${path}`, async ({ request }) => {
    await record(request);
    return respond();
  });
}

describe("createRoom", () => {
  it("creates a private two-person room that lives for the access window", async () => {
    server.use(on("post", "/rooms", answer(200, roomBody())));

    const room = await provider().createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt });

    expect(room).toEqual({ name: ROOM, url: ROOM_URL });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/rooms", auth: `Bearer ${KEY}`, contentType: "application/json" });
    expect(seen[0]!.body).toEqual({
      name: ROOM,
      privacy: "private",
      properties: {
        nbf: NBF,
        exp: EXP,
        eject_at_room_exp: true,
        max_participants: 2,
        enable_screenshare: true,
        enable_chat: false,
        start_video_off: false,
      },
    });
  });

  it("names the room after the appointment, within Daily's rules", async () => {
    server.use(on("post", "/rooms", answer(200, roomBody())));
    await provider().createRoom({ appointmentId: APPOINTMENT_ID.toUpperCase(), startsAt, endsAt });
    const name = (seen[0]!.body as { name: string }).name;
    expect(name).toBe(ROOM);
    expect(name).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
  });

  it("refuses an id that cannot make a room name, without calling Daily", async () => {
    await expect(provider().createRoom({ appointmentId: "../rooms", startsAt, endsAt })).rejects.toThrow(/room name/);
    expect(seen).toHaveLength(0);
  });

  it("is idempotent: when the room already exists it updates and returns it", async () => {
    server.use(
      on("post", "/rooms", answer(400, errorBody("invalid-request-error", `a room named ${ROOM} already exists`))),
      on("post", "/rooms/:name", answer(200, roomBody())),
    );

    const room = await provider().createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt });

    expect(room).toEqual({ name: ROOM, url: ROOM_URL });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(["POST /v1/rooms", `POST /v1/rooms/${ROOM}`]);
    expect(seen[1]!.auth).toBe(`Bearer ${KEY}`);
    expect(seen[1]!.body).toMatchObject({ privacy: "private", properties: { nbf: NBF, exp: EXP, max_participants: 2 } });
  });

  it("reports any other 400 as a bad request, not retryable", async () => {
    server.use(on("post", "/rooms", answer(400, errorBody("invalid-request-error", "exp must be in the future"))));
    const error = await provider().createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoProviderError);
    expect(error).toMatchObject({ kind: "bad_request", retryable: false, status: 400 });
    expect((error as Error).message).toContain("exp must be in the future");
  });

  it("rejects an answer without a url", async () => {
    server.use(on("post", "/rooms", answer(200, { name: ROOM })));
    await expect(provider().createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt })).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("errors", () => {
  it.each([
    [401, errorBody("authorization-error", "Unauthorized"), "unauthorized", false],
    [403, errorBody("authorization-error", "Forbidden"), "unauthorized", false],
    [404, errorBody("not-found", "room not found"), "not_found", false],
    [429, errorBody("rate-limit-error", "Too many requests"), "rate_limited", true],
    [500, errorBody("server-error", "oops"), "unavailable", true],
    [503, {}, "unavailable", true],
  ] as const)("maps %i to %s (retryable %s)", async (status, body, kind, retryable) => {
    server.use(on("post", "/meeting-tokens", answer(status, body)));
    const error = await provider()
      .createMeetingToken({ roomName: ROOM, userName: "Ana", isOwner: false, expiresAt: endsAt })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoProviderError);
    expect(error).toMatchObject({ kind, retryable, status });
  });

  it("never puts the API key in an error message", async () => {
    server.use(on("post", "/rooms", answer(401, errorBody("authorization-error", "Unauthorized"))));
    const error = (await provider().createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt }).catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain(KEY);
  });

  it("retries a rate limit and an outage up to the configured number of times", async () => {
    const statuses = [429, 500];
    server.use(on("post", "/rooms", () => {
      const status = statuses.shift();
      return status ? HttpResponse.json({ error: "x" }, { status }) : HttpResponse.json(roomBody());
    }));
    const room = await provider({ retries: 2 }).createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt });
    expect(room.name).toBe(ROOM);
    expect(seen).toHaveLength(3);
  });

  it("gives up after the retries and reports the last answer", async () => {
    server.use(on("post", "/rooms", answer(500, errorBody("server-error", "down"))));
    await expect(provider({ retries: 1 }).createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt })).rejects.toMatchObject({
      kind: "unavailable",
      status: 500,
    });
    expect(seen).toHaveLength(2);
  });

  it("does not retry what a retry cannot fix", async () => {
    server.use(on("post", "/rooms", answer(401, errorBody("authorization-error", "Unauthorized"))));
    await expect(provider({ retries: 3 }).createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt })).rejects.toMatchObject({
      kind: "unauthorized",
    });
    expect(seen).toHaveLength(1);
  });

  it("turns a network failure into a retryable 'unavailable'", async () => {
    server.use(http.post(`${API}/rooms`, () => HttpResponse.error()));
    const error = await provider().createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", retryable: true, status: undefined });
  });

  it("gives up waiting after the configured timeout", async () => {
    server.use(http.post(`${API}/meeting-tokens`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return HttpResponse.json({ token: "late" });
    }));
    const error = await provider({ timeoutMs: 50 })
      .createMeetingToken({ roomName: ROOM, userName: "Ana", isOwner: false, expiresAt: endsAt })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect((error as Error).message).toMatch(/within 50 ms/);
  });
});

describe("updateRoomTimes", () => {
  it("moves the room's window to the new times", async () => {
    server.use(on("post", "/rooms/:name", answer(200, roomBody())));
    const newStart = new Date("2025-04-03T12:00:00.000Z");
    const newEnd = new Date("2025-04-03T13:00:00.000Z");

    await provider().updateRoomTimes(ROOM, { startsAt: newStart, endsAt: newEnd });

    expect(seen).toEqual([
      {
        method: "POST",
        path: `/v1/rooms/${ROOM}`,
        auth: `Bearer ${KEY}`,
        contentType: "application/json",
        body: { properties: { nbf: Date.parse("2025-04-03T11:45:00.000Z") / 1000, exp: Date.parse("2025-04-03T13:15:00.000Z") / 1000 } },
      },
    ]);
  });

  it("reports a missing room as not found", async () => {
    server.use(on("post", "/rooms/:name", answer(404, errorBody("not-found", "room not found"))));
    await expect(provider().updateRoomTimes(ROOM, { startsAt, endsAt })).rejects.toMatchObject({ kind: "not_found", retryable: false });
  });
});

describe("deleteRoom", () => {
  it("deletes the room", async () => {
    server.use(on("delete", "/rooms/:name", answer(200, { deleted: true, name: ROOM })));
    await provider().deleteRoom(ROOM);
    expect(seen).toEqual([{ method: "DELETE", path: `/v1/rooms/${ROOM}`, auth: `Bearer ${KEY}`, contentType: null, body: undefined }]);
  });

  it("counts a room that is already gone as deleted", async () => {
    server.use(on("delete", "/rooms/:name", answer(404, errorBody("not-found", "room not found"))));
    await expect(provider().deleteRoom(ROOM)).resolves.toBeUndefined();
  });

  it("reports other failures", async () => {
    server.use(on("delete", "/rooms/:name", answer(401, errorBody("authorization-error", "Unauthorized"))));
    await expect(provider().deleteRoom(ROOM)).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("escapes the name in the path", async () => {
    server.use(http.delete(`${API}/rooms/*`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ deleted: true });
    }));
    await provider().deleteRoom("a/b");
    expect(seen[0]!.path).toBe("/v1/rooms/a%2Fb");
  });
});

describe("createMeetingToken", () => {
  it("asks for a token scoped to the room, the person and the end of the window", async () => {
    server.use(on("post", "/meeting-tokens", answer(200, { token: "eyJhbGciOi.token" })));
    const expiresAt = new Date("2025-04-01T18:05:00.000Z");

    const token = await provider().createMeetingToken({ roomName: ROOM, userName: "Dra. Helena", isOwner: true, expiresAt });

    expect(token).toBe("eyJhbGciOi.token");
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/meeting-tokens", auth: `Bearer ${KEY}` });
    expect(seen[0]!.body).toEqual({
      properties: { room_name: ROOM, user_name: "Dra. Helena", is_owner: true, exp: EXP, eject_at_token_exp: true },
    });
  });

  it("rounds the expiry down to whole seconds", async () => {
    server.use(on("post", "/meeting-tokens", answer(200, { token: "t" })));
    await provider().createMeetingToken({ roomName: ROOM, userName: "Ana", isOwner: false, expiresAt: new Date(EXP * 1000 + 999) });
    expect((seen[0]!.body as { properties: { exp: number; is_owner: boolean } }).properties).toMatchObject({ exp: EXP, is_owner: false });
  });

  it("rejects an answer without a token", async () => {
    server.use(on("post", "/meeting-tokens", answer(200, {})));
    await expect(
      provider().createMeetingToken({ roomName: ROOM, userName: "Ana", isOwner: false, expiresAt: endsAt }),
    ).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("configuration", () => {
  it("accepts a base URL with a trailing slash", async () => {
    server.use(on("post", "/meeting-tokens", answer(200, { token: "t" })));
    await provider({ apiUrl: `${API}/` }).createMeetingToken({ roomName: ROOM, userName: "Ana", isOwner: false, expiresAt: endsAt });
    expect(seen[0]!.path).toBe("/v1/meeting-tokens");
  });
});
