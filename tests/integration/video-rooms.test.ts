import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { VideoProviderError, resetVideoProvider, type VideoProvider, type VideoRoomTimes } from "~/providers/video.server";
import { afterCancellation, afterConfirmation, afterReschedule } from "~/services/appointment-notifications.server";
import { createVideoRoom, ensureVideoRooms } from "~/services/video-rooms.server";
import { clearQueues, createAppointment, createPair, HOUR, MINUTE } from "#tests/helpers/appointments";
import { queuedJobs, runQueuedJobs } from "#tests/helpers/jobs";

/**
 * The room follows the appointment through retried jobs: an outage of the
 * video provider delays the room, never the confirmation.
 */

interface Call {
  method: "createRoom" | "updateRoomTimes" | "deleteRoom";
  arg: unknown;
}

/** A provider that fails as told, then behaves like Daily's idempotent room API. */
function fakeProvider(failures: VideoProviderError[] = []) {
  const calls: Call[] = [];
  const provider: VideoProvider = {
    name: "daily",
    async createRoom(input) {
      calls.push({ method: "createRoom", arg: input });
      const failure = failures.shift();
      if (failure) throw failure;
      return { name: `acolhe-${input.appointmentId}`, url: `https://acolhe.daily.co/acolhe-${input.appointmentId}` };
    },
    async updateRoomTimes(name: string, times: VideoRoomTimes) {
      calls.push({ method: "updateRoomTimes", arg: { name, ...times } });
    },
    async deleteRoom(name: string) {
      calls.push({ method: "deleteRoom", arg: name });
    },
    async createMeetingToken() {
      return "token";
    },
  };
  resetVideoProvider(provider);
  return calls;
}

const appointment = (id: string) => db.selectFrom("appointments").select(["status", "payment_status", "video_room_name", "video_room_url", "starts_at", "ends_at"]).where("id", "=", id).executeTakeFirstOrThrow();

async function confirmed() {
  const pair = await createPair();
  const startsAt = new Date(Math.ceil((Date.now() + 30 * HOUR) / MINUTE) * MINUTE);
  const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt });
  await db.transaction().execute((trx) => afterConfirmation(trx, id));
  return { id, startsAt, endsAt: new Date(startsAt.getTime() + 50 * MINUTE) };
}

beforeEach(() => clearQueues());
afterEach(() => resetVideoProvider());

describe("video.create-room", () => {
  it("retries a retryable failure with backoff; the confirmation stays; the room arrives", async () => {
    const calls = fakeProvider([new VideoProviderError("unavailable", "Daily answered 503", 503)]);
    const { id, startsAt, endsAt } = await confirmed();

    expect(await runQueuedJobs(["video.create-room"])).toBe(1);
    expect(await appointment(id)).toMatchObject({ status: "confirmed", payment_status: "paid", video_room_name: null, video_room_url: null });
    const [retry] = await queuedJobs("video.create-room");
    expect(retry).toMatchObject({ state: "retry", data: { appointmentId: id } });
    // Backoff: the retry waits.
    expect(retry!.startAfter.getTime()).toBeGreaterThan(Date.now());
    expect(await runQueuedJobs(["video.create-room"])).toBe(0);

    expect(await runQueuedJobs(["video.create-room"], { includeFuture: true })).toBe(1);
    expect(await appointment(id)).toMatchObject({ status: "confirmed", video_room_name: `acolhe-${id}`, video_room_url: `https://acolhe.daily.co/acolhe-${id}` });
    expect(calls.filter((call) => call.method === "createRoom").map((call) => call.arg)).toEqual([
      { appointmentId: id, startsAt, endsAt },
      { appointmentId: id, startsAt, endsAt },
    ]);
    expect(await queuedJobs("video.create-room")).toEqual([]);
  });

  it("is idempotent: a room already stored ends the job", async () => {
    const calls = fakeProvider();
    const { id } = await confirmed();
    expect(await createVideoRoom(id)).toBe("created");
    expect(await createVideoRoom(id)).toBe("exists");
    expect(calls.filter((call) => call.method === "createRoom")).toHaveLength(1);
  });

  it("does not retry what a retry cannot fix; the sweep queues it again later", async () => {
    fakeProvider([new VideoProviderError("unauthorized", "Daily answered 401", 401)]);
    const { id } = await confirmed();
    expect(await runQueuedJobs(["video.create-room"])).toBe(1);
    expect(await queuedJobs("video.create-room")).toEqual([]);
    expect(await appointment(id)).toMatchObject({ status: "confirmed", video_room_name: null });

    // Fixed configuration: the sweep finds the roomless appointment and queues its room once.
    expect(await ensureVideoRooms()).toBe(1);
    expect(await ensureVideoRooms()).toBe(0);
    expect(await runQueuedJobs(["video.create-room"])).toBe(1);
    expect((await appointment(id)).video_room_name).toBe(`acolhe-${id}`);
  });

  it("skips an appointment cancelled before its room was made", async () => {
    const calls = fakeProvider();
    const { id } = await confirmed();
    await db.updateTable("appointments").set({ status: "cancelled" }).where("id", "=", id).execute();
    expect(await createVideoRoom(id)).toBe("skipped");
    expect(calls).toEqual([]);
  });
});

describe("after a reschedule or a cancellation", () => {
  it("moves the room's window to the new time", async () => {
    const calls = fakeProvider();
    const { id, startsAt } = await confirmed();
    await runQueuedJobs(["video.create-room"]);
    const moved = new Date(startsAt.getTime() + 2 * HOUR);
    await db.updateTable("appointments").set({ starts_at: moved, ends_at: new Date(moved.getTime() + 50 * MINUTE), reschedule_count: 1 }).where("id", "=", id).execute();
    await db.transaction().execute((trx) => afterReschedule(trx, id));
    expect(await runQueuedJobs(["video.update-room"])).toBe(1);
    expect(calls.at(-1)).toEqual({ method: "updateRoomTimes", arg: { name: `acolhe-${id}`, startsAt: moved, endsAt: new Date(moved.getTime() + 50 * MINUTE) } });
  });

  it("deletes the room", async () => {
    const calls = fakeProvider();
    const { id } = await confirmed();
    await runQueuedJobs(["video.create-room"]);
    await db.updateTable("appointments").set({ status: "cancelled" }).where("id", "=", id).execute();
    await db.transaction().execute((trx) => afterCancellation(trx, id));
    expect(await runQueuedJobs(["video.delete-room"])).toBe(1);
    expect(calls.at(-1)).toEqual({ method: "deleteRoom", arg: `acolhe-${id}` });
    expect(await appointment(id)).toMatchObject({ video_room_name: null, video_room_url: null });
  });
});
