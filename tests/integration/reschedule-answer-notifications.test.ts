import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { answerReschedule, requestReschedule } from "~/services/reschedule.server";
import { clearQueues, createAppointment } from "#tests/helpers/appointments";
import { brasilia, createBookablePsychologist, dayFromToday } from "#tests/helpers/booking";
import { page, send } from "#tests/helpers/app";
import { createUser, signedIn, type TestUser } from "#tests/helpers/factories";

/** The psychologist's notifications box tells how the patient answered a proposed new time, not only an e-mail. */

let psychologist: TestUser & { psychologistId: string };
let patient: TestUser;

const confirmed = (day: number, time: string) => createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: brasilia(dayFromToday(day), time) });

const kinds = (id: string) => db.selectFrom("practice_notifications").select(["kind", "read_at"]).where("appointment_id", "=", id).orderBy("kind").execute();

/** The notifications box as the psychologist's consultations tab shows it, without the page's scripts. */
async function box(jar: Awaited<ReturnType<typeof signedIn>>): Promise<string> {
  const html = await (await send(page("/psychologist-dashboard/appointments", { Cookie: jar.header(), "Accept-Language": "pt-BR" }))).text();
  return html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

beforeEach(async () => {
  await clearQueues();
  psychologist = await createBookablePsychologist();
  patient = await createUser({ firstName: "Paula", lastName: "Pereira" });
});

describe("the patient answers the psychologist's proposal", () => {
  it("accepting tells the psychologist's box, with the consultation's new time", async () => {
    const id = await confirmed(5, "10:00");
    const proposed = brasilia(dayFromToday(6), "14:00");
    expect(await requestReschedule({ appointmentId: id, asker: { role: "psychologist", userId: psychologist.id }, proposedStartsAt: proposed, reason: "Congresso" })).toEqual({ ok: true });
    // The psychologist's own proposal is not news to them.
    expect(await kinds(id)).toEqual([]);
    expect(await answerReschedule({ appointmentId: id, asker: { role: "patient", userId: patient.id }, accept: true, reason: null })).toEqual({ ok: true });
    expect(await kinds(id)).toEqual([{ kind: "reschedule_accepted", read_at: null }]);
    expect(await box(await signedIn(psychologist))).toMatch(/Reagendamento aceito: Paula, consulta agora em [^<]* às 14:00/);
  });

  it("rejecting tells it too, with the time that stays; a second proposal's answer comes back unread", async () => {
    const id = await confirmed(5, "10:00");
    const psychologistAsks = (time: string) => requestReschedule({ appointmentId: id, asker: { role: "psychologist", userId: psychologist.id }, proposedStartsAt: brasilia(dayFromToday(6), time), reason: "Congresso" });
    expect(await psychologistAsks("14:00")).toEqual({ ok: true });
    expect(await answerReschedule({ appointmentId: id, asker: { role: "patient", userId: patient.id }, accept: false, reason: "Não posso nesse dia" })).toEqual({ ok: true });
    expect(await kinds(id)).toEqual([{ kind: "reschedule_rejected", read_at: null }]);
    expect(await box(await signedIn(psychologist))).toMatch(/Reagendamento recusado: Paula manteve a consulta de [^<]* às 10:00/);

    await db.updateTable("practice_notifications").set({ read_at: new Date() }).where("appointment_id", "=", id).execute();
    expect(await psychologistAsks("15:00")).toEqual({ ok: true });
    expect(await answerReschedule({ appointmentId: id, asker: { role: "patient", userId: patient.id }, accept: false, reason: "Também não" })).toEqual({ ok: true });
    expect(await kinds(id)).toEqual([{ kind: "reschedule_rejected", read_at: null }]);
  });

  it("the psychologist answering the patient's request adds nothing to their own box beyond the request", async () => {
    const id = await confirmed(5, "10:00");
    expect(await requestReschedule({ appointmentId: id, asker: { role: "patient", userId: patient.id }, proposedStartsAt: brasilia(dayFromToday(6), "14:00"), reason: "Viagem" })).toEqual({ ok: true });
    expect(await answerReschedule({ appointmentId: id, asker: { role: "psychologist", userId: psychologist.id }, accept: true, reason: null })).toEqual({ ok: true });
    expect((await kinds(id)).map((row) => row.kind)).toEqual(["reschedule_requested"]);
  });
});
