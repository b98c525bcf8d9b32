import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MailAttachment } from "#db/types";
import { db } from "~/models/db.server";
import { resetMailTransport } from "~/providers/mail.server";
import {
  afterCancellation,
  afterConfirmation,
  afterPaymentFailed,
  afterPaymentPending,
  afterReschedule,
  reminderKey,
  sendAppointmentReminder,
} from "~/services/appointment-notifications.server";
import { enqueue } from "~/services/queue.server";
import { resetEnvForTests } from "~/utils/env.server";
import { clearQueues, createAppointment, createPair, HOUR, MINUTE, type Pair } from "#tests/helpers/appointments";
import { queuedJobs, runQueuedJobs } from "#tests/helpers/jobs";
import type { JobPayloads } from "~/services/queue.server";

type ReminderData = JobPayloads["appointments.reminder"];

/**
 * What follows a confirmed, moved, cancelled or unpaid appointment: e-mails
 * through the outbox in each person's language and zone, the room's jobs,
 * and reminders that go out exactly once, even while SMTP fails.
 */

type Hook = (trx: Parameters<typeof afterConfirmation>[0], id: string) => Promise<void>;
const inTransaction = (hook: Hook, id: string) => db.transaction().execute((trx) => hook(trx, id));

const outbox = () => db.selectFrom("mail_outbox").selectAll().orderBy("created_at").orderBy("to_email").execute();
const ics = (attachment: MailAttachment | undefined) => Buffer.from(attachment?.content ?? "", "base64").toString("utf8").replace(/\r\n[ \t]/g, "");

