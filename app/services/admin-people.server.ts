import { audit } from "~/models/audit.server";
import { db } from "~/models/db.server";
import { revokeSessions, setBlocked } from "~/models/admin-people.server";
import { revokeFeedsOfUser } from "~/models/calendar-feed.server";
import { log } from "~/utils/logger.server";
import { purgePublicPages } from "~/utils/page-cache.server";

/**
 * What an administrator does to an account, each in one transaction with its
 * audit row: end its sessions, block it (which ends them too) or unblock it.
 */

export async function endSessions(adminId: string, userId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await revokeSessions(trx, userId);
    await audit({ actor: { userId: adminId, role: "admin" }, action: "user.sessions_revoked", subject: { type: "user", id: userId }, details: { ended } }, trx);
    return ended;
  });
}

export async function blockAccount(input: { adminId: string; userId: string; reason: string; now?: Date }): Promise<boolean> {
  if (input.adminId === input.userId) return false;
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await setBlocked(trx, input.userId, { by: input.adminId, reason: input.reason, at: input.now ?? new Date() }))) return false;
    const ended = await revokeSessions(trx, input.userId);
    // The calendar link is a credential too: unblocking does not bring it back.
    await revokeFeedsOfUser(trx, input.userId);
    await audit({ actor: { userId: input.adminId, role: "admin" }, action: "user.block", subject: { type: "user", id: input.userId }, details: { reason: input.reason, sessionsEnded: ended } }, trx);
    return true;
  });
  if (changed) {
    // A blocked psychologist leaves the public pages at once (this process's caches; others' within their seconds).
    purgePublicPages();
    log().info({ userId: input.userId, adminId: input.adminId }, "account blocked");
  }
  return changed;
}

export async function unblockAccount(adminId: string, userId: string): Promise<boolean> {
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await setBlocked(trx, userId, null))) return false;
    await audit({ actor: { userId: adminId, role: "admin" }, action: "user.unblock", subject: { type: "user", id: userId } }, trx);
    return true;
  });
  // An approved psychologist is public again at once.
  if (changed) purgePublicPages();
  return changed;
}
