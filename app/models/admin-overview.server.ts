import { sql, type RawBuilder } from "kysely";
import { db } from "./db.server";

/**
 * The administrator's overview (issue 15, item 1): the marketplace this month
 * against the last, each card one SQL statement with its last twelve weeks
 * for a small chart. Calendar periods are Brasília's: the platform's
 * business days, whatever the viewer's zone.
 */

const ZONE = "America/Sao_Paulo";
export const WEEKS = 12;

/** A card's weekly series, oldest first: the start of each week (YYYY-MM-DD) and its value. */
export type WeeklySeries = Array<{ week: string; value: number }>;

interface Periods {
  /** Starts (and ends) of this month, last month, this week and today, as instants. */
  monthStart: RawBuilder<Date>;
  lastMonthStart: RawBuilder<Date>;
  weekStart: RawBuilder<Date>;
  dayStart: RawBuilder<Date>;
  dayEnd: RawBuilder<Date>;
  weekEnd: RawBuilder<Date>;
}

/** Calendar boundaries in Brasília, as timestamptz expressions of `now`. */
function periods(now: Date): Periods {
  const local = sql`(${now}::timestamptz at time zone ${ZONE})`;
  const instant = (expression: RawBuilder<unknown>) => sql<Date>`((${expression}) at time zone ${ZONE})`;
  return {
    monthStart: instant(sql`date_trunc('month', ${local})`),
    lastMonthStart: instant(sql`date_trunc('month', ${local}) - interval '1 month'`),
    weekStart: instant(sql`date_trunc('week', ${local})`),
    weekEnd: instant(sql`date_trunc('week', ${local}) + interval '1 week'`),
    dayStart: instant(sql`date_trunc('day', ${local})`),
    dayEnd: instant(sql`date_trunc('day', ${local}) + interval '1 day'`),
  };
}

/** The twelve week starts (local dates) as a derived table `w(week, starts, ends)`. */
function weeks(now: Date) {
  const local = sql`(${now}::timestamptz at time zone ${ZONE})`;
  return sql`(select week::date as week, week at time zone ${ZONE} as starts, (week + interval '1 week') at time zone ${ZONE} as ends
      from generate_series(date_trunc('week', ${local}) - interval '${sql.raw(String(WEEKS - 1))} weeks', date_trunc('week', ${local}), interval '1 week') as week)`;
}

const series = (rows: Array<{ week: string | Date; value: number | string | null }>): WeeklySeries =>
  rows.map((row) => ({ week: typeof row.week === "string" ? row.week.slice(0, 10) : row.week.toISOString().slice(0, 10), value: Number(row.value ?? 0) }));

/**
 * A column holding the card's twelve weeks as JSON, so the card stays one
 * statement: the rows of `from` (filtered by `where`) whose instant `at` falls
 * in the twelve weeks, grouped by Brasília's week in one pass (an index on
 * `at` keeps it to those weeks), `value` aggregated per week; an empty week is 0.
 */
function weekly(now: Date, input: { from: RawBuilder<unknown>; at: RawBuilder<unknown>; value: RawBuilder<unknown>; where?: RawBuilder<unknown> }) {
  const local = sql`(${now}::timestamptz at time zone ${ZONE})`;
  const first = sql`((date_trunc('week', ${local}) - interval '${sql.raw(String(WEEKS - 1))} weeks') at time zone ${ZONE})`;
  const end = sql`((date_trunc('week', ${local}) + interval '1 week') at time zone ${ZONE})`;
  return sql`(select json_agg(json_build_object('week', w.week, 'value', coalesce(g.value, 0)) order by w.week)
      from ${weeks(now)} as w
      left join (select date_trunc('week', ${input.at} at time zone ${ZONE})::date as week, ${input.value} as value
                 from ${input.from}
                 where ${input.where ?? sql`true`} and ${input.at} >= ${first} and ${input.at} < ${end}
                 group by 1) as g on g.week = w.week)`;
}

export interface UserFigures {
  patients: number;
  psychologists: number;
  admins: number;
  newThisMonth: number;
  newLastMonth: number;
  weekly: WeeklySeries;
}

/** People by role (an admin is an address in ADMIN_EMAILS; a psychologist has a professional row), new sign-ups per month and week. */
export async function userFigures(adminEmails: string[], now = new Date()): Promise<UserFigures> {
  const p = periods(now);
  const admins = adminEmails.length > 0 ? sql`lower(u.email) in (${sql.join(adminEmails.map((email) => email.toLowerCase()))})` : sql`false`;
  const counts = await sql<{ patients: number; psychologists: number; admins: number; new_this_month: number; new_last_month: number; weekly: Array<{ week: string; value: number | string | null }> | null }>`
      select
        count(*) filter (where not (${admins}) and ps.id is null)::int as patients,
        count(*) filter (where not (${admins}) and ps.id is not null)::int as psychologists,
        count(*) filter (where ${admins})::int as admins,
        count(*) filter (where u.created_at >= ${p.monthStart})::int as new_this_month,
        count(*) filter (where u.created_at >= ${p.lastMonthStart} and u.created_at < ${p.monthStart})::int as new_last_month,
        ${weekly(now, { from: sql`users u`, at: sql`u.created_at`, value: sql`count(*)::int`, where: sql`u.deleted_at is null` })} as weekly
      from users u left join psychologists ps on ps.user_id = u.id
      where u.deleted_at is null`.execute(db);
  const row = counts.rows[0]!;
  return { patients: row.patients, psychologists: row.psychologists, admins: row.admins, newThisMonth: row.new_this_month, newLastMonth: row.new_last_month, weekly: series(row.weekly ?? []) };
}

