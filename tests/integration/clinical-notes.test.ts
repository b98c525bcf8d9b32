import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { loader as listLoader, action as listAction } from "~/routes/_psychologist.psychologist-dashboard.records/route";
import { action as saveAction, loader as editorLoader } from "~/routes/_psychologist.psychologist-dashboard.records_.$appointmentId/route";
import { loader as pdfLoader } from "~/routes/_psychologist.psychologist-dashboard.records_.$appointmentId_.pdf";
import { deleteAccount } from "~/services/privacy.server";
import { takeToast } from "~/services/toast.server";
import { resetEnvForTests } from "~/utils/env.server";
import { NoteDecryptionError, openNote, parseNoteKeys } from "~/utils/note-crypto.server";
import { createAppointment, createPair, HOUR, type Pair } from "#tests/helpers/appointments";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";
import { isPdf, pdfText } from "#tests/helpers/pdf";
import { zoneName } from "~/utils/zoned-time";
import { page, send } from "#tests/helpers/app";

/**
 * The prontuário (issue 14, item 2): notes sealed at rest, amended as
 * versions, every read/list/write/export audited, readable only by their
 * psychologist, exported as a PDF, kept when the patient deletes the account.
 */

const DAY = 24 * HOUR;
let pair: Pair;
let jar: CookieJar;
let appointmentId: string;
const TEXT = "Paciente relata ansiedade antes de reuniões; trabalhamos respiração diafragmática. Próxima sessão: exposição gradual.";

