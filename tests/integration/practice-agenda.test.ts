import { describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { brasilia, dayFromToday } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { shiftMonth } from "~/domain/agenda";
import { db } from "~/models/db.server";
import { loader } from "~/routes/_psychologist.psychologist-dashboard.agenda/route";
import { body, getRequest, run } from "#tests/helpers/http";

/** The 24h agenda tab (issue 12, item 3), through the request handler. */

async function psychologist() {
  const { patient, psychologist: user } = await createPair();
  return { ...user, patient, jar: await signedIn(user) };
}
const post = (jar: { header(): string }, fields: Record<string, string>, query = "") => send(formPost(`/psychologist-dashboard/agenda${query}`, fields, { Cookie: jar.header() }));
const datedOf = (psychologistId: string) =>
  db.selectFrom("psychologist_schedule").select(["date", "start_time", "end_time"]).where("psychologist_id", "=", psychologistId).orderBy("date").orderBy("start_time").execute();
const weeklyOf = (psychologistId: string) =>
  db.selectFrom("psychologist_availability").select(["id", "weekday", "start_time", "end_time"]).where("psychologist_id", "=", psychologistId).orderBy("weekday").execute();

describe("dated blocks", () => {
  it("adds a block on the grid; the day shows its periods and slots, the profile its free times", async () => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(3);
    const response = await post(jar, { intent: "add-block", date, startTime: "14:00", endTime: "16:00" }, `?date=${date}`);
    expect(response.status).toBe(303);
    expect(await datedOf(psychologistId)).toEqual([{ date, start_time: "14:00:00", end_time: "16:00:00" }]);
    const html = (await (await send(page(`/psychologist-dashboard/agenda?date=${date}`, { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("1 período · 4 horários de 30 minutos");
    // The list counts the agenda's slots, booked or free: it says 'na agenda', not 'disponíveis'.
    expect(html).toContain("4 horários na agenda");
    expect(html).not.toContain("4 horários disponíveis");
    expect(html).toContain("14:00 - 14:30");
    expect(html).toContain("15:30 - 16:00");
    // Step 2 of booking now offers that afternoon.
    const step2 = await (await send(page(`/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=60`))).text();
    expect(step2).toContain("14:00");
  });

  it.each([
    [{ startTime: "", endTime: "" }, 400, "Preencha todos os campos"],
    [{ date: "", startTime: "09:00", endTime: "10:00" }, 400, "Selecione uma data primeiro"],
    [{ startTime: "10:00", endTime: "09:00" }, 400, "Horário de início deve ser anterior ao horário de fim"],
    [{ startTime: "09:15", endTime: "10:00" }, 400, "passos de 30 minutos"],
    [{ date: dayFromToday(-1), startTime: "09:00", endTime: "10:00" }, 400, "datas passadas"],
    [{ startTime: "13:30", endTime: "14:30" }, 409, "Conflito de horários detectado"],
  ])("refuses %o with %i and writes nothing", async (change, status, message) => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(3);
    await post(jar, { intent: "add-block", date, startTime: "14:00", endTime: "16:00" });
    const response = await post(jar, { intent: "add-block", date, ...change } as Record<string, string>, `?date=${date}`);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await datedOf(psychologistId)).toHaveLength(1);
  });

  it("a block over a weekly block of that weekday, or over a booked consultation, is a conflict", async () => {
    const { jar, psychologistId, patient } = await psychologist();
    const date = dayFromToday(4);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    await db.insertInto("psychologist_availability").values({ psychologist_id: psychologistId, weekday, start_time: "08:00", end_time: "10:00" }).execute();
    expect((await post(jar, { intent: "add-block", date, startTime: "09:30", endTime: "11:00" })).status).toBe(409);
    await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(date, "18:00"), status: "confirmed" });
    expect((await post(jar, { intent: "add-block", date, startTime: "17:00", endTime: "19:00" })).status).toBe(409);
    expect(await datedOf(psychologistId)).toEqual([]);
  });

  it("without JavaScript, a refused block comes back in its open dialog with the day and times chosen", async () => {
    const { jar, psychologistId, patient } = await psychologist();
    const date = dayFromToday(4);
    await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(date, "18:00"), status: "confirmed" });
    // Posted from the agenda's default page (today, no ?date=): the block is still for the day chosen.
    const response = await post(jar, { intent: "add-block", date, startTime: "17:00", endTime: "19:30" });
    expect(response.status).toBe(409);
    const html = await response.text();
    const dialog = /<dialog[^>]*open=""[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? "";
    expect(dialog).toContain("Conflito de horários detectado");
    expect(dialog).toContain(`<input type="hidden" name="date" value="${date}"/>`);
    expect(dialog).toMatch(/<select name="startTime"[\s\S]*?<option value="17:00" selected="">/);
    expect(dialog).toMatch(/<select name="endTime"[\s\S]*?<option value="19:30" selected="">/);
    expect(await datedOf(psychologistId)).toEqual([]);
  });

  it("removes a block with the spec's message, but never one holding a consultation", async () => {
    const { jar, psychologistId, patient } = await psychologist();
    const date = dayFromToday(5);
    await post(jar, { intent: "add-block", date, startTime: "08:00", endTime: "10:00" });
    await post(jar, { intent: "add-block", date, startTime: "14:00", endTime: "16:00" });
    const [morning, afternoon] = await db.selectFrom("psychologist_schedule").select(["id", "start_time"]).where("psychologist_id", "=", psychologistId).orderBy("start_time").execute();
    await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(date, "14:00"), status: "confirmed" });

    const refused = await post(jar, { intent: "delete-block", blockId: afternoon!.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Paula");
    const removed = await post(jar, { intent: "delete-block", blockId: morning!.id });
    expect(removed.status).toBe(303);
    expect(await datedOf(psychologistId)).toEqual([{ date, start_time: "14:00:00", end_time: "16:00:00" }]);
  });

  it("the removal message names the period", async () => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(5);
    await post(jar, { intent: "add-block", date, startTime: "08:00", endTime: "10:00" });
    const [block] = await db.selectFrom("psychologist_schedule").select("id").where("psychologist_id", "=", psychologistId).execute();
    const removed = await post(jar, { intent: "delete-block", blockId: block!.id });
    const cookie = removed.headers.getSetCookie().find((line) => line.startsWith("__acolhe_toast="))!.split(";")[0]!;
    const html = await (await send(page("/psychologist-dashboard/agenda", { Cookie: `${jar.header()}; ${cookie}` }))).text();
    expect(html).toContain("Período 08:00 - 10:00 removido com sucesso!");
  });

  it("psychologist B cannot remove A's block (404, nothing removed)", async () => {
    const a = await psychologist();
    const b = await psychologist();
    const date = dayFromToday(3);
    await post(a.jar, { intent: "add-block", date, startTime: "08:00", endTime: "10:00" });
    const [block] = await db.selectFrom("psychologist_schedule").select("id").where("psychologist_id", "=", a.psychologistId).execute();
    expect((await post(b.jar, { intent: "delete-block", blockId: block!.id })).status).toBe(404);
    expect(await datedOf(a.psychologistId)).toHaveLength(1);
  });
});

