import { db, type Executor } from "./db.server";

/** The psychologist's calendar subscription: token hashes only (the raw token is shown once). */

export async function liveFeed({ psychologistId }: { psychologistId: string }) {
  return db.selectFrom("calendar_feeds").select(["created_at as createdAt"]).where("psychologist_id", "=", psychologistId).where("revoked_at", "is", null).executeTakeFirst();
}

/**
 * Revokes the live feed, if any, and starts one with this token hash, in one transaction.
 * Two at once would both find the old one live and both insert (calendar_feeds_live_key):
 * the psychologist's row lock (NO KEY UPDATE, as lockAgenda takes it) makes the second wait,
 * then retire the first one's feed.
 */
export async function replaceFeed({ psychologistId, tokenHash }: { psychologistId: string; tokenHash: string }) {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("psychologists").select("id").where("id", "=", psychologistId).forNoKeyUpdate().executeTakeFirstOrThrow();
    await trx.updateTable("calendar_feeds").set({ revoked_at: new Date() }).where("psychologist_id", "=", psychologistId).where("revoked_at", "is", null).execute();
    await trx.insertInto("calendar_feeds").values({ psychologist_id: psychologistId, token_hash: tokenHash }).execute();
  });
}

export async function revokeFeed({ psychologistId }: { psychologistId: string }) {
  await db.updateTable("calendar_feeds").set({ revoked_at: new Date() }).where("psychologist_id", "=", psychologistId).where("revoked_at", "is", null).execute();
}

/** Revokes the live feed of the user's practice, if any: their account is blocked or deleted. */
export async function revokeFeedsOfUser(executor: Executor, userId: string) {
  await executor
    .updateTable("calendar_feeds")
    .set({ revoked_at: new Date() })
    .where("psychologist_id", "in", (eb) => eb.selectFrom("psychologists").select("id").where("user_id", "=", userId))
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * The owner of a live feed token, with their locale for the event texts. The token stands in for
 * a session, so it answers only while the account could sign in: not blocked, not deleted.
 */
export async function feedOwner(tokenHash: string) {
  return db
    .selectFrom("calendar_feeds as f")
    .innerJoin("psychologists as p", "p.id", "f.psychologist_id")
    .innerJoin("users as u", "u.id", "p.user_id")
    .leftJoin("profiles as pr", "pr.id", "p.user_id")
    .where("f.token_hash", "=", tokenHash)
    .where("f.revoked_at", "is", null)
    .where("u.blocked_at", "is", null)
    .where("u.deleted_at", "is", null)
    .select(["p.id as psychologistId", "p.name", "pr.locale"])
    .executeTakeFirst();
}

/** Upcoming consultations for the feed (from a day ago, so today's stay visible), first names only. */
export async function feedAppointments({ psychologistId, since, limit = 500 }: { psychologistId: string; since: Date; limit?: number }) {
  return db
    .selectFrom("appointments as a")
    .leftJoin("profiles as pr", "pr.id", "a.patient_id")
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.starts_at", ">=", since)
    .where("a.status", "in", ["confirmed", "scheduled", "pending", "pending_reschedule"])
    .select(["a.id", "a.starts_at as startsAt", "a.ends_at as endsAt", "a.status", "a.reschedule_count as rescheduleCount", "pr.first_name as firstName"])
    .orderBy("a.starts_at")
    .limit(limit)
    .execute();
}
