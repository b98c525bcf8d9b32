import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formPost, send } from "#tests/helpers/app";
import { brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { db } from "~/models/db.server";
import { resetMailTransport } from "~/providers/mail.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { MAX_ACTIVE_HOLDS } from "~/services/booking.server";
import { queueMail } from "~/services/mail.server";
import { queue } from "~/services/queue.server";
import { workQueue } from "~/services/worker.server";

/** Holds and jobs (issue 11, item 10). */

describe("unpaid holds per patient", () => {
  beforeEach(() => void useLocalGateway());
  afterEach(() => resetPaymentGateway());

  const hold = (jar: { header(): string }, psychologistId: string, time: string) => {
    const date = dayFromToday(4);
    const selection = { psychologistId, date, startsAt: brasilia(date, time).toISOString(), duration: "50" };
    // The form posts to the page it is on (step 3 of this selection).
    return send(formPost(`/schedule/step3?${new URLSearchParams(selection)}`, { ...selection, healthDataConsent: "on" }, { Cookie: jar.header() }));
  };
  const holdsOf = (patientId: string) => db.selectFrom("appointments").select("id").where("patient_id", "=", patientId).where("status", "=", "pending_payment").execute();

  it(`a patient keeps at most ${MAX_ACTIVE_HOLDS} at once; the next is refused with a clear message and nothing is written`, async () => {
    const { psychologistId } = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    expect((await hold(jar, psychologistId, "09:00")).status).toBe(303);
    expect((await hold(jar, psychologistId, "11:00")).status).toBe(303);
    const third = await hold(jar, psychologistId, "14:00");
    expect(third.status, third.headers.get("Location") ?? "").toBe(429);
    expect(await third.text()).toContain("Você já tem 2 reservas aguardando pagamento");
    expect(await holdsOf(patient.id)).toHaveLength(2);
  });

  it("an expired hold no longer counts", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    await hold(jar, psychologistId, "09:00");
    await hold(jar, psychologistId, "11:00");
    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 60_000) }).where("patient_id", "=", patient.id).execute();
    expect((await hold(jar, psychologistId, "14:00")).status).toBe(303);
  });

  it("parallel bookings by one patient cannot pass the cap together", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    const statuses = await Promise.all(["08:00", "10:00", "12:00", "14:00", "16:00"].map((time) => hold(jar, psychologistId, time).then((response) => response.status)));
    expect(statuses.filter((status) => status === 303)).toHaveLength(2);
    expect(await holdsOf(patient.id)).toHaveLength(2);
  });
});

describe("jobs are worked one by one", () => {
  afterEach(() => resetMailTransport());

  it("one failing job is retried alone; the others of the same moment are delivered", { timeout: 30_000 }, async () => {
    const sent: string[] = [];
    resetMailTransport({
      name: "smtp",
      send: async (mail) => {
        if (mail.to === "falha@exemplo.com.br") throw new Error("SMTP 451");
        sent.push(mail.to);
      },
    });
    const recipients = ["a@exemplo.com.br", "b@exemplo.com.br", "falha@exemplo.com.br", "c@exemplo.com.br", "d@exemplo.com.br"];
    const ids: string[] = [];
    for (const to of recipients) ids.push((await queueMail(db, { userId: null, to, template: "t", locale: "pt-BR", subject: "s", html: "<p>x</p>", text: "x" }))!);

    const boss = await queue();
    const worker = await workQueue("mail.deliver", boss);
    try {
      const deadline = Date.now() + 15_000;
      while (sent.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await boss.offWork("mail.deliver", { id: worker, wait: true } as never);
    }
    expect(sent.sort()).toEqual(["a@exemplo.com.br", "b@exemplo.com.br", "c@exemplo.com.br", "d@exemplo.com.br"]);
    const rows = await db.selectFrom("mail_outbox").select(["to_email", "status", "attempts"]).orderBy("to_email").execute();
    expect(rows).toEqual([
      { to_email: "a@exemplo.com.br", status: "sent", attempts: 1 },
      { to_email: "b@exemplo.com.br", status: "sent", attempts: 1 },
      { to_email: "c@exemplo.com.br", status: "sent", attempts: 1 },
      { to_email: "d@exemplo.com.br", status: "sent", attempts: 1 },
      { to_email: "falha@exemplo.com.br", status: "pending", attempts: 1 },
    ]);
  });
});
