import { beforeEach, describe, expect, it } from "vitest";
import { atNightInBrasilia } from "#tests/helpers/clock";
import { db } from "~/models/db.server";
import { loader as dashboardLoader } from "~/routes/_patient.patient-dashboard";
import { loader as consultationsLoader } from "~/routes/_psychologist.psychologist-dashboard.appointments/route";
import { action as recordsAction, loader as recordsLoader } from "~/routes/_psychologist.psychologist-dashboard.records/route";
import { action as saveAction } from "~/routes/_psychologist.psychologist-dashboard.records_.$appointmentId/route";
import { action as requestAction, loader as copyLoader } from "~/routes/_patient.patient-dashboard_.record.$psychologistId";
import { clearQueues, createAppointment, createPair, HOUR, type Pair } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";
import { deliveredMail } from "#tests/helpers/mail";
import { isPdf, pdfText } from "#tests/helpers/pdf";
import { zoneName } from "~/utils/zoned-time";

/**
 * The patient's copy of their record (issue 14, item 3): asked from the
 * dashboard, told to the psychologist (notifications box and e-mail),
 * released from the records tab, then downloaded by that patient only.
 */

const DAY = 24 * HOUR;
let pair: Pair;
let patientJar: CookieJar;
let psychologistJar: CookieJar;
let psychologistId: string;

const copyPath = (id = psychologistId) => `/patient-dashboard/record/${id}`;
const ask = (as: CookieJar = patientJar, id = psychologistId) => run(requestAction, postRequest(copyPath(id), {}, as), { psychologistId: id });
const download = (as: CookieJar = patientJar, id = psychologistId, headers: Record<string, string> = {}) => run(copyLoader, getRequest(copyPath(id), as, headers), { psychologistId: id });
const auditRows = (action: string) => db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
const writeNote = (appointmentId: string, notes: string) => run(saveAction, postRequest(`/psychologist-dashboard/records/${appointmentId}`, { notes }, psychologistJar), { appointmentId });

beforeEach(async () => {
  await clearQueues();
  pair = await createPair();
  psychologistId = pair.psychologist.psychologistId;
  await db.updateTable("psychologists").set({ crp: "06/654321" }).where("id", "=", psychologistId).execute();
  patientJar = await signedIn(pair.patient);
  psychologistJar = await signedIn(pair.psychologist);
  const older = await createAppointment({ patientId: pair.patient.id, psychologistId, startsAt: new Date(Date.now() - 14 * DAY), status: "completed" });
  const newer = await createAppointment({ patientId: pair.patient.id, psychologistId, startsAt: new Date(Date.now() - 7 * DAY), status: "completed" });
  expect((await writeNote(newer, "Segunda sessão: evolução positiva.")).status).toBe(303);
  expect((await writeNote(older, "Primeira sessão: acolhimento e queixa inicial.")).status).toBe(303);
});

describe("asking for a copy", () => {
  it("creates one pending request, tells the psychologist in the box and by e-mail, and asking again is the same request", async () => {
    const dashboard = await body(await run(dashboardLoader, getRequest("/patient-dashboard", patientJar)));
    expect(dashboard.myRecord).toEqual([{ psychologistId, name: "Dra. Helena Prado", pendingSince: null, releasedAt: null }]);

    const asked = await ask();
    expect(asked.status).toBe(303);
    expect(location(asked)).toBe("/patient-dashboard");
    const requests = await db.selectFrom("record_requests").selectAll().execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ patient_id: pair.patient.id, psychologist_id: psychologistId, status: "pending" });

    const again = await ask();
    expect(again.status).toBe(303);
    expect(await db.selectFrom("record_requests").selectAll().execute()).toHaveLength(1);
    expect(await auditRows("record_request.create")).toHaveLength(1);

    const box = await body(await run(consultationsLoader, getRequest("/psychologist-dashboard/appointments", psychologistJar)));
    const notification = box.notifications.items.find((item: { kind: string }) => item.kind === "record_requested");
    expect(notification).toMatchObject({ appointmentId: null, recordRequestId: requests[0]!.id, patient: "Paula", read: false });

    const mail = await deliveredMail(pair.psychologist.email, "record_requested");
    expect(mail.subject).toBe("Pedido de cópia do prontuário");
    expect(mail.text).toContain("Paula pediu uma cópia do prontuário");
    expect(mail.text).toContain("http://localhost:3000/psychologist-dashboard/records");

    const after = await body(await run(dashboardLoader, getRequest("/patient-dashboard", patientJar)));
    expect(after.myRecord[0].pendingSince).toBeTruthy();
  });

  it("is refused for a psychologist the patient never consulted, and for other roles", async () => {
    const stranger = await createUser({ role: "psychologist" });
    expect((await ask(patientJar, stranger.psychologistId!)).status).toBe(404);
    expect((await ask(psychologistJar)).status).toBe(403);
    expect((await ask(await signedIn(await createUser({ role: "admin" })))).status).toBe(403);
    expect(location(await ask(new CookieJar()))).toMatch(/^\/login\?/);
    expect(await db.selectFrom("record_requests").selectAll().execute()).toHaveLength(0);
  });
});

