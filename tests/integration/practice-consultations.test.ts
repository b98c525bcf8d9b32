import { sql } from "kysely";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import { nextConsultationsQuery } from "~/models/practice-appointments.server";
import { statementName } from "~/models/prepared-statements.server";
import { loader as detailLoader } from "~/routes/_psychologist.psychologist-dashboard.appointments_.$id/route";
import { action, loader } from "~/routes/_psychologist.psychologist-dashboard.appointments/route";
import { afterCancellation, afterConfirmation, afterPaymentFailed } from "~/services/appointment-notifications.server";
import { submitEvaluation } from "~/services/patient-evaluations.server";
import { send, page } from "#tests/helpers/app";
import { clearQueues, createAppointment, createPair, HOUR, MINUTE, type Pair } from "#tests/helpers/appointments";
import { brasilia, dayFromToday } from "#tests/helpers/booking";
import { countStatements } from "#tests/helpers/directory-fixtures";
import { plansOf } from "#tests/helpers/plans";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, location, postRequest, run, type CookieJar } from "#tests/helpers/http";

/**
 * The consultations tab (issue 12, item 5): the list with its search,
 * filters and pages, the calendar's marks, the next three, the notifications
 * box written with its events, and one consultation's timeline — each for
 * the signed-in psychologist only.
 */

const DAY = 24 * HOUR;
type Hook = (trx: Parameters<typeof afterConfirmation>[0], id: string) => Promise<void>;
const inTransaction = (hook: Hook, id: string) => db.transaction().execute((trx) => hook(trx, id));

let pair: Pair;
let jar: CookieJar;