/** Statuses of a consultation that was booked and paid for (not a hold, not cancelled). */
const BOOKED = sql`a.status in ('scheduled', 'confirmed', 'pending_reschedule', 'completed', 'no_show')`;

export interface AppointmentFigures {
  today: number;
  thisWeek: number;
  thisMonth: number;
  lastMonth: number;
  weekly: WeeklySeries;
}

/** Consultations booked for today, this week and this month (by their start), against last month. */
export async function appointmentFigures(now = new Date()): Promise<AppointmentFigures> {
  const p = periods(now);
  const counts = await sql<{ today: number; this_week: number; this_month: number; last_month: number; weekly: Array<{ week: string; value: number | string | null }> | null }>`
      select
        count(*) filter (where a.starts_at >= ${p.dayStart} and a.starts_at < ${p.dayEnd})::int as today,
        count(*) filter (where a.starts_at >= ${p.weekStart} and a.starts_at < ${p.weekEnd})::int as this_week,
        count(*) filter (where a.starts_at >= ${p.monthStart} and a.starts_at < ${p.monthStart} + interval '1 month')::int as this_month,
        count(*) filter (where a.starts_at >= ${p.lastMonthStart} and a.starts_at < ${p.monthStart})::int as last_month,
        ${weekly(now, { from: sql`appointments a`, at: sql`a.starts_at`, value: sql`count(*)::int`, where: BOOKED })} as weekly
      from appointments a
      where ${BOOKED} and a.starts_at >= least(${p.lastMonthStart}, ${p.weekStart})`.execute(db);
  const row = counts.rows[0]!;
  return { today: row.today, thisWeek: row.this_week, thisMonth: row.this_month, lastMonth: row.last_month, weekly: series(row.weekly ?? []) };
}

export interface MoneyFigures {
  /** Approved payments in the month (by approval), gross, in centavos. */
  paidCents: number;
  /** What went back of those payments. */
  refundedCents: number;
  /** Payments still being decided (pending, in process) created in the month. */
  pendingCents: number;
  lastMonth: { paidCents: number; refundedCents: number; pendingCents: number };
  /** Net revenue per week (approved minus refunded). */
  weekly: WeeklySeries;
}

/** Money through the gateway this month against last month: approved, refunded, pending. */
export async function moneyFigures(now = new Date()): Promise<MoneyFigures> {
  const p = periods(now);
  // Money that came in, as the practice's billing counts it: approved (a refund later leaves it 'refunded'),
  // never a charged-back or cancelled payment that once had an approval date.
  const came = sql`status in ('approved', 'refunded')`;
  const thisMonth = sql`${came} and approved_at >= ${p.monthStart}`;
  const lastMonth = sql`${came} and approved_at >= ${p.lastMonthStart} and approved_at < ${p.monthStart}`;
  const pendingNow = sql`status in ('pending', 'in_process', 'authorized')`;
  const sums = await sql<{ paid: number; refunded: number; pending: number; last_paid: number; last_refunded: number; last_pending: number; weekly: Array<{ week: string; value: number | string | null }> | null }>`
      select
        coalesce(sum(amount_cents) filter (where ${thisMonth}), 0)::int as paid,
        coalesce(sum(refunded_cents) filter (where ${thisMonth}), 0)::int as refunded,
        coalesce(sum(amount_cents) filter (where ${pendingNow} and created_at >= ${p.monthStart}), 0)::int as pending,
        coalesce(sum(amount_cents) filter (where ${lastMonth}), 0)::int as last_paid,
        coalesce(sum(refunded_cents) filter (where ${lastMonth}), 0)::int as last_refunded,
        coalesce(sum(amount_cents) filter (where ${pendingNow} and created_at >= ${p.lastMonthStart} and created_at < ${p.monthStart}), 0)::int as last_pending,
        ${weekly(now, { from: sql`payments`, at: sql`approved_at`, value: sql`sum(amount_cents - refunded_cents)::int`, where: sql`${came} and currency = 'BRL'` })} as weekly
      from payments
      -- Reais only: a payment in another currency pays nothing (it is refunded) and its cents are not centavos.
      where currency = 'BRL' and coalesce(approved_at, created_at) >= ${p.lastMonthStart}`.execute(db);
  const row = sums.rows[0]!;
  return {
    paidCents: row.paid,
    refundedCents: row.refunded,
    pendingCents: row.pending,
    lastMonth: { paidCents: row.last_paid, refundedCents: row.last_refunded, pendingCents: row.last_pending },
    weekly: series(row.weekly ?? []),
  };
}