async function confirmedAppointment(startsIn: number, pair?: Pair, extra: { room?: boolean } = {}) {
  const people = pair ?? (await createPair());
  const id = await createAppointment({
    patientId: people.patient.id,
    psychologistId: people.psychologist.psychologistId,
    startsAt: new Date(Math.ceil((Date.now() + startsIn) / MINUTE) * MINUTE),
    room: extra.room,
  });
  const row = await db.selectFrom("appointments").select(["starts_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { ...people, id, startsAt: row.starts_at };
}

beforeEach(() => clearQueues());

describe("afterConfirmation", () => {
  it("writes the patient's confirmation with the invite and the psychologist's notice, queues the room and both reminders", async () => {
    const { id, patient, psychologist, startsAt } = await confirmedAppointment(30 * HOUR);
    await inTransaction(afterConfirmation, id);

    const mails = await outbox();
    expect(mails.map((mail) => [mail.to_email, mail.template])).toEqual(
      expect.arrayContaining([
        [patient.email, "appointment_confirmed"],
        [psychologist.email, "appointment_new"],
      ]),
    );
    expect(mails).toHaveLength(2);
    const confirmation = mails.find((mail) => mail.template === "appointment_confirmed")!;
    // The subject says which appointment: its date and time.
    expect(confirmation.subject).toMatch(/^Consulta confirmada — \d+ de \S+, \d\d:\d\d$/);
    expect(confirmation.text).toContain(`http://localhost:3000/appointment/videocall/${id}`);
    // No policy saved: the defaults, as step 3 said them.
    expect(confirmation.text).toContain("Cancelamento: reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas. Reagendamento: até 2 vezes, com pelo menos 24 horas de antecedência.");
    expect(confirmation.text).toContain("Dra. Helena Prado");
    const time = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "America/Sao_Paulo" }).format(startsAt);
    expect(confirmation.text).toContain(`às ${time} (Horário`);
    const invite = ics(confirmation.attachments[0]);
    expect(confirmation.attachments[0]).toMatchObject({ filename: "consulta.ics", contentType: expect.stringContaining("method=REQUEST") });
    expect(invite).toContain("METHOD:REQUEST");
    expect(invite).toContain(`UID:appointment-${id}@acolhe.com.br`);
    expect(invite).toContain("SEQUENCE:0");

    const rooms = await queuedJobs("video.create-room");
    expect(rooms.map((job) => job.data)).toEqual([{ appointmentId: id }]);
    const reminders = await queuedJobs("appointments.reminder");
    expect(reminders.map((job) => [job.data, job.singletonKey, job.startAfter.getTime()]).sort()).toEqual(
      [
        [{ appointmentId: id, kind: "1h", startsAt: startsAt.toISOString() }, reminderKey(id, "1h", startsAt), startsAt.getTime() - HOUR],
        [{ appointmentId: id, kind: "24h", startsAt: startsAt.toISOString() }, reminderKey(id, "24h", startsAt), startsAt.getTime() - 24 * HOUR],
      ].sort(),
    );
    // Each mail has its delivery job.
    expect(await queuedJobs("mail.deliver")).toHaveLength(2);
  });

  it("writes each person's e-mail in their own language and time zone", async () => {
    const pair = await createPair({ patient: { locale: "en", timeZone: "Europe/Lisbon" }, psychologist: { locale: "de" } });
    const { id, startsAt } = await confirmedAppointment(30 * HOUR, pair);
    await inTransaction(afterConfirmation, id);
    const [patientMail] = (await outbox()).filter((mail) => mail.to_email === pair.patient.email);
    expect(patientMail).toMatchObject({ locale: "en", subject: expect.stringMatching(/^Appointment confirmed — /) });
    // The invite is named in the recipient's language too.
    expect(patientMail!.attachments[0]).toMatchObject({ filename: "appointment.ics" });
    const lisbon = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Lisbon" }).format(startsAt);
    expect(patientMail!.text).toContain(`at ${lisbon} (`);
    const [psychologistMail] = (await outbox()).filter((mail) => mail.to_email === pair.psychologist.email);
    expect(psychologistMail).toMatchObject({ locale: "de", subject: expect.stringMatching(/^Neuer Termin gebucht — /) });
    expect(psychologistMail!.attachments[0]).toMatchObject({ filename: "termin.ics" });
  });

  it("greets the psychologist by first name, as every other e-mail does; by the practice's name when the account has none", async () => {
    const pair = await createPair();
    await db.updateTable("profiles").set({ first_name: "Helena" }).where("id", "=", pair.psychologist.id).execute();
    const { id } = await confirmedAppointment(30 * HOUR, pair);
    await inTransaction(afterConfirmation, id);
    const [named] = (await outbox()).filter((mail) => mail.to_email === pair.psychologist.email);
    expect(named!.text).toContain("\n\nOlá, Helena!\n");

    const unnamed = await createPair();
    await db.updateTable("profiles").set({ first_name: "" }).where("id", "=", unnamed.psychologist.id).execute();
    const second = await confirmedAppointment(30 * HOUR, unnamed);
    await inTransaction(afterConfirmation, second.id);
    const [practice] = (await outbox()).filter((mail) => mail.to_email === unnamed.psychologist.email);
    expect(practice!.text).toContain("\n\nOlá, Dra. Helena Prado!\n");
  });

  it("names a patient without a name 'Patient' in the psychologist's language", async () => {
    const pair = await createPair({ patient: { firstName: "", lastName: "" }, psychologist: { locale: "en" } });
    const { id } = await confirmedAppointment(30 * HOUR, pair);
    await inTransaction(afterConfirmation, id);
    const [psychologistMail] = (await outbox()).filter((mail) => mail.to_email === pair.psychologist.email);
    expect(psychologistMail!.text).toContain("Patient");
    expect(psychologistMail!.text).not.toContain("Paciente");
  });

  it("does nothing twice, and nothing at all when the confirming transaction rolls back", async () => {
    const { id } = await confirmedAppointment(30 * HOUR);
    await inTransaction(afterConfirmation, id);
    await inTransaction(afterConfirmation, id);
    expect(await outbox()).toHaveLength(2);
    expect(await queuedJobs("appointments.reminder")).toHaveLength(2);
    expect(await queuedJobs("video.create-room")).toHaveLength(1);

    const other = await confirmedAppointment(40 * HOUR);
    await expect(
      db.transaction().execute(async (trx) => {
        await afterConfirmation(trx, other.id);
        throw new Error("payment transaction failed");
      }),
    ).rejects.toThrow("payment transaction failed");
    expect(await outbox()).toHaveLength(2);
    expect((await queuedJobs("video.create-room")).map((job) => job.data)).toEqual([{ appointmentId: id }]);
  });

  it("queues only the reminders still ahead", async () => {
    const soon = await confirmedAppointment(3 * HOUR);
    await inTransaction(afterConfirmation, soon.id);
    expect((await queuedJobs("appointments.reminder")).map((job) => (job.data as ReminderData).kind)).toEqual(["1h"]);

    const now = await confirmedAppointment(30 * MINUTE);
    await inTransaction(afterConfirmation, now.id);
    expect((await queuedJobs("appointments.reminder")).filter((job) => (job.data as ReminderData).appointmentId === now.id)).toEqual([]);
  });
});

