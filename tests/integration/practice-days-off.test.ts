import { describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { brasilia, dayFromToday } from "#tests/helpers/booking";
import { countStatements } from "#tests/helpers/directory-fixtures";
import { signedIn } from "#tests/helpers/factories";
import { getRequest, run } from "#tests/helpers/http";
import { db } from "~/models/db.server";
import { loader } from "~/routes/_psychologist.psychologist-dashboard.agenda/route";

/** Days off in the agenda tab (ADR 031), through the request handler: plain form posts, as without JavaScript. */

async function psychologist() {
  const { patient, psychologist: user } = await createPair();
  return { ...user, patient, jar: await signedIn(user) };
}
const post = (jar: { header(): string }, fields: Record<string, string>, query = "") => send(formPost(`/psychologist-dashboard/agenda${query}`, fields, { Cookie: jar.header() }));
const daysOffOf = (psychologistId: string) =>
  db.selectFrom("psychologist_days_off").select("day").where("psychologist_id", "=", psychologistId).orderBy("day").execute().then((rows) => rows.map((row) => row.day));
/** The page as rendered, without its scripts (they carry every translation of the tab, shown or not). */
const html = async (jar: { header(): string }, query: string, extraCookie = "") =>
  (await (await send(page(`/psychologist-dashboard/agenda${query}`, { Cookie: `${jar.header()}${extraCookie}` }))).text()).replaceAll("<!-- -->", "").replace(/<script[\s\S]*?<\/script>/g, "");
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
async function weekly(psychologistId: string, date: string, start = "08:00", end = "10:00") {
  await db.insertInto("psychologist_availability").values({ psychologist_id: psychologistId, weekday: weekdayOf(date), start_time: start, end_time: end }).execute();
}

describe("marking a day off", () => {
  it("offers the form on a day with weekly hours; once marked, the weekly hours are not that day's and the notice says so", async () => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(3);
    await weekly(psychologistId, date);
    const before = await html(jar, `?date=${date}`);
    expect(before).toContain("1 período · 4 horários de 30 minutos");
    expect(before).toMatch(/<form method="post"[^>]*>\s*<input type="hidden" name="intent" value="add-day-off"\/><input type="hidden" name="date" value="[\d-]+"\/>/);
    expect(before).toContain("Marcar folga neste dia");

    const response = await post(jar, { intent: "add-day-off", date }, `?date=${date}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/psychologist-dashboard/agenda?date=${date}`);
    expect(await daysOffOf(psychologistId)).toEqual([date]);

    const toast = response.headers.getSetCookie().find((line) => line.startsWith("__acolhe_toast="))!.split(";")[0]!;
    const after = await html(jar, `?date=${date}&month=${date.slice(0, 7)}`, `; ${toast}`);
    expect(after).toContain("Folga marcada com sucesso!");
    expect(after).toContain("Folga: o horário semanal não vale neste dia.");
    expect(after).toContain("Desfazer folga");
    expect(after).not.toContain("Marcar folga neste dia");
    expect(after).toContain('name="intent" value="remove-day-off"');
    // The weekly block is not listed as the day's period, nor counted in its summary and slots.
    expect(after).toContain("Nenhum período · nenhum horário de 30 minutos");
    expect(after).not.toContain("(semanal)");
    expect(after).not.toContain("08:00 - 08:30");
    // No consultation booked: no count in the notice.
    expect(after).not.toContain("continua");
    // The calendar tells the day off by a word too, not only by its look.
    expect(after).toMatch(new RegExp(`title="Folga · Sem horários"[^>]*href="[^"]*date=${date}`));
    expect(after).toContain('<span class="sr-only"> (Folga)</span>');
  });

  it("is idempotent: marking twice keeps one row, undoing twice leaves none, each a success", async () => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(2);
    expect((await post(jar, { intent: "add-day-off", date })).status).toBe(303);
    expect((await post(jar, { intent: "add-day-off", date })).status).toBe(303);
    expect(await daysOffOf(psychologistId)).toEqual([date]);
    const undone = await post(jar, { intent: "remove-day-off", date });
    expect(undone.status).toBe(303);
    expect(await daysOffOf(psychologistId)).toEqual([]);
    expect((await post(jar, { intent: "remove-day-off", date })).status).toBe(303);
    expect(await daysOffOf(psychologistId)).toEqual([]);
  });

  it("undoing brings the weekly hours back", async () => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(4);
    await weekly(psychologistId, date, "14:00", "15:00");
    await post(jar, { intent: "add-day-off", date });
    expect(await html(jar, `?date=${date}`)).toContain("Nenhum período");
    const undone = await post(jar, { intent: "remove-day-off", date }, `?date=${date}`);
    const toast = undone.headers.getSetCookie().find((line) => line.startsWith("__acolhe_toast="))!.split(";")[0]!;
    const page = await html(jar, `?date=${date}`, `; ${toast}`);
    expect(page).toContain("Folga desfeita com sucesso!");
    expect(page).toContain("1 período · 2 horários de 30 minutos");
    expect(page).not.toContain("Folga: o horário semanal");
  });

  it("today can be a day off; a past day cannot be marked nor undone (400, in Portuguese, nothing written)", async () => {
    const { jar, psychologistId } = await psychologist();
    expect((await post(jar, { intent: "add-day-off", date: dayFromToday(0) })).status).toBe(303);
    const yesterday = dayFromToday(-1);
    const refused = await post(jar, { intent: "add-day-off", date: yesterday });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Não é possível marcar ou desfazer folga em datas passadas.");
    expect(await daysOffOf(psychologistId)).toEqual([dayFromToday(0)]);

    await db.insertInto("psychologist_days_off").values({ psychologist_id: psychologistId, day: yesterday }).execute();
    expect((await post(jar, { intent: "remove-day-off", date: yesterday })).status).toBe(400);
    expect(await daysOffOf(psychologistId)).toEqual([yesterday, dayFromToday(0)]);
    // A past day off shows its notice but no form.
    const past = await html(jar, `?date=${yesterday}`);
    expect(past).toContain("Folga: o horário semanal não vale neste dia.");
    expect(past).not.toContain("Desfazer folga");
  });

  it.each([{}, { date: "" }, { date: "2031-02-30" }, { date: "amanhã" }])("refuses a malformed day %o with 400, nothing written", async (fields) => {
    const { jar, psychologistId } = await psychologist();
    const response = await post(jar, { intent: "add-day-off", ...fields } as Record<string, string>);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Data inválida");
    expect(await daysOffOf(psychologistId)).toEqual([]);
  });

  it("only ever touches the signed-in psychologist's days, whatever the form carries", async () => {
    const a = await psychologist();
    const b = await psychologist();
    const date = dayFromToday(3);
    await post(a.jar, { intent: "add-day-off", date });
    // B undoes 'their' day off, naming A in every way a form could: A's day stays off.
    expect((await post(b.jar, { intent: "remove-day-off", date, psychologistId: a.psychologistId, psychologist_id: a.psychologistId })).status).toBe(303);
    expect(await daysOffOf(a.psychologistId)).toEqual([date]);
    // B marks a day off: it is B's, not A's.
    const other = dayFromToday(5);
    await post(b.jar, { intent: "add-day-off", date: other, psychologistId: a.psychologistId });
    expect(await daysOffOf(a.psychologistId)).toEqual([date]);
    expect(await daysOffOf(b.psychologistId)).toEqual([other]);
    // B's page does not show A's day off.
    expect(await html(b.jar, `?date=${date}`)).not.toContain("Folga: o horário semanal");
  });
});

