import { db } from "~/models/db.server";
import { resetMailTransport, type OutgoingMail } from "~/providers/mail.server";
import { deliverMail } from "~/services/mail.server";

/**
 * The newest message of a template to an address, as it leaves the
 * platform: delivered by the real delivery job through a transport that
 * keeps what it is given (the stored body has no link token; ADR 014).
 */
export async function deliveredMail(to: string, template: string): Promise<OutgoingMail> {
  const row = await db
    .selectFrom("mail_outbox")
    .select(["id", "status"])
    .where("to_email", "=", to)
    .where("template", "=", template)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const sent: OutgoingMail[] = [];
  resetMailTransport({ name: "smtp", send: async (mail) => void sent.push(mail) });
  try {
    // A message the outbox transport already sent is sent again here: the test reads it as the recipient would.
    if (row.status !== "pending") await db.updateTable("mail_outbox").set({ status: "pending" }).where("id", "=", row.id).execute();
    await deliverMail(row.id);
  } finally {
    resetMailTransport();
  }
  if (!sent[0]) throw new Error(`message ${row.id} was not sent`);
  return sent[0];
}

/** The token in the link of the newest e-mail of a template to an address. */
export async function linkToken(to: string, template: string): Promise<string> {
  const { text } = await deliveredMail(to, template);
  const match = /token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no link in the ${template} e-mail to ${to}`);
  return decodeURIComponent(match[1]!);
}