async function tab(query = "", as: CookieJar = jar) {
  const response = await run(loader, getRequest(`/psychologist-dashboard/appointments${query}`, as));
  expect(response.status).toBe(200);
  return body(response);
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

/** Hourly consultations of a pair's psychologist, a third of them past, with the table's statistics. */
async function fillCalendar(of = pair, hours = 300) {
  const past = Math.floor(hours / 3);
  await sql`insert into appointments (patient_id, psychologist_id, starts_at, ends_at, duration_minutes, status, payment_status, price_cents)
    select ${of.patient.id}, ${of.psychologist.psychologistId}, s, s + interval '50 minutes', 50,
           (case when s < now() then 'completed' else 'confirmed' end)::appointment_status, 'paid', 18000
    from generate_series(date_trunc('hour', now()) - make_interval(hours => ${past}::int), date_trunc('hour', now()) + make_interval(hours => ${hours - past - 1}::int), interval '1 hour') as s`.execute(db);
  await sql`analyze appointments`.execute(db);
}

const at = (offsetMs: number) => new Date(Math.ceil((Date.now() + offsetMs) / MINUTE) * MINUTE);

async function patientNamed(firstName: string, lastName: string, email?: string) {
  return createUser({ firstName, lastName, email });
}

beforeEach(async () => {
  await clearQueues();
  pair = await createPair();
  jar = await signedIn(pair.psychologist);
});

describe("the consultations list", () => {
  it("shows what is ahead soonest first, then the past latest first, never unpaid holds that are over nor another psychologist's", async () => {
    const mine = (offset: number, extra: Partial<Parameters<typeof createAppointment>[0]> = {}) =>
      createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(offset), ...extra });
    const inTwoDays = await mine(2 * DAY);
    const tomorrow = await mine(DAY);
    const lastWeek = await mine(-7 * DAY, { status: "completed" });
    const yesterday = await mine(-DAY, { status: "no_show" });
    const liveHold = await mine(3 * DAY, { status: "pending_payment", holdExpiresAt: at(20 * MINUTE) });
    await mine(4 * DAY, { status: "pending_payment", holdExpiresAt: at(-MINUTE) });
    const abandoned = await mine(5 * DAY, { status: "pending_payment" });
    await db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "system", cancelled_at: new Date() }).where("id", "=", abandoned).execute();
    const cancelledByPatient = await mine(6 * DAY);
    await db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "patient", cancelled_at: new Date() }).where("id", "=", cancelledByPatient).execute();
    const other = await createPair();
    await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt: at(DAY + HOUR) });

    const data = await tab();
    expect(ids(data.list.rows)).toEqual([tomorrow, inTwoDays, liveHold, cancelledByPatient, yesterday, lastWeek]);
    expect(data.list.total).toBe(6);
    expect(data.dayLabel).toBeNull();
    const first = data.list.rows[0];
    expect(first).toMatchObject({ patient: "Paula Pereira", email: pair.patient.email, status: "confirmed", durationMinutes: 50 });
    expect(first.date).toMatch(/ de /);
  });

  it.each([
    ["confirmed", ["confirmed"]],
    ["pending", ["pending_payment"]],
    ["completed", ["completed"]],
    ["cancelled", ["cancelled"]],
    ["no_show", ["no_show"]],
    ["pending_reschedule", ["pending_reschedule"]],
    ["all", ["confirmed", "pending_payment", "completed", "cancelled", "no_show", "pending_reschedule"]],
  ] as const)("filters by status %s", async (filter, expected) => {
    const statuses = ["confirmed", "pending_payment", "completed", "cancelled", "no_show", "pending_reschedule"] as const;
    const byStatus = new Map<string, string>();
    for (const [index, status] of statuses.entries()) {
      const id = await createAppointment({
        patientId: pair.patient.id,
        psychologistId: pair.psychologist.psychologistId,
        startsAt: at((index + 1) * DAY),
        status,
        holdExpiresAt: status === "pending_payment" ? at(30 * MINUTE) : null,
      });
      byStatus.set(id, status);
    }
    const data = await tab(`?status=${filter}`);
    expect(data.list.rows.map((row: { id: string }) => byStatus.get(row.id)).sort()).toEqual([...expected].sort());
    expect(data.filtered).toBe(filter !== "all");
  });

  it("finds patients by first name, last name, full name or e-mail, ignoring case and accents, with % taken literally", async () => {
    const joao = await patientNamed("João", "Araújo", "joao.araujo@exemplo.com.br");
    const maria = await patientNamed("Maria", "Souza", "m.souza@correio.com.br");
    const first = await createAppointment({ patientId: joao.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(DAY) });
    const second = await createAppointment({ patientId: maria.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(2 * DAY) });
    expect(ids((await tab("?q=joao")).list.rows)).toEqual([first]);
    expect(ids((await tab("?q=ARAUJO")).list.rows)).toEqual([first]);
    expect(ids((await tab("?q=joao%20araujo")).list.rows)).toEqual([first]);
    // The name and the e-mail are not read as one text.
    expect(ids((await tab("?q=souza%20m.souza")).list.rows)).toEqual([]);
    expect(ids((await tab("?q=correio.com")).list.rows)).toEqual([second]);
    expect(ids((await tab("?q=%25")).list.rows)).toEqual([]);
    const nobody = await tab("?q=ninguem");
    expect(nobody.list.rows).toEqual([]);
    expect(nobody.filtered).toBe(true);
  });

  it("narrows to today, this week (from Sunday) or this month in the psychologist's calendar, or to a chosen day", async () => {
    const today = dayFromToday(0);
    const todayLate = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: brasilia(today, "23:00") });
    const inFortyDays = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: brasilia(dayFromToday(40), "10:00") });
    expect(ids((await tab("?period=today")).list.rows)).toEqual([todayLate]);
    expect(ids((await tab("?period=week")).list.rows)).toEqual([todayLate]);
    expect(ids((await tab("?period=month")).list.rows)).toEqual([todayLate]);
    const day = await tab(`?day=${dayFromToday(40)}&period=today`);
    // A chosen day wins over the period, which the page then hides.
    expect(ids(day.list.rows)).toEqual([inFortyDays]);
    expect(day.dayLabel).toMatch(/ de /);
    expect(day.filtered).toBe(false);
    const empty = await tab(`?day=${dayFromToday(41)}`);
    expect(empty.list.rows).toEqual([]);
    expect(empty.filtered).toBe(false);
  });

  it("'Esta Semana' starts on the viewer's language's first day (ADR 030): Sunday in pt-BR, Monday in ru, Saturday in ar", async () => {
    const of = { patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId };
    const [saturday21, sunday22, monday23, saturday28, sunday29] = await Promise.all(
      ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-28", "2026-11-29"].map((date) => createAppointment({ ...of, startsAt: brasilia(date, "10:00") })),
    );
    // Wednesday 25 November 2026, 10:00 in Brasília.
    vi.useFakeTimers({ toFake: ["Date"], now: brasilia("2026-11-25", "10:00") });
    try {
      const week = async (language: string) => new Set(ids((await body(await run(loader, getRequest("/psychologist-dashboard/appointments?period=week", jar, { "Accept-Language": language })))).list.rows));
      expect(await week("pt-BR")).toEqual(new Set([sunday22, monday23, saturday28]));
      expect(await week("ru")).toEqual(new Set([monday23, saturday28, sunday29]));
      expect(await week("ar")).toEqual(new Set([saturday21, sunday22, monday23]));
    } finally {
      vi.useRealTimers();
    }
  });

  it("pages by 50 with the total, and ignores a page number it cannot read", async () => {
    const start = at(DAY);
    await db
      .insertInto("appointments")
      .values(
        Array.from({ length: 120 }, (_, index) => {
          const startsAt = new Date(start.getTime() + index * HOUR);
          return { patient_id: pair.patient.id, psychologist_id: pair.psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * MINUTE), duration_minutes: 50, status: "confirmed" as const, payment_status: "paid" as const, price_cents: 180_00 };
        }),
      )
      .execute();
    const first = await tab();
    expect(first.list).toMatchObject({ total: 120, page: 1, pages: 3 });
    expect(first.list.rows).toHaveLength(50);
    const third = await tab("?page=3");
    expect(third.list.rows).toHaveLength(20);
    expect(new Set([...ids(first.list.rows), ...ids((await tab("?page=2")).list.rows), ...ids(third.list.rows)]).size).toBe(120);
    expect((await tab("?page=abc")).list.page).toBe(1);
    expect((await tab("?page=99")).list.rows).toEqual([]);
  });

  it("offers 'Atender' only for a confirmed consultation with a room in its window, and 'Não compareceu' from its start", async () => {
    const now = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(-10 * MINUTE), room: true });
    const noRoom = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(2 * HOUR) });
    const later = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(3 * DAY), room: true });
    const rows = new Map((await tab()).list.rows.map((row: { id: string }) => [row.id, row]));
    expect(rows.get(now)).toMatchObject({ canJoin: true, canMarkNoShow: true });
    expect(rows.get(noRoom)).toMatchObject({ canJoin: false, canMarkNoShow: false });
    expect(rows.get(later)).toMatchObject({ canJoin: false, canMarkNoShow: false });
  });

  it("writes one audit row per list view, with its filters and counts, in one statement", async () => {
    const day = dayFromToday(3);
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: brasilia(day, "10:00") });
    const { result, statements } = await countStatements(() => tab(`?q=paula&status=confirmed&period=week&day=${day}`));
    expect(ids(result.list.rows)).toEqual([id]);
    expect(statements.filter((text) => text.includes('insert into "audit_log"'))).toHaveLength(1);
    const rows = await db.selectFrom("audit_log").selectAll().where("action", "=", "appointment.list").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: pair.psychologist.id, actor_role: "psychologist", subject_type: "psychologist", subject_id: pair.psychologist.psychologistId, patient_id: null });
    expect(rows[0]!.details).toEqual({ q: "paula", status: "confirmed", period: "week", day, page: 1, shown: 1, total: 1 });
    // An unfiltered view says so; the calendar view shows the list too.
    await tab("?view=calendar");
    const second = await db.selectFrom("audit_log").select("details").where("action", "=", "appointment.list").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(second.details).toEqual({ q: null, status: "all", period: "all", day: null, page: 1, shown: 1, total: 1 });
  });

  it("renders the spec's texts and works as plain HTML: search box, filters, empty text", async () => {
    const html = await (await send(page("/psychologist-dashboard/appointments?view=calendar", { Cookie: jar.header() }))).text();
    for (const text of ["Calendário", "Lista", "Próximas Consultas", "Buscar paciente...", "Esta Semana", "Aguardando Reagendamento", "Confirmadas", "Pendentes", "Não há consultas agendadas no momento.", "Nenhuma consulta agendada para os próximos dias.", "Configurar Disponibilidade", "Gerenciar Notificações"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('name="q"');
    expect(html).toContain('name="status"');
    const filtered = await (await send(page("/psychologist-dashboard/appointments?status=completed", { Cookie: jar.header() }))).text();
    expect(filtered).toContain("Nenhuma consulta encontrada com os filtros aplicados.");
    const day = await (await send(page(`/psychologist-dashboard/appointments?day=${dayFromToday(3)}`, { Cookie: jar.header() }))).text();
    expect(day).toContain("Não há consultas agendadas para esta data.");
    expect(day).toContain("Consultas em ");
    expect(day).not.toContain('name="period"');
  });

  it("shows the status and period selects' labels, not only to screen readers: both start at 'Todos'", async () => {
    const html = (await (await send(page("/psychologist-dashboard/appointments", { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    for (const [id, text] of [["consultation-status", "Status"], ["consultation-period", "Período"]] as const) {
      const label = new RegExp(`<label class="([^"]*)" for="${id}">${text}</label>`).exec(html);
      expect(label, id).not.toBeNull();
      expect(label![1]!.split(" ")).not.toContain("sr-only");
    }
  });
});

describe("the calendar and the next three", () => {
  it("marks each day of the psychologist's calendar with its confirmed and pending consultations", async () => {
    const day = dayFromToday(5);
    // 23:30 in Brasília is the next day in UTC: it still counts on its own day.
    await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: brasilia(day, "23:00") });
    await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: brasilia(day, "10:00"), status: "pending_payment", holdExpiresAt: at(20 * MINUTE) });
    const data = await tab(`?view=calendar&month=${day.slice(0, 7)}`);
    const days = data.calendar.weeks.flat();
    expect(days.find((entry: { date: string }) => entry.date === day)).toMatchObject({ confirmed: 1, pending: 1, total: 2 });
    const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    const following = days.find((entry: { date: string }) => entry.date === nextDay);
    if (following) expect(following.total).toBe(0);
  });

  it("lays the month out from the viewer's language's first day, each heading over its own days (ADR 030)", async () => {
    for (const [language, first] of [["pt-BR", 0], ["ru", 1], ["ar", 6]] as const) {
      const response = await run(loader, getRequest("/psychologist-dashboard/appointments?view=calendar&month=2026-11", jar, { "Accept-Language": language }));
      const { calendar } = await body(response);
      const longName = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
      for (const week of calendar.weeks as { date: string }[][]) {
        expect(new Date(`${week[0]!.date}T12:00:00Z`).getUTCDay(), language).toBe(first);
        week.forEach((day, column) => expect(calendar.weekdays[column].long.toLowerCase(), language).toBe(longName.format(new Date(`${day.date}T12:00:00Z`)).toLowerCase()));
      }
    }
    const html = await (await send(page("/psychologist-dashboard/appointments?view=calendar&month=2026-11", { Cookie: jar.header(), "Accept-Language": "ru" }))).text();
    expect(/<th [^>]*abbr="([^"]+)"/.exec(html)?.[1]).toBe("Понедельник");
  });

  it("reads and sends the month only in the calendar view", async () => {
    const list = await countStatements(() => tab());
    expect(list.result.calendar).toBeNull();
    expect(list.statements.filter((text) => text.includes("to_char(a.starts_at"))).toHaveLength(0);
    const calendar = await countStatements(() => tab("?view=calendar"));
    expect(calendar.result.calendar.weeks.length).toBeGreaterThanOrEqual(4);
    expect(calendar.statements.filter((text) => text.includes("to_char(a.starts_at"))).toHaveLength(1);
  });

  it("counts the calendar in the psychologist's own zone, which comes with the session and costs no statement of its own", async () => {
    const manaus = await createPair({ psychologist: { timeZone: "America/Manaus" } });
    const day = dayFromToday(5);
    const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    // 00:30 in Brasília is still 23:30 of the day before in Manaus.
    await createAppointment({ patientId: manaus.patient.id, psychologistId: manaus.psychologist.psychologistId, startsAt: brasilia(nextDay, "00:30") });
    const manausJar = await signedIn(manaus.psychologist);
    const { result, statements } = await countStatements(() => tab(`?view=calendar&month=${day.slice(0, 7)}`, manausJar));
    expect(result.timeZone).toBe("America/Manaus");
    const days = result.calendar.weeks.flat();
    expect(days.find((entry: { date: string }) => entry.date === day)).toMatchObject({ confirmed: 1, total: 1 });
    const following = days.find((entry: { date: string }) => entry.date === nextDay);
    if (following) expect(following.total).toBe(0);
    expect(statements.filter((text) => text.includes('from "psychologists"'))).toHaveLength(0);
  });

  it("lists the next three confirmed consultations labelled 'Hoje', 'Amanhã' or the date", async () => {
    const mine = (startsAt: Date, status: "confirmed" | "completed" | "pending_payment" = "confirmed") =>
      createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt, status, holdExpiresAt: status === "pending_payment" ? at(20 * MINUTE) : null });
    await mine(at(-3 * DAY), "completed");
    await mine(at(HOUR), "pending_payment");
    const soon = await mine(brasilia(dayFromToday(1), "09:00"));
    const third = await mine(brasilia(dayFromToday(3), "14:30"));
    const second = await mine(brasilia(dayFromToday(2), "08:00"));
    await mine(brasilia(dayFromToday(4), "08:00"));
    const data = await tab();
    expect(ids(data.next)).toEqual([soon, second, third]);
    expect(data.next[0].label).toEqual({ day: "tomorrow", time: "09:00" });
    expect(data.next[2].label).toEqual({ day: "date", date: `${dayFromToday(3).slice(8)}/${dayFromToday(3).slice(5, 7)}`, time: "14:30" });
  });

  it("writes a consultation's time the same way in the list and in the next three, in Arabic too", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: brasilia(dayFromToday(2), "14:00") });
    for (const language of ["ar", "pt-BR", "en"]) {
      const response = await run(loader, getRequest("/psychologist-dashboard/appointments", jar, { "Accept-Language": language }));
      const data = await body(response);
      const listed = data.list.rows.find((row: { id: string }) => row.id === id);
      const next = data.next.find((row: { id: string }) => row.id === id);
      expect(next.label.time, language).toBe(listed.time);
      if (language === "pt-BR") expect(listed.time).toBe("14:00");
    }
  });

  it("counts a consultation as ahead until it ends, the longest one too", async () => {
    const longest = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(-239 * MINUTE), minutes: 240 });
    const later = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(2 * DAY) });
    expect(ids((await tab()).next)).toEqual([longest, later]);
  });

  it("reads only the next three of a long calendar, planned for the psychologist asking", async () => {
    await fillCalendar();
    const query = nextConsultationsQuery({ psychologistId: pair.psychologist.psychologistId, now: new Date() }).compile();
    expect(statementName(query.sql, query.parameters.length)).toBeUndefined();
    const { custom } = await plansOf(query);
    expect(custom).toMatch(/Index Scan using appointments_psychologist_active_end_idx on appointments a \(actual rows=3(\.00)? loops=1\)/);
  });

  it("counts a long calendar's pages from the index alone, with any plan", async () => {
    // Among other practices' consultations, as in production.
    await fillCalendar(await createPair(), 3000);
    await fillCalendar();
    await sql`vacuum appointments`.execute(db);
    const { queries } = await countStatements(() => tab());
    const count = queries.find((query) => query.sql.includes('count(*)::int as "total"'));
    const { custom, generic } = await plansOf(count!);
    for (const plan of [custom, generic]) {
      expect(plan).toContain("Index Only Scan using appointments_psychologist_idx on appointments a");
      expect(plan).toMatch(/Heap Fetches: 0\b/);
    }
  });
});

