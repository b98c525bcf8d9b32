import { deleteExpiredSessions } from "~/models/session.server";
import { log, logger, withRequestLogger } from "~/utils/logger.server";
import { sendPasswordReset } from "./accounts.server";
import { completeDueAppointments } from "./appointment-completion.server";
import { sendAppointmentReminder } from "./appointment-notifications.server";
import { releaseExpiredHolds } from "./booking.server";
import { refundCancellation } from "./cancellation.server";
import { expireDueRescheduleRequests } from "./reschedule.server";
import { deliverMail } from "./mail.server";
import { purgeStaleAccountData } from "./maintenance.server";
import { processPaymentNotification } from "./payment-confirmation.server";
import { queue, QUEUES, type JobName, type JobPayloads } from "./queue.server";
import { createVideoRoom, deleteVideoRoom, ensureVideoRooms, moveVideoRoom } from "./video-rooms.server";

type Handlers = { [N in JobName]: (data: JobPayloads[N]) => Promise<unknown> };

/** What each job does. A handler must be safe to run twice: pg-boss retries. */
export const JOB_HANDLERS: Handlers = {
  "sessions.purge-expired": () => deleteExpiredSessions(),
  "accounts.purge-stale": () => purgeStaleAccountData(),
  "accounts.password-reset": ({ email }) => sendPasswordReset(email),
  "mail.deliver": ({ mailId }) => deliverMail(mailId),
  "payments.process-notification": (data) => processPaymentNotification(data),
  "payments.refund-cancellation": (data) => refundCancellation(data),
  "appointments.release-expired-holds": () => releaseExpiredHolds(),
  "video.create-room": ({ appointmentId }) => createVideoRoom(appointmentId),
  "video.update-room": ({ appointmentId }) => moveVideoRoom(appointmentId),
  "video.delete-room": ({ roomName }) => deleteVideoRoom(roomName),
  "video.ensure-rooms": () => ensureVideoRooms(),
  "appointments.reminder": (data) => sendAppointmentReminder(data),
  "appointments.complete-due": () => completeDueAppointments(),
  "appointments.expire-reschedules": () => expireDueRescheduleRequests(),
};

/** Recurring jobs (cron, in Brasília time). */
const SCHEDULES: Partial<Record<JobName, string>> = {
  "sessions.purge-expired": "17 * * * *",
  "accounts.purge-stale": "43 3 * * *",
  "appointments.release-expired-holds": "* * * * *",
  "appointments.complete-due": "*/5 * * * *",
  "video.ensure-rooms": "*/10 * * * *",
  "appointments.expire-reschedules": "*/10 * * * *",
};

export async function runJob<N extends JobName>(name: N, data: JobPayloads[N], jobId = "inline") {
  return withRequestLogger(logger.child({ job: name, jobId }), async () => {
    const started = Date.now();
    try {
      const result = await JOB_HANDLERS[name](data);
      log().info({ ms: Date.now() - started }, "job done");
      return result;
    } catch (error) {
      log().error({ err: error, ms: Date.now() - started }, "job failed");
      throw error;
    }
  });
}

/**
 * Works one queue, one job at a time: pg-boss completes or fails a whole
 * batch with its handler, so a batch of several would retry (or lose) every
 * job of it for one job's failure.
 */
export async function workQueue(name: JobName, boss?: Awaited<ReturnType<typeof queue>>): Promise<string> {
  const worker = boss ?? (await queue());
  return worker.work(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await runJob(name, job.data as never, job.id);
  });
}

/** Starts working every queue in this process: the web process by default, or `worker` alone. */
export async function startWorker() {
  const boss = await queue({ maintenance: true });
  for (const name of Object.keys(QUEUES) as JobName[]) await workQueue(name, boss);
  for (const [name, cron] of Object.entries(SCHEDULES)) {
    await boss.schedule(name, cron, {}, { tz: "America/Sao_Paulo" });
  }
  logger.info({ queues: Object.keys(QUEUES) }, "worker started");
}
