import { sql } from "kysely";
import { db } from "./db.server";

/**
 * The read-only queries behind 'Saúde do sistema': counts and ages only,
 * never a row's content.
 */

/** One trivial round trip to the database. */
export async function databaseRoundTrip(): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Sessions that have not expired, everyone's: proves the session store answers. */
export async function countActiveSessions(now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .where("expires_at", ">", now)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface OutboxStats {
  pending: number;
  /** When the oldest message still waiting was written; null when none waits. */
  oldestPendingAt: Date | null;
  /** Messages given up on, among those written since `since`. */
  failedSince: number;
}

export async function outboxStats(since: Date): Promise<OutboxStats> {
  const { rows } = await sql<{ pending: string; oldest_pending_at: Date | string | null; failed_since: string }>`
    select
      count(*) filter (where status = 'pending') as pending,
      min(created_at) filter (where status = 'pending') as oldest_pending_at,
      count(*) filter (where status = 'failed' and created_at >= ${since}) as failed_since
    from mail_outbox`.execute(db);
  const row = rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingAt: row?.oldest_pending_at ? new Date(row.oldest_pending_at) : null,
    failedSince: Number(row?.failed_since ?? 0),
  };
}

export interface JobQueueStats {
  /** Jobs due now and not yet picked up (created or waiting to retry). */
  ready: number;
  /** When the longest-waiting ready job became due; null when none waits. */
  oldestReadyAt: Date | null;
  /** Jobs that failed for good since `since`. */
  failedSince: number;
  /** Jobs picked up before `stuckBefore` and still active: their worker is gone or hung. */
  stuck: number;
}

/**
 * Read straight from pg-boss's job table: its own counters (getQueues) are
 * cached for up to an hour, and a health check has to see now.
 */
export async function jobQueueStats(schema: string, options: { since: Date; now: Date; stuckBefore: Date }): Promise<JobQueueStats> {
  const { rows } = await sql<{ ready: string; oldest_ready_at: Date | string | null; failed_since: string; stuck: string }>`
    select
      count(*) filter (where state in ('created', 'retry') and start_after <= ${options.now}) as ready,
      min(start_after) filter (where state in ('created', 'retry') and start_after <= ${options.now}) as oldest_ready_at,
      count(*) filter (where state = 'failed' and completed_on >= ${options.since}) as failed_since,
      count(*) filter (where state = 'active' and started_on < ${options.stuckBefore}) as stuck
    from ${sql.table(`${schema}.job`)}`.execute(db);
  const row = rows[0];
  return {
    ready: Number(row?.ready ?? 0),
    oldestReadyAt: row?.oldest_ready_at ? new Date(row.oldest_ready_at) : null,
    failedSince: Number(row?.failed_since ?? 0),
    stuck: Number(row?.stuck ?? 0),
  };
}