const editorPath = (id = appointmentId) => `/psychologist-dashboard/records/${id}`;
const save = (notes: string, as: CookieJar = jar, id = appointmentId) => run(saveAction, postRequest(editorPath(id), { notes }, as), { appointmentId: id });
const openEditor = (as: CookieJar = jar, id = appointmentId) => run(editorLoader, getRequest(editorPath(id), as), { appointmentId: id });
const exportPdf = (as: CookieJar = jar, id = appointmentId, headers: Record<string, string> = {}) => run(pdfLoader, getRequest(`${editorPath(id)}/pdf`, as, headers), { appointmentId: id });
const list = (query = "", as: CookieJar = jar) => run(listLoader, getRequest(`/psychologist-dashboard/records${query}`, as));
const auditRows = (action: string) => db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();
const noteRow = () => db.selectFrom("clinical_notes").selectAll().where("appointment_id", "=", appointmentId).executeTakeFirstOrThrow();
const toastOf = async (response: Response) => (await takeToast(new Request("http://localhost:3000/", { headers: { Cookie: response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ") } }))).toast;

beforeEach(async () => {
  pair = await createPair();
  await db.updateTable("psychologists").set({ crp: "06/123456" }).where("id", "=", pair.psychologist.psychologistId).execute();
  jar = await signedIn(pair.psychologist);
  appointmentId = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 3 * DAY), status: "completed" });
});

afterEach(() => {
  delete process.env.NOTES_ENCRYPTION_KEY;
  resetEnvForTests();
});

describe("saving a note", () => {
  it("stores only ciphertext, which the wrong key cannot open, and reads back with 'Anotações salvas com sucesso'", async () => {
    const saved = await save(TEXT);
    expect(saved.status).toBe(303);
    expect(location(saved)).toBe(editorPath());
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: "Anotações salvas com sucesso" });

    const row = await noteRow();
    expect(row.version).toBe(1);
    expect(row.patient_id).toBe(pair.patient.id);
    expect(row.ciphertext.toString("utf8")).not.toContain("ansiedade");
    expect(row.ciphertext.toString("latin1")).not.toContain("ansiedade");
    const raw = await db.selectFrom("clinical_note_versions").selectAll().where("note_id", "=", row.id).execute();
    expect(raw).toHaveLength(1);
    expect(raw[0]!.ciphertext.toString("utf8")).not.toContain("ansiedade");
    // Without the key it does not open.
    const otherKey = parseNoteKeys(`${row.key_id}:${Buffer.alloc(32, 42).toString("base64")}`);
    expect(() => openNote({ keyId: row.key_id, nonce: row.nonce, ciphertext: row.ciphertext }, { noteId: row.id, version: 1 }, otherKey)).toThrow(NoteDecryptionError);

    const page = await body(await openEditor());
    expect(page.note).toMatchObject({ text: TEXT, version: 1, readable: true });
    expect(page.consultation).toMatchObject({ id: appointmentId, patient: "Paula Pereira", status: "completed", canWrite: true });
    expect(page.versions).toHaveLength(1);
    const [write] = await auditRows("note.write");
    expect(write).toMatchObject({ actor_user_id: pair.psychologist.id, actor_role: "psychologist", subject_type: "clinical_note", subject_id: row.id, patient_id: pair.patient.id });
    expect(await auditRows("note.read")).toHaveLength(1);
  });

  it("amends as a new version, keeps every version, ignores an unchanged text and keeps the record 20 years from the last entry", async () => {
    await save(TEXT);
    await save(`${TEXT}\nAdendo: dormiu melhor.`);
    const row = await noteRow();
    expect(row.version).toBe(2);
    const versions = await db.selectFrom("clinical_note_versions").selectAll().where("note_id", "=", row.id).orderBy("version").execute();
    expect(versions.map((version) => version.version)).toEqual([1, 2]);
    expect(openNote({ keyId: versions[0]!.key_id, nonce: versions[0]!.nonce, ciphertext: versions[0]!.ciphertext }, { noteId: row.id, version: 1 })).toBe(TEXT);
    expect(openNote({ keyId: versions[1]!.key_id, nonce: versions[1]!.nonce, ciphertext: versions[1]!.ciphertext }, { noteId: row.id, version: 2 })).toBe(`${TEXT}\nAdendo: dormiu melhor.`);
    const years = (row.retain_until.getTime() - Date.now()) / (365.25 * DAY);
    expect(years).toBeGreaterThan(19.9);
    expect(years).toBeLessThan(20.1);

    // The browser sends CRLF: the same text, so nothing is written.
    const unchanged = await save(`${TEXT}\r\nAdendo: dormiu melhor.`);
    expect(unchanged.status).toBe(303);
    expect(await toastOf(unchanged)).toMatchObject({ title: "Nenhuma alteração para salvar" });
    expect((await noteRow()).version).toBe(2);
    expect(await auditRows("note.write")).toHaveLength(2);
    // A ciphertext moved onto another version of the row does not open.
    expect(() => openNote({ keyId: versions[0]!.key_id, nonce: versions[0]!.nonce, ciphertext: versions[0]!.ciphertext }, { noteId: row.id, version: 2 })).toThrow(NoteDecryptionError);
  });

  it("refuses a text over 20 000 characters with a Portuguese message, writing nothing", async () => {
    const response = await save("a".repeat(20_001));
    expect(response.status).toBe(400);
    expect((await body(response)).error).toBe("As anotações podem ter no máximo 20.000 caracteres.");
    expect(await db.selectFrom("clinical_notes").select("id").execute()).toHaveLength(0);
    expect(await auditRows("note.write")).toHaveLength(0);
  });

  it("writes the limit the visitor's way in their language (20,000 in English, not 20.000)", async () => {
    const response = await run(saveAction, postRequest(editorPath(), { notes: "a".repeat(20_001) }, jar, { "Accept-Language": "en" }), { appointmentId });
    expect(response.status).toBe(400);
    expect((await body(response)).error).toContain("20,000");
  });

  it("counts the characters the visitor's way: '117 de 20.000 caracteres', '117 of 20,000 characters'", async () => {
    await save(TEXT);
    const html = async (headers: Record<string, string> = {}) => (await (await send(page(editorPath(), { Cookie: jar.header(), ...headers }))).text()).replaceAll("<!-- -->", "");
    expect(await html()).toContain(`${TEXT.length} de 20.000 caracteres`);
    expect(await html({ "Accept-Language": "en" })).toContain(`${TEXT.length} of 20,000 characters`);
  });

  it("gives no note to an unpaid hold", async () => {
    const hold = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() + 2 * DAY), status: "pending_payment", holdExpiresAt: new Date(Date.now() + HOUR) });
    const response = await save(TEXT, jar, hold);
    expect(response.status).toBe(409);
    expect(await db.selectFrom("clinical_notes").select("id").execute()).toHaveLength(0);
  });
});

