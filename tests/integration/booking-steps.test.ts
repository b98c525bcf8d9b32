import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shiftMonth } from "~/domain/agenda";
import { lastBookableDate } from "~/domain/booking-horizon";
import { addDays } from "~/domain/slots";
import { db } from "~/models/db.server";
import { PaymentGatewayError, resetPaymentGateway, type PaymentGateway } from "~/providers/payments.server";
import { loader as step1Loader } from "~/routes/_public.schedule.step1";
import { loader as scheduleLoader } from "~/routes/_public.schedule._index";
import { loader as step2Loader } from "~/routes/_public.schedule.step2";
import { action as step3Action, loader as step3Loader } from "~/routes/_patient.schedule.step3";
import { action as payAction } from "~/routes/_patient.appointment.$id.pay";
import { HOLD_MINUTES } from "~/services/booking.server";
import { takeToast } from "~/services/toast.server";
import { runJob } from "~/services/worker.server";
import { appointmentRow, brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { page, send } from "#tests/helpers/app";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";

/**
 * The three booking steps through their loaders and actions: the spec's
 * messages with 4xx codes, the hold written whole or not at all, its
 * release when it runs out, and 'Pagar' resuming a held checkout.
 */

// Lets a test make the step-3 re-check pass, to reach the database's own refusal.
const recheck = vi.hoisted(() => ({ forceFree: false }));
vi.mock("~/services/availability.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/services/availability.server")>();
  return { ...original, isSlotFree: (...args: Parameters<typeof original.isSlotFree>) => (recheck.forceFree ? Promise.resolve(true) : original.isSlotFree(...args)) };
});

const APP_URL = "http://localhost:3000";

async function toastOf(response: Response) {
  const jar = new CookieJar().take(response);
  return (await takeToast(getRequest("/", jar))).toast;
}

function step3Path(selection: { psychologistId: string; date: string; startsAt: Date | string; duration: number | string }) {
  const startsAt = selection.startsAt instanceof Date ? selection.startsAt.toISOString() : selection.startsAt;
  return `/schedule/step3?${new URLSearchParams({ psychologistId: selection.psychologistId, date: selection.date, startsAt, duration: String(selection.duration) })}`;
}

function holdFields(selection: { psychologistId: string; date: string; startsAt: Date; duration: number }) {
  return { psychologistId: selection.psychologistId, date: selection.date, startsAt: selection.startsAt.toISOString(), duration: String(selection.duration), healthDataConsent: "on" };
}