describe("a day off with consultations and dated hours", () => {
  it("keeps booked consultations and says how many, with real plurals", async () => {
    const { jar, psychologistId, patient } = await psychologist();
    const date = dayFromToday(3);
    await weekly(psychologistId, date, "08:00", "18:00");
    const first = await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(date, "09:00"), status: "confirmed" });
    await post(jar, { intent: "add-day-off", date });
    expect(await html(jar, `?date=${date}`)).toContain("Você tem 1 consulta marcada neste dia; ela continua marcada.");
    await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(date, "15:00"), status: "scheduled" });
    // A cancelled one and one on the next day do not count.
    await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(date, "11:00"), status: "cancelled" });
    await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(dayFromToday(4), "09:00"), status: "confirmed" });
    expect(await html(jar, `?date=${date}`)).toContain("Você tem 2 consultas marcadas neste dia; elas continuam marcadas.");
    const row = await db.selectFrom("appointments").select("status").where("id", "=", first).executeTakeFirstOrThrow();
    expect(row.status).toBe("confirmed");
  });

  it("hours added for the day still count, and can be added on a day off", async () => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(6);
    await weekly(psychologistId, date, "08:00", "12:00");
    await post(jar, { intent: "add-day-off", date });
    // 08:00–12:00 is the weekly pattern's, not the day's: a block there is no conflict.
    expect((await post(jar, { intent: "add-block", date, startTime: "10:00", endTime: "11:00" })).status).toBe(303);
    const day = await html(jar, `?date=${date}`);
    expect(day).toContain("Folga: o horário semanal não vale neste dia.");
    expect(day).toContain("1 período · 2 horários de 30 minutos");
    expect(day).toContain("10:00 - 10:30");
    expect(day).not.toContain("08:00 - 08:30");
  });

  it("the tab's loader reads one statement more at most (the days off with the day's bookings)", async () => {
    const { jar } = await psychologist();
    const { count, statements } = await countStatements(() => run(loader, getRequest(`/psychologist-dashboard/agenda?date=${dayFromToday(3)}`, jar)));
    // Before days off: the session, the weekly blocks and the dated blocks.
    expect(count).toBe(4);
    expect(statements.filter((statement) => statement.includes("psychologist_days_off"))).toHaveLength(1);
  });
});
