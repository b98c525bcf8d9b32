import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { getAppointmentForRoom, listConfirmedWithoutRoom, storeVideoRoom } from "~/models/appointment-lifecycle.server";
import { VideoProviderError, videoProvider } from "~/providers/video.server";
import { log } from "~/utils/logger.server";
import { enqueue, queue } from "./queue.server";

/**
 * Each confirmed appointment's private video room, made by retried jobs
 * after the confirmation commits: a video outage delays the room, never the
 * confirmation. Until the room exists the pages say 'Link da videochamada
 * será gerado automaticamente'. The room's life (nbf/exp) is the access
 * window; cancelling deletes it, rescheduling moves it.
 */

type Trx = Transaction<Database>;

export const roomJobKey = (appointmentId: string) => `room:${appointmentId}`;

export function enqueueRoomCreation(trx: Trx, appointmentId: string) {
  return enqueue("video.create-room", { appointmentId }, { singletonKey: roomJobKey(appointmentId) }, trx);
}

export function enqueueRoomMove(trx: Trx, appointmentId: string) {
  return enqueue("video.update-room", { appointmentId }, { singletonKey: roomJobKey(appointmentId) }, trx);
}

export function enqueueRoomDeletion(trx: Trx, roomName: string) {
  return enqueue("video.delete-room", { roomName }, {}, trx);
}

/** Retryable provider errors (outage, rate limit, timeout) are thrown, so pg-boss retries with backoff; the others need a fix, not a retry. */
function rethrowIfRetryable(error: unknown, context: Record<string, unknown>, message: string): void {
  if (error instanceof VideoProviderError && !error.retryable) {
    log().error({ err: error, ...context }, message);
    return;
  }
  throw error;
}

/**
 * The job: creates the room of a confirmed appointment and stores it.
 * Idempotent: a room already stored ends it, the provider returns the same
 * room for the same appointment, and a room made for an appointment that was
 * cancelled meanwhile is deleted again.
 */
export async function createVideoRoom(appointmentId: string): Promise<"created" | "exists" | "skipped" | "failed"> {
  const appointment = await getAppointmentForRoom(appointmentId);
  if (!appointment || appointment.status !== "confirmed") return "skipped";
  if (appointment.roomName && appointment.roomUrl) return "exists";

  const provider = videoProvider();
  let room;
  try {
    room = await provider.createRoom({ appointmentId, startsAt: appointment.startsAt, endsAt: appointment.endsAt });
  } catch (error) {
    rethrowIfRetryable(error, { appointmentId }, "video room could not be created; the sweep tries again");
    return "failed";
  }
  if (!(await storeVideoRoom(appointmentId, room))) {
    await provider.deleteRoom(room.name);
    return "skipped";
  }
  // A reschedule that landed while the room was being made: bring the window along.
  const now = await getAppointmentForRoom(appointmentId);
  if (now && (now.startsAt.getTime() !== appointment.startsAt.getTime() || now.endsAt.getTime() !== appointment.endsAt.getTime())) {
    await provider.updateRoomTimes(room.name, { startsAt: now.startsAt, endsAt: now.endsAt });
  }
  return "created";
}

/** The job after a reschedule: the room's window follows the new time (or the room is made now). */
export async function moveVideoRoom(appointmentId: string): Promise<void> {
  const appointment = await getAppointmentForRoom(appointmentId);
  if (!appointment || appointment.status !== "confirmed") return;
  if (!appointment.roomName) {
    await createVideoRoom(appointmentId);
    return;
  }
  try {
    await videoProvider().updateRoomTimes(appointment.roomName, { startsAt: appointment.startsAt, endsAt: appointment.endsAt });
  } catch (error) {
    rethrowIfRetryable(error, { appointmentId }, "video room times could not be updated");
  }
}

/** The job after a cancellation. A room that is already gone counts as deleted. */
export async function deleteVideoRoom(roomName: string): Promise<void> {
  try {
    await videoProvider().deleteRoom(roomName);
  } catch (error) {
    rethrowIfRetryable(error, { roomName }, "video room could not be deleted");
  }
}

/**
 * Every 10 minutes: confirmed appointments still without a room whose room
 * job is no longer waiting (retries used up, or a fixed configuration) get
 * a new one.
 */
export async function ensureVideoRooms(now = new Date()): Promise<number> {
  const ids = await listConfirmedWithoutRoom(now);
  if (ids.length === 0) return 0;
  const boss = await queue();
  let queued = 0;
  for (const appointmentId of ids) {
    const waiting = await boss.findJobs("video.create-room", { key: roomJobKey(appointmentId), queued: true });
    if (waiting.length > 0) continue;
    await enqueue("video.create-room", { appointmentId }, { singletonKey: roomJobKey(appointmentId) });
    queued += 1;
  }
  return queued;
}
