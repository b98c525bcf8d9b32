import type { AppointmentStatus } from "./appointment-status";

/**
 * Who may enter an appointment's video call and when (spec 01, sections 4
 * and 5). Pure: the caller loads the appointment and passes the clock.
 */

/** The room opens this long before the start... */
export const VIDEO_WINDOW_LEAD_MINUTES = 15;
/** ...and closes this long after the end (start plus duration). */
export const VIDEO_WINDOW_TAIL_MINUTES = 15;
/** The waiting screen re-checks at least this often. */
export const VIDEO_RECHECK_INTERVAL_MS = 60_000;

const MINUTE_MS = 60_000;

export interface VideoWindow {
  opensAt: Date;
  startsAt: Date;
  endsAt: Date;
  closesAt: Date;
}

export function videoWindow(startsAt: Date, endsAt: Date): VideoWindow {
  return {
    opensAt: new Date(startsAt.getTime() - VIDEO_WINDOW_LEAD_MINUTES * MINUTE_MS),
    startsAt,
    endsAt,
    closesAt: new Date(endsAt.getTime() + VIDEO_WINDOW_TAIL_MINUTES * MINUTE_MS),
  };
}

/**
 * early: more than 15 min before the start (waiting, countdown);
 * available: from 15 min before until the start;
 * in_progress: from the start until 15 min after the end, both ends included;
 * expired: after that.
 */
export type VideoWindowPhase = "early" | "available" | "in_progress" | "expired";

export function videoWindowPhase(now: Date, startsAt: Date, endsAt: Date): VideoWindowPhase {
  const window = videoWindow(startsAt, endsAt);
  const t = now.getTime();
  if (t < window.opensAt.getTime()) return "early";
  if (t < startsAt.getTime()) return "available";
  if (t <= window.closesAt.getTime()) return "in_progress";
  return "expired";
}

/** Whole seconds left until the room opens (rounded up, so the countdown never shows 0 too soon); 0 once open. */
export function secondsUntilOpen(now: Date, startsAt: Date): number {
  const opensAt = startsAt.getTime() - VIDEO_WINDOW_LEAD_MINUTES * MINUTE_MS;
  return Math.max(0, Math.ceil((opensAt - now.getTime()) / 1000));
}

/**
 * Milliseconds until the page should check again: the spec's 60 s, or sooner
 * when the phase changes before that. Null once expired: nothing left to wait for.
 */
export function nextRecheckDelay(now: Date, startsAt: Date, endsAt: Date): number | null {
  const window = videoWindow(startsAt, endsAt);
  const t = now.getTime();
  let untilChange: number;
  switch (videoWindowPhase(now, startsAt, endsAt)) {
    case "early":
      untilChange = window.opensAt.getTime() - t;
      break;
    case "available":
      untilChange = startsAt.getTime() - t;
      break;
    case "in_progress":
      // The window includes closesAt itself; it expires one millisecond later.
      untilChange = window.closesAt.getTime() - t + 1;
      break;
    case "expired":
      return null;
  }
  return Math.min(VIDEO_RECHECK_INTERVAL_MS, untilChange);
}

// ---------------------------------------------------------------------------
// Access checks

export type VideoAccessReason =
  | "not_authenticated"
  | "not_found"
  | "forbidden"
  | "not_confirmed"
  | "no_room"
  | "too_early"
  | "expired";

export interface VideoAccessAppointment {
  patientId: string;
  /** The user behind the appointment's psychologist; null when that account is gone. */
  psychologistUserId: string | null;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  videoRoomName: string | null;
  videoRoomUrl: string | null;
}

export interface VideoAccessInput {
  viewerUserId: string | null | undefined;
  appointmentId: string | null | undefined;
  /** The appointment loaded by id; null or undefined when none was found. */
  appointment: VideoAccessAppointment | null | undefined;
  now: Date;
}

export type VideoViewerRole = "patient" | "psychologist";

export type VideoAccessDenied =
  | { allowed: false; reason: "too_early"; opensAt: Date }
  | { allowed: false; reason: Exclude<VideoAccessReason, "too_early"> };

export type VideoAccessResult =
  | { allowed: true; window: VideoWindow; viewerRole: VideoViewerRole; roomName: string; roomUrl: string }
  | VideoAccessDenied;

/** The spec's checks, in the spec's order: the first that fails gives the reason. */
export function checkVideoAccess(input: VideoAccessInput): VideoAccessResult {
  const { viewerUserId, appointmentId, appointment, now } = input;
  if (!viewerUserId || !appointmentId) return { allowed: false, reason: "not_authenticated" };
  if (!appointment) return { allowed: false, reason: "not_found" };

  const viewerRole = roleOf(viewerUserId, appointment);
  if (!viewerRole) return { allowed: false, reason: "forbidden" };
  if (appointment.status !== "confirmed") return { allowed: false, reason: "not_confirmed" };

  const roomName = appointment.videoRoomName?.trim();
  const roomUrl = appointment.videoRoomUrl?.trim();
  if (!roomName || !roomUrl) return { allowed: false, reason: "no_room" };

  const window = videoWindow(appointment.startsAt, appointment.endsAt);
  if (now.getTime() < window.opensAt.getTime()) return { allowed: false, reason: "too_early", opensAt: window.opensAt };
  if (now.getTime() > window.closesAt.getTime()) return { allowed: false, reason: "expired" };

  return { allowed: true, window, viewerRole, roomName, roomUrl };
}

function roleOf(viewerUserId: string, appointment: VideoAccessAppointment): VideoViewerRole | null {
  // The psychologist side wins if both match: only the psychologist can run the room as owner.
  if (appointment.psychologistUserId !== null && viewerUserId === appointment.psychologistUserId) return "psychologist";
  if (viewerUserId === appointment.patientId) return "patient";
  return null;
}

// ---------------------------------------------------------------------------
// Dashboard card hint (spec 01, section 4)

export type VideoCardState = "not_confirmed" | "no_link" | VideoWindowPhase;

/** The dashboard card's join state, before anyone opens the call page. */
export function videoCardState(
  appointment: Pick<VideoAccessAppointment, "status" | "startsAt" | "endsAt" | "videoRoomUrl">,
  now: Date,
): VideoCardState {
  if (appointment.status !== "confirmed") return "not_confirmed";
  if (!appointment.videoRoomUrl?.trim()) return "no_link";
  return videoWindowPhase(now, appointment.startsAt, appointment.endsAt);
}

/**
 * The card's join state as time passes in the browser, without a reload:
 * the state at `clientNow` read on the server's clock, and when to look
 * again (the spec's 60 s, sooner at a phase change; null: nothing left to
 * change). `offsetMs` is the server's clock minus the browser's, measured when
 * the page's data arrived: a phone's clock may be minutes off, and measuring
 * after the delivery makes the card open a moment late, never before the
 * server lets the patient in.
 */
export function liveVideoCardState(
  card: { state: VideoCardState; startsAt: Date; endsAt: Date },
  clientNow: number,
  offsetMs: number,
): { state: VideoCardState; recheckInMs: number | null } {
  if (card.state === "not_confirmed" || card.state === "no_link") return { state: card.state, recheckInMs: null };
  const now = new Date(clientNow + offsetMs);
  return { state: videoWindowPhase(now, card.startsAt, card.endsAt), recheckInMs: nextRecheckDelay(now, card.startsAt, card.endsAt) };
}
