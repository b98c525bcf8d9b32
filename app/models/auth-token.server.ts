import type { Transaction } from "kysely";
import type { AuthTokenPurpose, Database } from "#db/types";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { db } from "./db.server";

/** How long each kind of link works (issue 3: reset 1 h, verification 24 h). */
export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 60 * 60_000,
  email_verification: 24 * 60 * 60_000,
};

/**
 * A new single-use token for the user. Earlier unused tokens of the same
 * purpose stop working: only the latest e-mail's link is valid.
 */
export async function issueToken(trx: Transaction<Database>, userId: string, purpose: AuthTokenPurpose): Promise<string> {
  const token = randomToken();
  await trx
    .updateTable("auth_tokens")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
  await trx
    .insertInto("auth_tokens")
    .values({ user_id: userId, purpose, token_hash: sha256(token), expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]) })
    .execute();
  return token;
}

/**
 * Spends a token: returns its user when it exists, has this purpose, is
 * unused and unexpired — atomically, so two clicks cannot both succeed.
 */
export async function consumeToken(
  purpose: AuthTokenPurpose,
  token: string,
  executor: Transaction<Database> | typeof db = db,
): Promise<string | null> {
  const row = await executor
    .updateTable("auth_tokens")
    .set({ used_at: new Date() })
    .where("token_hash", "=", sha256(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** True when the token would be accepted now (for showing the reset form before it is spent). */
export async function isTokenUsable(purpose: AuthTokenPurpose, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("auth_tokens")
    .select("id")
    .where("token_hash", "=", sha256(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  return row !== undefined;
}
