import { sql, type SqlBool } from "kysely";
import type { AppointmentStatus } from "#db/types";
import { PAGE_SIZE, STATUS_FILTERS, type StatusFilter } from "~/domain/practice-appointments";
import { db } from "./db.server";
import { patientsMatching } from "./patient-search.server";
import { PLANNED_PER_CALL } from "./prepared-statements.server";

/**
 * The psychologist's consultations (spec 02, 'Appointments tab'), always of
 * the psychologist passed in. What the practice sees: every appointment but
 * holds nobody paid (expired, abandoned or refused checkouts), which are
 * noise to a psychologist.
 */

const CONFIRMED: readonly AppointmentStatus[] = STATUS_FILTERS.confirmed;
const PENDING: readonly AppointmentStatus[] = STATUS_FILTERS.pending;

/** Not an unpaid hold that is over; `a` is the appointments alias. */
function seenByPractice(now: Date) {
  return sql<SqlBool>`not (
    (a.status = 'cancelled' and a.cancelled_by = 'system' and a.payment_status in ('pending', 'failed'))
    or (a.status = 'pending_payment' and a.hold_expires_at <= ${now}))`;
}

export interface ConsultationQuery {
  psychologistId: string;
  q: string;
  status: StatusFilter;
  /** [start, end) or, for the whole list, null: upcoming first (soonest first), then the past (latest first). */
  window: { start: Date; end: Date } | null;
  page: number;
  now: Date;
  /** Where 'upcoming' begins for the whole list: the start of today in the psychologist's zone. */
  todayStart: Date;
}

/**
 * One page of the list and the number of matches, in two statements that walk
 * the (psychologist, start) index instead of sorting every appointment: the
 * counts first, then the page, whose rows alone are joined to the patients.
 * A search looks among this psychologist's patients (hundreds), never every
 * appointment's or every user's name.
 */
export async function listConsultations(query: ConsultationQuery) {
  let matches = db
    .selectFrom("appointments as a")
    .where("a.psychologist_id", "=", query.psychologistId)
    .where(seenByPractice(query.now));
  const statuses = STATUS_FILTERS[query.status];
  if (statuses) matches = matches.where("a.status", "in", statuses);
  if (query.window) matches = matches.where("a.starts_at", ">=", query.window.start).where("a.starts_at", "<", query.window.end);
  // A search's count and page are planned per call (see patientsMatching).
  const searching = !!query.q;
  if (searching) matches = matches.where("a.patient_id", "in", patientsMatching(query.psychologistId, query.q)).modifyEnd(PLANNED_PER_CALL);

  // A window is read in time order. The whole list shows what is ahead first (soonest
  // first), then the past (latest first): two runs of the index, cut to this page.
  const counts = await matches
    .select([sql<number>`count(*)::int`.as("total"), sql<number>`count(*) filter (where a.starts_at >= ${query.todayStart})::int`.as("ahead")])
    .executeTakeFirstOrThrow();
  const offset = (query.page - 1) * PAGE_SIZE;
  const ahead = query.window ? counts.total : counts.ahead;
  const runs: Array<{ from: "ahead" | "past"; offset: number; limit: number }> = [];
  if (offset < ahead) runs.push({ from: "ahead", offset, limit: Math.min(PAGE_SIZE, ahead - offset) });
  const pastLimit = PAGE_SIZE - (runs[0]?.limit ?? 0);
  if (!query.window && pastLimit > 0) runs.push({ from: "past", offset: Math.max(0, offset - ahead), limit: pastLimit });

  const columns = ["a.id", "a.patient_id", "a.status", "a.starts_at", "a.ends_at", "a.duration_minutes", "a.video_room_url"] as const;
  const rows = [];
  for (const run of runs) {
    const part =
      run.from === "ahead"
        ? (query.window ? matches : matches.where("a.starts_at", ">=", query.todayStart)).orderBy("a.starts_at", "asc").orderBy("a.id", "asc")
        : matches.where("a.starts_at", "<", query.todayStart).orderBy("a.starts_at", "desc").orderBy("a.id", "desc");
    const chosen = part.select(columns).limit(run.limit).offset(run.offset).as("c");
    rows.push(
      ...(await db
        .selectFrom(chosen)
        .innerJoin("users as u", "u.id", "c.patient_id")
        .leftJoin("profiles as p", "p.id", "c.patient_id")
        .orderBy("c.starts_at", run.from === "ahead" ? "asc" : "desc")
        .orderBy("c.id", run.from === "ahead" ? "asc" : "desc")
        .select([
          "c.id",
          "c.status",
          "c.starts_at as startsAt",
          "c.ends_at as endsAt",
          "c.duration_minutes as durationMinutes",
          "c.video_room_url as videoRoomUrl",
          "p.first_name as firstName",
          "p.last_name as lastName",
          "u.email",
        ])
        // The run is a subquery here: the mark must end the statement itself.
        .$if(searching, (page) => page.modifyEnd(PLANNED_PER_CALL))
        .execute()),
    );
  }
  return { rows, total: counts.total };
}

