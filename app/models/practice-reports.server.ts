import { sql, type Expression, type SqlBool } from "kysely";
import { RECEIPT_STATUSES } from "~/domain/receipt";
import { db } from "./db.server";
import { CAME_IN } from "./practice-billing.server";

/**
 * The figures of the 'Relatórios' tab, for one psychologist only (every query
 * filters by the psychologist's id), over calendar days in their zone. Rows
 * come in keyset pages (ordered by time, then id) so an export of a year is
 * read a page at a time, never all at once; totals are computed in SQL.
 *
 * - financial: every payment of the practice's consultations, dated by its
 *   approval (or creation when it was never approved);
 * - fiscal: one row per paid consultation with a receipt (app/domain/receipt.ts),
 *   dated by the consultation, with the patient's CPF, the refund and the net;
 * - trends: consultations and revenue per week (weeks start on Monday).
 */

export interface ReportScope {
  psychologistId: string;
  /** yyyy-mm-dd, both included, in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
}

/** Where the last page ended: the time as PostgreSQL wrote it (microseconds kept) and the id. */
export interface Cursor {
  at: string;
  id: string;
}

export const PAGE_SIZE = 500;

const startOf = (scope: ReportScope) => sql<Date>`((${scope.from}::date)::timestamp at time zone ${scope.timeZone})`;
const endOf = (scope: ReportScope) => sql<Date>`(((${scope.to}::date + 1))::timestamp at time zone ${scope.timeZone})`;

// ---------------------------------------------------------------------------
// Financial: payments

const paidAt = sql<Date>`coalesce(p.approved_at, p.created_at)`;

export async function financialPage(scope: ReportScope, after: Cursor | null, limit = PAGE_SIZE) {
  let query = db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .innerJoin("profiles as pr", "pr.id", "a.patient_id")
    .where("a.psychologist_id", "=", scope.psychologistId)
    .where(paidAt, ">=", startOf(scope))
    .where(paidAt, "<", endOf(scope));
  if (after) query = query.where(sql<SqlBool>`(${paidAt}, p.id) > (${after.at}::timestamptz, ${after.id}::uuid)` as Expression<SqlBool>);
  return query
    .select([
      "p.id",
      paidAt.as("at"),
      sql<string>`${paidAt}::text`.as("cursorAt"),
      "a.starts_at as startsAt",
      sql<string>`trim(pr.first_name || ' ' || pr.last_name)`.as("patientName"),
      "p.amount_cents as amountCents",
      "p.refunded_cents as refundedCents",
      // The amounts above are cents of this currency: BRL but for a mismatch (shown in its own currency, never as reais).
      "p.currency",
      "p.method",
      "p.status",
    ])
    .orderBy(paidAt)
    .orderBy("p.id")
    .limit(limit)
    .execute();
}
export type FinancialRow = Awaited<ReturnType<typeof financialPage>>[number];

export async function financialTotals(scope: ReportScope) {
  return db
    .selectFrom("payments as p")
    .innerJoin("appointments as a", "a.id", "p.appointment_id")
    .where("a.psychologist_id", "=", scope.psychologistId)
    .where(paidAt, ">=", startOf(scope))
    .where(paidAt, "<", endOf(scope))
    .select([
      sql<number>`count(*)::int`.as("count"),
      // Approved in reais, as the money beside it counts: a payment approved in another currency is listed, not counted here.
      sql<number>`count(*) filter (where p.status = 'approved' and p.currency = 'BRL')::int`.as("approvedCount"),
      // Money that came in, in reais (as billing and the admin overview count it): never a charge-back, nor a
      // payment in another currency (refunded as a mismatch; its cents are not centavos). The rows still list both.
      sql<number>`coalesce(sum(p.amount_cents) filter (where ${CAME_IN}), 0)::int`.as("receivedCents"),
      sql<number>`coalesce(sum(p.refunded_cents) filter (where ${CAME_IN}), 0)::int`.as("refundedCents"),
    ])
    .executeTakeFirstOrThrow()
    .then((row) => ({ ...row, netCents: row.receivedCents - row.refundedCents }));
}

// ---------------------------------------------------------------------------
// Fiscal: paid consultations with what was kept

function fiscalBase(scope: ReportScope) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("profiles as pr", "pr.id", "a.patient_id")
    // Per consultation of the range (payments_appointment_idx), not every approved payment of the marketplace grouped first.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("payments")
          .whereRef("payments.appointment_id", "=", "a.id")
          .where("payments.status", "=", "approved")
          // The consultation's payment in reais; a second or mismatched one given back whole is not what it cost (as on the receipt).
          .where("payments.currency", "=", "BRL")
          .where(sql<boolean>`payments.refunded_cents < payments.amount_cents`)
          .select([sql<number>`sum(payments.amount_cents)::int`.as("paid"), sql<number>`sum(payments.refunded_cents)::int`.as("refunded"), sql<string | null>`max(payments.method)`.as("method")])
          .as("p"),
      (join) => join.onTrue(),
    )
    .where("a.psychologist_id", "=", scope.psychologistId)
    .where("a.payment_status", "=", "paid")
    .where("a.status", "in", RECEIPT_STATUSES)
    .where("a.starts_at", ">=", startOf(scope))
    .where("a.starts_at", "<", endOf(scope));
}