describe("a damaged note", () => {
  it("is never shown as garbage: the editor says it cannot be opened, the list marks it, saving and exporting refuse", async () => {
    await save(TEXT);
    const row = await noteRow();
    const tampered = Buffer.from(row.ciphertext);
    tampered[5] = tampered[5]! ^ 0xff;
    await db.updateTable("clinical_notes").set({ ciphertext: tampered }).where("id", "=", row.id).execute();

    const page = await body(await openEditor());
    expect(page.error).toBe("Erro ao carregar anotações: o conteúdo cifrado foi alterado e não pode ser exibido com segurança.");
    expect(page.note.text).toBeNull();
    expect(page.consultation.canWrite).toBe(false);
    expect(JSON.stringify(page)).not.toContain("ansiedade");

    const tab = await body(await list());
    expect(tab.list.rows[0]).toMatchObject({ appointmentId, unreadable: true, preview: null });

    const saved = await save("outro texto");
    expect(saved.status).toBe(409);
    expect((await body(saved)).error).toContain("Erro ao salvar anotações");

    const exported = await exportPdf();
    expect(exported.status).toBe(303);
    expect(await toastOf(exported)).toMatchObject({ type: "error", title: "Erro ao exportar PDF" });
  });
});

describe("the records tab", () => {
  it("lists consultations with a 150-character preview, searches by name, filters by patient, and audits one list row naming the notes shown", async () => {
    await save(`${"Sessão produtiva. ".repeat(20)}`);
    const other = await createUser({ firstName: "Rodrigo", lastName: "Álvares" });
    const otherAppointment = await createAppointment({ patientId: other.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - DAY), status: "no_show" });
    await createAppointment({ patientId: other.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() + DAY), status: "pending_payment", holdExpiresAt: new Date(Date.now() + HOUR) });

    const all = await body(await list());
    expect(all.error).toBeNull();
    expect(all.list.rows.map((row: { appointmentId: string }) => row.appointmentId)).toEqual([otherAppointment, appointmentId]);
    const mine = all.list.rows[1];
    expect(mine.preview).toHaveLength(151);
    expect(mine.preview.endsWith("…")).toBe(true);
    expect(all.list.rows[0]).toMatchObject({ hasNote: false, preview: null });

    const searched = await body(await list("?q=alvares"));
    expect(searched.list.rows.map((row: { appointmentId: string }) => row.appointmentId)).toEqual([otherAppointment]);
    // By full name too, accents and case folded.
    const byFullName = await body(await list("?q=RODRIGO%20alvares"));
    expect(byFullName.list.rows.map((row: { appointmentId: string }) => row.appointmentId)).toEqual([otherAppointment]);
    const onePatient = await body(await list(`?patient=${pair.patient.id}`));
    expect(onePatient.list.rows.map((row: { appointmentId: string }) => row.appointmentId)).toEqual([appointmentId]);
    expect(onePatient.patientFilter).toBe("Paula Pereira");

    const listed = await auditRows("note.list");
    expect(listed).toHaveLength(2);
    expect(listed[0]!.details).toMatchObject({ noteIds: [(await noteRow()).id] });

    const opened = await list(`?appointment=${appointmentId}`);
    expect(opened.status).toBe(302);
    expect(location(opened)).toBe(editorPath());
  });

  it("pages by 50", async () => {
    const now = Date.now();
    const rows = Array.from({ length: 51 }, (_, index) => ({
      patient_id: pair.patient.id,
      psychologist_id: pair.psychologist.psychologistId,
      starts_at: new Date(now - (10 + index) * DAY),
      ends_at: new Date(now - (10 + index) * DAY + HOUR),
      duration_minutes: 60,
      status: "completed" as const,
      payment_status: "paid" as const,
      price_cents: 150_00,
    }));
    await db.insertInto("appointments").values(rows).execute();
    const first = await body(await list());
    expect(first.list).toMatchObject({ total: 52, pages: 2, page: 1 });
    expect(first.list.rows).toHaveLength(50);
    expect((await body(await list("?page=2"))).list.rows).toHaveLength(2);
  });

  it("shows the spec's error with 'Tentar novamente' when the notes cannot be read (here: a broken key configuration)", async () => {
    await save(TEXT);
    process.env.NOTES_ENCRYPTION_KEY = "not-a-key";
    resetEnvForTests();
    const response = await list();
    expect(response.status).toBe(200);
    const tab = await body(response);
    expect(tab.error).toBe("Erro ao carregar prontuários. Tente novamente.");
    const editor = await body(await openEditor());
    expect(editor.error).toBe("Erro ao carregar anotações");
  });
});

