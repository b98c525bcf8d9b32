import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { loader } from "~/routes/_patient.patient-dashboard";
import { createAppointment, createPair, HOUR, MINUTE, type Pair } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { page, send } from "#tests/helpers/app";
import { body, getRequest, run, type CookieJar } from "#tests/helpers/http";

/** 'Meu Painel': counts from data, tabs and filters from the URL, cards formatted for the patient. */

const open = async (jar: CookieJar, query = "") => body(await run(loader, getRequest(`/patient-dashboard${query}`, jar)));
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(Math.floor((Date.now() + offset) / MINUTE) * MINUTE);

type Ids = Record<"awaitingPayment" | "confirmedSoon" | "confirmedNoRoom" | "confirmedLater" | "completedRecent" | "completedOld" | "cancelled", string>;

async function patientWithHistory(): Promise<Pair & { jar: CookieJar; ids: Ids }> {
  const pair = await createPair();
  const base = { patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId };
  const ids: Ids = {
    awaitingPayment: await createAppointment({ ...base, startsAt: at(3 * DAY), status: "pending_payment", holdExpiresAt: at(20 * MINUTE) }),
    confirmedSoon: await createAppointment({ ...base, startsAt: at(10 * MINUTE), room: true }),
    confirmedNoRoom: await createAppointment({ ...base, startsAt: at(2 * DAY) }),
    confirmedLater: await createAppointment({ ...base, startsAt: at(5 * DAY), room: true }),
    completedRecent: await createAppointment({ ...base, startsAt: at(-10 * DAY), status: "completed" }),
    completedOld: await createAppointment({ ...base, startsAt: at(-100 * DAY), status: "completed" }),
    cancelled: await createAppointment({ ...base, startsAt: at(-40 * DAY), status: "cancelled" }),
  };
  return { ...pair, ids, jar: await signedIn(pair.patient) };
}