describe("the notifications box", () => {
  async function confirmed(startsIn = 2 * DAY) {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(startsIn) });
    await inTransaction(afterConfirmation, id);
    return id;
  }
  const rows = () => db.selectFrom("practice_notifications").select(["kind", "appointment_id", "psychologist_id"]).orderBy("id").execute();

  it("is written with each event, once, for the consultation's psychologist", async () => {
    const paid = await confirmed();
    await inTransaction(afterConfirmation, paid);
    await db.updateTable("appointments").set({ status: "cancelled", cancelled_by: "patient" }).where("id", "=", paid).execute();
    await inTransaction(afterCancellation, paid);

    const refused = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(3 * DAY), status: "cancelled", paymentStatus: "failed" });
    await inTransaction(afterPaymentFailed, refused);

    const done = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(-3 * DAY), status: "completed" });
    expect(await submitEvaluation(pair.patient.id, done, { rating: 5, comment: "Ótima", isAnonymous: false, publishConsent: true })).toBe("created");

    expect(await rows()).toEqual([
      { kind: "booking_paid", appointment_id: paid, psychologist_id: pair.psychologist.psychologistId },
      { kind: "cancellation", appointment_id: paid, psychologist_id: pair.psychologist.psychologistId },
      { kind: "payment_failed", appointment_id: refused, psychologist_id: pair.psychologist.psychologistId },
      { kind: "evaluation", appointment_id: done, psychologist_id: pair.psychologist.psychologistId },
    ]);
  });

  it("writes nothing when the event's transaction rolls back", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(2 * DAY) });
    await expect(
      db.transaction().execute(async (trx) => {
        await afterConfirmation(trx, id);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await rows()).toEqual([]);
  });

  it("shows the newest first with the unread count; each can be marked read or unread, or all at once, by its owner only", async () => {
    const older = await confirmed(2 * DAY);
    await db.updateTable("practice_notifications").set({ created_at: new Date(Date.now() - HOUR) }).execute();
    const newer = await confirmed(3 * DAY);
    const box = (await tab()).notifications;
    expect(box.unread).toBe(2);
    expect(box.items.map((item: { appointmentId: string }) => item.appointmentId)).toEqual([newer, older]);
    expect(box.items[0]).toMatchObject({ kind: "booking_paid", read: false, patient: "Paula" });

    const id = String(box.items[0].id);
    const marked = await run(action, postRequest("/psychologist-dashboard/appointments?status=all", { intent: "read-notification", id, read: "1" }, jar));
    expect(marked.status).toBe(303);
    expect(location(marked)).toBe("/psychologist-dashboard/appointments?status=all");
    expect((await tab()).notifications.unread).toBe(1);

    await run(action, postRequest("/psychologist-dashboard/appointments", { intent: "read-notification", id, read: "0" }, jar));
    expect((await tab()).notifications.unread).toBe(2);

    // Another psychologist can neither see nor mark them.
    const stranger = await signedIn(await createUser({ role: "psychologist" }));
    expect((await tab("", stranger)).notifications.items).toEqual([]);
    const refused = await run(action, postRequest("/psychologist-dashboard/appointments", { intent: "read-notification", id, read: "1" }, stranger));
    expect(refused.status).toBe(404);
    await run(action, postRequest("/psychologist-dashboard/appointments", { intent: "read-all" }, stranger));
    expect((await tab()).notifications.unread).toBe(2);

    await run(action, postRequest("/psychologist-dashboard/appointments", { intent: "read-all" }, jar));
    expect((await tab()).notifications.unread).toBe(0);
  });

  it("an anonymous evaluation says neither who nor which consultation, and links to the evaluations tab", async () => {
    const named = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(-4 * DAY), status: "completed" });
    const hidden = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(-3 * DAY), status: "completed" });
    expect(await submitEvaluation(pair.patient.id, named, { rating: 5, comment: "", isAnonymous: false, publishConsent: false })).toBe("created");
    await db.updateTable("practice_notifications").set({ created_at: new Date(Date.now() - HOUR) }).execute();
    expect(await submitEvaluation(pair.patient.id, hidden, { rating: 2, comment: "", isAnonymous: true, publishConsent: false })).toBe("created");

    const [anonymous, signed] = (await tab()).notifications.items;
    expect(anonymous).toMatchObject({ kind: "evaluation", anonymous: true, appointmentId: null, patient: "", consultation: { date: null, time: null } });
    expect(JSON.stringify(anonymous)).not.toContain(hidden);
    expect(signed).toMatchObject({ kind: "evaluation", anonymous: false, appointmentId: named, patient: "Paula" });

    // The page: the anonymous one's text and link give nothing away.
    const html = await (await send(page("/psychologist-dashboard/appointments", { Cookie: jar.header() }))).text();
    const start = html.indexOf('id="notifications-title"');
    const box = html.slice(start, html.indexOf("</section>", start));
    expect(box).toContain('href="/psychologist-dashboard/evaluations"');
    expect(box).toContain("Nova avaliação anônima");
    expect(box).not.toContain(hidden);
    expect(box.match(/Nova avaliação de Paula/g)).toHaveLength(1);
  });

  it.each([
    [{ intent: "read-notification", id: "abc", read: "1" }],
    [{ intent: "read-notification", id: "1", read: "talvez" }],
    [{ intent: "delete-everything" }],
    [{}],
  ])("answers 400 with a message to a form it cannot read: %j", async (fields) => {
    const response = await run(action, postRequest("/psychologist-dashboard/appointments", fields, jar));
    expect(response.status).toBe(400);
    expect((await body(response)).error).toMatch(/Recarregue a página/);
  });
});

