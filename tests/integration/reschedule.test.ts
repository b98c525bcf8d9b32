import { beforeEach, describe, expect, it, vi } from "vitest";
import { lastBookableDate } from "~/domain/booking-horizon";
import { addDays } from "~/domain/slots";
import { db } from "~/models/db.server";
import { action, loader } from "~/routes/_account.appointment.$id.reschedule/route";
import { sendAppointmentReminder } from "~/services/appointment-notifications.server";
import * as availability from "~/services/availability.server";
import * as rescheduleService from "~/services/reschedule.server";
import { expireDueRescheduleRequests } from "~/services/reschedule.server";
import { clearQueues, MINUTE } from "#tests/helpers/appointments";
import { appointmentRow, brasilia, createBookablePsychologist, dayFromToday } from "#tests/helpers/booking";
import { send as sendToApp } from "#tests/helpers/app";
import { createUser, signedIn, type TestUser } from "#tests/helpers/factories";
import { queuedJobs } from "#tests/helpers/jobs";
import { formPost, page as appPage, send } from "#tests/helpers/app";
import { body, getRequest, location, postRequest, run, type CookieJar } from "#tests/helpers/http";

vi.mock("~/services/availability.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/availability.server")>();
  return { ...actual, freeSlotsForViewerDay: vi.fn(actual.freeSlotsForViewerDay) };
});
vi.mock("~/services/reschedule.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/reschedule.server")>();
  return { ...actual, requestReschedule: vi.fn(actual.requestReschedule), answerReschedule: vi.fn(actual.answerReschedule) };
});

/**
 * Rescheduling (issue 13, item 3): one side proposes a free slot of the same
 * length; meanwhile the appointment holds both slots; the other side accepts
 * (it moves, with its room and reminders) or rejects (the proposal is
 * released); unanswered, it expires 24 hours before the original time.
 */

let psychologist: TestUser & { psychologistId: string };
let patient: TestUser;
let patientJar: CookieJar;
let psychologistJar: CookieJar;

