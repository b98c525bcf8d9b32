import { afterEach, describe, expect, it, vi } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { brasilia, createBookablePsychologist, dayFromToday } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, run } from "#tests/helpers/http";
import { db } from "~/models/db.server";
import { loader as step2Loader } from "~/routes/_public.schedule.step2";
import { takeToast } from "~/services/toast.server";
import { purgedWithPublicPages } from "~/utils/page-cache.server";
import { afterConfirmation } from "~/services/appointment-notifications.server";

/**
 * 'Fuso horário do consultório' on the agenda tab, through the request
 * handler: the zone the weekly and dated blocks' wall-clock times are read
 * in (ADR 004). Blocks keep their local times, consultations their instants,
 * and booking's step 2 offers the hours where the new zone puts them.
 */

const post = (jar: { header(): string }, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  send(formPost("/psychologist-dashboard/agenda", fields, { Cookie: jar.header(), ...headers }));
const zoneOf = async (psychologistId: string) => (await db.selectFrom("psychologists").select("time_zone").where("id", "=", psychologistId).executeTakeFirstOrThrow()).time_zone;
const agendaHtml = async (jar: { header(): string }) => (await (await send(page("/psychologist-dashboard/agenda", { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");

async function slotLabels(psychologistId: string, date: string): Promise<string[]> {
  const response = await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=60`));
  expect(response.status).toBe(200);
  const data = await body<{ periods: Array<{ slots: Array<{ label: string }> }> }>(response);
  return data.periods.flatMap((group) => group.slots.map((slot) => slot.label));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the practice's time zone", () => {
  it("is chosen on the agenda tab: Brazil's zones first, by city and offset, the current one selected", async () => {
    const user = await createUser({ role: "psychologist" });
    const html = await agendaHtml(await signedIn(user));
    expect(html).toContain("Fuso horário do consultório");
    const select = /<select id="practice-time-zone"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
    const values = [...select.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
    expect(values.slice(0, 3)).toEqual(["America/Noronha", "America/Sao_Paulo", "America/Bahia"]);
    expect(values).toContain("America/Manaus");
    expect(values).toContain("Europe/Lisbon");
    expect(values.indexOf("America/Rio_Branco")).toBeLessThan(values.indexOf("Africa/Abidjan"));
    expect(select).toContain('<option value="America/Sao_Paulo" selected="">Brasília (UTC−03:00)</option>');
    expect(select).toContain(">Manaus (UTC−04:00)</option>");
    expect(select).toContain(">Fernando de Noronha (UTC−02:00)</option>");
    // Zones the runtime still lists by a former name are shown, in order, by today's: the value stays the runtime's.
    expect(select).toContain('<option value="Europe/Kiev">Europe/Kyiv</option>');
    expect(select).toContain('<option value="Asia/Calcutta">Asia/Kolkata</option>');
    expect(values.indexOf("Asia/Calcutta")).toBeGreaterThan(values.indexOf("Asia/Kathmandu") === -1 ? values.indexOf("Asia/Katmandu") : values.indexOf("Asia/Kathmandu"));
  });

  it("a change moves step 2's slots with the zone: blocks keep their local times, consultations their instants", async () => {
    const date = dayFromToday(3);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const psychologist = await createBookablePsychologist({ blocks: [[weekday, "09:00", "10:00"]] });
    const { psychologistId } = psychologist;
    await db.insertInto("psychologist_schedule").values({ psychologist_id: psychologistId, date, start_time: "14:00", end_time: "15:00" }).execute();
    const patient = await createUser({ firstName: "Paula" });
    const booked = brasilia(dayFromToday(4), "18:00");
    const appointmentId = await createAppointment({ patientId: patient.id, psychologistId, startsAt: booked, status: "confirmed" });
    const jar = await signedIn(psychologist);

    // A visitor in Brasília (the default viewer zone) sees the practice's hours as they are in São Paulo.
    expect(await slotLabels(psychologistId, date)).toEqual(["09:00 - 10:00", "14:00 - 15:00"]);

    const response = await post(jar, { intent: "set-time-zone", timeZone: "America/Manaus" });
    expect(response.status).toBe(303);
    const toast = await takeToast(getRequest("/", undefined, { Cookie: response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ") }));
    expect(toast.toast).toMatchObject({ type: "success", title: "Fuso horário do consultório alterado para Manaus." });
    expect(await zoneOf(psychologistId)).toBe("America/Manaus");

    // 09:00 and 14:00 in Manaus are 10:00 and 15:00 in Brasília.
    expect(await slotLabels(psychologistId, date)).toEqual(["10:00 - 11:00", "15:00 - 16:00"]);
    const weekly = await db.selectFrom("psychologist_availability").select(["weekday", "start_time", "end_time"]).where("psychologist_id", "=", psychologistId).execute();
    expect(weekly).toEqual([{ weekday, start_time: "09:00:00", end_time: "10:00:00" }]);
    const dated = await db.selectFrom("psychologist_schedule").select(["date", "start_time", "end_time"]).where("psychologist_id", "=", psychologistId).execute();
    expect(dated).toEqual([{ date, start_time: "14:00:00", end_time: "15:00:00" }]);
    const appointment = await db.selectFrom("appointments").select("starts_at").where("id", "=", appointmentId).executeTakeFirstOrThrow();
    expect(appointment.starts_at.getTime()).toBe(booked.getTime());

    // The next request's session carries the new zone: the tab says it and selects it.
    const html = await agendaHtml(jar);
    // Named as the consultations tab names it, not by its IANA id.
    expect(html).toContain("Horários no seu fuso: Horário Padrão do Amazonas");
    expect(html).toContain('<option value="America/Manaus" selected="">');
  });

  it("empties every cache of availability, as any agenda change does", async () => {
    const { psychologist } = await createPair();
    const cache = { clear: vi.fn() };
    purgedWithPublicPages(cache);
    const jar = await signedIn(psychologist);
    expect((await post(jar, { intent: "set-time-zone", timeZone: "America/Rio_Branco" })).status).toBe(303);
    expect(cache.clear).toHaveBeenCalled();
  });

  it.each([
    ["Mars/Olympus_Mons", "pt-BR", "Escolha um fuso horário válido."],
    ["", "pt-BR", "Escolha um fuso horário válido."],
    ["america/manaus", "pt-BR", "Escolha um fuso horário válido."],
    ["'; drop table psychologists; --", "en", "Choose a valid time zone."],
  ])("refuses %j with a 400 in the page's language and writes nothing", async (timeZone, locale, message) => {
    const { psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    const response = await post(jar, { intent: "set-time-zone", timeZone }, { "Accept-Language": locale });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await zoneOf(psychologist.psychologistId)).toBe("America/Sao_Paulo");
  });

  it("the psychologist's e-mails show the practice's clock, as the dashboard does, not the personal zone in settings", async () => {
    const psychologist = await createBookablePsychologist();
    await db.updateTable("psychologists").set({ time_zone: "America/Manaus" }).where("id", "=", psychologist.psychologistId).execute();
    await db.updateTable("profiles").set({ time_zone: "Europe/Lisbon" }).where("id", "=", psychologist.id).execute();
    const patient = await createUser();
    // 10:00 in Brasília: 09:00 in Manaus, 13:00 in Lisbon.
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: brasilia(dayFromToday(5), "10:00"), status: "confirmed" });
    await db.transaction().execute((trx) => afterConfirmation(trx, id));
    const mail = await db.selectFrom("mail_outbox").select(["subject", "text"]).where("to_email", "=", psychologist.email).executeTakeFirstOrThrow();
    expect(mail.subject).toContain("09:00");
    expect(mail.text).toContain("09:00");
    expect(mail.text).not.toContain("13:00");
  });

  it("a patient cannot change anyone's zone", async () => {
    const { patient, psychologist } = await createPair();
    const response = await post(await signedIn(patient), { intent: "set-time-zone", timeZone: "America/Manaus" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).not.toBe(500);
    expect(await zoneOf(psychologist.psychologistId)).toBe("America/Sao_Paulo");
  });
});
