import type { MailAttachment } from "#db/types";
import { db, type Executor } from "./db.server";

export interface NewMail {
  userId: string | null;
  to: string;
  template: string;
  locale: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** A one-time link token, already sealed, and when it stops working. */
  sealedSecret?: { value: string; expiresAt: Date };
}

export async function insertMail(executor: Executor, mail: NewMail): Promise<string> {
  const row = await executor
    .insertInto("mail_outbox")
    .values({
      user_id: mail.userId,
      to_email: mail.to,
      template: mail.template,
      locale: mail.locale,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: JSON.stringify(mail.attachments ?? []),
      secret: mail.sealedSecret?.value ?? null,
      secret_expires_at: mail.sealedSecret?.expiresAt ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function getMail(id: string) {
  return db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Marks a message sent; `forgetSecret` drops its sealed link token, which nobody needs once delivered. */
export async function markMailSent(id: string, transport: string, { forgetSecret }: { forgetSecret: boolean }) {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status: "sent",
      sent_at: new Date(),
      transport,
      attempts: eb("attempts", "+", 1),
      last_error: null,
      ...(forgetSecret ? { secret: null, secret_expires_at: null } : {}),
    }))
    .where("id", "=", id)
    .execute();
}

export async function recordMailFailure(id: string, error: string, final: boolean) {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, 1000),
      // A message that will never be sent keeps no link.
      ...(final ? { status: "failed" as const, secret: null, secret_expires_at: null } : {}),
    }))
    .where("id", "=", id)
    .execute();
}

/** The development outbox: newest first. */
export function listMail(limit = 100) {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "to_email", "template", "locale", "subject", "status", "transport", "attempts", "created_at", "sent_at"])
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

export function listMailForUser(userId: string) {
  return db
    .selectFrom("mail_outbox")
    .select(["template", "subject", "status", "created_at", "sent_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

/** Removes the content of a person's past messages (account deletion); keeps the fact they were sent. */
export async function redactMailForUser(userId: string, executor: Executor) {
  await executor
    .updateTable("mail_outbox")
    .set({ to_email: "removido", html: "", text: "", subject: "[removido]", attachments: "[]", user_id: null, secret: null, secret_expires_at: null })
    .where("user_id", "=", userId)
    .execute();
}

/** Sealed link tokens past their expiry are forgotten (the link would not work anyway). */
export async function forgetExpiredSecrets(now: Date): Promise<number> {
  const result = await db.updateTable("mail_outbox").set({ secret: null, secret_expires_at: null }).where("secret_expires_at", "<", now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sent messages older than the retention period go (their content is personal data). */
export async function deleteSentMailBefore(before: Date): Promise<number> {
  const result = await db.deleteFrom("mail_outbox").where("status", "=", "sent").where("sent_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
