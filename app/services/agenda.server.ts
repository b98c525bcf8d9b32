import { TZDate } from "@date-fns/tz";
import { checkBlock, isDate, minutesToTime, timeToMinutes, type BlockProblem } from "~/domain/agenda";
import { dateInZone, startOfDayInZone, addDays, wallTimeToInstant } from "~/domain/slots";
import {
  datedBlocks,
  deleteDatedBlock,
  deleteDayOff,
  insertDayOff,
  isDayOff,
  deleteWeeklyBlock,
  findDatedBlock,
  findWeeklyBlock,
  holdersBetween,
  insertDatedBlock,
  insertWeeklyBlock,
  databaseKnowsTimeZone,
  lockAgenda,
  updatePracticeTimeZone,
  weeklyBlocks,
} from "~/models/agenda.server";
import { db } from "~/models/db.server";
import { isUuid } from "~/models/public-profile.server";
import { purgePublicPages } from "~/utils/page-cache.server";

/**
 * Changes to a psychologist's agenda, each in one transaction with the
 * agenda locked: the spec's checks, a block never removed from under a booked
 * or held consultation, and the public pages told at once (they show availability).
 */

export interface Holder {
  firstName: string | null;
  startsAt: Date;
}

export type AgendaOutcome =
  | { ok: true; label?: string }
  | { ok: false; problem: BlockProblem | "not_found" | "invalid_date" | "invalid_time_zone" | "past_day_off" }
  | { ok: false; problem: "holds_appointments"; holders: Holder[] };

const minutesOfTime = (time: string) => timeToMinutes(time) ?? 0;

/** A new dated block ('Adicionar horário' of a day). */
export async function addDatedBlock(psychologistId: string, input: { date?: string | null; startTime?: string | null; endTime?: string | null }, now = new Date()): Promise<AgendaOutcome> {
  // The date reaches SQL before checkBlock runs: a day that does not exist would be PostgreSQL's error (a 500).
  if (input.date && !isDate(input.date)) return { ok: false, problem: "invalid_date" };
  const outcome = await db.transaction().execute(async (trx): Promise<AgendaOutcome> => {
    const agenda = await lockAgenda(trx, psychologistId);
    if (!agenda) return { ok: false, problem: "not_found" };
    const date = input.date ?? "";
    const [weekly, dated, off] = date
      ? await Promise.all([weeklyBlocks({ psychologistId }, trx), datedBlocks({ psychologistId, from: date, to: date }, trx), isDayOff(trx, { psychologistId, day: date })])
      : [[], [], false];
    // On a day off the weekly pattern's hours are not the day's: new hours may take their place (ADR 031).
    const weekday = date && !off ? new Date(`${date}T12:00:00Z`).getUTCDay() : -1;
    const others = [...weekly.filter((block) => block.weekday === weekday), ...dated].map((block) => ({ start: minutesOfTime(block.startTime), end: minutesOfTime(block.endTime) }));
    const checked = checkBlock({ ...input, today: dateInZone(now, agenda.timeZone), others });
    if (typeof checked === "string") return { ok: false, problem: checked };
    // A consultation already in that time (booked before a block was removed) is a conflict too.
    const from = wallTimeToInstant(date, checked.start, agenda.timeZone) ?? startOfDayInZone(date, agenda.timeZone);
    const to = wallTimeToInstant(date, checked.end, agenda.timeZone) ?? startOfDayInZone(addDays(date, 1), agenda.timeZone);
    if ((await holdersBetween({ psychologistId, from, to }, trx)).length > 0) return { ok: false, problem: "conflict" };
    await insertDatedBlock(trx, { psychologistId, date, startTime: minutesToTime(checked.start), endTime: minutesToTime(checked.end) });
    return { ok: true };
  });
  if (outcome.ok) purgePublicPages();
  return outcome;
}

export async function removeDatedBlock(psychologistId: string, blockId: string, now = new Date()): Promise<AgendaOutcome> {
  // Not a uuid names no block (and PostgreSQL would refuse it with a 500).
  if (!isUuid(blockId)) return { ok: false, problem: "not_found" };
  const outcome = await db.transaction().execute(async (trx): Promise<AgendaOutcome> => {
    const agenda = await lockAgenda(trx, psychologistId);
    const block = agenda ? await findDatedBlock(trx, { psychologistId, id: blockId }) : undefined;
    if (!agenda || !block) return { ok: false, problem: "not_found" };
    const from = wallTimeToInstant(block.date, minutesOfTime(block.startTime), agenda.timeZone) ?? startOfDayInZone(block.date, agenda.timeZone);
    const to = wallTimeToInstant(block.date, minutesOfTime(block.endTime), agenda.timeZone) ?? startOfDayInZone(addDays(block.date, 1), agenda.timeZone);
    const holders = (await holdersBetween({ psychologistId, from: from > now ? from : now, to }, trx)).filter((holder) => holder.endsAt > now);
    if (holders.length > 0) return { ok: false, problem: "holds_appointments", holders };
    await deleteDatedBlock(trx, { psychologistId, id: blockId });
    return { ok: true, label: `${block.startTime.slice(0, 5)} - ${block.endTime.slice(0, 5)}` };
  });
  if (outcome.ok) purgePublicPages();
  return outcome;
}

