import { VIDEO_WINDOW_LEAD_MINUTES, VIDEO_WINDOW_TAIL_MINUTES } from "~/domain/video-access";
import {
  VideoProviderError,
  unixSeconds,
  videoRoomNameFor,
  type VideoProvider,
  type VideoProviderErrorKind,
  type VideoRoom,
  type VideoRoomTimes,
} from "./video.contract.server";
import { pingFailureFor } from "./ping.server";

/**
 * Daily's REST API (https://docs.daily.co/reference/rest-api) over fetch.
 * Rooms are private: only a meeting token we sign through Daily lets anyone
 * in, and the room itself only exists for the access window.
 */

export interface DailyConfig {
  apiKey: string;
  /** e.g. https://api.daily.co/v1 */
  apiUrl: string;
  timeoutMs: number;
  /** Extra attempts after a rate limit, an outage or a timeout. */
  retries: number;
  /** First pause between attempts, doubled each time. */
  retryDelayMs?: number;
}

interface DailyAnswer {
  status: number;
  body: unknown;
}

const MINUTE_MS = 60_000;

/** The room lives exactly as long as the spec's access window. */
function windowProperties({ startsAt, endsAt }: VideoRoomTimes) {
  return {
    nbf: unixSeconds(new Date(startsAt.getTime() - VIDEO_WINDOW_LEAD_MINUTES * MINUTE_MS)),
    exp: unixSeconds(new Date(endsAt.getTime() + VIDEO_WINDOW_TAIL_MINUTES * MINUTE_MS)),
  };
}

function roomProperties(times: VideoRoomTimes) {
  return {
    ...windowProperties(times),
    eject_at_room_exp: true,
    max_participants: 2,
    enable_screenshare: true,
    // The call page's chat travels as app messages; Daily's own chat UI stays off.
    enable_chat: false,
    start_video_off: false,
  };
}

function field(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function kindOf(status: number): VideoProviderErrorKind {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "bad_request";
}

const isRetryableStatus = (status: number) => status === 429 || status >= 500;

export function createDailyVideoProvider(config: DailyConfig): VideoProvider {
  const baseUrl = config.apiUrl.replace(/\/+$/, "");
  const retryDelayMs = config.retryDelayMs ?? 500;

  async function send(method: string, path: string, payload?: unknown, timeoutMs = config.timeoutMs): Promise<DailyAnswer> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
      const message = timedOut ? `Daily did not answer within ${timeoutMs} ms` : "Daily could not be reached";
      throw new VideoProviderError("unavailable", `${message} (${method} ${path})`, undefined, { cause });
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: response.status, body };
  }

  /** Rate limits, outages and timeouts are tried again; every call here is safe to repeat. */
  async function sendWithRetries(method: string, path: string, payload?: unknown): Promise<DailyAnswer> {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= config.retries;
      try {
        const answer = await send(method, path, payload);
        if (last || !isRetryableStatus(answer.status)) return answer;
      } catch (error) {
        if (last) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** attempt));
    }
  }

  function failure(method: string, path: string, answer: DailyAnswer): VideoProviderError {
    const info = field(answer.body, "info") ?? field(answer.body, "error") ?? "";
    return new VideoProviderError(kindOf(answer.status), `Daily ${method} ${path} answered ${answer.status} ${String(info)}`.trim(), answer.status);
  }

  async function call(method: string, path: string, payload?: unknown): Promise<unknown> {
    const answer = await sendWithRetries(method, path, payload);
    if (answer.status < 200 || answer.status >= 300) throw failure(method, path, answer);
    return answer.body;
  }

  function toRoom(body: unknown): VideoRoom {
    const name = field(body, "name");
    const url = field(body, "url");
    if (typeof name !== "string" || typeof url !== "string") {
      throw new VideoProviderError("unavailable", "Daily answered without a room name and url");
    }
    return { name, url };
  }

  const roomPath = (name: string) => `/rooms/${encodeURIComponent(name)}`;

  return {
    name: "daily",

    async createRoom({ appointmentId, ...times }) {
      const name = videoRoomNameFor(appointmentId);
      const properties = roomProperties(times);
      const answer = await sendWithRetries("POST", "/rooms", { name, privacy: "private", properties });
      if (answer.status >= 200 && answer.status < 300) return toRoom(answer.body);

      // A retried job finds its room already made: bring it in line and return it.
      const info = field(answer.body, "info");
      if (answer.status === 400 && typeof info === "string" && /already exists/i.test(info)) {
        return toRoom(await call("POST", roomPath(name), { privacy: "private", properties }));
      }
      throw failure("POST", "/rooms", answer);
    },

    async updateRoomTimes(name, times) {
      await call("POST", roomPath(name), { properties: windowProperties(times) });
    },

    async deleteRoom(name) {
      const answer = await sendWithRetries("DELETE", roomPath(name));
      if (answer.status === 404 || (answer.status >= 200 && answer.status < 300)) return;
      throw failure("DELETE", roomPath(name), answer);
    },

    async createMeetingToken({ roomName, userName, isOwner, expiresAt }) {
      const body = await call("POST", "/meeting-tokens", {
        properties: {
          room_name: roomName,
          user_name: userName,
          is_owner: isOwner,
          exp: unixSeconds(expiresAt),
          eject_at_token_exp: true,
        },
      });
      const token = field(body, "token");
      if (typeof token !== "string" || token === "") {
        throw new VideoProviderError("unavailable", "Daily answered without a meeting token");
      }
      return token;
    },

    /** GET /rooms?limit=1: cheap, and refused without a valid API key. Never retried. */
    async ping({ timeoutMs }) {
      try {
        const answer = await send("GET", "/rooms?limit=1", undefined, timeoutMs);
        if (answer.status >= 200 && answer.status < 300) return { ok: true };
        return { ok: false, failure: pingFailureFor(answer.status), status: answer.status };
      } catch {
        return { ok: false, failure: "unreachable" };
      }
    },
  };
}
