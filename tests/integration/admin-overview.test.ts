import { beforeEach, describe, expect, it } from "vitest";
import type { AppointmentStatus } from "#db/types";
import { appointmentFigures, attendanceFigures, conversionFigures, moneyFigures, satisfactionFigures, userFigures, type WeeklySeries } from "~/models/admin-overview.server";
import { db } from "~/models/db.server";
import { loader } from "~/routes/_admin.admin";
import { adminOverview } from "~/services/admin-overview.server";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, run } from "#tests/helpers/http";

/**
 * The admin's overview figures (issue 15, item 1) from fixtures whose answers
 * are worked out by hand, on Brasília's calendar: now is Wednesday
 * 2026-11-25 12:00 in São Paulo; the month began 2026-11-01T03:00Z, the week
 * Monday 2026-11-23T03:00Z, and the twelve charted weeks begin 2026-09-07.
 */

const NOW = new Date("2026-11-25T15:00:00Z");
const ADMIN = "admin@acolhe.dev";
const at = (iso: string) => new Date(iso);

/** The value charted for the week starting `week` (a local Monday). */
const weekValue = (series: WeeklySeries, week: string) => series.find((point) => point.week === week)?.value;

let psychologistId: string;
let patients: string[];

async function appointment(
  patient: number,
  values: { startsAt: string; status: AppointmentStatus; createdAt: string; cancelledAt?: string; payment?: { cents: number; approvedAt?: string; refundedCents?: number; status?: string }; rating?: { value: number; at: string } },
) {
  const startsAt = at(values.startsAt);
  const row = await db
    .insertInto("appointments")
    .values({
      patient_id: patients[patient]!,
      psychologist_id: psychologistId,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 50 * 60_000),
      duration_minutes: 50,
      status: values.status,
      payment_status: values.payment?.approvedAt ? "paid" : "pending",
      price_cents: values.payment?.cents ?? 100_00,
      created_at: at(values.createdAt),
      cancelled_at: values.cancelledAt ? at(values.cancelledAt) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (values.payment) {
    await db
      .insertInto("payments")
      .values({
        appointment_id: row.id,
        provider: "local",
        provider_payment_id: `p-${row.id}`,
        status: values.payment.status ?? (values.payment.approvedAt ? "approved" : "pending"),
        amount_cents: values.payment.cents,
        currency: "BRL",
        refunded_cents: values.payment.refundedCents ?? 0,
        approved_at: values.payment.approvedAt ? at(values.payment.approvedAt) : null,
        created_at: at(values.createdAt),
      })
      .execute();
  }
  if (values.rating) {
    await db.insertInto("evaluations").values({ appointment_id: row.id, psychologist_id: psychologistId, patient_id: patients[patient]!, rating: values.rating.value, created_at: at(values.rating.at) }).execute();
  }
  return row.id;
}

beforeEach(async () => {
  const created = async (user: { id: string }, iso: string) => db.updateTable("users").set({ created_at: at(iso) }).where("id", "=", user.id).execute();
  const admin = await createUser({ role: "admin", password: null });
  await created(admin, "2026-08-01T12:00:00Z");
  const psychologist = await createUser({ role: "psychologist", password: null });
  await created(psychologist, "2026-11-24T12:00:00Z");
  psychologistId = psychologist.psychologistId!;
  const [a, b, c, gone] = [await createUser({ password: null }), await createUser({ password: null }), await createUser({ password: null }), await createUser({ password: null })];
  await created(a!, "2026-11-10T12:00:00Z");
  await created(b!, "2026-10-15T12:00:00Z");
  await created(c!, "2026-09-01T12:00:00Z");
  await created(gone!, "2026-11-20T12:00:00Z");
  await db.updateTable("users").set({ deleted_at: at("2026-11-21T12:00:00Z") }).where("id", "=", gone!.id).execute();
  patients = [a!.id, b!.id, c!.id];

  // a1 today; a8 the last hour of today in São Paulo; a9 the first minute of tomorrow.
  await appointment(0, { startsAt: "2026-11-25T18:00:00Z", status: "confirmed", createdAt: "2026-11-20T12:00:00Z", payment: { cents: 150_00, approvedAt: "2026-11-20T12:05:00Z" } });
  await appointment(1, { startsAt: "2026-11-24T13:00:00Z", status: "completed", createdAt: "2026-11-18T12:00:00Z", payment: { cents: 100_00, approvedAt: "2026-11-18T12:05:00Z" }, rating: { value: 5, at: "2026-11-24T15:00:00Z" } });
  await appointment(2, { startsAt: "2026-11-05T13:00:00Z", status: "no_show", createdAt: "2026-11-01T12:00:00Z", payment: { cents: 100_00, approvedAt: "2026-11-01T12:05:00Z" }, rating: { value: 4, at: "2026-11-06T12:00:00Z" } });
  await appointment(0, { startsAt: "2026-10-20T13:00:00Z", status: "completed", createdAt: "2026-10-10T12:00:00Z", payment: { cents: 200_00, approvedAt: "2026-10-10T12:05:00Z" }, rating: { value: 2, at: "2026-10-21T12:00:00Z" } });
  await appointment(1, { startsAt: "2026-11-28T13:00:00Z", status: "cancelled", createdAt: "2026-11-15T12:00:00Z", cancelledAt: "2026-11-20T12:00:00Z", payment: { cents: 120_00, approvedAt: "2026-11-15T12:05:00Z", refundedCents: 60_00, status: "refunded" } });
  await appointment(2, { startsAt: "2026-11-30T13:00:00Z", status: "pending_payment", createdAt: "2026-11-25T12:00:00Z" });
  await appointment(2, { startsAt: "2026-10-08T13:00:00Z", status: "cancelled", createdAt: "2026-10-01T12:00:00Z", cancelledAt: "2026-10-05T12:00:00Z", payment: { cents: 80_00, approvedAt: "2026-10-01T12:05:00Z", refundedCents: 80_00, status: "refunded" } });
  await appointment(1, { startsAt: "2026-11-26T02:00:00Z", status: "confirmed", createdAt: "2026-11-21T12:00:00Z", payment: { cents: 100_00, approvedAt: "2026-11-21T12:05:00Z" } });
  await appointment(0, { startsAt: "2026-11-26T03:00:00Z", status: "scheduled", createdAt: "2026-11-22T12:00:00Z", payment: { cents: 90_00, status: "in_process" } });
});

describe("the admin overview", () => {
  it("counts people by role, leaves out deleted accounts, and charts sign-ups by week", async () => {
    const figures = await userFigures([ADMIN], NOW);
    expect(figures).toMatchObject({ patients: 3, psychologists: 1, admins: 1, newThisMonth: 2, newLastMonth: 1 });
    expect(figures.weekly).toHaveLength(12);
    expect(figures.weekly[0]!.week).toBe("2026-09-07");
    expect(figures.weekly.at(-1)!.week).toBe("2026-11-23");
    expect([weekValue(figures.weekly, "2026-11-23"), weekValue(figures.weekly, "2026-11-09"), weekValue(figures.weekly, "2026-10-12")]).toEqual([1, 1, 1]);
    expect(figures.weekly.reduce((sum, point) => sum + point.value, 0)).toBe(3);
  });

  it("counts consultations today and this week by Brasília's calendar, this month against the last", async () => {
    const figures = await appointmentFigures(NOW);
    expect(figures).toMatchObject({ today: 2, thisWeek: 4, thisMonth: 5, lastMonth: 1 });
    expect(weekValue(figures.weekly, "2026-11-23")).toBe(4);
    expect(weekValue(figures.weekly, "2026-11-02")).toBe(1);
    expect(weekValue(figures.weekly, "2026-10-19")).toBe(1);
  });

  it("sums money approved, refunded and pending this month against last month, and nets it by week", async () => {
    const figures = await moneyFigures(NOW);
    expect(figures).toMatchObject({ paidCents: 570_00, refundedCents: 60_00, pendingCents: 90_00, lastMonth: { paidCents: 280_00, refundedCents: 80_00, pendingCents: 0 } });
    expect(weekValue(figures.weekly, "2026-11-16")).toBe(350_00);
    expect(weekValue(figures.weekly, "2026-11-09")).toBe(60_00);
    expect(weekValue(figures.weekly, "2026-10-26")).toBe(100_00);
    expect(weekValue(figures.weekly, "2026-09-28")).toBe(0);
  });

  it("counts only reais that came in: a payment in another currency or a charged-back one is not revenue", async () => {
    const id = await appointment(2, { startsAt: "2026-11-27T13:00:00Z", status: "confirmed", createdAt: "2026-11-19T12:00:00Z", payment: { cents: 100_00, approvedAt: "2026-11-19T12:05:00Z" } });
    // Paid 150.00 USD for it by mistake (refunded as a mismatch), and an earlier card payment charged back.
    const other = { appointment_id: id, provider: "local" as const, approved_at: at("2026-11-19T12:01:00Z"), created_at: at("2026-11-19T12:00:00Z") };
    await db.insertInto("payments").values({ ...other, provider_payment_id: `usd-${id}`, status: "refunded", amount_cents: 150_00, refunded_cents: 150_00, currency: "USD" }).execute();
    await db.insertInto("payments").values({ ...other, provider_payment_id: `cb-${id}`, status: "charged_back", amount_cents: 100_00, currency: "BRL" }).execute();
    await db.insertInto("payments").values({ ...other, provider_payment_id: `usd-pending-${id}`, status: "pending", approved_at: null, amount_cents: 70_00, currency: "USD" }).execute();
    const figures = await moneyFigures(NOW);
    expect(figures).toMatchObject({ paidCents: 670_00, refundedCents: 60_00, pendingCents: 90_00 });
    expect(weekValue(figures.weekly, "2026-11-16")).toBe(450_00);
  });

  it("averages the ratings of the month, the last month and all time", async () => {
    const figures = await satisfactionFigures(NOW);
    expect(figures).toMatchObject({ average: 4.5, reviews: 2, lastMonthAverage: 2, allTimeAverage: 3.7 });
    expect([weekValue(figures.weekly, "2026-11-23"), weekValue(figures.weekly, "2026-11-02"), weekValue(figures.weekly, "2026-10-19"), weekValue(figures.weekly, "2026-11-16")]).toEqual([5, 4, 2, 0]);
  });

  it("converts holds to paid bookings: a refund later does not undo it, an unpaid hold does not count as paid", async () => {
    const figures = await conversionFigures(NOW);
    expect(figures).toMatchObject({ created: 7, paid: 5, lastMonth: { created: 2, paid: 2 } });
    // Week of 2026-11-23: only the unpaid hold was created.
    expect(weekValue(figures.weekly, "2026-11-23")).toBe(0);
    // Week of 2026-11-16: a1, a2, a8 paid, a9 pending → 75 %.
    expect(weekValue(figures.weekly, "2026-11-16")).toBe(75);
  });

  it("counts cancellations by when they happened and no-shows by when they were due", async () => {
    const figures = await attendanceFigures(NOW);
    expect(figures).toMatchObject({ cancelled: 1, noShows: 1, lastMonth: { cancelled: 1, noShows: 0 } });
    expect([weekValue(figures.weekly, "2026-11-16"), weekValue(figures.weekly, "2026-11-02"), weekValue(figures.weekly, "2026-10-05")]).toEqual([1, 1, 1]);
  });

  it("answers zeros and nulls, with twelve empty weeks, on an empty platform", async () => {
    await db.deleteFrom("evaluations").execute();
    await db.deleteFrom("payments").execute();
    await db.deleteFrom("appointments").execute();
    expect(await moneyFigures(NOW)).toMatchObject({ paidCents: 0, refundedCents: 0, pendingCents: 0 });
    const satisfaction = await satisfactionFigures(NOW);
    expect(satisfaction).toMatchObject({ average: null, reviews: 0, allTimeAverage: null });
    expect(satisfaction.weekly.map((point) => point.value)).toEqual(Array(12).fill(0));
    expect(await conversionFigures(NOW)).toMatchObject({ created: 0, paid: 0 });
  });
});

describe("/admin", () => {
  it("shows the admin every card with its twelve weeks, from the same figures", async () => {
    const response = await run(loader, getRequest("/admin", await signedIn(await createUser({ role: "admin", password: null }))));
    expect(response.status).toBe(200);
    const { overview: { takenAt, ...cards } } = await body(response);
    expect(Object.keys(cards).sort()).toEqual(["appointments", "attendance", "conversion", "money", "satisfaction", "users"]);
    expect(cards.users).toMatchObject({ patients: 3, psychologists: 1, admins: 1 });
    for (const card of Object.values(cards) as Array<{ weekly: unknown[] }>) expect(card.weekly).toHaveLength(12);
    expect(Date.now() - Date.parse(takenAt)).toBeLessThan(60_000);
  });

  it("keeps the figures a minute: a new account shows after it, not before", async () => {
    const jar = await signedIn(await createUser({ role: "admin", password: null }));
    const patients = async () => (await body(await run(loader, getRequest("/admin", jar)))).overview.users.patients as number;
    const before = await patients();
    await createUser({ role: "patient", password: null });
    expect(await patients()).toBe(before);
    adminOverview.clear();
    expect(await patients()).toBe(before + 1);
  });
});