/** A new block of the weekly pattern (the recurring hours the slot generator reads). */
export async function addWeeklyBlock(psychologistId: string, input: { weekday?: number | null; startTime?: string | null; endTime?: string | null }): Promise<AgendaOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<AgendaOutcome> => {
    const agenda = await lockAgenda(trx, psychologistId);
    if (!agenda) return { ok: false, problem: "not_found" };
    const weekday = input.weekday;
    if (weekday === null || weekday === undefined || !Number.isInteger(weekday) || weekday < 0 || weekday > 6) return { ok: false, problem: "missing" };
    const others = (await weeklyBlocks({ psychologistId }, trx))
      .filter((block) => block.weekday === weekday)
      .map((block) => ({ start: minutesOfTime(block.startTime), end: minutesOfTime(block.endTime) }));
    // The weekly pattern has no date: any placeholder day passes the date checks.
    const checked = checkBlock({ date: "weekly", startTime: input.startTime, endTime: input.endTime, others });
    if (typeof checked === "string") return { ok: false, problem: checked };
    await insertWeeklyBlock(trx, { psychologistId, weekday, startTime: minutesToTime(checked.start), endTime: minutesToTime(checked.end) });
    return { ok: true };
  });
  if (outcome.ok) purgePublicPages();
  return outcome;
}

/** Looking a year ahead is enough: nobody books further. */
const WEEKLY_HORIZON_DAYS = 400;

export async function removeWeeklyBlock(psychologistId: string, blockId: string, now = new Date()): Promise<AgendaOutcome> {
  // Not a uuid names no block (and PostgreSQL would refuse it with a 500).
  if (!isUuid(blockId)) return { ok: false, problem: "not_found" };
  const outcome = await db.transaction().execute(async (trx): Promise<AgendaOutcome> => {
    const agenda = await lockAgenda(trx, psychologistId);
    const block = agenda ? await findWeeklyBlock(trx, { psychologistId, id: blockId }) : undefined;
    if (!agenda || !block) return { ok: false, problem: "not_found" };
    const start = minutesOfTime(block.startTime);
    const end = minutesOfTime(block.endTime);
    const upcoming = await holdersBetween({ psychologistId, from: now, to: new Date(now.getTime() + WEEKLY_HORIZON_DAYS * 86_400_000) }, trx);
    const holders = upcoming.filter((holder) => {
      const local = new TZDate(holder.startsAt.getTime(), agenda.timeZone);
      const minute = local.getHours() * 60 + local.getMinutes();
      return local.getDay() === block.weekday && minute < end && minute + (holder.endsAt.getTime() - holder.startsAt.getTime()) / 60_000 > start;
    });
    if (holders.length > 0) return { ok: false, problem: "holds_appointments", holders };
    await deleteWeeklyBlock(trx, { psychologistId, id: blockId });
    return { ok: true, label: `${block.startTime.slice(0, 5)} - ${block.endTime.slice(0, 5)}` };
  });
  if (outcome.ok) purgePublicPages();
  return outcome;
}

/**
 * A day off (ADR 031): the weekly pattern does not count on that date (in the
 * practice's zone); hours added for it still do. Consultations already booked
 * that day stay booked: the psychologist cancels them one by one if they want.
 * Marking a day already off, or undoing one that is not, changes nothing and
 * succeeds (a form sent twice). Days before today cannot change.
 */
export async function setDayOff(psychologistId: string, date: string, off: boolean, now = new Date()): Promise<AgendaOutcome> {
  // The date reaches SQL: a day that does not exist would be PostgreSQL's error (a 500).
  if (!isDate(date)) return { ok: false, problem: "invalid_date" };
  const outcome = await db.transaction().execute(async (trx): Promise<AgendaOutcome> => {
    const agenda = await lockAgenda(trx, psychologistId);
    if (!agenda) return { ok: false, problem: "not_found" };
    if (date < dateInZone(now, agenda.timeZone)) return { ok: false, problem: "past_day_off" };
    if (off) await insertDayOff(trx, { psychologistId, day: date });
    else await deleteDayOff(trx, { psychologistId, day: date });
    return { ok: true };
  });
  // Public pages show free slots, which a day off changes.
  if (outcome.ok) purgePublicPages();
  return outcome;
}

/**
 * The practice's zone (ADR 004, 'Changing the practice's zone'). Weekly and
 * dated blocks are wall-clock times and keep them: 09:00 stays 09:00 in the
 * new zone, which is what the psychologist means. Consultations are instants
 * and do not move. Slots are computed from the zone on every request, so the
 * only thing to forget is what caches them: the public pages and the
 * directory's availability, emptied like any agenda change.
 */
export async function changePracticeTimeZone(psychologistId: string, timeZone: string): Promise<AgendaOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<AgendaOutcome> => {
    const agenda = await lockAgenda(trx, psychologistId);
    if (!agenda) return { ok: false, problem: "not_found" };
    if (agenda.timeZone === timeZone) return { ok: true };
    // A zone the runtime knows but the database does not would break every statement that reads it (the directory's too).
    if (!(await databaseKnowsTimeZone(trx, timeZone))) return { ok: false, problem: "invalid_time_zone" };
    await updatePracticeTimeZone(trx, { psychologistId, timeZone });
    return { ok: true };
  });
  if (outcome.ok) purgePublicPages();
  return outcome;
}
