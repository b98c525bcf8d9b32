import { describe, expect, it, vi } from "vitest";
import { page, send } from "#tests/helpers/app";
import { createAppointment, createPair, HOUR, MINUTE } from "#tests/helpers/appointments";
import { signedIn } from "#tests/helpers/factories";
import { body, getRequest, postRequest, run } from "#tests/helpers/http";
import { action, loader } from "~/routes/_psychologist.psychologist-dashboard._index/route";
import { periodWindow } from "~/domain/practice-period";
import { db } from "~/models/db.server";
import { practiceOverview } from "~/services/practice-overview.server";

/** The overview tab (issue 12, item 6): figures from fixtures with known answers. */

// Wednesday 25 November 2026, 10:00 in São Paulo. Week: Sun 22 → Sat 28; the one before: 15 → 21.
const NOW = new Date("2026-11-25T13:00:00Z");
const at = (iso: string) => new Date(iso);

async function pay(appointmentId: string, amountCents: number, refundedCents = 0) {
  await db
    .insertInto("payments")
    .values({ appointment_id: appointmentId, provider: "local", provider_payment_id: `pay-${appointmentId}`, status: "approved", amount_cents: amountCents, currency: "BRL", refunded_cents: refundedCents, approved_at: NOW })
    .execute();
}

async function evaluate(appointmentId: string, psychologistId: string, patientId: string, rating: number, createdAt: Date) {
  await db.insertInto("evaluations").values({ appointment_id: appointmentId, psychologist_id: psychologistId, patient_id: patientId, rating, created_at: createdAt }).execute();
}

async function practiceWithHistory() {
  const { patient, psychologist } = await createPair();
  const base = { patientId: patient.id, psychologistId: psychologist.psychologistId };
  // This week (Sun 22 – Sat 28): 3 completed, 1 no-show, 1 cancelled, 1 confirmed, a live hold and an expired one.
  const done1 = await createAppointment({ ...base, startsAt: at("2026-11-22T13:00:00Z"), status: "completed", priceCents: 180_00 });
  const done2 = await createAppointment({ ...base, startsAt: at("2026-11-23T13:00:00Z"), status: "completed" });
  await createAppointment({ ...base, startsAt: at("2026-11-24T13:00:00Z"), status: "completed" });
  await createAppointment({ ...base, startsAt: at("2026-11-24T15:00:00Z"), status: "no_show" });
  await createAppointment({ ...base, startsAt: at("2026-11-24T17:00:00Z"), status: "cancelled" });
  const confirmed = await createAppointment({ ...base, startsAt: at("2026-11-27T13:00:00Z"), status: "confirmed", priceCents: 200_00 });
  await createAppointment({ ...base, startsAt: at("2026-11-28T13:00:00Z"), status: "pending_payment", priceCents: 150_00, holdExpiresAt: new Date(NOW.getTime() + 10 * MINUTE) });
  await createAppointment({ ...base, startsAt: at("2026-11-28T15:00:00Z"), status: "pending_payment", priceCents: 150_00, holdExpiresAt: new Date(NOW.getTime() - 10 * MINUTE) });
  // Saturday 28, 23:30 in São Paulo is still this week (UTC already says Sunday).
  await createAppointment({ ...base, startsAt: at("2026-11-29T02:30:00Z"), status: "completed" });
  // The week before: 1 completed, 1 no-show → 50 %.
  const before = await createAppointment({ ...base, startsAt: at("2026-11-18T13:00:00Z"), status: "completed" });
  await createAppointment({ ...base, startsAt: at("2026-11-19T13:00:00Z"), status: "no_show" });

  await pay(done1, 180_00, 30_00);
  await pay(confirmed, 200_00);
  // Paid for the week before: that week's revenue, never this one's.
  await pay(before, 150_00);
  await evaluate(done1, psychologist.psychologistId, patient.id, 5, at("2026-11-23T12:00:00Z"));
  await evaluate(done2, psychologist.psychologistId, patient.id, 4, at("2026-11-24T12:00:00Z"));
  await evaluate(before, psychologist.psychologistId, patient.id, 1, at("2026-11-19T12:00:00Z"));

  // Another psychologist's busy week never counts.
  const other = await createPair();
  const stranger = await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt: at("2026-11-23T13:00:00Z"), status: "completed" });
  await pay(stranger, 999_00);
  return { patient, psychologist };
}

