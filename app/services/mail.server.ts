import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/types";
import { getMail, insertMail, markMailSent, recordMailFailure, type NewMail } from "~/models/mail.server";
import { hasConsent } from "~/models/profile.server";
import { mailTransport } from "~/providers/mail.server";
import { seal, unseal } from "~/utils/crypto.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { enqueue, QUEUES } from "./queue.server";

/** Delivery gives up after the queue's last retry (pg-boss waits with backoff in between). */
export const MAX_MAIL_ATTEMPTS = (QUEUES["mail.deliver"].retryLimit ?? 0) + 1;

/**
 * Where a message's one-time link token stands in its stored body. The token
 * itself is kept sealed beside it and put in only as the message is sent, so
 * reading the outbox never gives a way into an account (issue 11).
 */
export const SECRET_PLACEHOLDER = "ACOLHE-ONE-TIME-TOKEN";
const SEAL_PURPOSE = "mail-outbox-secret";

/** Service mail (accounts, appointments, payments) is always sent; marketing needs the person's consent. */
export type MailCategory = "service" | "marketing";

export interface MailSecret {
  value: string;
  expiresAt: Date;
}

/**
 * Writes a message to the outbox and schedules its delivery, both in the
 * caller's transaction: the e-mail exists if and only if the change that
 * caused it commits.
 */
export async function queueMail(
  executor: Transaction<Database> | Kysely<Database>,
  mail: Omit<NewMail, "sealedSecret"> & { category?: MailCategory },
  secret?: MailSecret,
): Promise<string | null> {
  // Marketing goes only to people whose latest word on it is yes (settings, 'Consentimentos').
  if (mail.category === "marketing" && !(mail.userId && (await hasConsent(mail.userId, "marketing", executor)))) return null;
  const sealedSecret = secret ? { value: seal(secret.value, env().SESSION_SECRET, SEAL_PURPOSE), expiresAt: secret.expiresAt } : undefined;
  const { category: _category, ...content } = mail;
  const id = await insertMail(executor, { ...content, sealedSecret });
  await enqueue("mail.deliver", { mailId: id }, {}, executor);
  return id;
}

type StoredMail = { html: string; text: string; secret: string | null; secret_expires_at: Date | null };

/** The message as its recipient gets it (the link token put in), or null when its link can no longer be made. */
export function renderMail(mail: StoredMail, now = new Date()): { html: string; text: string } | null {
  const needsSecret = mail.html.includes(SECRET_PLACEHOLDER) || mail.text.includes(SECRET_PLACEHOLDER);
  if (!needsSecret) return { html: mail.html, text: mail.text };
  if (!mail.secret || (mail.secret_expires_at && mail.secret_expires_at < now)) return null;
  const token = encodeURIComponent(unseal(mail.secret, env().SESSION_SECRET, SEAL_PURPOSE));
  return { html: mail.html.replaceAll(SECRET_PLACEHOLDER, token), text: mail.text.replaceAll(SECRET_PLACEHOLDER, token) };
}

/** The job: sends one outbox message. Safe to run twice; throws to be retried. */
export async function deliverMail(mailId: string): Promise<void> {
  const mail = await getMail(mailId);
  if (!mail || mail.status !== "pending") return;
  const transport = mailTransport();
  const body = renderMail(mail);
  if (!body) {
    // Its link expired before it could be sent: sending it now would only disappoint.
    await recordMailFailure(mailId, "link expired before delivery", true);
    return;
  }
  try {
    await transport.send({ to: mail.to_email, subject: mail.subject, html: body.html, text: body.text, attachments: mail.attachments });
  } catch (error) {
    const final = mail.attempts + 1 >= MAX_MAIL_ATTEMPTS;
    await recordMailFailure(mailId, error instanceof Error ? error.message : String(error), final);
    log().warn({ err: error, mailId, attempt: mail.attempts + 1, final }, "mail delivery failed");
    if (!final) throw error;
    return;
  }
  // The development outbox keeps the sealed token until it expires, so /dev/outbox can show the link.
  await markMailSent(mailId, transport.name, { forgetSecret: transport.name !== "outbox" });
}

