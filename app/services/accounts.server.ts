import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import type { Locale } from "~/i18n/config";
import { databaseKnowsTimeZone } from "~/models/agenda.server";
import { consumeToken, issueToken, TOKEN_LIFETIME_MS } from "~/models/auth-token.server";
import { db } from "~/models/db.server";
import { recordConsent } from "~/models/profile.server";
import { insertPendingPsychologist } from "~/models/psychologist-account.server";
import { deleteUserSessions } from "~/models/session.server";
import {
  emailExists,
  findCredentialsByEmail,
  findCredentialsById,
  getRecipient,
  insertUserWithProfile,
  claimUnverifiedAccount,
  markEmailVerified,
  setPasswordHash,
} from "~/models/user.server";
import { TERMS_VERSION } from "~/domain/legal";
import { accountFormLimits, currentPasswordLimit, SIGN_IN_WINDOW_MS, signInDelayMs, signInEmailKey, signInLimits } from "~/domain/auth-limits";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { env } from "~/utils/env.server";
import { hashPassword, needsRehash, verifyPassword } from "~/utils/password.server";
import {
  accountExistsEmail,
  passwordChangedEmail,
  passwordResetEmail,
  recipientLocale,
  verificationEmail,
  type EmailContent,
} from "./emails.server";
import { queueMail, SECRET_PLACEHOLDER, type MailSecret } from "./mail.server";
import { enqueue } from "./queue.server";
import { countAttempt, countFailure, forgetFailures, wait } from "./throttle.server";

/**
 * Sign-up, sign-in, e-mail verification and password reset. Errors carry a
 * key of the `auth` namespace; routes translate them.
 */

export class AccountError extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
  ) {
    super(key);
    this.name = "AccountError";
  }
}

/** A split of 'Maria da Silva Santos' into first name and the rest. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

async function mailTo(trx: Transaction<Database>, userId: string, to: string, content: EmailContent, secret?: MailSecret) {
  await queueMail(trx, { userId, to, ...content }, secret);
}

/** A link token for an e-mail: the body gets a placeholder, the token travels sealed until it is sent. */
function linkSecret(token: string, purpose: keyof typeof TOKEN_LIFETIME_MS): MailSecret {
  return { value: token, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]) };
}

export interface Registration {
  fullName: string;
  email: string;
  password: string;
  role: "patient" | "psychologist";
  locale: Locale;
  crp?: string;
  /** The browser's zone (the `tz` cookie), when it sent a valid one. */
  timeZone?: string | null;
}

/**
 * Creates the account (and, for a psychologist, a pending psychologists row)
 * with a verification e-mail, in one transaction. When the e-mail already has
 * an account, nothing is created and its owner is told by e-mail instead: the
 * visitor sees the same answer either way (no account enumeration).
 */
export async function register(input: Registration): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const { firstName, lastName } = splitFullName(input.fullName);
  try {
    await createAccount(input, passwordHash, firstName, lastName);
  } catch (error) {
    const constraint = (error as { constraint?: string }).constraint;
    if (constraint === "psychologists_crp_key") throw new AccountError("errors.crpTaken", 409);
    // Two sign-ups with one address at the same instant: the loser sees the usual answer.
    if (constraint === "users_email_key") return;
    throw error;
  }
}

async function createAccount(input: Registration, passwordHash: string, firstName: string, lastName: string) {
  await db.transaction().execute(async (trx) => {
    if (await emailExists(input.email, trx)) {
      const owner = await findCredentialsByEmail(input.email, trx);
      if (owner) {
        const recipient = await getRecipient(owner.id, trx);
        await mailTo(trx, owner.id, owner.email, accountExistsEmail(recipientLocale(recipient?.locale), { name: recipient?.firstName ?? "" }));
      }
      return;
    }
    const userId = await insertUserWithProfile(trx, { email: input.email, passwordHash, firstName, lastName, locale: input.locale, timeZone: input.timeZone });
    // The form's required checkbox: the terms (and privacy policy) of this version, agreed now.
    await recordConsent(trx, { userId, consent: "terms", version: TERMS_VERSION });
    if (input.role === "psychologist") {
      // The practice starts in that zone too when the database reads it (a zone it cannot read would break the directory's statement).
      const practiceZone = input.timeZone && (await databaseKnowsTimeZone(trx, input.timeZone)) ? input.timeZone : null;
      await insertPendingPsychologist(trx, { userId, name: input.fullName.trim(), email: input.email, crp: input.crp ?? null, timeZone: practiceZone });
    }
    const token = await issueToken(trx, userId, "email_verification");
    await mailTo(trx, userId, input.email, verificationEmail(input.locale, { name: firstName, token: SECRET_PLACEHOLDER }), linkSecret(token, "email_verification"));
  });
}