describe("/patient-dashboard", () => {
  it("welcomes a patient with nothing yet: 'Agendar Primeira Consulta' to the directory", async () => {
    const jar = await signedIn(await createUser({ firstName: "Carla" }));
    const data = await open(jar);
    expect(data.counts).toEqual({ total: 0, upcoming: 0, history: 0, completed: 0 });
    expect(data.translations.appointments).toMatchObject({ heading: "Meu Painel", firstAppointment: "Agendar Primeira Consulta" });
    expect(data.firstName).toBe("Carla");
    expect(data.profile).toMatchObject({ name: expect.stringContaining("Carla"), emailNotifications: true, appointmentReminders: true });
  });

  it("counts upcoming and history from the data, and splits them by the state machine", async () => {
    const { jar, ids } = await patientWithHistory();
    const data = await open(jar);
    expect(data.counts).toEqual({ total: 7, upcoming: 4, history: 3, completed: 2 });
    expect(data.query).toEqual({ tab: "upcoming", period: "all", status: "all" });
    // Soonest first.
    expect(data.upcoming.map((card: { id: string }) => card.id)).toEqual([ids.confirmedSoon, ids.confirmedNoRoom, ids.awaitingPayment, ids.confirmedLater]);
    expect(data.history).toEqual([]);
  });

  it("formats each card for the patient and says what can be done now", async () => {
    const { jar, ids } = await patientWithHistory();
    const cards = Object.fromEntries((await open(jar)).upcoming.map((card: { id: string }) => [card.id, card]));
    const startsAt = (await db.selectFrom("appointments").select("starts_at").where("id", "=", ids.confirmedSoon).executeTakeFirstOrThrow()).starts_at;
    expect(cards[ids.confirmedSoon]).toMatchObject({
      psychologistName: "Dra. Helena Prado",
      initials: "HP",
      photoUrl: null,
      specialties: ["Ansiedade", "Depressão"],
      date: new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "long", year: "numeric", timeZone: "America/Sao_Paulo" }).format(startsAt),
      time: new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "America/Sao_Paulo" }).format(startsAt),
      zone: null,
      durationMinutes: 50,
      price: "R$\u00a0180,00",
      status: "confirmed",
      statusLabel: "confirmed",
      canPay: false,
      video: "available",
    });
    expect(cards[ids.confirmedSoon].date).toMatch(/^\d{2} de [a-zç]+ de \d{4}$/);
    expect(cards[ids.awaitingPayment]).toMatchObject({ statusLabel: "awaitingPayment", canPay: true, video: "not_confirmed" });
    expect(cards[ids.confirmedNoRoom]).toMatchObject({ video: "no_link" });
    expect(cards[ids.confirmedLater]).toMatchObject({ video: "early", opensAt: { time: expect.any(String), date: expect.any(String) } });
    // The times the browser needs to open the card on time; only while the window can still change.
    const later = await db.selectFrom("appointments").select(["starts_at", "ends_at"]).where("id", "=", ids.confirmedLater).executeTakeFirstOrThrow();
    expect(cards[ids.confirmedLater].videoTimes).toEqual({ startsAt: later.starts_at.toISOString(), endsAt: later.ends_at.toISOString() });
    expect(cards[ids.confirmedSoon].videoTimes).toMatchObject({ startsAt: startsAt.toISOString() });
    expect(cards[ids.confirmedNoRoom].videoTimes).toBeNull();
    expect(cards[ids.awaitingPayment].videoTimes).toBeNull();

    const data = await open(jar);
    // The server's clock, for the browser to measure its own against.
    expect(Math.abs(Date.parse(data.now) - Date.now())).toBeLessThan(60_000);
    expect(data.translations.appointments.card.waitForRoom).toBe("Aguardar abertura da sala");
    expect(data.translations.appointments.status).toMatchObject({ awaitingPayment: "Aguardando pagamento", confirmed: "Confirmada" });
    expect(data.translations.appointments.card.autoLink).toBe("Link da videochamada será gerado automaticamente");
  });

  it("a PIX still pending at the gateway: no second 'Pagar agora' (it could charge twice), the card says the payment is being processed", async () => {
    const pair = await createPair();
    const base = { patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId };
    const pending = await createAppointment({ ...base, startsAt: at(3 * DAY), status: "pending_payment", holdExpiresAt: at(20 * MINUTE) });
    const untouched = await createAppointment({ ...base, startsAt: at(4 * DAY), status: "pending_payment", holdExpiresAt: at(20 * MINUTE) });
    await db.insertInto("payments").values({ appointment_id: pending, provider: "local", provider_payment_id: "pix-1", status: "pending", method: "pix", amount_cents: 180_00, currency: "BRL" }).execute();
    const jar = await signedIn(pair.patient);
    const cards = Object.fromEntries((await open(jar)).upcoming.map((card: { id: string }) => [card.id, card]));
    expect(cards[pending]).toMatchObject({ canPay: false, paymentUnderWay: true });
    expect(cards[untouched]).toMatchObject({ canPay: true, paymentUnderWay: false });
    const html = await (await send(page("/patient-dashboard", { Cookie: jar.header() }))).text();
    expect(html.match(/Pagar agora<\/button>/g)).toHaveLength(1);
    expect(html).toContain(`<p class="w-full text-sm text-slate-600 dark:text-slate-400">Pagamento está sendo processado. Você receberá uma confirmação em breve.</p>`);
    // A rejected payment leaves the way open: the gateway decided, nothing is under way.
    await db.updateTable("payments").set({ status: "rejected" }).where("appointment_id", "=", pending).execute();
    expect(Object.fromEntries((await open(jar)).upcoming.map((card: { id: string }) => [card.id, card]))[pending]).toMatchObject({ canPay: true, paymentUnderWay: false });
  });

  it("labels times with the patient's zone when it differs from the psychologist's", async () => {
    const { jar, patient, ids } = await patientWithHistory();
    await db.updateTable("profiles").set({ time_zone: "Europe/Lisbon" }).where("id", "=", patient.id).execute();
    const card = (await open(jar)).upcoming.find((item: { id: string }) => item.id === ids.confirmedLater);
    const startsAt = (await db.selectFrom("appointments").select("starts_at").where("id", "=", ids.confirmedLater).executeTakeFirstOrThrow()).starts_at;
    expect(card.time).toBe(new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Lisbon" }).format(startsAt));
    expect(card.zone).toMatch(/Europa Ocidental/);
  });

  it("filters the history by period and status from the query string", async () => {
    const { jar, ids } = await patientWithHistory();
    const ids_ = async (query: string) => (await open(jar, query)).history.map((card: { id: string }) => card.id);
    expect(await ids_("?tab=history")).toEqual([ids.completedRecent, ids.cancelled, ids.completedOld]);
    expect(await ids_("?tab=history&period=30")).toEqual([ids.completedRecent]);
    expect(await ids_("?tab=history&period=90")).toEqual([ids.completedRecent, ids.cancelled]);
    expect(await ids_("?tab=history&period=365&status=completed")).toEqual([ids.completedRecent, ids.completedOld]);
    expect(await ids_("?tab=history&status=cancelled")).toEqual([ids.cancelled]);
    expect(await ids_("?tab=history&status=no_show")).toEqual([]);
    const filtered = await open(jar, "?tab=history&status=no_show");
    expect(filtered.filtered).toBe(true);
    expect(filtered.counts.history).toBe(3);
    // Unknown values fall back to the defaults.
    expect((await open(jar, "?tab=nope&period=7&status=weird")).query).toEqual({ tab: "upcoming", period: "all", status: "all" });
    // Completed without an evaluation: 'Avaliar consulta'.
    expect((await open(jar, "?tab=history&status=completed")).history[0]).toMatchObject({ canEvaluate: true, evaluation: null });
  });

  it("has the spec's empty texts, shown when a tab has nothing", async () => {
    const pair = await createPair();
    await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: at(-5 * DAY), status: "completed" });
    const jar = await signedIn(pair.patient);
    const upcoming = await open(jar);
    expect(upcoming.counts).toMatchObject({ upcoming: 0, history: 1 });
    expect(upcoming.upcoming).toEqual([]);
    expect(upcoming.translations.appointments.empty).toMatchObject({
      upcomingTitle: "Nenhuma sessão agendada",
      upcomingBody: "Você não possui consultas agendadas",
      historyTitle: "Nenhuma consulta encontrada",
      historyBody: "Você não possui histórico de consultas",
    });

    const other = await createPair();
    await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt: at(2 * DAY), room: true });
    const history = await open(await signedIn(other.patient), "?tab=history");
    expect(history.counts).toMatchObject({ upcoming: 1, history: 0 });
    expect(history.history).toEqual([]);
  });

  it("offers 'Agendar novamente' on a booking that ended unpaid (payment refused, hold run out), and on no other", async () => {
    const pair = await createPair();
    const base = { patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, status: "cancelled" as const };
    const refused = await createAppointment({ ...base, startsAt: at(2 * DAY), paymentStatus: "failed" });
    const lapsed = await createAppointment({ ...base, startsAt: at(3 * DAY), paymentStatus: "pending" });
    const cancelledPaid = await createAppointment({ ...base, startsAt: at(4 * DAY) });
    for (const [id, reason] of [[refused, "payment_failed"], [lapsed, "hold_expired"], [cancelledPaid, "patient_request"]] as const) {
      await db.updateTable("appointments").set({ cancellation_reason: reason }).where("id", "=", id).execute();
    }
    const cards = Object.fromEntries((await open(await signedIn(pair.patient), "?tab=history")).history.map((card: { id: string; rebookHref: string | null }) => [card.id, card.rebookHref]));
    const href = `/schedule/step2?psychologistId=${pair.psychologist.psychologistId}`;
    expect(cards).toEqual({ [refused]: href, [lapsed]: href, [cancelledPaid]: null });
  });

  it("shows only the patient's own appointments", async () => {
    await patientWithHistory();
    const jar = await signedIn(await createUser());
    expect((await open(jar)).counts.total).toBe(0);
  });
});
