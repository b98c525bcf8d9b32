import { db } from "./db.server";

/** Removes sessions past their expiry; returns how many went. */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