/** What a verification link proved, for the route to act on. */
export type Verification =
  | { state: "invalid" }
  /** The browser that signed up opened its own link: the registrant owns the address; sign them in. */
  | { state: "signed-up-here"; userId: string }
  /**
   * Opened elsewhere: whoever clicked controls the address, but may not be who chose the
   * password. The password and sessions are gone; the clicker sets a new password with this token.
   */
  | { state: "claimed"; userId: string; resetToken: string };

/** The sign-up browser's mark: a hash of the address it registered, kept in a signed cookie. */
export function signupMark(email: string): string {
  return sha256(`signup:${email.trim().toLowerCase()}`);
}

/** Confirms an address (issue 11: no pre-account takeover through the link). */
export async function verifyEmail(token: string, browserMark: string | null): Promise<Verification> {
  return db.transaction().execute(async (trx) => {
    const userId = await consumeToken("email_verification", token, trx);
    const account = userId ? await findCredentialsById(userId, trx) : undefined;
    if (!userId || !account) return { state: "invalid" as const };
    if (browserMark !== null && browserMark === signupMark(account.email)) {
      await markEmailVerified(userId, trx);
      return { state: "signed-up-here" as const, userId };
    }
    if (account.emailVerifiedAt) {
      // Already proven (a second link): nothing to take from anyone; they sign in with their password.
      return { state: "claimed" as const, userId, resetToken: "" };
    }
    await claimUnverifiedAccount(userId, trx);
    return { state: "claimed" as const, userId, resetToken: await issueToken(trx, userId, "password_reset") };
  });
}

/**
 * Sends a new verification link. The answer is the same for unknown,
 * verified and unverified addresses (the caller throttles per address and
 * IP first, whatever the address is): only an unverified account gets mail.
 */
export async function resendVerification(email: string): Promise<void> {
  const account = await findCredentialsByEmail(email);
  if (!account || account.emailVerifiedAt) return;
  await db.transaction().execute(async (trx) => {
    const recipient = await getRecipient(account.id, trx);
    const token = await issueToken(trx, account.id, "email_verification");
    await mailTo(trx, account.id, account.email, verificationEmail(recipientLocale(recipient?.locale), { name: recipient?.firstName ?? "", token: SECRET_PLACEHOLDER }), linkSecret(token, "email_verification"));
  });
}

/**
 * Checks a password sign-in (docs/decisions/014). The attempt is counted
 * first, per (e-mail, IP) and per IP, and refused past the environment's
 * limit; the e-mail alone is never refused — its answers only slow down — so
 * nobody can lock a patient out by knowing their address. Counted whether or
 * not the account exists. A right password takes the attempt back, forgives
 * the e-mail, and upgrades an old hash.
 */
export async function signIn(email: string, password: string, ip: string | null): Promise<{ id: string }> {
  const max = env().constants.maxLoginAttempts;
  const limits = signInLimits(email, ip ?? "unknown", max);
  const attempt = await countAttempt(limits);
  if (attempt.over) throw new AccountError("errors.tooManyAttempts", 429);
  const emailFailures = await countFailure(signInEmailKey(email), SIGN_IN_WINDOW_MS);
  await wait(signInDelayMs(emailFailures - 1, max));

  const account = await findCredentialsByEmail(email);
  // Hash even when there is no account, so timing does not tell either.
  const valid = account?.passwordHash ? await verifyPassword(password, account.passwordHash) : (await verifyPassword(password, await dummyHash()), false);
  if (!account || !valid) throw new AccountError("errors.invalidCredentials", 401);
  // Said only to whoever knows the password.
  if (account.blockedAt) throw new AccountError("errors.blocked", 403);

  await attempt.forgive();
  await Promise.all([forgetFailures(signInEmailKey(email)), forgetFailures(limits[0]!.key)]);
  if (needsRehash(account.passwordHash!)) await setPasswordHash(account.id, await hashPassword(password));
  if (!account.emailVerifiedAt) throw new AccountError("errors.emailNotConfirmed", 403);
  return { id: account.id };
}

