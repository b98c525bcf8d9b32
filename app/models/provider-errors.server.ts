import { sql } from "kysely";
import { db } from "./db.server";

/**
 * The last error each outside service left behind, from the work that
 * talks to it: failed jobs of its queues (pg-boss keeps their output) and
 * the mail outbox. Messages are cut short and never carry credentials
 * (providers' errors name statuses, not tokens; still, anything that looks
 * like a bearer or key is masked).
 */

export type ProviderId = "mercadopago" | "daily" | "smtp";

/** The pg-boss queues whose jobs call each provider. */
const QUEUES: Record<Exclude<ProviderId, "smtp">, string[]> = {
  mercadopago: ["payments.process-notification", "payments.refund-cancellation"],
  daily: ["video.create-room", "video.delete-room", "video.update-room", "video.ensure-rooms"],
};

export interface LastError {
  at: Date;
  message: string;
}

const SECRET = /(bearer\s+|token[=:]\s*|key[=:]\s*|APP_USR-|TEST-)[\w.-]+/gi;
export const cleanMessage = (message: string) => message.replace(SECRET, "$1•••").slice(0, 300);

export async function lastProviderErrors(): Promise<Record<ProviderId, LastError | null>> {
  const jobs = async (queues: string[]): Promise<LastError | null> => {
    const { rows } = await sql<{ at: Date; output: unknown }>`
      select completed_on as at, output from pgboss.job
      where name in (${sql.join(queues)}) and state = 'failed'
      order by completed_on desc nulls last limit 1`.execute(db);
    const row = rows[0];
    if (!row) return null;
    const output = row.output as { message?: string } | string | null;
    const message = typeof output === "string" ? output : (output?.message ?? JSON.stringify(output));
    return { at: row.at, message: cleanMessage(message) };
  };
  // A message's last failed try; the outbox keeps the error with the message.
  const mail = await db.selectFrom("mail_outbox").select(["created_at as at", "last_error as message"]).where("last_error", "is not", null).orderBy("created_at", "desc").limit(1).executeTakeFirst();
  const [mercadopago, daily] = await Promise.all([jobs(QUEUES.mercadopago), jobs(QUEUES.daily)]);
  return { mercadopago, daily, smtp: mail ? { at: mail.at, message: cleanMessage(mail.message ?? "") } : null };
}
