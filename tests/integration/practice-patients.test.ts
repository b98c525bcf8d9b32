import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import { loader as detailLoader } from "~/routes/_psychologist.psychologist-dashboard.patients_.$patientId/route";
import { loader } from "~/routes/_psychologist.psychologist-dashboard.patients/route";
import { formatLongDate } from "~/utils/format";
import { createAppointment, createPair, HOUR, MINUTE, type Pair } from "#tests/helpers/appointments";
import { dayFromToday } from "#tests/helpers/booking";
import { countStatements } from "#tests/helpers/directory-fixtures";
import { createUser, signedIn, type TestUser } from "#tests/helpers/factories";
import { page, send } from "#tests/helpers/app";
import { body, getRequest, location, run, type CookieJar } from "#tests/helpers/http";

/**
 * The patients tab (issue 14, item 1): the psychologist's own patients from
 * real appointments, with totals, last consultation and the 90-day 'Ativo'
 * rule; search, date filter and pages; one patient's page with the CPF
 * masked and the history with this psychologist only; audit rows; and
 * nobody else's data.
 */

// Lets a test make the model fail, to see the tab's error state instead of a broken page.
const failing = vi.hoisted(() => ({ list: false, detail: false }));
vi.mock("~/models/practice-patients.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/models/practice-patients.server")>();
  return {
    ...original,
    listPracticePatients: (query: Parameters<typeof original.listPracticePatients>[0]) => (failing.list ? Promise.reject(new Error("database down")) : original.listPracticePatients(query)),
    practicePatient: (query: Parameters<typeof original.practicePatient>[0]) => (failing.detail ? Promise.reject(new Error("database down")) : original.practicePatient(query)),
  };
});

const DAY = 24 * HOUR;
const ZONE = "America/Sao_Paulo";
const at = (offsetMs: number) => new Date(Math.floor((Date.now() + offsetMs) / MINUTE) * MINUTE);
const longDate = (instant: Date) => formatLongDate(instant, "pt-BR", ZONE);

let pair: Pair;
let jar: CookieJar;
let psychologistId: string;

async function list(query = "", as: CookieJar = jar) {
  const response = await run(loader, getRequest(`/psychologist-dashboard/patients${query}`, as));
  expect(response.status).toBe(200);
  return body(response);
}

function detail(patientId: string, as: CookieJar = jar, query = "") {
  return run(detailLoader, getRequest(`/psychologist-dashboard/patients/${patientId}${query}`, as), { patientId });
}

const patient = (firstName: string, lastName: string, email?: string) => createUser({ firstName, lastName, email, password: null });

interface Practice {
  ana: TestUser;
  bruno: TestUser;
  carla: TestUser;
  daniel: TestUser;
  eva: TestUser;
  fabio: TestUser;
  times: { anaLast: Date; anaNext: Date; brunoLast: Date; carlaLast: Date };
  anaAppointments: string[];
}

/**
 * Psychologist A's practice, with known answers:
 * - Ana Lúcia Araújo: completed 10 and 40 days ago, cancelled (by her) 5 days ago, confirmed in 3 days → 4, active.
 * - Bruno Costa: completed 89 days 23 hours ago → 1, active (just inside 90 days).
 * - Carla Dias: completed 90 days and 1 hour ago, no-show 20 days ago → 2, inactive (a no-show keeps nobody active).
 * - Daniel Esteves: only an expired hold and an abandoned checkout → not a patient.
 * - Eva Fonseca: only a paid consultation she cancelled 30 days ago (refunded) → 1, no last consultation, inactive.
 * - Fábio Gomes: a checkout still open for the day after tomorrow → 1, inactive until paid.
 */
