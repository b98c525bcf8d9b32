/**
 * What the app needs from a video service, shared by the implementations.
 * Import it through `~/providers/video.server`; it lives apart only so the
 * implementations do not import the factory that imports them.
 */
import type { PingOptions, PingResult } from "./ping.server";

export interface VideoRoom {
  name: string;
  /** The address the call page joins. */
  url: string;
}

export interface VideoRoomTimes {
  startsAt: Date;
  endsAt: Date;
}

export interface MeetingTokenInput {
  roomName: string;
  userName: string;
  /** The psychologist owns the room; the patient joins as a guest. */
  isOwner: boolean;
  expiresAt: Date;
}

export interface VideoProvider {
  readonly name: "daily" | "local";
  /** Idempotent: creating the room of an appointment again returns the same room. */
  createRoom(input: { appointmentId: string } & VideoRoomTimes): Promise<VideoRoom>;
  updateRoomTimes(name: string, times: VideoRoomTimes): Promise<void>;
  /** A room that no longer exists counts as deleted. */
  deleteRoom(name: string): Promise<void>;
  createMeetingToken(input: MeetingTokenInput): Promise<string>;
  /** A cheap authenticated call for 'Saúde do sistema'; absent on providers that need no network (local). */
  ping?(options: PingOptions): Promise<PingResult>;
}

export type VideoProviderErrorKind = "unauthorized" | "not_found" | "rate_limited" | "bad_request" | "unavailable";

export class VideoProviderError extends Error {
  /** Worth trying again later (rate limit, outage, timeout); the others need a fix first. */
  readonly retryable: boolean;

  constructor(
    readonly kind: VideoProviderErrorKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "VideoProviderError";
    this.retryable = kind === "rate_limited" || kind === "unavailable";
  }
}

/**
 * One room per appointment, named after it, so a retried job finds the room
 * it already made. Daily allows letters, digits, '-' and '_', up to 128 chars.
 */
export function videoRoomNameFor(appointmentId: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(appointmentId)) throw new Error(`Invalid appointment id for a room name: ${appointmentId}`);
  return `acolhe-${appointmentId.toLowerCase()}`;
}

/** Daily's room properties count whole seconds since the epoch. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
