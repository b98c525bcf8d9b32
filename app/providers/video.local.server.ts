import { createHmac, timingSafeEqual } from "node:crypto";
import { unixSeconds, videoRoomNameFor, type VideoProvider } from "./video.contract.server";

/**
 * Development video: no network. The "room" is the appointment's own call
 * page, which shows a clearly labelled local mode; the meeting token is a
 * short string signed with the session secret so that page can still check
 * who was let in and until when.
 */

export interface LocalVideoConfig {
  appUrl: string;
  secret: string;
}

export interface LocalMeetingToken {
  roomName: string;
  userName: string;
  isOwner: boolean;
  expiresAt: Date;
}

const PREFIX = "local";
// Keeps these signatures from ever matching another use of the same secret.
const PURPOSE = "acolhe:local-video-token:";

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(PURPOSE + payload).digest("base64url");
}

export function createLocalVideoProvider(config: LocalVideoConfig): VideoProvider {
  const appUrl = config.appUrl.replace(/\/+$/, "");
  return {
    name: "local",

    async createRoom({ appointmentId }) {
      return {
        name: videoRoomNameFor(appointmentId),
        url: `${appUrl}/appointment/videocall/${encodeURIComponent(appointmentId)}`,
      };
    },

    // The local room has no life of its own: the access window is enforced by the page.
    async updateRoomTimes() {},
    async deleteRoom() {},

    async createMeetingToken({ roomName, userName, isOwner, expiresAt }) {
      const payload = Buffer.from(
        JSON.stringify({ r: roomName, u: userName, o: isOwner, e: unixSeconds(expiresAt) }),
      ).toString("base64url");
      return `${PREFIX}.${payload}.${sign(payload, config.secret)}`;
    },
  };
}

/** The token's content when its signature is ours and it has not expired; otherwise null. */
export function verifyLocalMeetingToken(token: string, secret: string, now: Date): LocalMeetingToken | null {
  const [prefix, payload, signature, ...rest] = token.split(".");
  if (prefix !== PREFIX || !payload || !signature || rest.length > 0) return null;

  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;

  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { r, u, o, e } = (data ?? {}) as Record<string, unknown>;
  if (typeof r !== "string" || typeof u !== "string" || typeof o !== "boolean" || typeof e !== "number") return null;
  if (unixSeconds(now) >= e) return null;
  return { roomName: r, userName: u, isOwner: o, expiresAt: new Date(e * 1000) };
}