// A real hash of a random string at today's cost: checking against it costs what a real check costs.
let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomToken());
  return dummy;
}

/** Refuses with 429 when this address or this IP asked too often (the same for addresses with and without an account). */
export async function throttleAccountForm(form: "signup" | "forgot" | "resend", email: string, ip: string | null) {
  const attempt = await countAttempt(accountFormLimits(form, email, ip ?? "unknown", env().constants.maxLoginAttempts));
  if (attempt.over) throw new AccountError(form === "resend" ? "errors.resendTooSoon" : "errors.tooManyRequests", 429);
}

/**
 * The forgot-password form's work on the request path: one job, the same
 * statements whether or not the address has an account. Looking the account
 * up here made an unknown address answer faster (one SELECT) than a known
 * one (a transaction), which told who has an account; the job does that
 * out of sight.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await enqueue("accounts.password-reset", { email });
}

/** The job behind requestPasswordReset: a link by e-mail only when the account exists. */
export async function sendPasswordReset(email: string): Promise<void> {
  const account = await findCredentialsByEmail(email);
  if (!account) return;
  await db.transaction().execute(async (trx) => {
    const recipient = await getRecipient(account.id, trx);
    const token = await issueToken(trx, account.id, "password_reset");
    await mailTo(trx, account.id, account.email, passwordResetEmail(recipientLocale(recipient?.locale), { name: recipient?.firstName ?? "", token: SECRET_PLACEHOLDER }), linkSecret(token, "password_reset"));
  });
}

/**
 * Sets a new password from a reset link: spends the token, signs the person
 * out everywhere and tells them by e-mail. Resetting also proves the address.
 */
export async function resetPassword(token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (trx) => {
    const owner = await consumeToken("password_reset", token, trx);
    if (!owner) return null;
    await setPasswordHash(owner, passwordHash, trx);
    await markEmailVerified(owner, trx);
    await deleteUserSessions(owner, {}, trx);
    const recipient = await getRecipient(owner, trx);
    if (recipient) await mailTo(trx, owner, recipient.email, passwordChangedEmail(recipientLocale(recipient.locale), { name: recipient.firstName ?? "" }));
    return owner;
  });
  if (!userId) throw new AccountError("errors.tokenInvalid", 400);
  return userId;
}

/**
 * Password change from the settings page: the current password is required
 * (a Google-only account, which has none, may set its first one); the other
 * sessions end and the owner is told by e-mail. Checking the current password
 * is limited per user (currentPasswordLimit): the attempt is counted first,
 * atomically, so parallel guesses cannot all pass the check, and a right
 * password takes it back; past the limit even a right one is refused until
 * the window ends, or the refusal itself would say which guess was right.
 */
export async function changePassword(
  userId: string,
  currentSessionId: string,
  current: string,
  next: string,
  options: { requireCurrent: boolean } = { requireCurrent: true },
): Promise<void> {
  const account = await findCredentialsById(userId);
  if (!account) throw new AccountError("errors.currentPasswordWrong", 400);
  if (account.passwordHash || options.requireCurrent) {
    const attempt = await countAttempt([currentPasswordLimit(userId)]);
    if (attempt.over) throw new AccountError("errors.passwordChangeTooMany", 429);
    if (!account.passwordHash || !(await verifyPassword(current, account.passwordHash))) throw new AccountError("errors.currentPasswordWrong", 400);
    await attempt.forgive();
  }
  const passwordHash = await hashPassword(next);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(userId, passwordHash, trx);
    await deleteUserSessions(userId, { except: currentSessionId }, trx);
    const recipient = await getRecipient(userId, trx);
    if (recipient) await mailTo(trx, userId, recipient.email, passwordChangedEmail(recipientLocale(recipient.locale), { name: recipient.firstName ?? "" }));
  });
}
