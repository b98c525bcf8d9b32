import { sql } from "kysely";
import type { PeriodWindow } from "~/domain/practice-period";
import { db } from "./db.server";

/**
 * The overview's four cards (spec 02, 'Overview') for the signed-in
 * psychologist only, in one statement: one walk of their appointments from
 * the previous period's start, and their evaluations of the period.
 * Appointments count by their start; the rating by when the evaluation was
 * given.
 */

interface Scope {
  psychologistId: string;
  window: PeriodWindow;
  now: Date;
}

export interface OverviewFigures {
  /** Consultations of the period: all but cancelled ones and holds whose checkout expired. */
  consultations: { total: number; completed: number; cancelled: number };
  /** With the period's completed ones, the attendance rate and its trend: no-shows, and the previous period's counts. */
  attendance: { noShow: number; previousCompleted: number; previousNoShow: number };
  rating: { average: number | null; reviews: number };
  /**
   * Revenue of the period's consultations in centavos: what was received (payments in reais approved,
   * less what was refunded of them), what is still awaited (live holds and unpaid appointments), and the two
   * together — the spec's 'Receita Total' (its sample: 450 total, 150 of it pending).
   */
  revenue: { totalCents: number; receivedCents: number; pendingCents: number };
}

export async function overviewFigures({ psychologistId, window, now }: Scope): Promise<OverviewFigures> {
  const current = sql<boolean>`a.starts_at >= ${window.start}`;
  const appointments = db
    .selectFrom("appointments as a")
    // Per appointment of the period (payments_appointment_idx), not every approved payment of the marketplace grouped first.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payments")
          .whereRef("payments.appointment_id", "=", "a.id")
          // Reais that came in, as billing and the admin overview count them: approved (a refund later leaves it
          // 'refunded', counted net), never a charge-back nor a payment in another currency (refunded as a mismatch).
          .where("payments.status", "in", ["approved", "refunded"])
          .where("payments.currency", "=", "BRL")
          // The previous period's appointments count for attendance only: their payments are not looked up.
          .where(current)
          .select(sql<number>`sum(payments.amount_cents - payments.refunded_cents)`.as("net"))
          .as("p"),
      (join) => join.onTrue(),
    )
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.starts_at", ">=", window.previousStart)
    .where("a.starts_at", "<", window.end)
    .select([
      sql<number>`count(*) filter (where ${current} and a.status <> 'cancelled' and (a.status <> 'pending_payment' or a.hold_expires_at > ${now}))::int`.as("total"),
      sql<number>`count(*) filter (where ${current} and a.status = 'completed')::int`.as("completed"),
      sql<number>`count(*) filter (where ${current} and a.status = 'cancelled')::int`.as("cancelled"),
      sql<number>`count(*) filter (where ${current} and a.status = 'no_show')::int`.as("noShow"),
      sql<number>`count(*) filter (where not ${current} and a.status = 'completed')::int`.as("previousCompleted"),
      sql<number>`count(*) filter (where not ${current} and a.status = 'no_show')::int`.as("previousNoShow"),
      sql<number>`coalesce(sum(p.net), 0)::int`.as("receivedCents"),
      sql<number>`coalesce(sum(a.price_cents) filter (where ${current} and a.payment_status = 'pending' and a.status not in ('cancelled', 'completed', 'no_show') and (a.status <> 'pending_payment' or a.hold_expires_at > ${now})), 0)::int`.as(
        "pendingCents",
      ),
    ])
    .as("f");
  const evaluations = db
    .selectFrom("evaluations as e")
    .where("e.psychologist_id", "=", psychologistId)
    .where("e.created_at", ">=", window.start)
    .where("e.created_at", "<", window.end)
    .select([sql<string | null>`round(avg(e.rating), 1)`.as("average"), sql<number>`count(*)::int`.as("reviews")])
    .as("r");
  const row = await db.selectFrom([appointments, evaluations]).selectAll().executeTakeFirstOrThrow();
  return {
    consultations: { total: row.total, completed: row.completed, cancelled: row.cancelled },
    attendance: { noShow: row.noShow, previousCompleted: row.previousCompleted, previousNoShow: row.previousNoShow },
    rating: { average: row.average === null ? null : Number(row.average), reviews: row.reviews },
    revenue: { totalCents: row.receivedCents + row.pendingCents, receivedCents: row.receivedCents, pendingCents: row.pendingCents },
  };
}
