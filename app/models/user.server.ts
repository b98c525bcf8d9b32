import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { db, type Executor } from "./db.server";

export interface Credentials {
  id: string;
  email: string;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  psychologistId: string | null;
  psychologistStatus: string | null;
  blockedAt: Date | null;
}

function credentials(executor: Executor) {
  return executor
    .selectFrom("users")
    .leftJoin("psychologists", "psychologists.user_id", "users.id")
    .where("users.deleted_at", "is", null)
    .select([
      "users.id",
      "users.email",
      "users.password_hash as passwordHash",
      "users.email_verified_at as emailVerifiedAt",
      "psychologists.id as psychologistId",
      "psychologists.status as psychologistStatus",
      "users.blocked_at as blockedAt",
    ]);
}

/** What sign-in needs of an account, by e-mail (case-insensitive: citext). */
export function findCredentialsByEmail(email: string, executor: Executor = db): Promise<Credentials | undefined> {
  return credentials(executor).where("users.email", "=", email).executeTakeFirst();
}

export function findCredentialsById(userId: string, executor: Executor = db): Promise<Credentials | undefined> {
  return credentials(executor).where("users.id", "=", userId).executeTakeFirst();
}

export async function emailExists(email: string, executor: Executor = db): Promise<boolean> {
  const row = await executor.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined;
}

export interface NewAccount {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  locale: string;
  /** The browser's zone at sign-up (the `tz` cookie), so e-mails show the times the site showed; null: Brasília. */
  timeZone?: string | null;
  emailVerifiedAt?: Date | null;
  googleSub?: string | null;
}

/** A user and their profile, in the caller's transaction. */
export async function insertUserWithProfile(trx: Transaction<Database>, account: NewAccount): Promise<string> {
  const user = await trx
    .insertInto("users")
    .values({
      email: account.email,
      password_hash: account.passwordHash,
      email_verified_at: account.emailVerifiedAt ?? null,
      google_sub: account.googleSub ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("profiles")
    .values({ id: user.id, first_name: account.firstName, last_name: account.lastName, locale: account.locale, time_zone: account.timeZone ?? null })
    .execute();
  return user.id;
}

export async function markEmailVerified(userId: string, executor: Executor = db) {
  await executor
    .updateTable("users")
    .set({ email_verified_at: new Date() })
    .where("id", "=", userId)
    .where("email_verified_at", "is", null)
    .execute();
}

export async function setPasswordHash(userId: string, passwordHash: string, executor: Executor = db) {
  await executor.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

/**
 * The address of an unverified account has just been proven by someone who
 * controls it (Google, or the e-mailed link opened elsewhere). Whoever chose
 * the password may not be that person — the pre-account takeover — so the
 * password and every session of the account go, in the caller's transaction.
 */
export async function claimUnverifiedAccount(userId: string, executor: Executor) {
  await executor.updateTable("users").set({ password_hash: null, email_verified_at: new Date() }).where("id", "=", userId).execute();
  await executor.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export function findUserByGoogleSub(sub: string) {
  return db.selectFrom("users").select(["id", "blocked_at as blockedAt"]).where("google_sub", "=", sub).where("deleted_at", "is", null).executeTakeFirst();
}

export async function linkGoogleAccount(userId: string, sub: string, executor: Executor = db) {
  // Google vouches for the address, so linking also verifies it.
  await executor
    .updateTable("users")
    .set((eb) => ({ google_sub: sub, email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(new Date())) }))
    .where("id", "=", userId)
    .execute();
}

export function getRecipient(userId: string, executor: Executor = db) {
  return executor
    .selectFrom("users")
    .leftJoin("profiles", "profiles.id", "users.id")
    .where("users.id", "=", userId)
    .select(["users.id", "users.email", "profiles.first_name as firstName", "profiles.locale", "profiles.time_zone as timeZone"])
    .executeTakeFirst();
}