async function practice(): Promise<Practice> {
  const ana = await patient("Ana Lúcia", "Araújo", "ana.lucia@exemplo.com.br");
  const bruno = await patient("Bruno", "Costa");
  const carla = await patient("Carla", "Dias");
  const daniel = await patient("Daniel", "Esteves");
  const eva = await patient("Eva", "Fonseca");
  const fabio = await patient("Fábio", "Gomes");
  const mine = (patientId: string, startsAt: Date, extra: Partial<Parameters<typeof createAppointment>[0]> = {}) => createAppointment({ patientId, psychologistId, startsAt, ...extra });
  const times = { anaLast: at(-10 * DAY), anaNext: at(3 * DAY), brunoLast: at(-(90 * DAY - HOUR)), carlaLast: at(-20 * DAY) };

  const anaOld = await mine(ana.id, at(-40 * DAY), { status: "completed", priceCents: 150_00 });
  const anaRecent = await mine(ana.id, times.anaLast, { status: "completed", priceCents: 180_00 });
  const anaCancelled = await mine(ana.id, at(-5 * DAY), { priceCents: 180_00 });
  await db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "patient", cancelled_at: at(-6 * DAY), payment_status: "refunded", refund_cents: 90_00, refund_status: "refunded" }).where("id", "=", anaCancelled).execute();
  const anaNext = await mine(ana.id, times.anaNext, { status: "confirmed", priceCents: 200_00 });

  await mine(bruno.id, times.brunoLast, { status: "completed" });
  await mine(carla.id, at(-(90 * DAY + HOUR)), { status: "completed" });
  await mine(carla.id, times.carlaLast, { status: "no_show" });

  await mine(daniel.id, at(4 * DAY), { status: "pending_payment", holdExpiresAt: at(-MINUTE) });
  const abandoned = await mine(daniel.id, at(5 * DAY), { status: "pending_payment" });
  await db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "system", cancelled_at: new Date() }).where("id", "=", abandoned).execute();

  const evas = await mine(eva.id, at(-30 * DAY));
  await db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "patient", cancelled_at: at(-31 * DAY), payment_status: "refunded", refund_cents: 180_00, refund_status: "refunded" }).where("id", "=", evas).execute();

  await mine(fabio.id, at(2 * DAY), { status: "pending_payment", holdExpiresAt: at(20 * MINUTE) });
  return { ana, bruno, carla, daniel, eva, fabio, times, anaAppointments: [anaNext, anaCancelled, anaRecent, anaOld] };
}

beforeEach(async () => {
  failing.list = false;
  failing.detail = false;
  pair = await createPair();
  psychologistId = pair.psychologist.psychologistId;
  jar = await signedIn(pair.psychologist);
});

