import {
  checkVideoAccess,
  nextRecheckDelay,
  secondsUntilOpen,
  type VideoAccessReason,
  type VideoViewerRole,
} from "~/domain/video-access";
import { DASHBOARD_BY_ROLE } from "~/domain/roles";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { getVideoCallAppointment } from "~/models/video-call.server";
import { videoProvider } from "~/providers/video.server";
import { log } from "~/utils/logger.server";
import { shortTimeAndDate, whenLabel } from "~/utils/zoned-time";
import type { SessionUser } from "./session.server";

/**
 * The video call page's server half: the spec's access checks in order, and
 * on success a short-lived meeting token minted for this person (the
 * psychologist owns the room). The provider's API key never leaves the server.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeniedView {
  kind: "denied";
  reason: VideoAccessReason;
  /** The spec's message, in the viewer's language (and zone, for 'too_early'). */
  message: string;
  dashboardUrl: string;
  /** Seconds until the room opens (too_early only). */
  secondsUntilOpen: number | null;
  /** When the page should look again (too_early, no_room); null when waiting changes nothing. */
  recheckInMs: number | null;
}

export interface AllowedView {
  kind: "allowed";
  appointmentId: string;
  provider: "daily" | "local";
  roomUrl: string;
  token: string;
  viewerRole: VideoViewerRole;
  selfName: string;
  counterpartName: string;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  /** The zone's name when the viewer's zone differs from the psychologist's. */
  zone: string | null;
  dashboardUrl: string;
  /** A psychologist may mark the patient absent once the appointment has started. */
  canMarkNoShow: boolean;
}

export interface FailedView {
  kind: "failed";
  message: string;
  dashboardUrl: string;
}

export type VideoCallView = DeniedView | AllowedView | FailedView;

const ROOM_RECHECK_MS = 60_000;

export async function videoCallView(input: {
  user: SessionUser;
  appointmentId: string | undefined;
  now: Date;
  locale: Locale;
  timeZone: string;
}): Promise<VideoCallView> {
  const { user, appointmentId, now, locale, timeZone } = input;
  const t = getFixedT(locale, "video");
  const dashboardUrl = DASHBOARD_BY_ROLE[user.role];
  const row = appointmentId && UUID.test(appointmentId) ? await getVideoCallAppointment(appointmentId) : undefined;

  const result = checkVideoAccess({
    viewerUserId: user.id,
    appointmentId,
    appointment: row
      ? {
          patientId: row.patientId,
          psychologistUserId: row.psychologistUserId,
          status: row.status,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          videoRoomName: row.videoRoomName,
          videoRoomUrl: row.videoRoomUrl,
        }
      : null,
    now,
  });

  if (!result.allowed) {
    if (result.reason === "too_early") {
      const opening = shortTimeAndDate(result.opensAt, locale, timeZone);
      return {
        kind: "denied",
        reason: result.reason,
        message: t("reasons.too_early", { time: opening?.time, date: opening?.date }),
        dashboardUrl,
        secondsUntilOpen: secondsUntilOpen(now, row!.startsAt),
        recheckInMs: nextRecheckDelay(now, row!.startsAt, row!.endsAt),
      };
    }
    return {
      kind: "denied",
      reason: result.reason,
      message: t(`reasons.${result.reason}`),
      dashboardUrl,
      secondsUntilOpen: null,
      // The room is being made by a job: look again shortly.
      recheckInMs: result.reason === "no_room" ? ROOM_RECHECK_MS : null,
    };
  }

  const appointment = row!;
  const patientName = [appointment.patientFirstName, appointment.patientLastName].map((part) => part?.trim() ?? "").filter(Boolean).join(" ");
  const viewerIsPsychologist = result.viewerRole === "psychologist";
  const selfName = viewerIsPsychologist ? appointment.psychologistName : patientName || user.email;
  const counterpartName = viewerIsPsychologist ? patientName || t("roles.patient") : appointment.psychologistName;

  const provider = videoProvider();
  let token: string;
  try {
    token = await provider.createMeetingToken({
      roomName: result.roomName,
      userName: selfName,
      isOwner: viewerIsPsychologist,
      // Valid while the room is: the call page is the only way in, and the room closes then.
      expiresAt: result.window.closesAt,
    });
  } catch (error) {
    log().error({ err: error, appointmentId }, "meeting token could not be created");
    return { kind: "failed", message: t("errors.load"), dashboardUrl };
  }

  const start = whenLabel(appointment.startsAt, locale, timeZone, appointment.psychologistZone);
  const end = whenLabel(appointment.endsAt, locale, timeZone, appointment.psychologistZone);
  return {
    kind: "allowed",
    appointmentId: appointment.id,
    provider: provider.name,
    roomUrl: result.roomUrl,
    token,
    viewerRole: result.viewerRole,
    selfName,
    counterpartName,
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    zone: start.zone,
    dashboardUrl,
    canMarkNoShow: viewerIsPsychologist && now.getTime() >= appointment.startsAt.getTime(),
  };
}
