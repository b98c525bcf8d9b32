import { describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createUser } from "#tests/helpers/factories";
import { runQueuedJobs } from "#tests/helpers/jobs";
import { deliveredMail } from "#tests/helpers/mail";
import { db } from "~/models/db.server";
import { resetMailTransport } from "~/providers/mail.server";
import { deliverMail, MAX_MAIL_ATTEMPTS } from "~/services/mail.server";

/** No way into an account at rest in the outbox (issue 11, item 5). */

const outboxRows = () => db.selectFrom("mail_outbox").selectAll().execute();

async function requestReset(email: string) {
  expect((await send(formPost("/forgot-password", { email }))).status).toBe(303);
  // The form queues the work; the job writes the message.
  await runQueuedJobs(["accounts.password-reset"]);
}

describe("link tokens in e-mail", () => {
  it("are never stored in the outbox in clear: the delivered message has a working link, the table only a sealed token", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const before = JSON.stringify(await outboxRows());

    const delivered = await deliveredMail(user.email, "password_reset");
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(delivered.text)![1]!);
    expect(delivered.html).toContain(encodeURIComponent(token));
    // Neither before nor after sending does any column hold the token or the link.
    for (const dump of [before, JSON.stringify(await outboxRows())]) {
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(encodeURIComponent(token));
    }
    // Sent through a real transport, not even the sealed token is kept.
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", secret: null, secret_expires_at: null });
    // And the link works.
    const reset = await send(page(`/reset-password?token=${encodeURIComponent(token)}`));
    expect(await reset.text()).toContain('name="password"');
  });

  it("a message whose link expired before it could be sent is not sent, and keeps nothing", async () => {
    const user = await createUser();
    await requestReset(user.email);
    await db.updateTable("mail_outbox").set({ secret_expires_at: new Date(Date.now() - 1_000) }).execute();
    const [row] = await outboxRows();
    const sent: unknown[] = [];
    resetMailTransport({ name: "smtp", send: async (mail) => void sent.push(mail) });
    try {
      await deliverMail(row!.id);
    } finally {
      resetMailTransport();
    }
    expect(sent).toEqual([]);
    expect(await outboxRows()).toEqual([expect.objectContaining({ status: "failed", secret: null })]);
  });

  it("a message that finally fails keeps no sealed token either", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const [row] = await outboxRows();
    await db.updateTable("mail_outbox").set({ attempts: MAX_MAIL_ATTEMPTS - 1 }).execute();
    resetMailTransport({ name: "smtp", send: async () => Promise.reject(new Error("SMTP 550")) });
    try {
      await deliverMail(row!.id);
    } finally {
      resetMailTransport();
    }
    expect(await outboxRows()).toEqual([expect.objectContaining({ status: "failed", secret: null, last_error: "SMTP 550" })]);
  });

  it("the development outbox shows the working link while it lasts", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const [row] = await outboxRows();
    const text = await (await send(page(`/dev/outbox/${row!.id}?format=text`))).text();
    expect(text).toMatch(/\/reset-password\?token=[A-Za-z0-9_%-]{20,}/);
    expect(text).not.toContain("ACOLHE-ONE-TIME-TOKEN");
  });
});
