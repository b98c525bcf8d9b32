import { db } from "~/models/db.server";
import { deleteSentMailBefore, forgetExpiredSecrets } from "~/models/mail.server";
import { deleteRateLimitWindowsBefore } from "~/models/rate-limit.server";

const DAY_MS = 24 * 60 * 60_000;

/** Keeps only what is still useful: live tokens, a month of sent mail, the current rate-limit windows. */
export async function purgeStaleAccountData(now = new Date()) {
  const tokens = await db
    .deleteFrom("auth_tokens")
    .where("expires_at", "<", new Date(now.getTime() - 7 * DAY_MS))
    .executeTakeFirst();
  const mail = await deleteSentMailBefore(new Date(now.getTime() - 30 * DAY_MS));
  const secrets = await forgetExpiredSecrets(now);
  // The longest window (sign-up, password reset) is an hour; two hours back keeps every one a limit still reads.
  const rateLimits = await deleteRateLimitWindowsBefore(new Date(now.getTime() - 2 * 60 * 60_000));
  return { tokens: Number(tokens.numDeletedRows), mail, secrets, rateLimits };
}
