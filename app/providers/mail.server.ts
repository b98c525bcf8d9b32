import nodemailer from "nodemailer";
import { env } from "~/utils/env.server";

/**
 * Outgoing mail. With SMTP_URL, messages go out through nodemailer; without
 * it (development, tests) they only stay in the outbox table, readable at
 * /dev/outbox.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

export interface MailTransport {
  readonly name: "smtp" | "outbox";
  send(mail: OutgoingMail): Promise<void>;
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.content, "base64") })),
      });
    },
  };
}

const outboxTransport: MailTransport = {
  name: "outbox",
  async send() {
    // The message is already in the outbox table: nothing leaves the machine.
  },
};

let transport: MailTransport | undefined;

export function mailTransport(): MailTransport {
  const config = env();
  transport ??= config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : outboxTransport;
  return transport;
}

/** Tests swap the transport (e.g. to a local SMTP server) between cases. */
export function resetMailTransport(next?: MailTransport) {
  transport = next;
}
