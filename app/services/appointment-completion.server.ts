import { canTransition } from "~/domain/appointment-status";
import { VIDEO_WINDOW_TAIL_MINUTES } from "~/domain/video-access";
import { completeConfirmedEndedBefore, getPsychologistAppointment, setNoShow } from "~/models/appointment-lifecycle.server";
import { log } from "~/utils/logger.server";

/**
 * How a confirmed appointment ends: completed by the clock once its video
 * window has closed (end + 15 min, so no one is pushed out of a running
 * call), or marked no-show by its psychologist once it has started.
 */

/** The cron job (every 5 minutes). Returns the appointments it completed. */
export async function completeDueAppointments(now = new Date()): Promise<string[]> {
  // completableAfter(endsAt) < now  ⇔  endsAt < now − 15 min.
  const endedBefore = new Date(now.getTime() - VIDEO_WINDOW_TAIL_MINUTES * 60_000);
  const ids = await completeConfirmedEndedBefore(endedBefore);
  if (ids.length > 0) log().info({ count: ids.length }, "appointments completed");
  return ids;
}

export type NoShowResult = "marked" | "not_found" | "not_allowed";

/** A psychologist marks one of their own confirmed appointments no-show, from its start on. */
export async function markNoShow(psychologistUserId: string, appointmentId: string, now = new Date()): Promise<NoShowResult> {
  const appointment = await getPsychologistAppointment(psychologistUserId, appointmentId);
  if (!appointment) return "not_found";
  const event = { type: "mark_no_show", by: "psychologist", now, startsAt: appointment.startsAt } as const;
  if (!canTransition(appointment.status, event)) return "not_allowed";
  return (await setNoShow(appointmentId)) ? "marked" : "not_allowed";
}
