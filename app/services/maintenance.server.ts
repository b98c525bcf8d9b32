import { deleteRateLimitWindowsBefore } from "~/models/analytics.server";
import { db } from "~/models/db.server";
import { deleteFailuresBefore } from "~/models/login-failure.server";
import { deleteSentMailBefore } from "~/models/mail.server";

const DAY_MS = 24 * 60 * 60_000;

/** Keeps only what is still useful: throttling windows, live tokens, a month of sent mail, the current rate-limit windows. */
export async function purgeStaleAccountData(now = new Date()) {
  const failures = await deleteFailuresBefore(new Date(now.getTime() - DAY_MS));
  const tokens = await db
    .deleteFrom("auth_tokens")
    .where("expires_at", "<", new Date(now.getTime() - 7 * DAY_MS))
    .executeTakeFirst();
  const mail = await deleteSentMailBefore(new Date(now.getTime() - 30 * DAY_MS));
  // Windows are a minute long; an hour back keeps every one a limit still reads.
  const rateLimits = await deleteRateLimitWindowsBefore(new Date(now.getTime() - 60 * 60_000));
  return { failures, tokens: Number(tokens.numDeletedRows), mail, rateLimits };
}