describe("the day's summary", () => {
  it("words none, one and many with real plurals", async () => {
    const { jar, psychologistId } = await psychologist();
    const empty = dayFromToday(5);
    const html = async (date: string) => (await (await send(page(`/psychologist-dashboard/agenda?date=${date}`, { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    expect(await html(empty)).toContain("Nenhum período · nenhum horário de 30 minutos");
    const date = dayFromToday(6);
    await db.insertInto("psychologist_schedule").values([
      { psychologist_id: psychologistId, date, start_time: "09:00", end_time: "09:30" },
      { psychologist_id: psychologistId, date, start_time: "14:00", end_time: "15:00" },
    ]).execute();
    const two = await html(date);
    expect(two).toContain("2 períodos · 3 horários de 30 minutos");
    expect(two).toContain("3 horários na agenda");
  });
});

describe("the month calendar", () => {
  it("marks days with hours and disables past days", async () => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(2);
    await db.insertInto("psychologist_schedule").values({ psychologist_id: psychologistId, date, start_time: "10:00", end_time: "11:00" }).execute();
    const html = (await (await send(page(`/psychologist-dashboard/agenda?month=${date.slice(0, 7)}`, { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`title="1 período, 2 horários de 30 minutos"`);
    const yesterday = dayFromToday(-1);
    if (yesterday.slice(0, 7) === date.slice(0, 7)) expect(html).not.toContain(`date=${yesterday}`);
    expect(html).toContain('aria-disabled="true"');
  });
});

describe("the first day of the week (ADR 030)", () => {
  it("lays out the month and lists the weekly pattern from the viewer's language's first day; the stored weekday numbers stay", async () => {
    const { jar, psychologistId } = await psychologist();
    // Sunday (0) and Monday (1) blocks, stored as ever.
    await post(jar, { intent: "add-weekly", weekday: "0", startTime: "08:00", endTime: "09:00" });
    await post(jar, { intent: "add-weekly", weekday: "1", startTime: "08:00", endTime: "09:00" });
    expect((await weeklyOf(psychologistId)).map((block) => block.weekday)).toEqual([0, 1]);
    for (const [language, order, heading] of [
      ["pt-BR", [0, 1, 2, 3, 4, 5, 6], "Domingo"],
      ["ru", [1, 2, 3, 4, 5, 6, 0], "Понедельник"],
      ["ar", [6, 0, 1, 2, 3, 4, 5], "السبت"],
    ] as const) {
      const html = (await (await send(page("/psychologist-dashboard/agenda?month=2026-11", { Cookie: jar.header(), "Accept-Language": language }))).text()).replaceAll("<!-- -->", "");
      const table = /<table[\s\S]*?<\/table>/.exec(html)![0];
      const abbrs = [...table.matchAll(/<th [^>]*abbr="([^"]+)"/g)].map((match) => match[1]);
      expect(abbrs[0], language).toBe(heading);
      // Each column's days fall on its heading's weekday, in every row.
      const { weeks } = await body(await run(loader, getRequest("/psychologist-dashboard/agenda?month=2026-11", jar, { "Accept-Language": language })));
      const longName = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
      for (const week of weeks as { date: string }[][]) {
        expect(week.map((day) => new Date(`${day.date}T12:00:00Z`).getUTCDay()), language).toEqual(order);
        expect(abbrs.map((name) => name!.toLowerCase()), language).toEqual(week.map((day) => longName.format(new Date(`${day.date}T12:00:00Z`)).toLowerCase()));
      }
      // The weekday select and the weekly list in the same order, each with its stored number.
      const select = /<select name="weekday"[\s\S]*?<\/select>/.exec(html)![0];
      expect([...select.matchAll(/<option value="(\d)"/g)].map((match) => Number(match[1])), language).toEqual(order);
      const weekly = /id="weekly-title"[\s\S]*?value="add-weekly"/.exec(html)![0];
      const listed = [...weekly.matchAll(/<p class="font-medium">([^<]+)<\/p>/g)].map((match) => match[1]!.toLowerCase());
      expect(listed, language).toEqual(order.map((weekday) => longName.format(new Date(Date.UTC(2026, 10, 1 + weekday))).toLowerCase()));
    }
  });
});

describe("the weekly pattern", () => {
  it("adds and removes weekly blocks, with the same checks", async () => {
    const { jar, psychologistId } = await psychologist();
    expect((await post(jar, { intent: "add-weekly", weekday: "1", startTime: "08:00", endTime: "12:00" })).status).toBe(303);
    expect((await post(jar, { intent: "add-weekly", weekday: "1", startTime: "11:00", endTime: "13:00" })).status).toBe(409);
    expect((await post(jar, { intent: "add-weekly", weekday: "9", startTime: "08:00", endTime: "12:00" })).status).toBe(400);
    expect((await post(jar, { intent: "add-weekly", weekday: "2", startTime: "12:00", endTime: "08:00" })).status).toBe(400);
    const [block] = await weeklyOf(psychologistId);
    expect(block).toMatchObject({ weekday: 1, start_time: "08:00:00", end_time: "12:00:00" });
    expect((await post(jar, { intent: "delete-weekly", blockId: block!.id })).status).toBe(303);
    expect(await weeklyOf(psychologistId)).toEqual([]);
  });

  it("without JavaScript, a refused weekly block comes back with the weekday and times chosen", async () => {
    const { jar } = await psychologist();
    expect((await post(jar, { intent: "add-weekly", weekday: "3", startTime: "08:00", endTime: "12:00" })).status).toBe(303);
    for (const [fields, status] of [
      [{ weekday: "3", startTime: "11:00", endTime: "13:30" }, 409],
      [{ weekday: "3", startTime: "13:30", endTime: "11:00" }, 400],
    ] as const) {
      const response = await post(jar, { intent: "add-weekly", ...fields });
      expect(response.status).toBe(status);
      const form = /<input type="hidden" name="intent" value="add-weekly"\/>[\s\S]*?<\/form>/.exec(await response.text())?.[0] ?? "";
      expect(form).toMatch(/<select name="weekday"[\s\S]*?<option value="3" selected="">/);
      expect(form).toMatch(new RegExp(`<select name="startTime"[\\s\\S]*?<option value="${fields.startTime}" selected="">`));
      expect(form).toMatch(new RegExp(`<select name="endTime"[\\s\\S]*?<option value="${fields.endTime}" selected="">`));
    }
  });

  it("a weekly block holding a future consultation on its weekday is not removed", async () => {
    const { jar, psychologistId, patient } = await psychologist();
    const date = dayFromToday(6);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    await post(jar, { intent: "add-weekly", weekday: String(weekday), startTime: "08:00", endTime: "12:00" });
    await createAppointment({ patientId: patient.id, psychologistId, startsAt: brasilia(date, "09:00"), status: "confirmed" });
    const [block] = await weeklyOf(psychologistId);
    const refused = await post(jar, { intent: "delete-weekly", blockId: block!.id });
    expect(refused.status).toBe(409);
    expect(await weeklyOf(psychologistId)).toHaveLength(1);
  });

  it("only the psychologist edits their agenda", async () => {
    const patient = await createUser();
    const response = await post(await signedIn(patient), { intent: "add-weekly", weekday: "1", startTime: "08:00", endTime: "12:00" });
    expect(response.status).toBe(403);
  });
});

describe("malformed forms (never a 500, nothing written)", () => {
  it.each([
    [{ intent: "add-block", date: "2025-02-30", startTime: "10:00", endTime: "11:00" }, "Data inválida"],
    [{ intent: "add-block", date: "2025-04-31", startTime: "10:00", endTime: "11:00" }, "Data inválida"],
    [{ intent: "add-block", date: "9999-12-31", startTime: "10:00", endTime: "11:00" }, "Data inválida"],
    [{ intent: "add-block", date: "20250-01-01", startTime: "10:00", endTime: "11:00" }, "Data inválida"],
    [{ intent: "add-block", date: "amanhã", startTime: "10:00", endTime: "11:00" }, "Data inválida"],
    [{ intent: "add-block", date: "2030-01-10", startTime: "25:00", endTime: "26:00" }, "passos de 30 minutos"],
    [{ intent: "add-weekly", weekday: "abc", startTime: "08:00", endTime: "12:00" }, "Preencha todos os campos"],
    [{ intent: "add-weekly", weekday: "1.5", startTime: "08:00", endTime: "12:00" }, "Preencha todos os campos"],
    [{ intent: "add-weekly", weekday: "1", startTime: "8h", endTime: "12:00" }, "passos de 30 minutos"],
    [{ intent: "drop-everything" }, "Ação desconhecida."],
    [{}, "Ação desconhecida."],
  ])("%o is a 400 with a message", async (fields, message) => {
    const { jar, psychologistId } = await psychologist();
    const response = await post(jar, fields as Record<string, string>);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await datedOf(psychologistId)).toEqual([]);
    expect(await weeklyOf(psychologistId)).toEqual([]);
  });

  it.each(["delete-block", "delete-weekly"])("%s with a block id that is no uuid, or none, is a 404 and removes nothing", async (intent) => {
    const { jar, psychologistId } = await psychologist();
    const date = dayFromToday(3);
    await post(jar, { intent: "add-block", date, startTime: "08:00", endTime: "10:00" });
    await post(jar, { intent: "add-weekly", weekday: "1", startTime: "08:00", endTime: "12:00" });
    const forms: Record<string, string>[] = [{ intent, blockId: "abc" }, { intent, blockId: "1; drop table psychologist_schedule" }, { intent }, { intent, blockId: "" }];
    for (const fields of forms) {
      expect((await post(jar, fields)).status).toBe(404);
    }
    expect(await datedOf(psychologistId)).toHaveLength(1);
    expect(await weeklyOf(psychologistId)).toHaveLength(1);
  });
});

describe("months and days outside the calendar's years (1900–2999)", () => {
  it.each(["month=9999-12", "month=3000-01", "month=0000-01", "date=9999-12-31", "date=0001-01-01", "month=garbage"])("?%s shows this month, like any bad value", async (query) => {
    const { jar } = await psychologist();
    const response = await send(page(`/psychologist-dashboard/agenda?${query}`, { Cookie: jar.header() }));
    expect(response.status).toBe(200);
    const html = await response.text();
    // The 'next month' link follows this month, whatever the URL asked for.
    expect(html).toContain(`month=${shiftMonth(dayFromToday(0).slice(0, 7), 1)}`);
    expect(html).not.toContain("month=10000");
  });

  it.each(["view=calendar&month=9999-12", "view=calendar&month=0000-01", "day=9999-12-31", "day=0000-01-01", "view=calendar&day=9999-12-31"])(
    "the consultations tab with ?%s falls back as for any bad value",
    async (query) => {
      const { jar } = await psychologist();
      const response = await send(page(`/psychologist-dashboard/appointments?${query}`, { Cookie: jar.header() }));
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain("10000-");
    },
  );

  it("the last month it accepts still has its grid (which runs into January 3000)", async () => {
    const { jar } = await psychologist();
    const response = await send(page("/psychologist-dashboard/agenda?month=2999-12", { Cookie: jar.header() }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("date=2999-12-31");
  });
});