describe("the confirmation's word on reminders", () => {
  const confirmationText = async (patientEmail: string) =>
    (await outbox()).find((mail) => mail.template === "appointment_confirmed" && mail.to_email === patientEmail)!.text;

  it("promises only the reminders the patient will really get", async () => {
    const early = await confirmedAppointment(30 * HOUR);
    await inTransaction(afterConfirmation, early.id);
    expect(await confirmationText(early.patient.email)).toContain("Enviaremos lembretes 24 horas e 1 hora antes da consulta.");

    // Booked for later today: the 24 h reminder is already past.
    const soon = await confirmedAppointment(9 * HOUR);
    await inTransaction(afterConfirmation, soon.id);
    const soonText = await confirmationText(soon.patient.email);
    expect(soonText).toContain("Enviaremos um lembrete 1 hora antes da consulta.");
    expect(soonText).not.toContain("24 horas e 1 hora antes");

    // Reminders turned off in the settings: no promise at all.
    const pair = await createPair();
    await db.updateTable("profiles").set({ appointment_reminders: false }).where("id", "=", pair.patient.id).execute();
    const quiet = await confirmedAppointment(30 * HOUR, pair);
    await inTransaction(afterConfirmation, quiet.id);
    expect(await confirmationText(pair.patient.email)).not.toMatch(/lembrete/i);
  });
});