describe("the patients list", () => {
  it("lists the psychologist's patients alphabetically with total, last consultation, next one and the 90-day status", async () => {
    const p = await practice();
    const data = await list();
    expect(data.error).toBe(false);
    expect(data.list.total).toBe(5);
    expect(data.list.pages).toBe(1);
    expect(data.list.rows).toEqual([
      { id: p.ana.id, name: "Ana Lúcia Araújo", total: 4, lastDate: longDate(p.times.anaLast), nextDate: longDate(p.times.anaNext), active: true },
      { id: p.bruno.id, name: "Bruno Costa", total: 1, lastDate: longDate(p.times.brunoLast), nextDate: null, active: true },
      { id: p.carla.id, name: "Carla Dias", total: 2, lastDate: longDate(p.times.carlaLast), nextDate: null, active: false },
      { id: p.eva.id, name: "Eva Fonseca", total: 1, lastDate: null, nextDate: null, active: false },
      { id: p.fabio.id, name: "Fábio Gomes", total: 1, lastDate: null, nextDate: null, active: false },
    ]);
    expect(data.filtered).toBe(false);
  });

  it("counts only this psychologist's appointments and never shows another psychologist's patients", async () => {
    const p = await practice();
    const other = await createPair({ patient: { firstName: "Gil", lastName: "Haddad" } });
    await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt: at(-2 * DAY), status: "completed" });
    // Ana sees psychologist B too: B's consultations are not A's.
    await createAppointment({ patientId: p.ana.id, psychologistId: other.psychologist.psychologistId, startsAt: at(-DAY), status: "completed" });
    await createAppointment({ patientId: p.carla.id, psychologistId: other.psychologist.psychologistId, startsAt: at(-DAY), status: "completed" });

    const mine = await list();
    expect(mine.list.rows.map((row: { name: string }) => row.name)).not.toContain("Gil Haddad");
    const ana = mine.list.rows.find((row: { id: string }) => row.id === p.ana.id);
    expect(ana).toMatchObject({ total: 4, lastDate: longDate(p.times.anaLast) });
    // B's recent consultation with Carla does not make her active for A.
    expect(mine.list.rows.find((row: { id: string }) => row.id === p.carla.id)).toMatchObject({ total: 2, active: false });

    const theirs = await list("", await signedIn(other.psychologist));
    expect(theirs.list.total).toBe(3);
    expect(theirs.list.rows.map((row: { name: string; total: number }) => [row.name, row.total])).toEqual([
      ["Ana Lúcia Araújo", 1],
      ["Carla Dias", 1],
      ["Gil Haddad", 1],
    ]);
  });

  it("says so when the practice has no patients yet", async () => {
    // Only an expired hold: nobody became a patient.
    const daniel = await patient("Daniel", "Esteves");
    await createAppointment({ patientId: daniel.id, psychologistId, startsAt: at(DAY), status: "pending_payment", holdExpiresAt: at(-MINUTE) });
    const data = await list();
    expect(data.list).toMatchObject({ total: 0, rows: [], pages: 1 });
    expect(data.filtered).toBe(false);
  });

  it("finds patients by name or e-mail, ignoring case and accents, with % taken literally", async () => {
    const p = await practice();
    const names = async (query: string) => (await list(query)).list.rows.map((row: { id: string }) => row.id);
    expect(await names("?q=ana+lucia")).toEqual([p.ana.id]);
    expect(await names("?q=L%C3%9ACIA+ARA%C3%9AJO")).toEqual([p.ana.id]);
    expect(await names("?q=ARAUJO")).toEqual([p.ana.id]);
    expect(await names("?q=fabio")).toEqual([p.fabio.id]);
    expect(await names("?q=lucia%40exemplo")).toEqual([p.ana.id]);
    expect(await names("?q=%25")).toEqual([]);
    // A name of someone who is only another psychologist's patient finds nobody here.
    expect(await names("?q=daniel")).toEqual([]);
    const none = await list("?q=ninguem");
    expect(none.list.total).toBe(0);
    expect(none.filtered).toBe(true);
  });

  it("filters by the last consultation's date and reports a bad date in Portuguese instead of failing", async () => {
    const p = await practice();
    const ids = async (query: string) => (await list(query)).list.rows.map((row: { id: string }) => row.id);
    expect(await ids(`?since=${dayFromToday(-15)}`)).toEqual([p.ana.id]);
    expect(await ids(`?since=${dayFromToday(-25)}`)).toEqual([p.ana.id, p.carla.id]);
    expect(await ids(`?since=${dayFromToday(-100)}`)).toEqual([p.ana.id, p.bruno.id, p.carla.id]);
    expect(await ids(`?since=${dayFromToday(1)}`)).toEqual([]);
    expect(await ids(`?q=carla&since=${dayFromToday(-25)}`)).toEqual([p.carla.id]);

    const bad = await list("?since=2026-02-30&q=ana");
    expect(bad.filterErrors).toEqual(["A data de 'Última consulta desde' é inválida e foi ignorada. Use o formato dd/mm/aaaa."]);
    expect(bad.filters).toEqual({ q: "ana", since: null, page: 1 });
    expect(bad.list.rows.map((row: { id: string }) => row.id)).toEqual([p.ana.id]);
    expect((await list("?since=ontem")).list.total).toBe(5);
  });

  it("pages by 50, and a page past the end is empty rather than an error", async () => {
    for (let index = 0; index < 51; index += 1) {
      const person = await patient(`Paciente ${String(index).padStart(2, "0")}`, "Teste");
      await createAppointment({ patientId: person.id, psychologistId, startsAt: at(-(index + 1) * DAY), status: "completed" });
    }
    const first = await list();
    expect(first.list).toMatchObject({ total: 51, page: 1, pages: 2 });
    expect(first.list.rows).toHaveLength(50);
    expect(first.list.rows[0].name).toBe("Paciente 00 Teste");
    const second = await list("?page=2");
    expect(second.list.rows.map((row: { name: string }) => row.name)).toEqual(["Paciente 50 Teste"]);
    expect((await list("?page=3")).list.rows).toEqual([]);
    expect((await list("?page=abc")).list.page).toBe(1);
  });

  it("runs the same number of statements for 3 patients as for 60", async () => {
    const few = async () => (await countStatements(() => run(loader, getRequest("/psychologist-dashboard/patients", jar)))).count;
    for (let index = 0; index < 3; index += 1) {
      const person = await patient(`Pessoa ${index}`, "Poucos");
      await createAppointment({ patientId: person.id, psychologistId, startsAt: at(-(index + 1) * DAY), status: "completed" });
    }
    const small = await few();
    for (let index = 3; index < 60; index += 1) {
      const person = await patient(`Pessoa ${index}`, "Muitos");
      await createAppointment({ patientId: person.id, psychologistId, startsAt: at(-(index + 1) * DAY), status: "completed" });
    }
    expect(await few()).toBe(small);
    expect(small).toBeLessThanOrEqual(8);
  });

  it("writes one audit row per list view", async () => {
    await practice();
    await list("?q=ana");
    const rows = await db.selectFrom("audit_log").selectAll().where("action", "=", "patient.list").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: pair.psychologist.id, actor_role: "psychologist", subject_type: "psychologist", subject_id: psychologistId, patient_id: null });
    expect(rows[0]!.details).toMatchObject({ q: "ana", page: 1, shown: 1, total: 1 });
  });

  it("shows the spec's error text with a retry instead of breaking when the load fails, and audits nothing", async () => {
    await practice();
    failing.list = true;
    const data = await list();
    expect(data.error).toBe(true);
    expect(data.list).toBeNull();
    expect(data.translations.patients.error).toBe("Não foi possível carregar a lista de pacientes. Por favor, tente novamente.");
    expect(data.translations.patients.retry).toBe("Tentar novamente");
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "patient.list").execute()).toEqual([]);
  });

  it("is for psychologists only", async () => {
    const anonymous = await run(loader, getRequest("/psychologist-dashboard/patients"));
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toMatch(/^\/login/);
    expect((await run(loader, getRequest("/psychologist-dashboard/patients", await signedIn(pair.patient)))).status).toBe(403);
    expect((await run(loader, getRequest("/psychologist-dashboard/patients", await signedIn(await createUser({ role: "admin" }))))).status).toBe(403);
  });
});

