import { appointmentFigures, attendanceFigures, conversionFigures, moneyFigures, satisfactionFigures, userFigures } from "~/models/admin-overview.server";
import { env } from "~/utils/env.server";
import { keptFor } from "~/utils/kept.server";

/**
 * The administrator's overview (issue 15, item 1), kept a minute in each
 * process: every card aggregates three months of the whole marketplace, so
 * an admin reloading the page (or several admins) share one computation. The
 * page says when the figures were taken.
 */
export const ADMIN_OVERVIEW_TTL_MS = 60_000;

async function computeOverview() {
  const now = new Date();
  const [users, appointments, money, satisfaction, conversion, attendance] = await Promise.all([
    userFigures(env().ADMIN_EMAILS, now),
    appointmentFigures(now),
    moneyFigures(now),
    satisfactionFigures(now),
    conversionFigures(now),
    attendanceFigures(now),
  ]);
  return { takenAt: now.toISOString(), users, appointments, money, satisfaction, conversion, attendance };
}

export const adminOverview = keptFor(ADMIN_OVERVIEW_TTL_MS, computeOverview);
