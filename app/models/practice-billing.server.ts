import { sql } from "kysely";
import { TRANSACTIONS_PAGE_SIZE } from "~/domain/practice-billing";
import { db } from "./db.server";

/**
 * The billing tab's figures, for the signed-in psychologist's own money only
 * (spec 02, 'Billing tab'). All in integer centavos, summed in SQL.
 *
 * Two clocks, on purpose:
 * - the bookings of the period (appointments *created* in it) give 'Receita
 *   total' (their approved payments less refunds), 'Pendente' (those still
 *   awaiting payment) and the conversion rate (paid ÷ created);
 * - the cash of the period (payments *approved* in it, less refunds) gives
 *   'Recebido', and the transactions list is the payments made in it.
 *
 * Money counts as the admin overview counts it: reais that came in, that is a
 * payment in BRL that was approved (a refund later leaves it 'refunded'), net
 * of what was refunded. A payment in another currency pays for nothing (the
 * webhook refunds it as a mismatch) and its cents are not centavos; a
 * charged-back one was taken back.
 */

interface Scope {
  psychologistId: string;
  start: Date;
  end: Date;
  now: Date;
}

/** A payment whose money came in, in reais (alias `p`): what every money figure here and in the reports sums, net of refunds. */
export const CAME_IN = sql<boolean>`p.status in ('approved', 'refunded') and p.currency = 'BRL'`;

// Mercado Pago's statuses of a payment still on its way.
const AWAITING = ["pending", "in_process", "authorized", "in_mediation"];

/** 'Receita total', 'Pendente' and the conversion counts over the period's bookings: one statement. */
export async function bookingFigures({ psychologistId, start, end, now }: Scope) {
  return db
    .selectFrom("appointments as a")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payments as p")
          .whereRef("p.appointment_id", "=", "a.id")
          .select([
            // A refunded payment was approved first; what is left of it is revenue.
            sql<number | null>`sum(p.amount_cents - p.refunded_cents) filter (where ${CAME_IN})`.as("net"),
            sql<boolean | null>`bool_or(p.status in (${sql.join(AWAITING)}))`.as("awaiting"),
          ])
          .as("p"),
      (join) => join.onTrue(),
    )
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.created_at", ">=", start)
    .where("a.created_at", "<", end)
    .select([
      sql<number>`coalesce(sum(p.net), 0)::int`.as("revenueCents"),
      // Unpaid and still owed: not cancelled or over, and a hold only while its checkout lives (or a payment is on its way).
      sql<number>`coalesce(sum(a.price_cents) filter (where a.payment_status = 'pending' and a.status not in ('cancelled', 'completed', 'no_show') and (a.status <> 'pending_payment' or a.hold_expires_at > ${now} or p.awaiting)), 0)::int`.as(
        "pendingCents",
      ),
      // Every booking counts as created, expired holds too: an abandoned checkout is what a conversion rate measures.
      sql<number>`count(*)::int`.as("created"),
      sql<number>`count(*) filter (where a.payment_status in ('paid', 'refunded'))::int`.as("paid"),
    ])
    .executeTakeFirstOrThrow();
}

/** 'Recebido': payments approved in the period, less what was refunded of them. */
export async function receivedInPeriod({ psychologistId, start, end }: Scope) {
  const row = await db
    .selectFrom("payments as p")
    .where("p.psychologist_id", "=", psychologistId)
    .where(CAME_IN)
    .where("p.approved_at", ">=", start)
    .where("p.approved_at", "<", end)
    .select([sql<number>`coalesce(sum(p.amount_cents - p.refunded_cents), 0)::int`.as("receivedCents")])
    .executeTakeFirstOrThrow();
  return row.receivedCents;
}

/** The period's payments, newest first: when approved, else when started. */
function transactions({ psychologistId, start, end }: Omit<Scope, "now">) {
  const at = sql<Date>`coalesce(p.approved_at, p.created_at)`;
  return db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .leftJoin("profiles as pr", "pr.id", "a.patient_id")
    .where("p.psychologist_id", "=", psychologistId)
    .where(at, ">=", start)
    .where(at, "<", end)
    .select([
      "p.id",
      at.as("at"),
      "p.amount_cents as amountCents",
      "p.refunded_cents as refundedCents",
      // The currency the gateway recorded: the amounts above are cents of it (BRL but for a mismatch).
      "p.currency",
      // Only money that came in has a net: a rejected or pending attempt, a charge-back or another currency is worth nothing.
      sql<number>`case when ${CAME_IN} then p.amount_cents - p.refunded_cents else 0 end`.as("netCents"),
      "p.status",
      "p.method",
      "a.id as appointmentId",
      "a.starts_at as startsAt",
      "pr.first_name as firstName",
      "pr.last_name as lastName",
    ])
    .orderBy(at, "desc")
    .orderBy("p.id", "desc");
}

export async function listTransactions(scope: Omit<Scope, "now"> & { page: number }) {
  const rows = await transactions(scope)
    .select(sql<number>`count(*) over ()::int`.as("matching"))
    .limit(TRANSACTIONS_PAGE_SIZE)
    .offset((scope.page - 1) * TRANSACTIONS_PAGE_SIZE)
    .execute();
  const total = rows[0]?.matching ?? (scope.page > 1 ? await countTransactions(scope) : 0);
  return { total, rows };
}

async function countTransactions({ psychologistId, start, end }: Omit<Scope, "now">) {
  const at = sql<Date>`coalesce(p.approved_at, p.created_at)`;
  const row = await db
    .selectFrom("payments as p")
    .where("p.psychologist_id", "=", psychologistId)
    .where(at, ">=", start)
    .where(at, "<", end)
    .select(sql<number>`count(*)::int`.as("total"))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Every payment of the period, for the CSV (bounded). */
export function exportTransactions(scope: Omit<Scope, "now">) {
  return transactions(scope).limit(50_000).execute();
}
