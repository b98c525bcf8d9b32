import { sql } from "kysely";
import type { PeriodWindow } from "~/domain/practice-period";
import { db } from "./db.server";

/**
 * The overview's four cards (spec 02, 'Overview'), one SQL statement each,
 * for the signed-in psychologist only. Appointments count by their start;
 * the rating by when the evaluation was given.
 */

interface Scope {
  psychologistId: string;
  window: PeriodWindow;
  now: Date;
}

/** Consultations of the period: all but cancelled ones and holds whose checkout expired. */
export async function countConsultations({ psychologistId, window, now }: Scope) {
  const row = await db
    .selectFrom("appointments as a")
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.starts_at", ">=", window.start)
    .where("a.starts_at", "<", window.end)
    .select([
      sql<number>`count(*) filter (where a.status <> 'cancelled' and (a.status <> 'pending_payment' or a.hold_expires_at > ${now}))::int`.as("total"),
      sql<number>`count(*) filter (where a.status = 'completed')::int`.as("completed"),
      sql<number>`count(*) filter (where a.status = 'cancelled')::int`.as("cancelled"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** Completed and no-show counts of the current and the previous period, for the attendance rate and its trend. */
export async function attendanceCounts({ psychologistId, window }: Scope) {
  return db
    .selectFrom("appointments as a")
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.starts_at", ">=", window.previousStart)
    .where("a.starts_at", "<", window.end)
    .where("a.status", "in", ["completed", "no_show"])
    .select([
      sql<number>`count(*) filter (where a.starts_at >= ${window.start} and a.status = 'completed')::int`.as("completed"),
      sql<number>`count(*) filter (where a.starts_at >= ${window.start} and a.status = 'no_show')::int`.as("noShow"),
      sql<number>`count(*) filter (where a.starts_at < ${window.start} and a.status = 'completed')::int`.as("previousCompleted"),
      sql<number>`count(*) filter (where a.starts_at < ${window.start} and a.status = 'no_show')::int`.as("previousNoShow"),
    ])
    .executeTakeFirstOrThrow();
}

export async function ratingInPeriod({ psychologistId, window }: Scope) {
  const row = await db
    .selectFrom("evaluations as e")
    .where("e.psychologist_id", "=", psychologistId)
    .where("e.created_at", ">=", window.start)
    .where("e.created_at", "<", window.end)
    .select([sql<string | null>`round(avg(e.rating), 1)`.as("average"), sql<number>`count(*)::int`.as("reviews")])
    .executeTakeFirstOrThrow();
  return { average: row.average === null ? null : Number(row.average), reviews: row.reviews };
}

/**
 * Revenue of the period's consultations in centavos: what was received (approved payments less
 * what was refunded) and what is still awaited (live holds and unpaid appointments).
 */
export async function revenueInPeriod({ psychologistId, window, now }: Scope) {
  return db
    .selectFrom("appointments as a")
    // Per appointment of the period (payments_appointment_idx), not every approved payment of the marketplace grouped first.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payments")
          .whereRef("payments.appointment_id", "=", "a.id")
          .where("payments.status", "=", "approved")
          .select(sql<number>`sum(payments.amount_cents - payments.refunded_cents)`.as("net"))
          .as("p"),
      (join) => join.onTrue(),
    )
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.starts_at", ">=", window.start)
    .where("a.starts_at", "<", window.end)
    .select([
      sql<number>`coalesce(sum(p.net), 0)::int`.as("receivedCents"),
      sql<number>`coalesce(sum(a.price_cents) filter (where a.payment_status = 'pending' and a.status not in ('cancelled', 'completed', 'no_show') and (a.status <> 'pending_payment' or a.hold_expires_at > ${now})), 0)::int`.as(
        "pendingCents",
      ),
    ])
    .executeTakeFirstOrThrow();
}
