import { sql, type Transaction } from "kysely";
import type { Database } from "#db/types";
import { SLOT_HOLDING_STATUSES } from "~/domain/appointment-status";
import { db, type Executor } from "./db.server";

/**
 * A psychologist's agenda: weekly pattern and dated blocks. Every function
 * takes the owner's psychologist id. Dates and times come back as the
 * database's text ('yyyy-MM-dd', 'HH:MM:SS'; db.server.ts).
 */

export function weeklyBlocks({ psychologistId }: { psychologistId: string }, executor: Executor = db) {
  return executor
    .selectFrom("psychologist_availability")
    .select(["id", "weekday", "start_time as startTime", "end_time as endTime"])
    .where("psychologist_id", "=", psychologistId)
    .orderBy("weekday")
    .orderBy("start_time")
    .execute();
}

/** Active dated blocks between two dates (inclusive). */
export function datedBlocks({ psychologistId, from, to }: { psychologistId: string; from: string; to: string }, executor: Executor = db) {
  return executor
    .selectFrom("psychologist_schedule")
    .select(["id", "date", "start_time as startTime", "end_time as endTime"])
    .where("psychologist_id", "=", psychologistId)
    .where("is_active", "=", true)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .orderBy("date")
    .orderBy("start_time")
    .execute();
}

/**
 * Serialises a psychologist's agenda changes and holds (the row lock). NO KEY
 * UPDATE: rows that only refer to the psychologist (notifications,
 * evaluations) are still written meanwhile, and wait for nothing.
 */
export async function lockAgenda(trx: Transaction<Database>, psychologistId: string) {
  return trx.selectFrom("psychologists").select(["id", "time_zone as timeZone"]).where("id", "=", psychologistId).forNoKeyUpdate().executeTakeFirst();
}

/** Whether the database knows a zone by this exact name (its `at time zone` would refuse it otherwise). */
export async function databaseKnowsTimeZone(trx: Transaction<Database>, zone: string): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`.execute(trx);
  return rows[0]?.known === true;
}

/** The practice's zone: how its weekly and dated blocks' wall-clock times become instants (ADR 004). */
export async function updatePracticeTimeZone(trx: Transaction<Database>, { psychologistId, timeZone }: { psychologistId: string; timeZone: string }) {
  await trx.updateTable("psychologists").set({ time_zone: timeZone }).where("id", "=", psychologistId).execute();
}

export async function insertDatedBlock(trx: Transaction<Database>, block: { psychologistId: string; date: string; startTime: string; endTime: string }) {
  await trx.insertInto("psychologist_schedule").values({ psychologist_id: block.psychologistId, date: block.date, start_time: block.startTime, end_time: block.endTime, is_active: true }).execute();
}

export function findDatedBlock(trx: Transaction<Database>, { psychologistId, id }: { psychologistId: string; id: string }) {
  return trx
    .selectFrom("psychologist_schedule")
    .select(["id", "date", "start_time as startTime", "end_time as endTime"])
    .where("psychologist_id", "=", psychologistId)
    .where("id", "=", id)
    .where("is_active", "=", true)
    .executeTakeFirst();
}

export async function deleteDatedBlock(trx: Transaction<Database>, { psychologistId, id }: { psychologistId: string; id: string }) {
  await trx.deleteFrom("psychologist_schedule").where("psychologist_id", "=", psychologistId).where("id", "=", id).execute();
}

export async function insertWeeklyBlock(trx: Transaction<Database>, block: { psychologistId: string; weekday: number; startTime: string; endTime: string }) {
  await trx.insertInto("psychologist_availability").values({ psychologist_id: block.psychologistId, weekday: block.weekday, start_time: block.startTime, end_time: block.endTime }).execute();
}

export function findWeeklyBlock(trx: Transaction<Database>, { psychologistId, id }: { psychologistId: string; id: string }) {
  return trx
    .selectFrom("psychologist_availability")
    .select(["id", "weekday", "start_time as startTime", "end_time as endTime"])
    .where("psychologist_id", "=", psychologistId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function deleteWeeklyBlock(trx: Transaction<Database>, { psychologistId, id }: { psychologistId: string; id: string }) {
  await trx.deleteFrom("psychologist_availability").where("psychologist_id", "=", psychologistId).where("id", "=", id).execute();
}

// ---------------------------------------------------------------------------
// Days off (ADR 031)

/** Consultations a patient has booked: every slot-holding status but a checkout still under way. */
const BOOKED_STATUSES = SLOT_HOLDING_STATUSES.filter((status) => status !== "pending_payment");

/**
 * The days off of [from, to] and how many consultations are booked in the
 * selected day's [dayStart, dayEnd), in one statement: the tab's loader
 * reads one statement more for days off, not two.
 */
export async function daysOffAndBookings(
  { psychologistId, from, to, dayStart, dayEnd }: { psychologistId: string; from: string; to: string; dayStart: Date; dayEnd: Date },
  executor: Executor = db,
): Promise<{ daysOff: string[]; booked: number }> {
  const { rows } = await sql<{ daysOff: string[]; booked: number }>`
    select array(
             select o.day::text from psychologist_days_off o
             where o.psychologist_id = ${psychologistId} and o.day between ${from}::date and ${to}::date
             order by o.day
           ) as "daysOff",
           (select count(*)::int from appointments a
            where a.psychologist_id = ${psychologistId}
              and a.status in (${sql.join(BOOKED_STATUSES.map((status) => sql`${status}::appointment_status`))})
              and a.starts_at < ${dayEnd}::timestamptz and a.ends_at > ${dayStart}::timestamptz) as booked`.execute(executor);
  return { daysOff: rows[0]?.daysOff ?? [], booked: rows[0]?.booked ?? 0 };
}

export async function isDayOff(trx: Transaction<Database>, { psychologistId, day }: { psychologistId: string; day: string }): Promise<boolean> {
  const row = await trx.selectFrom("psychologist_days_off").select("day").where("psychologist_id", "=", psychologistId).where("day", "=", day).executeTakeFirst();
  return row !== undefined;
}

/** Marks a day off; marking it again changes nothing. */
export async function insertDayOff(trx: Transaction<Database>, { psychologistId, day }: { psychologistId: string; day: string }) {
  await trx.insertInto("psychologist_days_off").values({ psychologist_id: psychologistId, day }).onConflict((conflict) => conflict.columns(["psychologist_id", "day"]).doNothing()).execute();
}

export async function deleteDayOff(trx: Transaction<Database>, { psychologistId, day }: { psychologistId: string; day: string }) {
  await trx.deleteFrom("psychologist_days_off").where("psychologist_id", "=", psychologistId).where("day", "=", day).execute();
}

/** Slot-holding appointments overlapping [from, to), with the patient's first name for a message. */
export function holdersBetween({ psychologistId, from, to }: { psychologistId: string; from: Date; to: Date }, executor: Executor = db) {
  return executor
    .selectFrom("appointments as a")
    .leftJoin("profiles as pr", "pr.id", "a.patient_id")
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.status", "in", SLOT_HOLDING_STATUSES)
    .where("a.starts_at", "<", to)
    .where("a.ends_at", ">", from)
    .select(["a.id", "a.starts_at as startsAt", "a.ends_at as endsAt", "pr.first_name as firstName"])
    .orderBy("a.starts_at")
    .execute();
}