async function insertAppointment(values: { patientId: string; psychologistId: string; startsAt: Date; minutes?: number; status?: "confirmed" | "pending_payment"; holdExpiresAt?: Date | null }) {
  const minutes = values.minutes ?? 50;
  const row = await db
    .insertInto("appointments")
    .values({
      patient_id: values.patientId,
      psychologist_id: values.psychologistId,
      starts_at: values.startsAt,
      ends_at: new Date(values.startsAt.getTime() + minutes * 60_000),
      duration_minutes: minutes,
      status: values.status ?? "confirmed",
      payment_status: values.status === "pending_payment" ? "pending" : "paid",
      price_cents: 150_00,
      hold_expires_at: values.holdExpiresAt ?? null,
      checkout_url: values.status === "pending_payment" ? "https://checkout.example/resume" : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const slotHolders = (psychologistId: string) =>
  db
    .selectFrom("appointments")
    .selectAll()
    .where("psychologist_id", "=", psychologistId)
    .where("status", "in", ["pending_payment", "pending", "scheduled", "confirmed", "pending_reschedule"])
    .execute();

beforeEach(() => {
  recheck.forceFree = false;
  useLocalGateway();
});
afterEach(() => resetPaymentGateway());

describe("step 1", () => {
  it("lists only public psychologists, with their prices, and preselects the one asked for", async () => {
    const shown = await createBookablePsychologist();
    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const response = await run(step1Loader, getRequest(`/schedule/step1?psychologistId=${shown.psychologistId}`));
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data.psychologists.map((p: { id: string }) => p.id)).toEqual([shown.psychologistId]);
    expect(data.psychologists.map((p: { id: string }) => p.id)).not.toContain(pending.psychologistId);
    expect(data.selectedId).toBe(shown.psychologistId);
    expect(data.psychologists[0].price30).toMatch(/R\$\s?120,00/);
    expect(data.psychologists[0].price60).toMatch(/R\$\s?180,00/);
  });

  it("shows each card's first two specialties and languages, labelled in the visitor's language, with a count of the rest", async () => {
    const shown = await createBookablePsychologist();
    await db.updateTable("psychologists").set({ specialties: ["anxiety", "depression", "adhd"], languages: ["pt", "en", "es"] }).where("id", "=", shown.psychologistId).execute();
    const data = await body(await run(step1Loader, getRequest("/schedule/step1")));
    expect(data.psychologists[0]).toMatchObject({ specialties: ["Ansiedade", "Depressão", "TDAH"], languages: ["Português", "Inglês", "Espanhol"] });
    const html = await (await send(page("/schedule/step1"))).text();
    const card = html.slice(html.indexOf(shown.psychologistId));
    // The third of each only in the '+1' chip's list (its tooltip and the screen reader's).
    expect(card).toMatch(/<li>Ansiedade<\/li><li>Depressão<\/li><li title="TDAH"><span aria-hidden="true">\+(<!-- -->)?1<\/span>/);
    expect(card).toMatch(/<li>Português<\/li><li>Inglês<\/li><li title="Espanhol"><span aria-hidden="true">\+(<!-- -->)?1<\/span>/);
  });

  it("names the rest in the '+N' chip's tooltip as a list in the visitor's language ('Espanhol e Francês')", async () => {
    const shown = await createBookablePsychologist();
    await db.updateTable("psychologists").set({ languages: ["pt", "en", "es", "fr"] }).where("id", "=", shown.psychologistId).execute();
    const html = await (await send(page("/schedule/step1"))).text();
    expect(html.slice(html.indexOf(shown.psychologistId))).toMatch(/<li title="Espanhol e Francês"><span aria-hidden="true">\+(<!-- -->)?2<\/span>/);
  });

  it("/schedule is step 1 too, and reads the home's ?psychologist", async () => {
    const shown = await createBookablePsychologist();
    const data = await body(await run(scheduleLoader, getRequest(`/schedule?psychologist=${shown.psychologistId}`)));
    expect(data.selectedId).toBe(shown.psychologistId);
  });
});

describe("step 2", () => {
  it("without a psychologist goes back to step 1 with 'Nenhum psicólogo selecionado'", async () => {
    const response = await run(step2Loader, getRequest("/schedule/step2"));
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/schedule/step1");
    expect((await toastOf(response))?.title).toBe("Nenhum psicólogo selecionado");
  });

  it("with an id that is not a UUID goes back to step 1 with 'ID do psicólogo inválido'", async () => {
    const response = await run(step2Loader, getRequest("/schedule/step2?psychologistId=123"));
    expect(location(response)).toBe("/schedule/step1");
    expect((await toastOf(response))?.title).toBe("ID do psicólogo inválido");
  });

  it("answers 404 'Psicólogo não encontrado' for an unknown or unapproved psychologist", async () => {
    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    for (const id of [pending.psychologistId!, "6b1f5b8e-3c1d-4a8e-9f7a-2d3c4b5a6e7f"]) {
      const response = await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${id}`));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Psicólogo não encontrado");
    }
  });

  it("shows the month with past days disabled and free days marked, durations with prices, and the day's slots by period", async () => {
    const { psychologistId } = await createBookablePsychologist({ blocks: [0, 1, 2, 3, 4, 5, 6].map((d): [number, string, string] => [d, "09:00", "19:00"]) });
    const date = dayFromToday(3);
    const response = await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=50`));
    expect(response.status).toBe(200);
    const data = await body(response);

    const days = data.calendar.weeks.flat().filter(Boolean);
    const today = dayFromToday(0);
    for (const day of days) {
      if (day.date < today) expect(day).toMatchObject({ state: "past", href: null });
      if (day.date > today) expect(day.state).toBe("available");
    }
    expect(days.find((day: { date: string }) => day.date === date)).toMatchObject({ selected: true, state: "available" });

    expect(data.durations.map((d: { minutes: number; price: string; selected: boolean }) => [d.minutes, d.price.replace(/\s/g, " "), d.selected])).toEqual([
      [30, "R$ 120,00", false],
      [50, "R$ 150,00", true],
      [60, "R$ 180,00", false],
    ]);

    // 50 minutes step by an hour: 09:00 … 18:00, in Brasília (the default viewer zone).
    const byPeriod = Object.fromEntries(data.periods.map((group: { period: string; slots: { label: string }[] }) => [group.period, group.slots.map((slot) => slot.label)]));
    expect(byPeriod).toEqual({
      morning: ["09:00 - 09:50", "10:00 - 10:50", "11:00 - 11:50"],
      afternoon: ["12:00 - 12:50", "13:00 - 13:50", "14:00 - 14:50", "15:00 - 15:50", "16:00 - 16:50", "17:00 - 17:50"],
      evening: ["18:00 - 18:50"],
    });
    expect(data.timeZone.id).toBe("America/Sao_Paulo");
    expect(data.timeZone.label).toContain("America/Sao_Paulo");
  });

  it("lays the month out from the viewer's language's first day, each heading over its own days (ADR 030)", async () => {
    const { psychologistId } = await createBookablePsychologist({ blocks: [[1, "09:00", "12:00"]] });
    const month = dayFromToday(0).slice(0, 7);
    const path = `/schedule/step2?psychologistId=${psychologistId}&month=${month}`;
    for (const [language, first, heading] of [
      ["pt-BR", 0, "domingo"],
      ["ru", 1, "понедельник"],
      ["ar", 6, "السبت"],
    ] as const) {
      const { calendar } = await body(await run(step2Loader, getRequest(path, undefined, { "Accept-Language": language })));
      expect(calendar.weekdays[0].long, language).toBe(heading);
      const longName = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
      const weeks = calendar.weeks as ({ date: string } | null)[][];
      // The 1st sits in its weekday's column, after that many empty cells; every day under its own heading.
      const firstWeekday = new Date(`${month}-01T12:00:00Z`).getUTCDay();
      expect(weeks[0]!.findIndex(Boolean), language).toBe((firstWeekday - first + 7) % 7);
      for (const week of weeks) {
        expect(week).toHaveLength(7);
        week.forEach((day, column) => {
          if (day) expect(calendar.weekdays[column].long, `${language} ${day.date}`).toBe(longName.format(new Date(`${day.date}T12:00:00Z`)));
        });
      }
      expect(weeks.flat().filter(Boolean)).toHaveLength(Number(addDays(`${shiftMonth(month, 1)}-01`, -1).slice(8)));
    }
    const html = await (await send(page(path, { "Accept-Language": "ru" }))).text();
    expect(/<th [^>]*abbr="([^"]+)"/.exec(html)?.[1]).toBe("понедельник");
  });

  it("reads a month that does not exist (2026-13) as the current one, never a 500", async () => {
    const { psychologistId } = await createBookablePsychologist({ blocks: [[1, "09:00", "12:00"]] });
    // November: the six-month horizon ends in 2027, so '2026-13' sorts inside it.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-29T15:00:00Z") });
    try {
      for (const month of ["2026-13", "2026-99"]) {
        const response = await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${psychologistId}&month=${month}`));
        expect(response.status).toBe(200);
        expect((await body(response)).calendar.month).toBe("2026-11");
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows times in the viewer's zone: the tz cookie, or the profile's zone first", async () => {
    const { psychologistId } = await createBookablePsychologist({ blocks: [0, 1, 2, 3, 4, 5, 6].map((d): [number, string, string] => [d, "10:00", "11:00"]) });
    const date = dayFromToday(3);
    const path = `/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=60`;
    const visitor = await body(await run(step2Loader, getRequest(path, undefined, { Cookie: "tz=UTC" })));
    expect(visitor.timeZone.id).toBe("UTC");
    expect(visitor.periods).toEqual([{ period: "afternoon", label: "Tarde", slots: [{ value: brasilia(date, "10:00").toISOString(), label: "13:00 - 14:00" }] }]);

    const patient = await createUser();
    await db.updateTable("profiles").set({ time_zone: "America/Manaus" }).where("id", "=", patient.id).execute();
    const jar = await signedIn(patient);
    const signed = await body(await run(step2Loader, new Request(new URL(path, "http://localhost:3000"), { headers: { Cookie: `${jar.header()}; tz=UTC` } })));
    expect(signed.timeZone.id).toBe("America/Manaus");
    expect(signed.periods[0].slots[0].label).toBe("09:00 - 10:00");
  });

  it("has no slots on a day without agenda", async () => {
    const { psychologistId } = await createBookablePsychologist({ blocks: [] });
    const data = await body(await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${psychologistId}&date=${dayFromToday(3)}`)));
    expect(data.periods).toEqual([]);
    expect(data.calendar.weeks.flat().filter(Boolean).every((day: { state: string }) => day.state !== "available")).toBe(true);
  });

  it("offers no weekly slot on a day off, but the hours added for that day (ADR 031)", async () => {
    const { psychologistId } = await createBookablePsychologist({ blocks: [0, 1, 2, 3, 4, 5, 6].map((d): [number, string, string] => [d, "09:00", "12:00"]) });
    const off = dayFromToday(3);
    const offWithHours = dayFromToday(4);
    await db.insertInto("psychologist_days_off").values([off, offWithHours].map((day) => ({ psychologist_id: psychologistId, day }))).execute();
    await db.insertInto("psychologist_schedule").values({ psychologist_id: psychologistId, date: offWithHours, start_time: "15:00", end_time: "16:00" }).execute();
    const step2 = async (date: string) => body(await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=60`)));

    const bare = await step2(off);
    expect(bare.periods).toEqual([]);
    const state = (data: { calendar: { weeks: Array<Array<{ date: string; state: string } | null>> } }, date: string) => data.calendar.weeks.flat().find((day) => day?.date === date)?.state;
    expect(state(bare, off)).not.toBe("available");
    expect(state(bare, dayFromToday(5))).toBe("available");

    const withHours = await step2(offWithHours);
    expect(withHours.periods.flatMap((group: { slots: { label: string }[] }) => group.slots.map((slot) => slot.label))).toEqual(["15:00 - 16:00"]);
    // The next day, not off, keeps its weekly hours.
    expect((await step2(dayFromToday(5))).periods.flatMap((group: { slots: { label: string }[] }) => group.slots.map((slot) => slot.label))).toEqual(["09:00 - 10:00", "10:00 - 11:00", "11:00 - 12:00"]);
  });

  it("leaves out slots held by others and those under 2 hours away", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const other = await createUser();
    const date = dayFromToday(3);
    await insertAppointment({ patientId: other.id, psychologistId, startsAt: brasilia(date, "10:00"), minutes: 60 });
    const data = await body(await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=60`)));
    const labels = data.periods.flatMap((group: { slots: { label: string }[] }) => group.slots.map((slot) => slot.label));
    expect(labels).not.toContain("10:00 - 11:00");
    expect(labels).toContain("11:00 - 12:00");
  });

  it("'Próximo' without a time answers 400 with the spec's message", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const response = await run(step2Loader, getRequest(`/schedule/step2?psychologistId=${psychologistId}&date=${dayFromToday(3)}&duration=50&next=1`));
    expect(response.status).toBe(400);
    expect((await body(response)).error).toBe("Por favor, selecione data, horário e duração da consulta.");
  });

  it("'Próximo' with a slot taken meanwhile answers 409, and with a free one moves to step 3", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const other = await createUser();
    const date = dayFromToday(3);
    const taken = brasilia(date, "10:00");
    await insertAppointment({ patientId: other.id, psychologistId, startsAt: taken, minutes: 50 });
    const base = `/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=50&next=1`;
    const refused = await run(step2Loader, getRequest(`${base}&startsAt=${encodeURIComponent(taken.toISOString())}`));
    expect(refused.status).toBe(409);
    expect((await body(refused)).error).toBe("Horário não disponível");

    const free = brasilia(date, "11:00");
    const moved = await run(step2Loader, getRequest(`${base}&startsAt=${encodeURIComponent(free.toISOString())}`));
    expect(moved.status).toBe(302);
    expect(location(moved)).toBe(step3Path({ psychologistId, date, startsAt: free, duration: 50 }));
  });
});