export interface SatisfactionFigures {
  /** Average rating of the evaluations written this month and last month; null without any. */
  average: number | null;
  reviews: number;
  lastMonthAverage: number | null;
  allTimeAverage: number | null;
  /** Average rating per week (0 for a week without evaluations). */
  weekly: WeeklySeries;
}

export async function satisfactionFigures(now = new Date()): Promise<SatisfactionFigures> {
  const p = periods(now);
  const averages = await sql<{ average: string | null; reviews: number; last_average: string | null; all_time: string | null; weekly: Array<{ week: string; value: number | string | null }> | null }>`
      select
        round(avg(rating) filter (where created_at >= ${p.monthStart}), 1)::text as average,
        count(*) filter (where created_at >= ${p.monthStart})::int as reviews,
        round(avg(rating) filter (where created_at >= ${p.lastMonthStart} and created_at < ${p.monthStart}), 1)::text as last_average,
        round(avg(rating), 1)::text as all_time,
        ${weekly(now, { from: sql`evaluations`, at: sql`created_at`, value: sql`round(avg(rating), 1)` })} as weekly
      from evaluations`.execute(db);
  const row = averages.rows[0]!;
  const number = (value: string | null) => (value === null ? null : Number(value));
  return { average: number(row.average), reviews: row.reviews, lastMonthAverage: number(row.last_average), allTimeAverage: number(row.all_time), weekly: series(row.weekly ?? []) };
}

export interface ConversionFigures {
  /** Bookings created in the month (every hold) and how many of them were paid. */
  created: number;
  paid: number;
  lastMonth: { created: number; paid: number };
  /** Percent paid of the week's bookings (0 for an empty week). */
  weekly: WeeklySeries;
}

/** From hold to paid: every booking starts as a hold; a paid one has an approved payment (refunds later do not undo the conversion). */
export async function conversionFigures(now = new Date()): Promise<ConversionFigures> {
  const p = periods(now);
  // Paid: the booking has an approved payment — read once as a hash join, not a lookup per booking.
  const paid = sql`paid.appointment_id is not null`;
  const booked = sql`appointments a left join (select distinct appointment_id from payments where approved_at is not null) as paid on paid.appointment_id = a.id`;
  const counts = await sql<{ created: number; paid: number; last_created: number; last_paid: number; weekly: Array<{ week: string; value: number | string | null }> | null }>`
      select
        count(*) filter (where a.created_at >= ${p.monthStart})::int as created,
        count(*) filter (where a.created_at >= ${p.monthStart} and ${paid})::int as paid,
        count(*) filter (where a.created_at < ${p.monthStart})::int as last_created,
        count(*) filter (where a.created_at < ${p.monthStart} and ${paid})::int as last_paid,
        ${weekly(now, { from: booked, at: sql`a.created_at`, value: sql`round(100.0 * count(*) filter (where ${paid}) / nullif(count(*), 0))` })} as weekly
      from ${booked}
      where a.created_at >= ${p.lastMonthStart}`.execute(db);
  const row = counts.rows[0]!;
  return { created: row.created, paid: row.paid, lastMonth: { created: row.last_created, paid: row.last_paid }, weekly: series(row.weekly ?? []) };
}

export interface AttendanceFigures {
  cancelled: number;
  noShows: number;
  lastMonth: { cancelled: number; noShows: number };
  /** Cancellations plus no-shows per week. */
  weekly: WeeklySeries;
}

/** Cancelled (by when they were cancelled) and missed (by when they were due) consultations; released unpaid holds are not cancellations. */
export async function attendanceFigures(now = new Date()): Promise<AttendanceFigures> {
  const p = periods(now);
  const counts = await sql<{ cancelled: number; no_shows: number; last_cancelled: number; last_no_shows: number; weekly: Array<{ week: string; value: number | string | null }> | null }>`
      select
        count(*) filter (where status = 'cancelled' and cancelled_at >= ${p.monthStart})::int as cancelled,
        count(*) filter (where status = 'no_show' and starts_at >= ${p.monthStart} and starts_at < ${p.monthStart} + interval '1 month')::int as no_shows,
        count(*) filter (where status = 'cancelled' and cancelled_at >= ${p.lastMonthStart} and cancelled_at < ${p.monthStart})::int as last_cancelled,
        count(*) filter (where status = 'no_show' and starts_at >= ${p.lastMonthStart} and starts_at < ${p.monthStart})::int as last_no_shows,
        ${weekly(now, { from: sql`appointments`, at: sql`(case when status = 'cancelled' then cancelled_at else starts_at end)`, value: sql`count(*)::int`, where: sql`status in ('cancelled', 'no_show')` })} as weekly
      from appointments
      where (status = 'cancelled' and cancelled_at >= ${p.lastMonthStart}) or (status = 'no_show' and starts_at >= ${p.lastMonthStart})`.execute(db);
  const row = counts.rows[0]!;
  return { cancelled: row.cancelled, noShows: row.no_shows, lastMonth: { cancelled: row.last_cancelled, noShows: row.last_no_shows }, weekly: series(row.weekly ?? []) };
}