describe("releasing and downloading", () => {
  it("is 404 before release; once released the patient downloads every note, oldest first, audited", async () => {
    await ask();
    expect((await download()).status).toBe(404);

    const tab = await body(await run(recordsLoader, getRequest("/psychologist-dashboard/records", psychologistJar)));
    expect(tab.requests).toHaveLength(1);
    expect(tab.requests[0]).toMatchObject({ patient: "Paula Pereira", notes: 2 });

    // Another psychologist cannot release it.
    const other = await createUser({ role: "psychologist" });
    const refused = await run(recordsAction, postRequest("/psychologist-dashboard/records", { intent: "release", requestId: tab.requests[0].id }, await signedIn(other)));
    expect(refused.status).toBe(404);
    expect((await run(recordsAction, postRequest("/psychologist-dashboard/records", { intent: "release", requestId: "nope" }, psychologistJar))).status).toBe(400);

    const released = await run(recordsAction, postRequest("/psychologist-dashboard/records", { intent: "release", requestId: tab.requests[0].id }, psychologistJar));
    expect(released.status).toBe(303);
    expect((await db.selectFrom("record_requests").select(["status", "released_by"]).executeTakeFirstOrThrow())).toEqual({ status: "released", released_by: pair.psychologist.id });
    expect(await auditRows("record_request.release")).toHaveLength(1);

    // At night in Brasília (the psychologist's zone) the file is named by Brasília's date, as its text is dated.
    const { result: response, today } = await atNightInBrasilia(() => download());
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="prontuario-paula-pereira-${today}.pdf"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(isPdf(bytes)).toBe(true);
    const text = pdfText(bytes);
    expect(text).toContain("Cópia do prontuário psicológico");
    expect(text).toContain("CRP 06/654321");
    expect(text).toContain("Paciente: Paula Pereira");
    // Its times are the practice's clock, the zone named for a patient who may live in another.
    expect(text).toContain(`Fuso horário: ${zoneName(new Date(), "pt-BR", "America/Sao_Paulo")}`);
    expect(text.indexOf("Primeira sessão")).toBeGreaterThan(-1);
    expect(text.indexOf("Primeira sessão")).toBeLessThan(text.indexOf("Segunda sessão"));
    expect(text).toContain("Página 1 de 1");
    const [downloaded] = await auditRows("record_copy.download");
    expect(downloaded).toMatchObject({ actor_user_id: pair.patient.id, patient_id: pair.patient.id });

    // Nobody else downloads it: another patient, the psychologist, an admin.
    const otherPatient = await createUser();
    expect((await download(await signedIn(otherPatient))).status).toBe(404);
    expect((await download(psychologistJar)).status).toBe(403);
    expect((await download(await signedIn(await createUser({ role: "admin" })))).status).toBe(403);
    expect(await auditRows("record_copy.download")).toHaveLength(1);
    // In English the file is named in English.
    const { result: english, today: englishToday } = await atNightInBrasilia(() => download(patientJar, psychologistId, { "Accept-Language": "en" }));
    expect(english.headers.get("Content-Disposition")).toBe(`attachment; filename="psychological-record-paula-pereira-${englishToday}.pdf"`);

    const dashboard = await body(await run(dashboardLoader, getRequest("/patient-dashboard", patientJar)));
    expect(dashboard.myRecord[0]).toMatchObject({ pendingSince: null });
    expect(dashboard.myRecord[0].releasedAt).toBeTruthy();
  });

  it("a released copy is the record as it stood at the release: later edits and notes wait for a new release", async () => {
    const release = async () => {
      await ask();
      const tab = await body(await run(recordsLoader, getRequest("/psychologist-dashboard/records", psychologistJar)));
      expect((await run(recordsAction, postRequest("/psychologist-dashboard/records", { intent: "release", requestId: tab.requests[0].id }, psychologistJar))).status).toBe(303);
      // Clear of the clock's resolution: what was written before is an hour older, the release half an hour.
      await db.updateTable("clinical_note_versions").set({ created_at: new Date(Date.now() - HOUR) }).execute();
      await db.updateTable("record_requests").set({ released_at: new Date(Date.now() - HOUR / 2) }).where("status", "=", "released").execute();
    };
    const copy = async () => {
      const response = await download();
      expect(response.status).toBe(200);
      return pdfText(Buffer.from(await response.arrayBuffer()));
    };
    await release();

    const [older] = await db.selectFrom("appointments").select("id").where("psychologist_id", "=", psychologistId).orderBy("starts_at").limit(1).execute();
    expect((await writeNote(older!.id, "Primeira sessão reescrita depois da cópia.")).status).toBe(303);
    const later = await createAppointment({ patientId: pair.patient.id, psychologistId, startsAt: new Date(Date.now() - DAY), status: "completed" });
    expect((await writeNote(later, "Terceira sessão, posterior à cópia.")).status).toBe(303);

    const released = await copy();
    expect(released).toContain("Primeira sessão: acolhimento e queixa inicial.");
    expect(released).toContain("Segunda sessão: evolução positiva.");
    expect(released).not.toContain("reescrita");
    expect(released).not.toContain("Terceira sessão");
    const [downloaded] = await auditRows("record_copy.download");
    expect((downloaded!.details as { versions: number[] }).versions).toEqual([1, 1]);

    // An updated copy, released again, has them.
    await release();
    const updated = await copy();
    expect(updated).toContain("Primeira sessão reescrita depois da cópia.");
    expect(updated).not.toContain("acolhimento e queixa inicial");
    expect(updated).toContain("Terceira sessão, posterior à cópia.");
  });
});