describe("one patient's page", () => {
  it("shows contact, the CPF masked, the figures, the notes count and the history with this psychologist only, latest first", async () => {
    const p = await practice();
    await db.updateTable("profiles").set({ cpf: "12345678909", phone: "+55 11 98765-4321" }).where("id", "=", p.ana.id).execute();
    const other = await createPair();
    const theirs = await createAppointment({ patientId: p.ana.id, psychologistId: other.psychologist.psychologistId, startsAt: at(-DAY), status: "completed" });
    const note = (psychologist: string, appointmentId: string) =>
      db
        .insertInto("clinical_notes")
        .values({ appointment_id: appointmentId, psychologist_id: psychologist, patient_id: p.ana.id, key_id: "test", nonce: Buffer.alloc(12), ciphertext: Buffer.from("sealed"), retain_until: at(20 * 365 * DAY) })
        .execute();
    await note(psychologistId, p.anaAppointments[2]!);
    await note(psychologistId, p.anaAppointments[3]!);
    await note(other.psychologist.psychologistId, theirs);

    const response = await detail(p.ana.id);
    expect(response.status).toBe(200);
    const text = await response.clone().text();
    expect(text).not.toContain("12345678909");
    expect(text).not.toContain("123.456.789-09");
    expect(text).not.toContain(theirs);
    const data = await body(response);
    expect(data.patient).toEqual({
      id: p.ana.id,
      name: "Ana Lúcia Araújo",
      email: "ana.lucia@exemplo.com.br",
      phone: "+55 11 98765-4321",
      cpf: "***.456.789-**",
      total: 4,
      lastDate: longDate(p.times.anaLast),
      nextDate: longDate(p.times.anaNext),
      active: true,
      notes: 2,
    });
    expect(data.history.rows.map((row: { id: string }) => row.id)).toEqual(p.anaAppointments);
    expect(data.history.rows.map((row: { status: string; price: string; refund: string | null }) => [row.status, row.price.replace(/\s/g, " "), row.refund?.replace(/\s/g, " ") ?? null])).toEqual([
      ["confirmed", "R$ 200,00", null],
      ["cancelled", "R$ 180,00", "R$ 90,00"],
      ["completed", "R$ 180,00", null],
      ["completed", "R$ 150,00", null],
    ]);
    expect(data.history).toMatchObject({ page: 1, pages: 1 });
    expect(data.translations.patients.privacy).toMatch(/privacidade/);
  });

  it("stacks each history row as a card below sm, so 'Ver consulta' is on a phone's screen without scrolling sideways", async () => {
    const p = await practice();
    const html = (await (await send(page(`/psychologist-dashboard/patients/${p.ana.id}`, { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    const history = html.slice(html.indexOf('aria-labelledby="history-title"'));
    const classes = (pattern: RegExp) => (pattern.exec(history)?.[1] ?? "").split(" ");
    // A table would keep its four columns at any width; below sm it is a block, its header for screen readers only.
    expect(classes(/<table class="([^"]*)"/)).toContain("max-sm:block");
    expect(classes(/<thead class="([^"]*)"/)).toContain("max-sm:sr-only");
    expect(classes(/<tbody class="([^"]*)"/)).toContain("max-sm:block");
    // Each row a two-column grid: the link shares the second line with the status, at the end.
    expect(classes(/<tr class="([^"]*)"><td/)).toEqual(expect.arrayContaining(["max-sm:grid", "max-sm:grid-cols-[1fr_auto]"]));
    const linkCell = /<td class="([^"]*)"><a [^>]*href="\/psychologist-dashboard\/appointments\/[^"]+"/.exec(history);
    expect(linkCell?.[1]?.split(" ")).toEqual(expect.arrayContaining(["max-sm:col-start-2", "max-sm:row-start-2", "max-sm:block"]));
  });

  it("gives no CPF at all when there is none, never a partial number", async () => {
    const p = await practice();
    await db.updateTable("profiles").set({ cpf: null }).where("id", "=", p.bruno.id).execute();
    const data = await body(await detail(p.bruno.id));
    expect(data.patient).toMatchObject({ cpf: null, phone: null, total: 1, active: true, notes: 0 });
  });

  it("writes a patient.read audit row for the patient, and none for a 404", async () => {
    const p = await practice();
    await detail(p.carla.id);
    expect((await detail(p.daniel.id)).status).toBe(404);
    const rows = await db.selectFrom("audit_log").selectAll().where("action", "=", "patient.read").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: pair.psychologist.id, actor_role: "psychologist", subject_type: "patient", subject_id: p.carla.id, patient_id: p.carla.id });
  });

  it("is a 404 for someone who never had an appointment here, another psychologist's patient, or a malformed id", async () => {
    const p = await practice();
    const other = await createPair({ patient: { firstName: "Gil", lastName: "Haddad" } });
    await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt: at(-2 * DAY), status: "completed" });
    expect((await detail(other.patient.id)).status).toBe(404);
    expect((await detail(p.daniel.id)).status).toBe(404);
    expect((await detail(pair.patient.id)).status).toBe(404);
    expect((await detail("not-a-uuid")).status).toBe(404);
    // Psychologist B cannot open A's patient either.
    expect((await detail(p.carla.id, await signedIn(other.psychologist))).status).toBe(404);
  });

  it("is for psychologists only", async () => {
    const p = await practice();
    const anonymous = await run(detailLoader, getRequest(`/psychologist-dashboard/patients/${p.ana.id}`), { patientId: p.ana.id });
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toMatch(/^\/login/);
    expect((await detail(p.ana.id, await signedIn(p.ana))).status).toBe(403);
    expect((await detail(p.ana.id, await signedIn(await createUser({ role: "admin" })))).status).toBe(403);
  });

  it("shows an error with a retry when the load fails, without auditing a read that did not happen", async () => {
    const p = await practice();
    failing.detail = true;
    const response = await detail(p.ana.id);
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data).toMatchObject({ error: true, patient: null });
    expect(data.translations.patients.detail.error).toBe("Não foi possível carregar os dados do paciente. Por favor, tente novamente.");
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "patient.read").execute()).toEqual([]);
  });
});