describe("who may see a note", () => {
  it("only its psychologist: another psychologist gets 404 everywhere, patients and admins 403, visitors the login", async () => {
    await save(TEXT);
    const other = await createUser({ role: "psychologist" });
    const otherJar = await signedIn(other);
    expect((await openEditor(otherJar)).status).toBe(404);
    expect((await save("invasão", otherJar)).status).toBe(404);
    expect((await exportPdf(otherJar)).status).toBe(404);
    const theirs = await body(await list("", otherJar));
    expect(theirs.list.total).toBe(0);
    expect((await list(`?patient=${pair.patient.id}`, otherJar)).status).toBe(200);
    expect((await body(await list(`?patient=${pair.patient.id}`, otherJar))).list.rows).toEqual([]);

    for (const role of ["patient", "admin"] as const) {
      const roleJar = role === "patient" ? await signedIn(pair.patient) : await signedIn(await createUser({ role }));
      expect((await openEditor(roleJar)).status).toBe(403);
      expect((await save("x", roleJar)).status).toBe(403);
      expect((await exportPdf(roleJar)).status).toBe(403);
      expect((await list("", roleJar)).status).toBe(403);
      expect((await run(listAction, postRequest("/psychologist-dashboard/records", { intent: "release", requestId: appointmentId }, roleJar))).status).toBe(403);
    }
    const anonymous = await openEditor(new CookieJar());
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toMatch(/^\/login\?redirectTo=/);
    expect((await exportPdf(new CookieJar())).status).toBe(302);

    expect((await noteRow()).version).toBe(1);
    expect(await auditRows("note.read")).toHaveLength(0);
    expect(await auditRows("note.export")).toHaveLength(0);
  });
});

describe("exporting a PDF", () => {
  it("carries the header, CRP, patient, date, the note and page numbers, named after the patient and date, never cached, audited", async () => {
    expect((await exportPdf()).status).toBe(404);
    await save(TEXT);
    const response = await exportPdf();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const startsAt = (await db.selectFrom("appointments").select("starts_at").where("id", "=", appointmentId).executeTakeFirstOrThrow()).starts_at;
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(startsAt);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="prontuario-paula-pereira-${day}.pdf"`);
    expect((await exportPdf(jar, appointmentId, { "Accept-Language": "en" })).headers.get("Content-Disposition")).toBe(`attachment; filename="psychological-record-paula-pereira-${day}.pdf"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(isPdf(bytes)).toBe(true);
    const text = pdfText(bytes);
    expect(text).toContain("Prontuário psicológico");
    expect(text).toContain("Psicólogo(a): Dra. Helena Prado — CRP 06/123456");
    expect(text).toContain("Paciente: Paula Pereira");
    expect(text).toContain(`Fuso horário: ${zoneName(startsAt, "pt-BR", "America/Sao_Paulo")}`);
    const longDate = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric", timeZone: "America/Sao_Paulo" }).format(startsAt);
    expect(text).toContain(longDate);
    expect(text.replace(/\n/g, " ")).toContain("trabalhamos respiração diafragmática");
    expect(text).toContain("Página 1 de 1");
    const [exported] = await auditRows("note.export");
    expect(exported).toMatchObject({ actor_user_id: pair.psychologist.id, patient_id: pair.patient.id, subject_type: "clinical_note" });
  });

  it("wraps a long note over several pages, each numbered 'Página X de N'", async () => {
    const paragraph = "Relato extenso da sessão com observações clínicas detalhadas sobre o humor, o sono e as relações familiares. ";
    await save(Array.from({ length: 60 }, () => paragraph.repeat(3)).join("\n"));
    const bytes = Buffer.from(await (await exportPdf()).arrayBuffer());
    const text = pdfText(bytes);
    const pages = Number(/Página 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Página ${page} de ${pages}`);
  });
});

describe("retention", () => {
  it("keeps the notes and their versions readable by the psychologist after the patient deletes the account", async () => {
    await save(TEXT);
    await save(`${TEXT} Adendo.`);
    await deleteAccount(pair.patient.id, { password: PASSWORD });
    expect((await db.selectFrom("users").select("deleted_at").where("id", "=", pair.patient.id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
    const page = await body(await openEditor());
    expect(page.note.text).toBe(`${TEXT} Adendo.`);
    expect(page.versions).toHaveLength(2);
    const row = await noteRow();
    expect(row.retain_until.getTime()).toBeGreaterThan(Date.now() + 19.9 * 365.25 * DAY);
  });
});