/** The calendar's marks: per day of the psychologist's calendar, how many confirmed and pending consultations. */
export async function consultationDays({ psychologistId, start, end, timeZone, now }: { psychologistId: string; start: Date; end: Date; timeZone: string; now: Date }) {
  const day = sql<string>`to_char(a.starts_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .selectFrom("appointments as a")
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.starts_at", ">=", start)
    .where("a.starts_at", "<", end)
    .where(seenByPractice(now))
    // By position: the zone is a parameter, so the same expression twice would not match.
    .groupBy(sql`1`)
    .select([
      day.as("date"),
      sql<number>`count(*) filter (where a.status in (${sql.join(CONFIRMED)}))::int`.as("confirmed"),
      sql<number>`count(*) filter (where a.status in (${sql.join(PENDING)}))::int`.as("pending"),
      sql<number>`count(*)::int`.as("total"),
    ])
    .execute();
}

/**
 * The side panel's next consultations: confirmed or awaiting a new time, not
 * yet over. Read by when they end, through the partial index of these
 * statuses (migration 0028; the statuses are written out, not bound, so the
 * planner can tell the index applies): a psychologist's active consultations
 * never overlap (the no-overlap constraint), so by end is also by start, and
 * the walk stops after `limit`. Planned per call: a generic plan, estimated
 * for a psychologist of a few consultations, read all of a large practice's
 * through the no-overlap index instead (2 ms against 0.1).
 */
export function nextConsultationsQuery({ psychologistId, now, limit = 3 }: { psychologistId: string; now: Date; limit?: number }) {
  return db
    .selectFrom("appointments as a")
    .leftJoin("profiles as p", "p.id", "a.patient_id")
    .where("a.psychologist_id", "=", psychologistId)
    .where(sql<SqlBool>`a.status in ('confirmed', 'scheduled', 'pending_reschedule')`)
    .where("a.ends_at", ">", now)
    .orderBy("a.ends_at")
    .limit(limit)
    .select(["a.id", "a.starts_at as startsAt", "a.status", "p.first_name as firstName", "p.last_name as lastName"])
    .modifyEnd(PLANNED_PER_CALL);
}

export const nextConsultations = (query: Parameters<typeof nextConsultationsQuery>[0]) => nextConsultationsQuery(query).execute();

/** One consultation of this psychologist with what its timeline is made of; undefined when it is not theirs. */
export async function consultationDetail({ psychologistId, appointmentId }: { psychologistId: string; appointmentId: string }) {
  const appointment = await db
    .selectFrom("appointments as a")
    .innerJoin("users as u", "u.id", "a.patient_id")
    .leftJoin("profiles as p", "p.id", "a.patient_id")
    .where("a.id", "=", appointmentId)
    .where("a.psychologist_id", "=", psychologistId)
    .select([
      "a.id",
      "a.status",
      "a.payment_status as paymentStatus",
      "a.payment_method as paymentMethod",
      "a.price_cents as priceCents",
      "a.starts_at as startsAt",
      "a.ends_at as endsAt",
      "a.duration_minutes as durationMinutes",
      "a.video_room_url as videoRoomUrl",
      "a.created_at as createdAt",
      "a.hold_expires_at as holdExpiresAt",
      "a.cancellation_reason as cancellationReason",
      "a.cancelled_by as cancelledBy",
      "a.cancelled_at as cancelledAt",
      "a.cancellation_exception as cancellationException",
      "a.refund_cents as refundCents",
      "a.refund_status as refundStatus",
      // For the audit row of the view, never sent to the page.
      "a.patient_id as patientId",
      "p.first_name as firstName",
      "p.last_name as lastName",
      "u.email",
    ])
    .executeTakeFirst();
  if (!appointment) return undefined;
  // Everything that happened to it, from the places that record it, in one statement.
  const events = await sql<{ at: Date; kind: string; detail: string | null }>`
      select h.created_at as at, h.action as kind, h.to_status::text as detail
        from appointment_history h where h.appointment_id = ${appointmentId}
      union all
      select s.recorded_at, 'payment', s.status
        from payment_status_history s join payments pay on pay.id = s.payment_id
        where pay.appointment_id = ${appointmentId}
      union all
      select n.created_at, 'notice', n.notice
        from appointment_notices n where n.appointment_id = ${appointmentId}
      union all
      select r.created_at, 'request', 'pending'
        from reschedule_requests r where r.appointment_id = ${appointmentId}
      union all
      select r.responded_at, 'request', r.status
        from reschedule_requests r where r.appointment_id = ${appointmentId} and r.responded_at is not null
      order by at, kind`.execute(db);
  return { ...appointment, events: events.rows };
}