/** A confirmed, paid 50-minute consultation with the bookable psychologist (every day 08:00–20:00 in Brasília). */
async function confirmed(day: number, time: string) {
  const startsAt = brasilia(dayFromToday(day), time);
  const row = await db
    .insertInto("appointments")
    .values({ patient_id: patient.id, psychologist_id: psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * MINUTE), duration_minutes: 50, status: "confirmed", payment_status: "paid", price_cents: 180_00 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const page = (id: string, jar: CookieJar, query = "") => run(loader, getRequest(`/appointment/${id}/reschedule${query}`, jar), { id });
const post = (id: string, jar: CookieJar, fields: Record<string, string>) => run(action, postRequest(`/appointment/${id}/reschedule`, fields, jar), { id });
const propose = (id: string, jar: CookieJar, startsAt: Date, reason = "Viagem a trabalho") => post(id, jar, { intent: "request", startsAt: startsAt.toISOString(), reason });

beforeEach(async () => {
  await clearQueues();
  psychologist = await createBookablePsychologist();
  patient = await createUser();
  patientJar = await signedIn(patient);
  psychologistJar = await signedIn(psychologist);
});

describe("a patient requests, the psychologist accepts", () => {
  it("holds both slots meanwhile, then moves the consultation, its room and reminders, and counts the reschedule", async () => {
    const id = await confirmed(5, "10:00");
    const shown = await body(await page(id, patientJar, `?date=${dayFromToday(6)}`));
    expect(shown.denial).toBeNull();
    expect(shown.slots.map((slot: { label: string }) => slot.label)).toContain("14:00");
    const proposed = brasilia(dayFromToday(6), "14:00");

    const response = await propose(id, patientJar, proposed);
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/patient-dashboard");
    expect(await appointmentRow(id)).toMatchObject({ status: "pending_reschedule", status_before_reschedule: "confirmed", proposed_starts_at: proposed });
    expect(await db.selectFrom("reschedule_requests").select(["requested_by", "status", "reason"]).where("appointment_id", "=", id).execute()).toEqual([{ requested_by: "patient", status: "pending", reason: "Viagem a trabalho" }]);
    expect(await db.selectFrom("practice_notifications").select("kind").where("appointment_id", "=", id).execute()).toEqual([{ kind: "reschedule_requested" }]);
    // The psychologist, who must answer, is e-mailed with a link to the page.
    const asked = await db.selectFrom("mail_outbox").select(["to_email", "subject", "html"]).where("template", "=", "appointment_reschedule_requested").execute();
    expect(asked.map((mail) => [mail.to_email, mail.subject])).toEqual([[psychologist.email, expect.stringMatching(/^Pedido de reagendamento — /)]]);
    expect(asked[0]!.html).toContain(`/appointment/${id}/reschedule`);

    // Nobody can book the proposed slot meanwhile, nor the original: the exclusion constraints hold both.
    const other = await createUser();
    for (const startsAt of [proposed, brasilia(dayFromToday(5), "10:00")]) {
      await expect(
        db.insertInto("appointments").values({ patient_id: other.id, psychologist_id: psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * MINUTE), duration_minutes: 50, status: "confirmed", payment_status: "paid", price_cents: 1 }).execute(),
      ).rejects.toMatchObject({ code: "23P01" });
    }
    // And the booking steps no longer offer it.
    const again = await body(await page(await confirmed(7, "09:00"), patientJar, `?date=${dayFromToday(6)}`));
    expect(again.slots.map((slot: { label: string }) => slot.label)).not.toContain("14:00");

    // The patient cannot answer their own request; the psychologist sees it and accepts.
    expect((await post(id, patientJar, { intent: "accept" })).status).toBe(403);
    const seen = await body(await page(id, psychologistJar));
    expect(seen.pending).toMatchObject({ mine: false, by: "patient", reason: "Viagem a trabalho" });
    const accepted = await post(id, psychologistJar, { intent: "accept" });
    expect(accepted.status).toBe(303);
    expect(location(accepted)).toBe(`/psychologist-dashboard/appointments/${id}`);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", starts_at: proposed, ends_at: new Date(proposed.getTime() + 50 * MINUTE), reschedule_count: 1, proposed_starts_at: null, status_before_reschedule: null, payment_status: "paid" });
    expect((await db.selectFrom("reschedule_requests").select("status").where("appointment_id", "=", id).executeTakeFirstOrThrow()).status).toBe("confirmed");
    // The reminders follow the new time; the updated invite goes to both.
    const reminders = await queuedJobs("appointments.reminder");
    expect(reminders.map((job) => (job.data as { startsAt: string }).startsAt)).toEqual(expect.arrayContaining([proposed.toISOString()]));
    expect(await db.selectFrom("mail_outbox").select("template").where("template", "=", "appointment_rescheduled").execute()).toHaveLength(2);
    // The original slot is free again.
    await expect(
      db.insertInto("appointments").values({ patient_id: other.id, psychologist_id: psychologist.psychologistId, starts_at: brasilia(dayFromToday(5), "10:00"), ends_at: new Date(brasilia(dayFromToday(5), "10:00").getTime() + 50 * MINUTE), duration_minutes: 50, status: "confirmed", payment_status: "paid", price_cents: 1 }).execute(),
    ).resolves.toBeTruthy();
  });
});

describe("the psychologist proposes, the patient rejects", () => {
  it("releases the proposed slot and keeps the original, with the reason", async () => {
    const id = await confirmed(5, "10:00");
    const proposed = brasilia(dayFromToday(8), "16:00");
    expect((await propose(id, psychologistJar, proposed, "Congresso")).status).toBe(303);
    // A psychologist's proposal is not a notification to themselves.
    expect(await db.selectFrom("practice_notifications").select("kind").where("appointment_id", "=", id).execute()).toEqual([]);
    const shown = await body(await page(id, patientJar));
    expect(shown.pending).toMatchObject({ mine: false, by: "psychologist" });

    const missing = await post(id, patientJar, { intent: "reject" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await body(missing))).toContain("Por favor, informe o motivo da recusa");

    expect((await post(id, patientJar, { intent: "reject", reason: "Não posso nesse dia" })).status).toBe(303);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", starts_at: brasilia(dayFromToday(5), "10:00"), proposed_starts_at: null, reschedule_count: 0 });
    expect(await db.selectFrom("reschedule_requests").select(["status", "response_reason"]).where("appointment_id", "=", id).execute()).toEqual([{ status: "rejected", response_reason: "Não posso nesse dia" }]);
    // The patient was asked by e-mail; the psychologist is told of the refusal and its reason.
    const mails = await db.selectFrom("mail_outbox").select(["to_email", "template", "html"]).where("template", "like", "appointment_reschedule_%").orderBy("created_at").execute();
    expect(mails.map((mail) => [mail.to_email, mail.template])).toEqual([
      [patient.email, "appointment_reschedule_requested"],
      [psychologist.email, "appointment_reschedule_rejected"],
    ]);
    expect(mails[1]!.html).toContain("Não posso nesse dia");
    const other = await createUser();
    await expect(
      db.insertInto("appointments").values({ patient_id: other.id, psychologist_id: psychologist.psychologistId, starts_at: proposed, ends_at: new Date(proposed.getTime() + 50 * MINUTE), duration_minutes: 50, status: "confirmed", payment_status: "paid", price_cents: 1 }).execute(),
    ).resolves.toBeTruthy();
  });
});

describe("what is refused", () => {
  it("needs a reason and a slot, with the spec's messages; nothing is written", async () => {
    const id = await confirmed(5, "10:00");
    const noReason = await post(id, patientJar, { intent: "request", startsAt: brasilia(dayFromToday(6), "14:00").toISOString() });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(await body(noReason))).toContain("Por favor, informe o motivo do reagendamento");
    const noSlot = await post(id, patientJar, { intent: "request", reason: "x" });
    expect(noSlot.status).toBe(400);
    expect(JSON.stringify(await body(noSlot))).toContain("Por favor, selecione a nova data e horário");
    const unknown = await post(id, patientJar, { intent: "whatever" });
    expect(unknown.status).toBe(400);
    // In the visitor's language, not zod's 'Invalid discriminator value…'.
    expect(JSON.stringify(await body(unknown))).toContain("Ação desconhecida.");
    expect((await appointmentRow(id)).status).toBe("confirmed");
  });

  it("a day off offers no weekly slot and accepts none, only the hours added for that day (ADR 031)", async () => {
    const id = await confirmed(5, "10:00");
    const off = dayFromToday(6);
    await db.insertInto("psychologist_days_off").values({ psychologist_id: psychologist.psychologistId, day: off }).execute();
    await db.insertInto("psychologist_schedule").values({ psychologist_id: psychologist.psychologistId, date: off, start_time: "21:00", end_time: "22:00" }).execute();
    const shown = await body(await page(id, patientJar, `?date=${off}`));
    expect(shown.slots.map((slot: { label: string }) => slot.label)).toEqual(["21:00"]);
    expect((await propose(id, patientJar, brasilia(off, "14:00"))).status).toBe(409);
    expect((await appointmentRow(id)).status).toBe("confirmed");
  });

  it("a slot that is not free, or not on the agenda, or the same time: refused", async () => {
    const id = await confirmed(5, "10:00");
    const taken = await confirmed(6, "14:00");
    expect(taken).toBeTruthy();
    const busy = await propose(id, psychologistJar, brasilia(dayFromToday(6), "14:00"));
    expect(busy.status).toBe(409);
    expect((await body(busy)).error).toBe("Este horário não está mais disponível. Escolha outro.");
    // 03:00 is outside the agenda (08:00–20:00).
    expect((await propose(id, psychologistJar, brasilia(dayFromToday(6), "03:00"))).status).toBe(409);
    expect((await propose(id, psychologistJar, brasilia(dayFromToday(5), "10:00"))).status).toBe(400);
    expect((await appointmentRow(id)).status).toBe("confirmed");
  });

  it("a time past booking's horizon (the end of the sixth month ahead) is neither offered nor accepted: a paid consultation is not moved years ahead", async () => {
    const id = await confirmed(5, "10:00");
    const horizon = lastBookableDate(dayFromToday(0));
    // The last day of the horizon is offered, the day after is not: the page shows tomorrow instead, and its picker stops at the horizon.
    expect((await body(await page(id, psychologistJar, `?date=${horizon}`))).date).toBe(horizon);
    const past = await body(await page(id, psychologistJar, `?date=${addDays(horizon, 40)}`));
    expect(past.date).toBe(dayFromToday(1));
    expect(past.lastDay).toBe(horizon);
    for (const day of [addDays(horizon, 40), "2031-05-06", "9999-12-10"]) {
      const far = await propose(id, psychologistJar, brasilia(day, "10:00"));
      expect(far.status).toBe(409);
      expect((await body(far)).error).toBe("Este horário não está mais disponível. Escolha outro.");
    }
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", proposed_starts_at: null });
    expect(await db.selectFrom("reschedule_requests").select("id").where("appointment_id", "=", id).execute()).toEqual([]);
  });

  it("without JavaScript, a refused form comes back with the slot chosen and the reason typed", async () => {
    const id = await confirmed(5, "10:00");
    const day = dayFromToday(6);
    const chosen = brasilia(day, "15:00").toISOString();
    const asPage = async (jar: CookieJar, fields: Record<string, string>) => {
      const response = await send(formPost(`/appointment/${id}/reschedule?date=${day}`, fields, { Cookie: jar.header() }));
      return { status: response.status, html: await response.text() };
    };
    // No reason: the slot stays chosen.
    const noReason = await asPage(patientJar, { intent: "request", startsAt: chosen, reason: "" });
    expect(noReason.status).toBe(400);
    const checked = noReason.html.match(/<input type="radio" name="startsAt"[^>]*checked=""[^>]*>/g);
    expect(checked).toHaveLength(1);
    expect(checked![0]).toContain(`value="${chosen}"`);
    // A slot taken meanwhile: the reason stays typed.
    await confirmed(6, "14:00");
    const taken = await asPage(patientJar, { intent: "request", startsAt: brasilia(day, "14:00").toISOString(), reason: "Viagem a trabalho em Recife" });
    expect(taken.status).toBe(409);
    expect(taken.html).toContain("Este horário não está mais disponível. Escolha outro.");
    expect(taken.html).toMatch(/<textarea name="reason"[^>]*>Viagem a trabalho em Recife<\/textarea>/);
    // The other side's refusal, too long: its reason stays typed.
    expect((await propose(id, psychologistJar, brasilia(day, "16:00"), "Congresso")).status).toBe(303);
    const long = `Não posso ${"x".repeat(500)}`;
    const rejected = await asPage(patientJar, { intent: "reject", reason: long });
    expect(rejected.status).toBe(400);
    expect(rejected.html).toContain(`>${long}</textarea>`);
    expect(await appointmentRow(id)).toMatchObject({ status: "pending_reschedule" });
  });

  it("without JavaScript, marks each refused field invalid, described by its message in the alert, and opens on the first", async () => {
    const id = await confirmed(5, "10:00");
    const day = dayFromToday(6);
    const asPage = async (jar: CookieJar, fields: Record<string, string>) => {
      const response = await send(formPost(`/appointment/${id}/reschedule?date=${day}`, fields, { Cookie: jar.header() }));
      return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    };
    const autofocused = (html: string) => [...html.matchAll(/<(?:input|textarea|div)\b[^>]*\sautofocus=""[^>]*>/g)].map((match) => match[0]);
    // No reason: the reason is marked and described by its message, which the alert lists; the page opens on it.
    const noReason = await asPage(patientJar, { intent: "request", startsAt: brasilia(day, "15:00").toISOString(), reason: "" });
    expect(noReason).toMatch(/<textarea name="reason"[^>]*aria-invalid="true"[^>]*aria-describedby="reschedule-reason-error"/);
    expect(noReason).toMatch(/<div id="reschedule-error" role="alert"[^>]*><p id="reschedule-reason-error">Por favor, informe o motivo do reagendamento/);
    expect(noReason).not.toMatch(/<input type="radio"[^>]*aria-invalid/);
    expect(autofocused(noReason)).toEqual([expect.stringMatching(/^<textarea name="reason"/)]);
    // Neither slot nor reason: the slots are marked too, and the page opens on the first, the first field in the form.
    const nothing = await asPage(patientJar, { intent: "request", reason: "" });
    const radios = nothing.match(/<input type="radio" name="startsAt"[^>]*>/g) ?? [];
    expect(radios.length).toBeGreaterThan(1);
    for (const radio of radios) expect(radio).toMatch(/aria-invalid="true"[^>]*aria-describedby="reschedule-startsAt-error"/);
    expect(nothing).toContain('<p id="reschedule-startsAt-error">Por favor, selecione a nova data e horário');
    expect(autofocused(nothing)).toEqual([radios[0]]);
    // A refusal of the whole form (the slot taken meanwhile): nothing is marked, and the page opens on the alert.
    await confirmed(6, "14:00");
    const taken = await asPage(patientJar, { intent: "request", startsAt: brasilia(day, "14:00").toISOString(), reason: "Viagem a trabalho" });
    expect(taken).not.toContain("aria-invalid");
    expect(autofocused(taken)).toEqual([expect.stringMatching(/^<div id="reschedule-error" role="alert"/)]);
    // The other side's refusal with no reason: its reason box is marked.
    expect((await propose(id, psychologistJar, brasilia(day, "16:00"), "Congresso")).status).toBe(303);
    const rejected = await asPage(patientJar, { intent: "reject", reason: "" });
    expect(rejected).toMatch(/<textarea name="reason"[^>]*aria-invalid="true"[^>]*aria-describedby="reschedule-reason-error"/);
    expect(autofocused(rejected)).toEqual([expect.stringMatching(/^<textarea name="reason"/)]);
  });

  it("under 24 hours ahead: 'Reagendamento não permitido' with the hours left, and the POST refused", async () => {
    const id = await confirmed(0, "23:00");
    const startsAt = Date.now() + 10 * 3_600_000 + 30 * MINUTE;
    await db.updateTable("appointments").set({ starts_at: new Date(startsAt), ends_at: new Date(startsAt + 50 * MINUTE) }).where("id", "=", id).execute();
    const shown = await body(await page(id, patientJar));
    expect(shown.denial).toEqual({ reason: "too_late", hoursLeft: 10 });
    const html = async () => (await (await sendToApp(appPage(`/appointment/${id}/reschedule`, { Cookie: patientJar.header() }))).text()).replaceAll("<!-- -->", "");
    expect(await html()).toContain("Faltam 10 horas para a consulta; o reagendamento precisa de pelo menos 24 horas de antecedência.");
    // Each number in its own plural form, at the edges too (the policy the consultation was booked under).
    const bookedUnder = async (minHours: number, startsInMinutes: number) => {
      const policy = await db.insertInto("reschedule_policies").values({ psychologist_id: psychologist.psychologistId, max_reschedules: 2, min_hours_before: minHours, medical_emergency: true, technical_issues: true, weather_conditions: true, is_active: false }).returning("id").executeTakeFirstOrThrow();
      const starts = Date.now() + startsInMinutes * MINUTE;
      await db.updateTable("appointments").set({ reschedule_policy_id: policy.id, starts_at: new Date(starts), ends_at: new Date(starts + 50 * MINUTE) }).where("id", "=", id).execute();
    };
    await bookedUnder(1, 40);
    expect(await html()).toContain("Falta menos de 1 hora para a consulta; o reagendamento precisa de pelo menos 1 hora de antecedência.");
    await bookedUnder(2, 90);
    expect(await html()).toContain("Falta 1 hora para a consulta; o reagendamento precisa de pelo menos 2 horas de antecedência.");
    const response = await propose(id, patientJar, brasilia(dayFromToday(3), "14:00"));
    expect(response.status).toBe(409);
    expect((await appointmentRow(id)).status).toBe("confirmed");
  });

  it("past the policy's count", async () => {
    const id = await confirmed(5, "10:00");
    await db.updateTable("appointments").set({ reschedule_count: 2 }).where("id", "=", id).execute();
    expect((await body(await page(id, patientJar))).denial).toMatchObject({ reason: "limit_reached" });
    expect((await propose(id, patientJar, brasilia(dayFromToday(6), "14:00"))).status).toBe(409);
  });

  it("says its limits in real plurals, never 'vez(es)' or 'reagendamento(s)'", async () => {
    const id = await confirmed(5, "10:00");
    const shown = async () => (await (await sendToApp(getRequest(`/appointment/${id}/reschedule`, patientJar))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(await shown()).toContain("Até 2 reagendamentos por consulta, com pelo menos 24 horas de antecedência.");
    await db.updateTable("appointments").set({ reschedule_count: 2 }).where("id", "=", id).execute();
    const html = await shown();
    expect(html).toContain("Esta consulta já foi reagendada 2 vezes, o máximo permitido.");
    expect(html).not.toMatch(/\(es\)|\(s\)|\{\{/);
  });

  it.each([
    [0, 24, "Esta consulta não pode ser reagendada."],
    [1, 1, "Até 1 reagendamento por consulta, com pelo menos 1 hora de antecedência. O valor e a duração não mudam."],
    [3, 0, "Até 3 reagendamentos por consulta. O valor e a duração não mudam."],
  ])("says a policy of %i reschedules, %i hours before, as the settings allow", async (max, minHours, text) => {
    const policy = await db.insertInto("reschedule_policies").values({ psychologist_id: psychologist.psychologistId, max_reschedules: max, min_hours_before: minHours, medical_emergency: true, technical_issues: true, weather_conditions: true }).returning("id").executeTakeFirstOrThrow();
    const id = await confirmed(5, "10:00");
    await db.updateTable("appointments").set({ reschedule_policy_id: policy.id }).where("id", "=", id).execute();
    expect((await body(await page(id, patientJar))).policy.text).toBe(text);
  });

  it("someone else's consultation is a 404; an admin is refused", async () => {
    const id = await confirmed(5, "10:00");
    const strangers = [await signedIn(await createUser()), await signedIn(await createUser({ role: "psychologist" }))];
    for (const jar of strangers) {
      expect((await page(id, jar)).status).toBe(404);
      expect((await propose(id, jar, brasilia(dayFromToday(6), "14:00"))).status).toBe(404);
    }
    expect((await page(id, await signedIn(await createUser({ role: "admin" })))).status).toBe(403);
    expect((await appointmentRow(id)).status).toBe("confirmed");
  });
});

describe("'Ver horários' posts the form: the reason typed is kept, and never in the URL", () => {
  const REASON = "Exame de saúde marcado nesse dia";
  const asPage = async (id: string, fields: Record<string, string>, query = "") => {
    const response = await send(formPost(`/appointment/${id}/reschedule${query}`, fields, { Cookie: patientJar.header() }));
    return { status: response.status, html: (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "") };
  };
  const radios = (html: string) => [...html.matchAll(/<input type="radio" name="startsAt"[^>]*>/g)].map((match) => match[0]);
  const longDate = (day: string) => new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
  /** Everything a proposal writes: the appointment, the request, the practice's notification, the timeline, the e-mails, the audit log. */
  const written = async (id: string) => ({
    appointment: await appointmentRow(id),
    requests: await db.selectFrom("reschedule_requests").selectAll().where("appointment_id", "=", id).execute(),
    notifications: await db.selectFrom("practice_notifications").selectAll().where("appointment_id", "=", id).execute(),
    history: await db.selectFrom("appointment_history").selectAll().where("appointment_id", "=", id).execute(),
    mail: await db.selectFrom("mail_outbox").select(["id", "template"]).execute(),
    audit: await db.selectFrom("audit_log").select("id").execute(),
  });

  it("answers 200 with the chosen day's slots and the reason as sent, writing nothing", async () => {
    const id = await confirmed(5, "10:00");
    const day = dayFromToday(6);
    vi.mocked(rescheduleService.requestReschedule).mockClear();
    const before = await written(id);
    // The page is at its plain URL (tomorrow's slots); the form sends the day and the reason in its body.
    const shown = await asPage(id, { intent: "slots", date: day, reason: REASON });
    expect(shown.status).toBe(200);
    const values = radios(shown.html).map((radio) => /value="([^"]+)"/.exec(radio)![1]!);
    expect(values).toContain(brasilia(day, "14:00").toISOString());
    expect(values.every((value) => value.startsWith(day) || value.startsWith(addDays(day, 1)))).toBe(true);
    expect(values).not.toContain(brasilia(dayFromToday(1), "14:00").toISOString());
    expect(shown.html).toContain(`Horários livres em ${longDate(day)} (50 min)`);
    expect(shown.html).toMatch(new RegExp(`<input type="date" name="date"[^>]*value="${day}"`));
    expect(shown.html).toMatch(new RegExp(`<textarea name="reason"[^>]*>${REASON}</textarea>`));
    // No error, and the page opens on the day's first slot (its group, the day, is read with it).
    expect(shown.html).not.toContain('role="alert"');
    expect(radios(shown.html)[0]).toContain('autofocus=""');
    expect(await written(id)).toEqual(before);
    expect(rescheduleService.requestReschedule).not.toHaveBeenCalled();

    // As data: the day, its slots and the form as sent.
    const answer = await post(id, patientJar, { intent: "slots", date: day, reason: REASON });
    expect(answer.status).toBe(200);
    const json = await body(answer);
    expect(json.day).toMatchObject({ date: day, dateLabel: longDate(day), slotsFailed: false });
    expect(json.day.slots.map((slot: { label: string }) => slot.label)).toContain("14:00");
    expect(json.result.initialValue).toMatchObject({ intent: "slots", date: day, reason: REASON });
    expect(await written(id)).toEqual(before);
  });

  it("a date that is not one to offer: 400 in Portuguese, the field marked, the reason still there, nothing written", async () => {
    const id = await confirmed(5, "10:00");
    const before = await written(id);
    const horizon = lastBookableDate(dayFromToday(0));
    for (const [date, message] of [
      ["2031-02-30", "Data inválida. Escolha um dia que exista no calendário."],
      ["amanhã", "Data inválida. Escolha um dia que exista no calendário."],
      ["", "Data inválida. Escolha um dia que exista no calendário."],
      [dayFromToday(-1), "A data não pode ser anterior a hoje."],
      [addDays(horizon, 1), `Escolha uma data até ${longDate(horizon)}.`],
    ] as const) {
      const refused = await asPage(id, { intent: "slots", date, reason: REASON });
      expect(refused.status, date).toBe(400);
      expect(refused.html).toContain(`<p id="reschedule-date-error">${message}</p>`);
      expect(refused.html).toMatch(/<input type="date" name="date"[^>]*aria-invalid="true"[^>]*aria-describedby="reschedule-date-error"[^>]*autofocus=""/);
      expect(refused.html).toMatch(new RegExp(`<textarea name="reason"[^>]*>${REASON}</textarea>`));
    }
    expect(await written(id)).toEqual(before);
  });

  it("someone else's consultation is a 404, and a consultation that can no longer move says why", async () => {
    const id = await confirmed(5, "10:00");
    const stranger = await signedIn(await createUser());
    expect((await post(id, stranger, { intent: "slots", date: dayFromToday(6), reason: REASON })).status).toBe(404);
    await db.updateTable("appointments").set({ reschedule_count: 2 }).where("id", "=", id).execute();
    const refused = await post(id, patientJar, { intent: "slots", date: dayFromToday(6), reason: REASON });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await body(refused))).toContain("Esta consulta já atingiu o máximo de reagendamentos.");
  });

  it("a proposal refused after 'Ver horários' comes back on the day it was sent with, the slot still chosen", async () => {
    const id = await confirmed(5, "10:00");
    const day = dayFromToday(6);
    const chosen = brasilia(day, "15:00").toISOString();
    // The URL still names no day (tomorrow's); the form was showing the sixth day's slots.
    const refused = await asPage(id, { intent: "request", date: day, startsAt: chosen, reason: "" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Por favor, informe o motivo do reagendamento");
    const checked = radios(refused.html).filter((radio) => radio.includes('checked=""'));
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain(`value="${chosen}"`);
    expect(refused.html).toContain(`Horários livres em ${longDate(day)} (50 min)`);
  });

  it("asked again after a failure with a reason typed, the page comes back with the reason in its field", async () => {
    const id = await confirmed(5, "10:00");
    const day = dayFromToday(6);
    vi.mocked(availability.freeSlotsForViewerDay).mockRejectedValueOnce(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
    const { status, html } = await asPage(id, { intent: "slots", date: day, reason: REASON });
    expect(status).toBe(200);
    expect(html).toContain("Tentar novamente</button>");
    expect(html).toMatch(new RegExp(`<textarea name="reason"[^>]*>${REASON}</textarea>`));
  });

  it("then the proposal is sent as before, with the reason typed", async () => {
    const id = await confirmed(5, "10:00");
    const day = dayFromToday(6);
    expect((await asPage(id, { intent: "slots", date: day, reason: REASON })).status).toBe(200);
    const sent = await post(id, patientJar, { intent: "request", date: day, startsAt: brasilia(day, "14:00").toISOString(), reason: REASON });
    expect(sent.status).toBe(303);
    expect(await db.selectFrom("reschedule_requests").select("reason").where("appointment_id", "=", id).execute()).toEqual([{ reason: REASON }]);
  });
});

describe("an unexpected failure (the database gone)", () => {
  const databaseDown = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });

  it("asking answers on the page with the spec's 'Ocorreu um erro ao solicitar o reagendamento…', the reason typed kept, status 500", async () => {
    const id = await confirmed(5, "10:00");
    vi.mocked(rescheduleService.requestReschedule).mockRejectedValueOnce(databaseDown());
    const response = await propose(id, patientJar, brasilia(dayFromToday(6), "11:00"), "Consulta médica");
    expect(response.status).toBe(500);
    const answer = await body(response);
    expect(answer.error).toBe("Ocorreu um erro ao solicitar o reagendamento. Por favor, tente novamente.");
    expect(answer.result.initialValue).toMatchObject({ intent: "request", reason: "Consulta médica" });
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", reschedule_count: 0 });
  });

  it("slots that fail to load: 'Não foi possível carregar os horários disponíveis.' with a retry that sends the form again, the rest of the page there", async () => {
    const id = await confirmed(5, "10:00");
    vi.mocked(availability.freeSlotsForViewerDay).mockRejectedValueOnce(databaseDown());
    const data = await body(await page(id, patientJar));
    expect(data).toMatchObject({ slotsFailed: true, slots: [] });
    vi.mocked(availability.freeSlotsForViewerDay).mockRejectedValueOnce(databaseDown());
    const response = await send(appPage(`/appointment/${id}/reschedule`, { Cookie: patientJar.header() }));
    expect(response.status).toBe(200);
    const html = await response.text();
    // 'Tentar novamente' is the proposing form's own 'slots' submit, not a reload: a reason typed is sent with it.
    const form = html.match(/<form method="post"[^>]*>(?:(?!<\/form>)[\s\S])*Tentar novamente(?:(?!<\/form>)[\s\S])*<\/form>/)?.[0] ?? "";
    expect(form).toMatch(/role="alert"[^>]*><p>Não foi possível carregar os horários disponíveis.<\/p><p[^>]*><button type="submit" name="intent" value="slots" formnovalidate=""[^>]*>Tentar novamente<\/button>/);
    expect(form).toContain('name="reason"');
  });

  it("answering says so in the same way", async () => {
    const id = await confirmed(5, "10:00");
    expect((await propose(id, patientJar, brasilia(dayFromToday(6), "11:00"))).status).toBe(303);
    vi.mocked(rescheduleService.answerReschedule).mockRejectedValueOnce(databaseDown());
    const response = await post(id, psychologistJar, { intent: "accept" });
    expect(response.status).toBe(500);
    expect((await body(response)).error).toBe("Ocorreu um erro ao responder ao pedido de reagendamento. Por favor, tente novamente.");
    expect(await appointmentRow(id)).toMatchObject({ status: "pending_reschedule" });
  });
});

describe("an unanswered request", () => {
  it("expires 24 hours before the original time: the proposal is released and the original stands", async () => {
    const id = await confirmed(5, "10:00");
    expect((await propose(id, patientJar, brasilia(dayFromToday(6), "14:00"))).status).toBe(303);
    expect(await expireDueRescheduleRequests(new Date())).toBe(0);
    const dayBefore = new Date(brasilia(dayFromToday(5), "10:00").getTime() - 23 * 3_600_000);
    expect(await expireDueRescheduleRequests(dayBefore)).toBe(1);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", proposed_starts_at: null, starts_at: brasilia(dayFromToday(5), "10:00") });
    expect((await db.selectFrom("reschedule_requests").select("status").where("appointment_id", "=", id).executeTakeFirstOrThrow()).status).toBe("expired");
    // Both sides are told the original time stands: the patient who asked, and the psychologist who did not answer.
    const told = await db.selectFrom("mail_outbox").select(["to_email", "subject", "text"]).where("template", "=", "appointment_reschedule_expired").orderBy("to_email").execute();
    expect(told.map((mail) => mail.to_email).sort()).toEqual([patient.email, psychologist.email].sort());
    const toPatient = told.find((mail) => mail.to_email === patient.email)!;
    const toPsychologist = told.find((mail) => mail.to_email === psychologist.email)!;
    expect(toPatient.subject).toMatch(/^Pedido de reagendamento expirado — /);
    expect(toPatient.text).toMatch(/Seu pedido para mudar a consulta com .+ para .+14:00.* não foi respondido a tempo e expirou\. A consulta continua marcada para .+10:00/);
    expect(toPsychologist.text).toMatch(/O pedido de .+ para mudar a consulta para .+14:00.* não foi respondido a tempo e expirou\. A consulta continua marcada para .+10:00/);
    // Once expired, nobody can answer it.
    expect((await post(id, psychologistJar, { intent: "accept" })).status).toBe(409);
    // The 24-hour reminder fell due while the request waited (and was skipped): it goes out now.
    const resumed = (await queuedJobs("appointments.reminder")).filter((job) => job.singletonKey?.endsWith(":after-request"));
    expect(resumed.map((job) => job.data)).toEqual([{ appointmentId: id, kind: "24h", startsAt: brasilia(dayFromToday(5), "10:00").toISOString() }]);
    expect(await sendAppointmentReminder(resumed[0]!.data as { appointmentId: string; kind: "24h"; startsAt: string }, dayBefore)).toBe("sent");
    expect(await sendAppointmentReminder(resumed[0]!.data as { appointmentId: string; kind: "24h"; startsAt: string }, dayBefore)).toBe("skipped");
  });

  it("a proposal earlier than the original whose time has come cannot be accepted: it lapses, and the sweep expires such requests", async () => {
    const original = brasilia(dayFromToday(5), "10:00");
    const id = await confirmed(5, "10:00");
    const proposed = brasilia(dayFromToday(2), "14:00");
    expect((await propose(id, patientJar, proposed)).status).toBe(303);
    const afterProposed = new Date(proposed.getTime() + 3_600_000);
    // Accepting then would move the consultation into the past (and the completion job would close it unheld).
    expect(await rescheduleService.answerReschedule({ appointmentId: id, asker: { role: "psychologist", userId: psychologist.id }, accept: true, reason: null, now: afterProposed })).toEqual({ ok: false, problem: "no_request" });
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", starts_at: original, proposed_starts_at: null, reschedule_count: 0 });
    expect((await db.selectFrom("reschedule_requests").select("status").where("appointment_id", "=", id).executeTakeFirstOrThrow()).status).toBe("expired");
    expect(await db.selectFrom("mail_outbox").select("to_email").where("template", "=", "appointment_reschedule_expired").execute()).toHaveLength(2);

    // Nobody answers another such request: the sweep expires it once the proposed time has come, days before the original's 24 hours.
    expect((await propose(id, patientJar, proposed)).status).toBe(303);
    expect(await expireDueRescheduleRequests(new Date(proposed.getTime() - 60_000))).toBe(0);
    expect(await expireDueRescheduleRequests(proposed)).toBe(1);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", starts_at: original, proposed_starts_at: null });
  });

  it("a request a policy allows under 24 hours ahead is not expired at once: it waits until the original's room opens", async () => {
    const policy = await db.insertInto("reschedule_policies").values({ psychologist_id: psychologist.psychologistId, max_reschedules: 2, min_hours_before: 6, medical_emergency: true, technical_issues: true, weather_conditions: true }).returning("id").executeTakeFirstOrThrow();
    const original = brasilia(dayFromToday(5), "10:00");
    const id = await confirmed(5, "10:00");
    await db.updateTable("appointments").set({ reschedule_policy_id: policy.id }).where("id", "=", id).execute();
    const asked = new Date(original.getTime() - 20 * 3_600_000);
    const proposed = brasilia(dayFromToday(5), "16:00");
    expect(await rescheduleService.requestReschedule({ appointmentId: id, asker: { role: "patient", userId: patient.id }, proposedStartsAt: proposed, reason: "Consulta médica", now: asked })).toEqual({ ok: true });
    // The next sweeps leave it for the psychologist to answer...
    expect(await expireDueRescheduleRequests(new Date(asked.getTime() + 10 * MINUTE))).toBe(0);
    expect(await expireDueRescheduleRequests(new Date(original.getTime() - 16 * MINUTE))).toBe(0);
    // ...until the original's room opens, 15 minutes before it: then the original stands.
    expect(await expireDueRescheduleRequests(new Date(original.getTime() - 15 * MINUTE))).toBe(1);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", starts_at: original, proposed_starts_at: null });
  });

  it("a rejection more than 24 hours ahead leaves the reminders to their own time", async () => {
    const id = await confirmed(5, "10:00");
    expect((await propose(id, patientJar, brasilia(dayFromToday(6), "14:00"))).status).toBe(303);
    expect((await post(id, psychologistJar, { intent: "reject", reason: "Sem agenda" })).status).toBe(303);
    expect((await queuedJobs("appointments.reminder")).filter((job) => job.singletonKey?.endsWith(":after-request"))).toEqual([]);
  });
});

describe("what the page says about a request, and whose words and clock", () => {
  /** The page's markup without its scripts (the hydration data repeats the texts). */
  const markup = async (id: string, jar: CookieJar, headers: Record<string, string> = {}) =>
    (await (await sendToApp(appPage(`/appointment/${id}/reschedule`, { ...headers, Cookie: jar.header() }))).text()).replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");
  const heading = (html: string) => /<h1 id="reschedule-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it("answering (or awaiting) a request is headed by the request, not by the proposing form's title", async () => {
    const id = await confirmed(5, "10:00");
    expect(heading(await markup(id, psychologistJar))).toBe("Propor novo horário");
    expect((await propose(id, patientJar, brasilia(dayFromToday(6), "14:00"))).status).toBe(303);
    const answering = await markup(id, psychologistJar);
    expect(heading(answering)).toBe("Pedido de reagendamento");
    expect(title(answering)).toMatch(/^Pedido de reagendamento/);
    expect(heading(await markup(id, psychologistJar, { "Accept-Language": "es" }))).toBe("Solicitud de reprogramación");
    expect(heading(await markup(id, patientJar))).toBe("Pedido de reagendamento");

    const other = await confirmed(9, "10:00");
    expect((await propose(other, psychologistJar, brasilia(dayFromToday(10), "14:00"))).status).toBe(303);
    expect(heading(await markup(other, patientJar))).toBe("Novo horário proposto");
    expect(heading(await markup(other, patientJar, { "Accept-Language": "es" }))).toBe("Nuevo horario propuesto");
  });

  it("on an Arabic page, the other side's reason and name are isolated (<bdi>): a Spanish full stop stays at its end", async () => {
    const id = await confirmed(5, "10:00");
    expect((await propose(id, psychologistJar, brasilia(dayFromToday(6), "14:00"), "Tengo un congreso ese día.")).status).toBe(303);
    const html = await markup(id, patientJar, { "Accept-Language": "ar" });
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain("<p>السبب: <bdi>Tengo un congreso ese día.</bdi></p>");
    expect(html).toMatch(/<p class="font-semibold"><bdi>[^<]+<\/bdi><\/p>/);
    // The psychologist's own page, in Portuguese, shows it isolated too.
    expect(await markup(id, psychologistJar)).toContain("<p>Motivo: <bdi>Tengo un congreso ese día.</bdi></p>");
  });

  it("names the viewer's zone for the current time, the proposed time and the slots when its clock differs from the psychologist's (ADR 004)", async () => {
    const id = await confirmed(5, "10:00");
    await db.updateTable("profiles").set({ time_zone: "Europe/Lisbon" }).where("id", "=", patient.id).execute();
    const proposing = await body(await page(id, patientJar, `?date=${dayFromToday(6)}`));
    expect(proposing.current.zone).toMatch(/Europa Ocidental/);
    expect(proposing.zone).toMatch(/Europa Ocidental/);
    const html = await markup(id, patientJar);
    expect(html).toContain(`<p class="muted text-xs">${proposing.current.zone}</p>`);
    expect(html).toContain(`Horários em ${proposing.zone}</span></legend>`);
    // 'Ver horários' answers with the day, its zone named as well.
    const shown = await post(id, patientJar, { intent: "slots", date: dayFromToday(7), reason: "" });
    expect((await body(shown)).day.zone).toBe(proposing.zone);

    expect((await propose(id, psychologistJar, brasilia(dayFromToday(6), "14:00"))).status).toBe(303);
    const pending = await body(await page(id, patientJar));
    expect(pending.pending.proposed.zone).toMatch(/Europa Ocidental/);
    expect(await markup(id, patientJar)).toContain(`<p class="muted text-xs">${pending.pending.proposed.zone}</p>`);
    // The psychologist reads the practice's clock: nothing to name.
    const own = await body(await page(id, psychologistJar));
    expect(own.current.zone).toBeNull();
    expect(own.pending.proposed.zone).toBeNull();
    expect(await markup(id, psychologistJar)).not.toContain("Europa Ocidental");
  });
});
