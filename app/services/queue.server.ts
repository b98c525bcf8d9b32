import type { Kysely, Transaction } from "kysely";
import { fromKysely, PgBoss, type QueueOptions, type SendOptions } from "pg-boss";
import type { Database } from "#db/types";
import { getPool } from "~/models/db.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/**
 * The job queue: pg-boss on the application's own Postgres. On PostgreSQL it
 * has a small pool of its own; on the embedded PGlite it shares the one
 * connection through Kysely (docs/decisions/005-jobs-on-pg-boss.md).
 *
 * Every job a feature sends is declared here with its payload, so senders
 * and workers agree on the shape.
 */
export interface JobPayloads {
  "sessions.purge-expired": Record<string, never>;
  "accounts.purge-stale": Record<string, never>;
  "accounts.password-reset": { email: string };
  "mail.deliver": { mailId: string };
  "payments.process-notification": { notificationId?: number; paymentId: string };
  "payments.refund-cancellation": { appointmentId: string };
  "appointments.release-expired-holds": Record<string, never>;
  "video.create-room": { appointmentId: string };
  "video.update-room": { appointmentId: string };
  "video.delete-room": { roomName: string };
  "video.ensure-rooms": Record<string, never>;
  "appointments.reminder": { appointmentId: string; kind: "24h" | "1h"; startsAt: string };
  "appointments.complete-due": Record<string, never>;
  "appointments.expire-reschedules": Record<string, never>;
}

export type JobName = keyof JobPayloads;

/** Retry and retention per queue; created (idempotently) by every process that starts the queue. */
export const QUEUES: { [N in JobName]: QueueOptions } = {
  "sessions.purge-expired": { retryLimit: 1 },
  "accounts.purge-stale": { retryLimit: 1 },
  // Carries an address typed into the forgot-password form: gone soon after it ran.
  "accounts.password-reset": { retryLimit: 3, retryDelay: 30, retryBackoff: true, deleteAfterSeconds: 60 * 60 },
  // About an hour of retries with backoff: an SMTP outage does not lose mail.
  "mail.deliver": { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 900 },
  // The gateway may be briefly down: retry for about an hour; handlers converge however often they run.
  "payments.process-notification": { retryLimit: 10, retryDelay: 15, retryBackoff: true, retryDelayMax: 900 },
  // A refused or unanswered refund is tried again for about a day, with the same idempotency key.
  "payments.refund-cancellation": { retryLimit: 20, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600 },
  "appointments.release-expired-holds": { retryLimit: 1 },
  // A video outage never loses a confirmation: hours of retries with backoff, then the sweep (video.ensure-rooms).
  "video.create-room": { retryLimit: 12, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  "video.update-room": { retryLimit: 12, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  "video.delete-room": { retryLimit: 8, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600 },
  "video.ensure-rooms": { retryLimit: 1 },
  // Reminders wait (startAfter) up to weeks: keep them queued long enough.
  "appointments.reminder": { retryLimit: 5, retryDelay: 30, retryBackoff: true, retentionSeconds: 60 * 60 * 24 * 120 },
  "appointments.complete-due": { retryLimit: 1 },
  "appointments.expire-reschedules": { retryLimit: 1 },
};

export const QUEUE_SCHEMA = "pgboss";

let started: Promise<PgBoss> | undefined;

async function startQueue(options: { maintenance: boolean }): Promise<PgBoss> {
  const config = env();
  const shared = {
    schema: QUEUE_SCHEMA,
    // Maintenance and cron belong to the processes that work jobs.
    supervise: options.maintenance,
    schedule: options.maintenance,
    registerInstance: options.maintenance,
  };
  const boss = config.DATABASE_URL
    ? new PgBoss({ ...shared, connectionString: config.DATABASE_URL, max: 4, application_name: "acolhe-jobs" })
    : // Through the shared pool, so its statements queue behind the app's transactions;
      // raw pg returns every statement's rows of a multi-statement query, as pg-boss needs.
      new PgBoss({ ...shared, db: { executeSql: async (text, values) => (await getPool()).query(text, values) }, backend: "pglite" });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  for (const [name, queueOptions] of Object.entries(QUEUES)) await boss.createQueue(name, queueOptions);
  return boss;
}

/**
 * The started queue of this process. The first caller decides whether this
 * process also runs maintenance (the worker) or only sends jobs (web, tests).
 */
export function queue(options: { maintenance: boolean } = { maintenance: false }): Promise<PgBoss> {
  started ??= startQueue(options);
  return started;
}

/**
 * Sends a job. Given a transaction, the job is written in it: it exists if
 * and only if the change that caused it commits.
 */
export async function enqueue<N extends JobName>(
  name: N,
  data: JobPayloads[N],
  options: SendOptions = {},
  trx?: Transaction<Database> | Kysely<Database>,
): Promise<string | null> {
  const boss = await queue();
  return boss.send(name, data, trx ? { ...options, db: fromKysely(trx) } : options);
}

export async function stopQueue() {
  const boss = await started;
  started = undefined;
  await boss?.stop({ graceful: true, timeout: 10_000 });
}