describe("step 3", () => {
  it("sends a visitor to /login with the booking message, keeping the selection in redirectTo", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const path = step3Path({ psychologistId, date: dayFromToday(3), startsAt: brasilia(dayFromToday(3), "10:00"), duration: 50 });
    const response = await run(step3Loader, getRequest(path));
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/login?${new URLSearchParams({ redirectTo: path, reason: "booking" })}`);
  });

  it("summarises the selection in the viewer's zone and price; a slot taken meanwhile answers 409 with the pay button off", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    const date = dayFromToday(3);
    const startsAt = brasilia(date, "10:00");
    const path = step3Path({ psychologistId, date, startsAt, duration: 60 });
    const open = await run(step3Loader, getRequest(path, jar));
    expect(open.status).toBe(200);
    const data = await body(open);
    expect(data.available).toBe(true);
    expect(data.summary).toMatchObject({ time: "10:00 - 11:00", duration: 60 });
    expect(data.summary.price.replace(/\s/g, " ")).toBe("R$ 180,00");
    expect(data.summary.timeZone).toContain("America/Sao_Paulo");
    // The cancellation and reschedule policy the booking will keep, before paying (issue 13, item 1): the defaults here.
    expect(data.policy).toBe(
      "Cancelamento: reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas. Reagendamento: até 2 vezes, com pelo menos 24 horas de antecedência.",
    );

    await insertAppointment({ patientId: (await createUser()).id, psychologistId, startsAt, minutes: 60 });
    const taken = await run(step3Loader, getRequest(path, jar));
    expect(taken.status).toBe(409);
    expect((await body(taken)).available).toBe(false);
  });

  it("without a complete selection goes back to step 2 with the spec's message", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const jar = await signedIn(await createUser());
    const response = await run(step3Loader, getRequest(`/schedule/step3?psychologistId=${psychologistId}&duration=50`, jar));
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/schedule/step2?psychologistId=${psychologistId}&duration=50`);
    expect((await toastOf(response))?.title).toBe("Por favor, selecione data, horário e duração da consulta.");
  });

  it("refuses a bad submission with 400 and writes nothing", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const jar = await signedIn(await createUser());
    const missing = await run(step3Action, postRequest("/schedule/step3", { psychologistId, date: dayFromToday(3), duration: "50" }, jar));
    expect(missing.status).toBe(400);
    expect((await body(missing)).error[""]).toEqual(["Por favor, selecione data, horário e duração da consulta."]);

    const badId = await run(step3Action, postRequest("/schedule/step3", { psychologistId: "abc", date: dayFromToday(3), startsAt: brasilia(dayFromToday(3), "10:00").toISOString(), duration: "50" }, jar));
    expect(badId.status).toBe(400);
    expect((await body(badId)).error[""]).toEqual(["ID do psicólogo inválido"]);

    const badDuration = await run(step3Action, postRequest("/schedule/step3", { psychologistId, date: dayFromToday(3), startsAt: brasilia(dayFromToday(3), "10:00").toISOString(), duration: "45" }, jar));
    expect(badDuration.status).toBe(400);
    expect(await slotHolders(psychologistId)).toEqual([]);
  });

  it("answers 404 for a psychologist that cannot be booked", async () => {
    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const jar = await signedIn(await createUser());
    const date = dayFromToday(3);
    const response = await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId: pending.psychologistId!, date, startsAt: brasilia(date, "10:00"), duration: 50 }), jar));
    expect(response.status).toBe(404);
    expect((await body(response)).error[""]).toEqual(["Psicólogo não encontrado"]);
  });

  it("holds the slot for 30 minutes, awaiting payment, and sends the patient to the checkout (303)", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    const date = dayFromToday(3);
    const startsAt = brasilia(date, "10:00");
    const before = Date.now();
    const response = await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId, date, startsAt, duration: 50 }), jar));
    expect(response.status).toBe(303);
    const [held] = await slotHolders(psychologistId);
    expect(response.headers.get("Location")).toBe(`${APP_URL}/dev/checkout/${held!.id}`);
    expect(held).toMatchObject({
      patient_id: patient.id,
      status: "pending_payment",
      payment_status: "pending",
      duration_minutes: 50,
      price_cents: 150_00,
      checkout_id: `local-${held!.id}`,
      checkout_url: `${APP_URL}/dev/checkout/${held!.id}`,
    });
    expect(held!.starts_at.toISOString()).toBe(startsAt.toISOString());
    const holdMs = held!.hold_expires_at!.getTime() - before;
    expect(holdMs).toBeGreaterThanOrEqual(HOLD_MINUTES * 60_000 - 1000);
    expect(holdMs).toBeLessThanOrEqual(HOLD_MINUTES * 60_000 + 5000);

    // Back from the checkout: step 3 still offers to pay, resuming the same hold.
    const back = await run(step3Loader, getRequest(step3Path({ psychologistId, date, startsAt, duration: 50 }), jar));
    expect(back.status).toBe(200);
    expect(await body(back)).toMatchObject({ available: true, formAction: `/appointment/${held!.id}/pay` });
  });

  it("tells the second patient 'Este horário não está mais disponível…' (409) when the re-check finds the slot taken", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const date = dayFromToday(3);
    const fields = holdFields({ psychologistId, date, startsAt: brasilia(date, "10:00"), duration: 50 });
    expect((await run(step3Action, postRequest("/schedule/step3", fields, await signedIn(await createUser())))).status).toBe(303);
    const second = await run(step3Action, postRequest("/schedule/step3", fields, await signedIn(await createUser())));
    expect(second.status).toBe(409);
    expect((await body(second)).error[""]).toEqual(["Este horário não está mais disponível. Por favor, retorne e selecione outro horário."]);
    expect(await slotHolders(psychologistId)).toHaveLength(1);
  });

  it("refuses (409) a time sent by hand past step 2's horizon, the end of the sixth month ahead: nothing is held", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const horizon = lastBookableDate(dayFromToday(0));
    for (const date of [addDays(horizon, 35), "9999-12-17"]) {
      const response = await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId, date, startsAt: brasilia(date, "10:00"), duration: 50 }), await signedIn(await createUser())));
      expect(response.status).toBe(409);
      expect((await body(response)).error[""]).toEqual(["Este horário não está mais disponível. Por favor, retorne e selecione outro horário."]);
    }
    expect(await slotHolders(psychologistId)).toHaveLength(0);
    // The horizon's last day itself is still bookable.
    expect((await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId, date: horizon, startsAt: brasilia(horizon, "10:00"), duration: 50 }), await signedIn(await createUser())))).status).toBe(303);
  });

  it("lets the database decide a race: the exclusion constraint's refusal becomes 'Este horário já foi reservado…' (409)", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const date = dayFromToday(3);
    const startsAt = brasilia(date, "10:00");
    await insertAppointment({ patientId: (await createUser()).id, psychologistId, startsAt, minutes: 60 });
    recheck.forceFree = true; // as if the other booking committed right after our re-check
    const response = await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId, date, startsAt: new Date(startsAt.getTime() + 30 * 60_000), duration: 30 }), await signedIn(await createUser())));
    expect(response.status).toBe(409);
    expect((await body(response)).error[""]).toEqual(["Este horário já foi reservado. Por favor, escolha outro horário."]);
    expect(await slotHolders(psychologistId)).toHaveLength(1);
  });

  it("refuses a patient who already holds that time elsewhere with 'Você já possui um agendamento para este horário' (409)", async () => {
    const first = await createBookablePsychologist();
    const second = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    const date = dayFromToday(3);
    const startsAt = brasilia(date, "10:00");
    expect((await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId: first.psychologistId, date, startsAt, duration: 50 }), jar))).status).toBe(303);
    const response = await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId: second.psychologistId, date, startsAt, duration: 50 }), jar));
    expect(response.status).toBe(409);
    expect((await body(response)).error[""]).toEqual(["Você já possui um agendamento para este horário"]);
    expect(await slotHolders(second.psychologistId)).toEqual([]);
  });

  it("takes over a hold that ran out but was not released yet", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const date = dayFromToday(3);
    const startsAt = brasilia(date, "10:00");
    const stale = await insertAppointment({ patientId: (await createUser()).id, psychologistId, startsAt, status: "pending_payment", holdExpiresAt: new Date(Date.now() - 60_000) });
    const response = await run(step3Action, postRequest("/schedule/step3", holdFields({ psychologistId, date, startsAt, duration: 50 }), await signedIn(await createUser())));
    expect(response.status).toBe(303);
    expect(await appointmentRow(stale)).toMatchObject({ status: "cancelled", cancelled_by: "system", cancellation_reason: "hold_expired" });
  });

  it.each([
    ["checkout_failed", new PaymentGatewayError("checkout_failed"), "Erro ao processar pagamento"],
    ["no_checkout_url", new PaymentGatewayError("no_checkout_url"), "URL de checkout não foi gerada"],
    ["anything else", new TypeError("fetch failed"), "Erro ao gerar pagamento. Tente novamente."],
  ])("releases the hold when the gateway fails (%s): back to step 3 with the toast 'Erro no pagamento', never a 500", async (_name, failure, description) => {
    const failing: PaymentGateway = {
      name: "mercadopago",
      createCheckout: async () => {
        throw failure;
      },
      getPayment: async () => null,
      refund: async () => ({ id: "x", status: "approved" }),
    };
    resetPaymentGateway(failing);
    const { psychologistId } = await createBookablePsychologist();
    const date = dayFromToday(3);
    const selection = { psychologistId, date, startsAt: brasilia(date, "10:00"), duration: 50 };
    const response = await run(step3Action, postRequest("/schedule/step3", holdFields(selection), await signedIn(await createUser())));
    expect(response.status).toBe(303);
    expect(location(response)).toBe(step3Path(selection));
    expect(await toastOf(response)).toMatchObject({ type: "error", title: "Erro no pagamento", description });
    expect(await slotHolders(psychologistId)).toEqual([]);
    const [released] = await db.selectFrom("appointments").selectAll().where("psychologist_id", "=", psychologistId).execute();
    expect(released).toMatchObject({ status: "cancelled", cancelled_by: "system", cancellation_reason: "checkout_failed" });
  });
});

