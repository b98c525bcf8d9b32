import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/types";
import { getMail, insertMail, markMailSent, recordMailFailure, type NewMail } from "~/models/mail.server";
import { mailTransport } from "~/providers/mail.server";
import { log } from "~/utils/logger.server";
import { enqueue, QUEUES } from "./queue.server";

/** Delivery gives up after the queue's last retry (pg-boss waits with backoff in between). */
export const MAX_MAIL_ATTEMPTS = (QUEUES["mail.deliver"].retryLimit ?? 0) + 1;

/**
 * Writes a message to the outbox and schedules its delivery, both in the
 * caller's transaction: the e-mail exists if and only if the change that
 * caused it commits.
 */
export async function queueMail(executor: Transaction<Database> | Kysely<Database>, mail: NewMail): Promise<string> {
  const id = await insertMail(executor, mail);
  await enqueue("mail.deliver", { mailId: id }, {}, executor);
  return id;
}

/** The job: sends one outbox message. Safe to run twice; throws to be retried. */
export async function deliverMail(mailId: string): Promise<void> {
  const mail = await getMail(mailId);
  if (!mail || mail.status !== "pending") return;
  const transport = mailTransport();
  try {
    await transport.send({ to: mail.to_email, subject: mail.subject, html: mail.html, text: mail.text, attachments: mail.attachments });
  } catch (error) {
    const final = mail.attempts + 1 >= MAX_MAIL_ATTEMPTS;
    await recordMailFailure(mailId, error instanceof Error ? error.message : String(error), final);
    log().warn({ err: error, mailId, attempt: mail.attempts + 1, final }, "mail delivery failed");
    if (!final) throw error;
    return;
  }
  await markMailSent(mailId, transport.name);
}