describe("one consultation's page", () => {
  it("tells its timeline from the booking to the end, from what the database recorded", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(2 * DAY), status: "pending_payment", holdExpiresAt: at(30 * MINUTE) });
    await db.updateTable("appointments").set({ status: "confirmed", payment_status: "paid", hold_expires_at: null }).where("id", "=", id).execute();
    await inTransaction(afterConfirmation, id);
    await db.updateTable("appointments").set({ video_room_name: `acolhe-${id}`, video_room_url: `http://localhost/room/${id}` }).where("id", "=", id).execute();
    await db.updateTable("appointments").set({ status: "completed" }).where("id", "=", id).execute();

    const response = await run(detailLoader, getRequest(`/psychologist-dashboard/appointments/${id}`, jar), { id });
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data.consultation).toMatchObject({ id, patient: "Paula Pereira", status: "completed", paymentStatus: "paid" });
    const texts = data.timeline.map((event: { text: string }) => event.text);
    expect(texts[0]).toBe("Horário reservado pelo paciente, aguardando pagamento");
    expect(texts).toEqual(expect.arrayContaining(["Status: Confirmada", "Confirmação enviada ao paciente e a você", "Sala de vídeo criada", "Status: Concluída"]));
    expect(texts.indexOf("Status: Confirmada")).toBeLessThan(texts.indexOf("Status: Concluída"));
    // The price, refund and payment timeline are a money read: one audit row for the view, naming the consultation and patient.
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "actor_role", "action", "subject_type", "subject_id", "patient_id"]).execute()).toEqual([
      { actor_user_id: pair.psychologist.id, actor_role: "psychologist", action: "billing.read", subject_type: "appointment", subject_id: id, patient_id: pair.patient.id },
    ]);
    expect(data.consultation).not.toHaveProperty("patientId");
  });

  it("is a 404 for another psychologist's consultation or an id that is not one, and closed to patients", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(2 * DAY) });
    const stranger = await signedIn(await createUser({ role: "psychologist" }));
    const other = await run(detailLoader, getRequest(`/psychologist-dashboard/appointments/${id}`, stranger), { id });
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("Consulta não encontrada");
    expect((await run(detailLoader, getRequest("/psychologist-dashboard/appointments/nada", jar), { id: "nada" })).status).toBe(404);
    expect((await run(detailLoader, getRequest(`/psychologist-dashboard/appointments/${id}`, await signedIn(pair.patient)), { id })).status).toBe(403);
    // Through the whole app as well, where the shell and the tab both answer.
    expect((await send(page(`/psychologist-dashboard/appointments/${id}`, { Cookie: stranger.header() }))).status).toBe(404);
    expect((await send(page(`/psychologist-dashboard/appointments/${id}`, { Cookie: jar.header() }))).status).toBe(200);
    // Only the owner's view read anything, so only it is audited.
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "subject_id"]).where("action", "=", "billing.read").execute()).toEqual([{ actor_user_id: pair.psychologist.id, subject_id: id }]);
  });
});