const gross = sql<number>`coalesce(p.paid, a.price_cents)`;
const refund = sql<number>`greatest(coalesce(p.refunded, 0), case when a.status = 'cancelled' then coalesce(a.refund_cents, 0) else 0 end)`;

export async function fiscalPage(scope: ReportScope, after: Cursor | null, limit = PAGE_SIZE) {
  let query = fiscalBase(scope).where(sql<SqlBool>`${gross} - ${refund} > 0` as Expression<SqlBool>);
  if (after) query = query.where(sql<SqlBool>`(a.starts_at, a.id) > (${after.at}::timestamptz, ${after.id}::uuid)` as Expression<SqlBool>);
  return query
    .select([
      "a.id",
      "a.starts_at as at",
      sql<string>`a.starts_at::text`.as("cursorAt"),
      sql<string>`trim(pr.first_name || ' ' || pr.last_name)`.as("patientName"),
      "pr.cpf as patientCpf",
      gross.as("grossCents"),
      refund.as("refundCents"),
      sql<string | null>`coalesce(p.method, a.payment_method)`.as("method"),
      "a.status",
    ])
    .orderBy("a.starts_at")
    .orderBy("a.id")
    .limit(limit)
    .execute();
}
export type FiscalRow = Awaited<ReturnType<typeof fiscalPage>>[number];

/** Totals per calendar month in the zone, and the whole range's. */
export async function fiscalMonths(scope: ReportScope) {
  const month = sql<string>`to_char(a.starts_at at time zone ${scope.timeZone}, 'YYYY-MM')`;
  const rows = await fiscalBase(scope)
    .where(sql<SqlBool>`${gross} - ${refund} > 0` as Expression<SqlBool>)
    .select([month.as("month"), sql<number>`count(*)::int`.as("count"), sql<number>`sum(${gross})::int`.as("grossCents"), sql<number>`sum(${refund})::int`.as("refundCents")])
    // By position: the expression's zone is a parameter, which PostgreSQL would not match to the select's.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => ({ ...row, netCents: row.grossCents - row.refundCents }));
}
export type FiscalMonth = Awaited<ReturnType<typeof fiscalMonths>>[number];

export async function psychologistIdentity(psychologistId: string) {
  return db.selectFrom("psychologists").select(["name", "crp", "cpf", "time_zone as timeZone"]).where("id", "=", psychologistId).executeTakeFirst();
}

// ---------------------------------------------------------------------------
// Trends: per week

/**
 * Consultations held or booked (confirmed, awaiting reschedule, completed, no-show) and
 * the revenue kept of the paid ones, per week starting Monday, every week of the range
 * listed (empty ones as zeros). At most 53 rows: read at once.
 */
export async function weeklyTrends(scope: ReportScope) {
  const result = await sql<{ week: string; consultations: number; completed: number; cancelled: number; revenueCents: number }>`
    with weeks as (
      select generate_series(date_trunc('week', ${scope.from}::date), date_trunc('week', ${scope.to}::date), interval '1 week')::date as week
    ),
    consultations as (
      select date_trunc('week', (a.starts_at at time zone ${scope.timeZone})::date)::date as week, a.status, a.payment_status,
             -- What the fiscal report keeps of it (gross less what was or will be refunded), so the two agree over one range.
             case when a.payment_status = 'paid' then greatest(coalesce(paid.gross, a.price_cents) - greatest(coalesce(paid.refunded, 0), case when a.status = 'cancelled' then coalesce(a.refund_cents, 0) else 0 end), 0) else 0 end as kept
      from appointments a
      -- Per consultation of the range (payments_appointment_idx), not every approved payment grouped first.
      left join lateral (select sum(p.amount_cents) as gross, sum(p.refunded_cents) as refunded from payments p
                         where p.appointment_id = a.id and p.status = 'approved' and p.currency = 'BRL' and p.refunded_cents < p.amount_cents) paid on true
      where a.psychologist_id = ${scope.psychologistId}
        and a.starts_at >= ${startOf(scope)} and a.starts_at < ${endOf(scope)}
    )
    select to_char(w.week, 'YYYY-MM-DD') as week,
           count(c.*) filter (where c.status in ('confirmed', 'pending_reschedule', 'completed', 'no_show'))::int as consultations,
           count(c.*) filter (where c.status = 'completed')::int as completed,
           count(c.*) filter (where c.status = 'cancelled')::int as cancelled,
           coalesce(sum(c.kept), 0)::int as "revenueCents"
    from weeks w left join consultations c on c.week = w.week
    group by w.week order by w.week`.execute(db);
  return result.rows;
}
export type TrendWeek = Awaited<ReturnType<typeof weeklyTrends>>[number];