describe("practice overview", () => {
  it("the week: consultations, attendance with its trend, rating and revenue", async () => {
    const { psychologist } = await practiceWithHistory();
    const overview = await practiceOverview({ psychologistId: psychologist.psychologistId, timeZone: "America/Sao_Paulo", locale: "pt-BR" }, "week", NOW);
    expect(overview.consultations).toEqual({ total: 7, completed: 4, cancelled: 1 });
    // 4 completed ÷ (4 + 1 no-show) = 80 %; the week before 50 % → up 30 points.
    expect(overview.attendance).toEqual({ rate: 80, trend: 30 });
    expect(overview.rating).toEqual({ average: 4.5, reviews: 2 });
    // Received: 180 − 30 refunded + 200; pending: the live hold only.
    expect(overview.revenue).toEqual({ totalCents: 500_00, receivedCents: 350_00, pendingCents: 150_00 });
  });

  it("the week starts on the viewer's language's first day (ADR 030): Sunday in pt-BR, Monday in ru, Saturday in ar", async () => {
    const { psychologist } = await practiceWithHistory();
    const jar = await signedIn(psychologist);
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    try {
      const week = async (language: string) => {
        const data = await body(await run(loader, getRequest("/psychologist-dashboard?period=week", jar, { "Accept-Language": language })));
        return { consultations: data.overview.consultations, attendance: data.overview.attendance };
      };
      // Sun 22 → Sat 28, as above.
      expect(await week("pt-BR")).toEqual({ consultations: { total: 7, completed: 4, cancelled: 1 }, attendance: { rate: 80, trend: 30 } });
      // Mon 23 → Sun 29: without Sunday 22's consultation, which joins the week before (2 of 3 attended then).
      expect(await week("ru")).toEqual({ consultations: { total: 6, completed: 3, cancelled: 1 }, attendance: { rate: 75, trend: 8.3 } });
      // Sat 21 → Fri 27: without Saturday 28's live hold and late consultation.
      expect(await week("ar")).toEqual({ consultations: { total: 5, completed: 3, cancelled: 1 }, attendance: { rate: 75, trend: 25 } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts only reais that came in: a payment in dollars or a charged-back one is not received", async () => {
    const { psychologist } = await practiceWithHistory();
    const [paid] = await db.selectFrom("payments").select("appointment_id").where("amount_cents", "=", 200_00).execute();
    // Paid 200.00 in dollars as well (a mismatch the webhook refunds; not refunded yet), and a card payment charged back after its approval.
    const stray = { appointment_id: paid!.appointment_id, provider: "local" as const, amount_cents: 200_00, approved_at: NOW };
    await db.insertInto("payments").values({ ...stray, provider_payment_id: "usd-1", status: "approved", currency: "USD" }).execute();
    await db.insertInto("payments").values({ ...stray, provider_payment_id: "cb-1", status: "charged_back", currency: "BRL" }).execute();
    const overview = await practiceOverview({ psychologistId: psychologist.psychologistId, timeZone: "America/Sao_Paulo", locale: "pt-BR" }, "week", NOW);
    expect(overview.revenue).toEqual({ totalCents: 500_00, receivedCents: 350_00, pendingCents: 150_00 });
  });

  it("counts what is left of a payment later refunded, as billing does", async () => {
    const { psychologist } = await practiceWithHistory();
    const [paid] = await db.selectFrom("payments").select("id").where("amount_cents", "=", 200_00).execute();
    // The gateway says 'refunded' once money went back; 50.00 of the 200.00 did.
    await db.updateTable("payments").set({ status: "refunded", refunded_cents: 50_00 }).where("id", "=", paid!.id).execute();
    const overview = await practiceOverview({ psychologistId: psychologist.psychologistId, timeZone: "America/Sao_Paulo", locale: "pt-BR" }, "week", NOW);
    expect(overview.revenue.receivedCents).toBe(300_00);
  });

  it("the day: only today's, against yesterday", async () => {
    const { psychologist } = await practiceWithHistory();
    const overview = await practiceOverview({ psychologistId: psychologist.psychologistId, timeZone: "America/Sao_Paulo", locale: "pt-BR" }, "day", at("2026-11-24T20:00:00Z"));
    expect(overview.consultations).toEqual({ total: 2, completed: 1, cancelled: 1 });
    expect(overview.attendance).toEqual({ rate: 50, trend: -50 });
    expect(overview.rating).toEqual({ average: 4, reviews: 1 });
  });

  it("the month: the whole of November; October had nothing to compare with", async () => {
    const { psychologist } = await practiceWithHistory();
    const overview = await practiceOverview({ psychologistId: psychologist.psychologistId, timeZone: "America/Sao_Paulo", locale: "pt-BR" }, "month", NOW);
    expect(overview.consultations).toEqual({ total: 9, completed: 5, cancelled: 1 });
    expect(overview.attendance).toEqual({ rate: 71.4, trend: null });
    expect(overview.rating).toEqual({ average: 3.3, reviews: 3 });
    // November holds the week before too: 180 − 30 + 200 + 150.
    expect(overview.revenue).toEqual({ totalCents: 650_00, receivedCents: 500_00, pendingCents: 150_00 });
  });

  it("a practice with nothing yet shows '--' and 'Dados não disponíveis', never sample figures", async () => {
    const { psychologist } = await createPair();
    const html = await (await send(page("/psychologist-dashboard", { Cookie: (await signedIn(psychologist)).header() }))).text();
    expect(html.match(/>Dados não disponíveis</g)).toHaveLength(4);
    expect(html).not.toContain("R$ 1.200");
  });

  it("renders the chosen period's real figures for the signed-in psychologist only", async () => {
    const { patient, psychologist } = await createPair();
    const window = periodWindow("month", new Date(), "America/Sao_Paulo", "pt-BR");
    const startsAt = new Date(Math.min(window.start.getTime() + HOUR, Date.now() - 2 * HOUR));
    if (startsAt >= window.start) await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt, status: "completed" });
    const jar = await signedIn(psychologist);
    const response = await send(page("/psychologist-dashboard?period=month", { Cookie: jar.header() }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/aria-current="page"[^>]*>Mês</);
    if (startsAt >= window.start) expect(html).toContain("100,0%");
    // Someone else's practice is not this one's.
    const other = await createPair();
    const otherHtml = await (await send(page("/psychologist-dashboard?period=month", { Cookie: (await signedIn(other.psychologist)).header() }))).text();
    expect(otherHtml.match(/>Dados não disponíveis</g)).toHaveLength(4);
    // The revenue shown is a money read: one audit row per view, each naming its reader and practice.
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "actor_role", "action", "subject_type", "subject_id", "details"]).orderBy("id").execute()).toEqual([
      { actor_user_id: psychologist.id, actor_role: "psychologist", action: "billing.read", subject_type: "psychologist", subject_id: psychologist.psychologistId, details: { view: "overview", period: "month" } },
      { actor_user_id: other.psychologist.id, actor_role: "psychologist", action: "billing.read", subject_type: "psychologist", subject_id: other.psychologist.psychologistId, details: { view: "overview", period: "month" } },
    ]);
  });
});

describe("the overview's form", () => {
  const feeds = (psychologistId: string) => db.selectFrom("calendar_feeds").select("id").where("psychologist_id", "=", psychologistId).execute();

  it.each([[{ intent: "delete-everything" }], [{ intent: "" }], [{}]])("%o is a 400 in the viewer's language, and no link is made", async (fields) => {
    const { psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    for (const [language, message] of [
      ["pt-BR", "Ação desconhecida."],
      ["en", "Unknown action."],
      ["de", "Unbekannte Aktion."],
    ] as const) {
      const response = await run(action, postRequest("/psychologist-dashboard?index", fields as Record<string, string>, jar, { "Accept-Language": language }));
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ error: message });
    }
    expect(await feeds(psychologist.psychologistId)).toEqual([]);
  });
});