describe("reminders", () => {
  it("go out only while the appointment is confirmed and still starts then, to whoever wants them", async () => {
    const pair = await createPair();
    const { id, startsAt } = await confirmedAppointment(30 * HOUR, pair);
    await db.updateTable("profiles").set({ appointment_reminders: false }).where("id", "=", pair.patient.id).execute();

    // The old start of a moved appointment: nothing.
    expect(await sendAppointmentReminder({ appointmentId: id, kind: "24h", startsAt: new Date(startsAt.getTime() - HOUR).toISOString() })).toBe("skipped");
    expect(await sendAppointmentReminder({ appointmentId: id, kind: "24h", startsAt: startsAt.toISOString() })).toBe("sent");
    const mails = await outbox();
    expect(mails.map((mail) => [mail.to_email, mail.template, mail.subject])).toEqual([
      [pair.psychologist.email, "appointment_reminder_24h", expect.stringMatching(/^Lembrete: sua consulta é amanhã — /)],
    ]);

    await db.updateTable("profiles").set({ email_notifications: false }).where("id", "=", pair.psychologist.id).execute();
    expect(await sendAppointmentReminder({ appointmentId: id, kind: "1h", startsAt: startsAt.toISOString() })).toBe("sent");
    expect(await outbox()).toHaveLength(1);

    // Once it is no longer confirmed, nothing.
    await db.updateTable("appointments").set({ status: "cancelled" }).where("id", "=", id).execute();
    await db.deleteFrom("appointment_notices").execute();
    expect(await sendAppointmentReminder({ appointmentId: id, kind: "1h", startsAt: startsAt.toISOString() })).toBe("skipped");
  });

  it("say what is true when they go out late: 'soon' minutes before, not 'in 1 hour'", async () => {
    const pair = await createPair();
    const { id, startsAt } = await confirmedAppointment(30 * HOUR, pair);
    // A reminder held back while a reschedule request waited goes out when the request closes.
    expect(await sendAppointmentReminder({ appointmentId: id, kind: "1h", startsAt: startsAt.toISOString() }, new Date(startsAt.getTime() - 20 * MINUTE))).toBe("sent");
    const subjects = (await outbox()).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    for (const subject of subjects) expect(subject).toMatch(/^Lembrete: sua consulta começa em breve — /);
  });

  describe("exactly once while SMTP fails and recovers", () => {
    let server: SMTPServer;
    let accept = false;
    const delivered: string[] = [];
    let refused = 0;

    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["AUTH", "STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          stream.resume();
          stream.on("end", () => {
            if (!accept) {
              refused += 1;
              const error = Object.assign(new Error("Serviço temporariamente indisponível"), { responseCode: 451 });
              return callback(error);
            }
            delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.server.address() as AddressInfo;
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
      resetEnvForTests();
      resetMailTransport();
    });

    afterAll(async () => {
      delete process.env.SMTP_URL;
      resetEnvForTests();
      resetMailTransport();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it("delivers each reminder once to each person", async () => {
      const { id, patient, psychologist, startsAt } = await confirmedAppointment(30 * HOUR);
      await inTransaction(afterConfirmation, id);

      // The due reminders run (their start times brought forward), and a duplicate of one runs too.
      await enqueue("appointments.reminder", { appointmentId: id, kind: "24h", startsAt: startsAt.toISOString() });
      expect(await runQueuedJobs(["appointments.reminder"], { includeFuture: true })).toBe(3);
      expect(await runQueuedJobs(["appointments.reminder"], { includeFuture: true })).toBe(0);
      const reminders = (await outbox()).filter((mail) => mail.template.startsWith("appointment_reminder"));
      expect(reminders.map((mail) => `${mail.template} ${mail.to_email}`).sort()).toEqual(
        [
          `appointment_reminder_1h ${patient.email}`,
          `appointment_reminder_1h ${psychologist.email}`,
          `appointment_reminder_24h ${patient.email}`,
          `appointment_reminder_24h ${psychologist.email}`,
        ].sort(),
      );

      // SMTP refuses: every message stays pending, with its error, for a retry.
      expect(await runQueuedJobs(["mail.deliver"])).toBe(6);
      expect(refused).toBe(6);
      expect(delivered).toEqual([]);
      for (const mail of await outbox()) expect(mail).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringContaining("451") });

      // SMTP is back: the retries deliver each message once.
      accept = true;
      expect(await runQueuedJobs(["mail.deliver"], { includeFuture: true })).toBe(6);
      expect(await runQueuedJobs(["mail.deliver"], { includeFuture: true })).toBe(0);
      expect(delivered.sort()).toEqual([patient.email, patient.email, patient.email, psychologist.email, psychologist.email, psychologist.email].sort());
      for (const mail of await outbox()) expect(mail).toMatchObject({ status: "sent", attempts: 2, transport: "smtp", last_error: null });

      // A reminder job that runs again later still sends nothing.
      expect(await sendAppointmentReminder({ appointmentId: id, kind: "1h", startsAt: startsAt.toISOString() })).toBe("skipped");
      expect(await outbox()).toHaveLength(6);
    });
  });
});

describe("afterReschedule", () => {
  it("drops the old reminders, queues new ones, moves the room and sends the updated invite", async () => {
    const { id, startsAt } = await confirmedAppointment(30 * HOUR, undefined, { room: true });
    await inTransaction(afterConfirmation, id);
    const moved = new Date(startsAt.getTime() + 24 * HOUR);
    await db
      .updateTable("appointments")
      .set({ starts_at: moved, ends_at: new Date(moved.getTime() + 50 * MINUTE), reschedule_count: 1 })
      .where("id", "=", id)
      .execute();
    await inTransaction(afterReschedule, id);

    const reminders = await queuedJobs("appointments.reminder");
    expect(reminders.map((job) => job.singletonKey).sort()).toEqual([reminderKey(id, "1h", moved), reminderKey(id, "24h", moved)].sort());
    expect((await queuedJobs("video.update-room")).map((job) => job.data)).toEqual([{ appointmentId: id }]);

    const rescheduled = (await outbox()).filter((mail) => mail.template === "appointment_rescheduled");
    expect(rescheduled).toHaveLength(2);
    const invite = ics(rescheduled[0]!.attachments[0]);
    expect(invite).toContain("METHOD:REQUEST");
    expect(invite).toContain("SEQUENCE:1");

    // The old start's reminder, had it run anyway, sends nothing.
    expect(await sendAppointmentReminder({ appointmentId: id, kind: "24h", startsAt: startsAt.toISOString() })).toBe("skipped");
  });

  it("moved back to a time it had before (A → B → A → B), tells both again and reminds them of the time it has", async () => {
    const { id, startsAt: a } = await confirmedAppointment(30 * HOUR);
    await inTransaction(afterConfirmation, id);
    const b = new Date(a.getTime() + 24 * HOUR);
    const moves = [b, a, b];
    for (const [index, to] of moves.entries()) {
      await db
        .updateTable("appointments")
        .set({ starts_at: to, ends_at: new Date(to.getTime() + 50 * MINUTE), reschedule_count: index + 1 })
        .where("id", "=", id)
        .execute();
      await inTransaction(afterReschedule, id);
      // A hook that runs twice still tells no one twice.
      await inTransaction(afterReschedule, id);
    }

    const rescheduled = (await outbox()).filter((mail) => mail.template === "appointment_rescheduled");
    expect(rescheduled).toHaveLength(2 * moves.length);
    // The last invite each person received says B, with the latest SEQUENCE.
    for (const mail of rescheduled.slice(-2)) expect(ics(mail.attachments[0])).toContain("SEQUENCE:3");
    const reminders = await queuedJobs("appointments.reminder");
    expect(reminders.map((job) => job.singletonKey).sort()).toEqual([reminderKey(id, "1h", b), reminderKey(id, "24h", b)].sort());
  });
});

describe("afterCancellation", () => {
  it("deletes the room, drops the reminders and sends the cancelling invite to both", async () => {
    const { id, patient, psychologist } = await confirmedAppointment(30 * HOUR, undefined, { room: true });
    await inTransaction(afterConfirmation, id);
    await db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "patient", cancelled_at: new Date(), cancellation_reason: "Imprevisto no trabalho" }).where("id", "=", id).execute();
    await inTransaction(afterCancellation, id);

    expect((await queuedJobs("video.delete-room")).map((job) => job.data)).toEqual([{ roomName: `acolhe-${id}` }]);
    expect(await queuedJobs("appointments.reminder")).toEqual([]);
    const row = await db.selectFrom("appointments").select(["video_room_name", "video_room_url"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ video_room_name: null, video_room_url: null });

    const cancelled = (await outbox()).filter((mail) => mail.template === "appointment_cancelled");
    expect(cancelled.map((mail) => mail.to_email).sort()).toEqual([patient.email, psychologist.email].sort());
    const mail = cancelled.find((m) => m.to_email === patient.email)!;
    expect(mail.subject).toMatch(/^Consulta cancelada — /);
    expect(mail.text).toContain("Motivo: Imprevisto no trabalho");
    const invite = ics(mail.attachments[0]);
    expect(invite).toContain("METHOD:CANCEL");
    expect(invite).toContain("STATUS:CANCELLED");
    expect(invite).toContain("SEQUENCE:1");

    await inTransaction(afterCancellation, id);
    expect((await outbox()).filter((m) => m.template === "appointment_cancelled")).toHaveLength(2);
  });

  it("sends nothing for a hold that was never confirmed", async () => {
    const pair = await createPair();
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() + 30 * HOUR), status: "cancelled" });
    await inTransaction(afterCancellation, id);
    expect(await outbox()).toEqual([]);
  });
});

describe("payment notices", () => {
  it("tell the patient once that the payment is pending, and once that it failed", async () => {
    const pair = await createPair();
    const id = await createAppointment({
      patientId: pair.patient.id,
      psychologistId: pair.psychologist.psychologistId,
      startsAt: new Date(Date.now() + 30 * HOUR),
      status: "pending_payment",
      holdExpiresAt: new Date(Date.now() + 30 * MINUTE),
    });
    await inTransaction(afterPaymentPending, id);
    await inTransaction(afterPaymentPending, id);
    await inTransaction(afterPaymentFailed, id);
    const mails = await outbox();
    expect(mails.map((mail) => [mail.to_email, mail.template, mail.subject])).toEqual([
      [pair.patient.email, "appointment_payment_pending", expect.stringMatching(/^Pagamento pendente — /)],
      [pair.patient.email, "appointment_payment_failed", expect.stringMatching(/^Pagamento não aprovado — /)],
    ]);
    expect(mails[0]!.text).toContain("a consulta será confirmada automaticamente");
  });
});

afterEach(() => {
  resetMailTransport();
});
