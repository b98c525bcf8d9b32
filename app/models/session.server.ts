import { db, type Executor } from "./db.server";

export interface SessionUserRow {
  sessionId: string;
  expiresAt: Date;
  /** When this session signed in. */
  signedInAt: Date;
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  timeZone: string | null;
  locale: string | null;
  psychologistId: string | null;
  psychologistName: string | null;
  psychologistStatus: string | null;
  psychologistTimeZone: string | null;
}

/** The signed-in person behind a session id, in one query, or undefined when absent or expired. */
export async function findSessionUser(sessionId: string, now = new Date(), maxAgeMs = Number.POSITIVE_INFINITY): Promise<SessionUserRow | undefined> {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("profiles", "profiles.id", "users.id")
    .leftJoin("psychologists", "psychologists.user_id", "users.id")
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", now)
    .$if(Number.isFinite(maxAgeMs), (query) => query.where("sessions.created_at", ">", new Date(now.getTime() - maxAgeMs)))
    .where("users.deleted_at", "is", null)
    // A blocked account's sessions are deleted when it is blocked; this keeps any that slipped through from opening.
    .where("users.blocked_at", "is", null)
    .select([
      "sessions.id as sessionId",
      "sessions.expires_at as expiresAt",
      "sessions.created_at as signedInAt",
      "users.id as id",
      "users.email as email",
      "users.email_verified_at as emailVerifiedAt",
      "profiles.first_name as firstName",
      "profiles.last_name as lastName",
      "profiles.avatar_url as avatarUrl",
      "profiles.time_zone as timeZone",
      "profiles.locale as locale",
      "psychologists.id as psychologistId",
      "psychologists.name as psychologistName",
      "psychologists.status as psychologistStatus",
      "psychologists.time_zone as psychologistTimeZone",
    ])
    .executeTakeFirst();
}

export async function insertSession(
  values: { id: string; userId: string; expiresAt: Date; userAgent: string | null },
  executor: Executor = db,
) {
  await executor
    .insertInto("sessions")
    .values({ id: values.id, user_id: values.userId, expires_at: values.expiresAt, user_agent: values.userAgent })
    .execute();
}

export async function extendSession(sessionId: string, expiresAt: Date) {
  await db.updateTable("sessions").set({ expires_at: expiresAt }).where("id", "=", sessionId).execute();
}

export async function deleteSession(sessionId: string) {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Signs a person out everywhere, or everywhere but the session they are using. */
export async function deleteUserSessions(userId: string, options: { except?: string } = {}, executor: Executor = db) {
  let query = executor.deleteFrom("sessions").where("user_id", "=", userId);
  if (options.except) query = query.where("id", "!=", options.except);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUserSessions(userId: string, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Removes sessions past their expiry; returns how many went. */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