describe("holds", () => {
  it("the release job cancels run-out holds as the system, leaves the rest, and is idempotent", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const date = dayFromToday(3);
    const expired = await insertAppointment({ patientId: (await createUser()).id, psychologistId, startsAt: brasilia(date, "10:00"), status: "pending_payment", holdExpiresAt: new Date(Date.now() - 1000) });
    const live = await insertAppointment({ patientId: (await createUser()).id, psychologistId, startsAt: brasilia(date, "12:00"), status: "pending_payment", holdExpiresAt: new Date(Date.now() + 10 * 60_000) });
    const confirmed = await insertAppointment({ patientId: (await createUser()).id, psychologistId, startsAt: brasilia(date, "14:00") });

    expect(await runJob("appointments.release-expired-holds", {})).toBe(1);
    expect(await appointmentRow(expired)).toMatchObject({ status: "cancelled", cancelled_by: "system", cancellation_reason: "hold_expired", hold_expires_at: null });
    expect((await appointmentRow(live)).status).toBe("pending_payment");
    expect((await appointmentRow(confirmed)).status).toBe("confirmed");
    expect(await runJob("appointments.release-expired-holds", {})).toBe(0);
  });

  it("'Pagar' resumes the patient's own held checkout; another patient's is a 404; a run-out hold goes to the dashboard", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const owner = await createUser();
    const date = dayFromToday(3);
    const held = await insertAppointment({ patientId: owner.id, psychologistId, startsAt: brasilia(date, "10:00"), status: "pending_payment", holdExpiresAt: new Date(Date.now() + 10 * 60_000) });
    const resumed = await run(payAction, postRequest(`/appointment/${held}/pay`, {}, await signedIn(owner)), { id: held });
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get("Location")).toBe("https://checkout.example/resume");

    const stranger = await run(payAction, postRequest(`/appointment/${held}/pay`, {}, await signedIn(await createUser())), { id: held });
    expect(stranger.status).toBe(404);

    await db.updateTable("appointments").set({ hold_expires_at: new Date(Date.now() - 1000) }).where("id", "=", held).execute();
    const late = await run(payAction, postRequest(`/appointment/${held}/pay`, {}, await signedIn(owner)), { id: held });
    expect(location(late)).toBe("/patient-dashboard");
    expect((await toastOf(late))?.title).toBe("Esta consulta não está mais aguardando pagamento.");
  });

  it("'Pagar' while a PIX is still pending at the gateway goes to the dashboard and says the payment is being processed, not to a second checkout", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const owner = await createUser();
    const held = await insertAppointment({ patientId: owner.id, psychologistId, startsAt: brasilia(dayFromToday(3), "10:00"), status: "pending_payment", holdExpiresAt: new Date(Date.now() + 10 * 60_000) });
    await db.insertInto("payments").values({ appointment_id: held, provider: "local", provider_payment_id: "pix-pending-1", status: "pending", method: "pix", amount_cents: 150_00, currency: "BRL" }).execute();
    const again = await run(payAction, postRequest(`/appointment/${held}/pay`, {}, await signedIn(owner)), { id: held });
    expect(location(again)).toBe("/patient-dashboard");
    expect((await toastOf(again))?.title).toBe("Pagamento está sendo processado. Você receberá uma confirmação em breve.");
    // Once the gateway refuses it, paying again is the way on.
    await db.updateTable("payments").set({ status: "rejected" }).where("appointment_id", "=", held).execute();
    expect((await run(payAction, postRequest(`/appointment/${held}/pay`, {}, await signedIn(owner)), { id: held })).headers.get("Location")).toBe("https://checkout.example/resume");
  });
});
