import { describe, expect, it } from "vitest";
import { prepareDatabase } from "#db/prepare";
import { DEMO_ACCOUNTS } from "#db/seed";
import { db } from "~/models/db.server";
import { missingForReview } from "~/domain/psychologist-review";
import { reviewQueue } from "~/services/admin-review-pages.server";

/** The demo accounts (README password) are seeded only where development was asked for (ADR 014). */
describe("database preparation at start", () => {
  const demoUsers = () => db.selectFrom("users").select("email").where("email", "in", Object.values(DEMO_ACCOUNTS)).execute();

  it.each(["production", "staging"] as const)("never seeds demo accounts in %s, even on the embedded database", async (appEnv) => {
    const result = await prepareDatabase(db, { appEnv, usesEmbeddedDatabase: true });
    expect(result.seeded).toBe(false);
    expect(await demoUsers()).toEqual([]);
  });

  it("never seeds a database it was given (DATABASE_URL), even in development", async () => {
    expect((await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: false })).seeded).toBe(false);
    expect(await demoUsers()).toEqual([]);
  });

  it("seeds a fresh embedded database in development, once", async () => {
    expect((await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true })).seeded).toBe(true);
    expect((await demoUsers()).length).toBe(3);
    expect((await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true })).seeded).toBe(false);
  });

  it("gives the demo psychologist a real practice: past consultations paid and evaluated, some missed or cancelled, the next two weeks booked", async () => {
    await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true });
    const demo = await db.selectFrom("psychologists").select("id").where("email", "=", DEMO_ACCOUNTS.psychologist).executeTakeFirstOrThrow();
    const byStatus = await db
      .selectFrom("appointments")
      .where("psychologist_id", "=", demo.id)
      .groupBy("status")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .execute();
    const counts = Object.fromEntries(byStatus.map((row) => [row.status, Number(row.count)]));
    expect(counts.completed).toBeGreaterThan(20);
    expect(counts.no_show).toBeGreaterThan(0);
    expect(counts.cancelled).toBeGreaterThan(0);
    expect(counts.confirmed).toBeGreaterThan(3);
    const upcoming = await db.selectFrom("appointments").select("id").where("psychologist_id", "=", demo.id).where("status", "=", "confirmed").where("starts_at", ">", new Date()).execute();
    expect(upcoming.length).toBe(counts.confirmed);
    const paid = await db.selectFrom("payments").innerJoin("appointments", "appointments.id", "payments.appointment_id").where("appointments.psychologist_id", "=", demo.id).select("payments.id").execute();
    // Every consultation has its payment, the two reviewed ones from the directory seed too (a cancelled one's refunded).
    expect(paid.length).toBe(byStatus.reduce((sum, row) => sum + Number(row.count), 0));
    const { practiceOverview } = await import("~/services/practice-overview.server");
    const month = await practiceOverview({ psychologistId: demo.id, timeZone: "America/Sao_Paulo", locale: "pt-BR" }, "month");
    expect(month.consultations.total).toBeGreaterThan(0);
    // The notifications box as the events would have filled it: recent ones unread, older ones read, none from the future.
    const notices = await db.selectFrom("practice_notifications").select(["kind", "read_at", "created_at"]).where("psychologist_id", "=", demo.id).execute();
    expect(new Set(notices.map((notice) => notice.kind))).toEqual(new Set(["booking_paid", "cancellation", "evaluation"]));
    expect(notices.some((notice) => notice.read_at === null)).toBe(true);
    expect(notices.some((notice) => notice.read_at !== null)).toBe(true);
    expect(notices.every((notice) => notice.created_at <= new Date())).toBe(true);
  });
  it("books and pays the demo's consultations before the seeding, never in the future, and the payment's row dates from its booking", async () => {
    const seededAt = new Date();
    await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true });
    const future = await db.selectFrom("appointments").select("id").where("created_at", ">", seededAt).execute();
    expect(future).toEqual([]);
    const payments = await db.selectFrom("payments").select(["approved_at as approvedAt", "created_at as createdAt"]).execute();
    expect(payments.length).toBeGreaterThan(0);
    for (const payment of payments) {
      expect(payment.approvedAt!.getTime()).toBeLessThanOrEqual(seededAt.getTime());
      expect(payment.createdAt.getTime()).toBeLessThanOrEqual(payment.approvedAt!.getTime());
    }
  });

  it("gives each demo payment the status history a checkout writes: approved when it was, then refunded when its consultation was cancelled", async () => {
    await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true });
    const payments = await db
      .selectFrom("payments")
      .innerJoin("appointments", "appointments.id", "payments.appointment_id")
      .select(["payments.id", "payments.status", "payments.approved_at as approvedAt", "appointments.cancelled_at as cancelledAt"])
      .execute();
    const history = await db.selectFrom("payment_status_history").select(["payment_id", "status", "status_detail", "recorded_at"]).orderBy("recorded_at").execute();
    expect(payments.some((payment) => payment.status === "refunded")).toBe(true);
    for (const payment of payments) {
      const expected = [{ status: "approved", status_detail: "accredited", recorded_at: payment.approvedAt }];
      if (payment.status === "refunded") expected.push({ status: "refunded", status_detail: "refunded", recorded_at: payment.cancelledAt });
      expect(history.filter((row) => row.payment_id === payment.id).map(({ payment_id: _, ...row }) => row)).toEqual(expected);
    }
  });

  it("registers the demo's payments with the local gateway, so the admin's refund and a cancellation's refund go through", async () => {
    await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true });
    const admin = await db.selectFrom("users").select("id").where("email", "=", DEMO_ACCOUNTS.admin).executeTakeFirstOrThrow();
    const payment = await db
      .selectFrom("payments")
      .innerJoin("appointments", "appointments.id", "payments.appointment_id")
      .select(["payments.id", "payments.amount_cents as amountCents"])
      .where("payments.status", "=", "approved")
      .where("appointments.status", "=", "completed")
      .executeTakeFirstOrThrow();
    const { refundManually } = await import("~/services/manual-refund.server");
    const result = await refundManually({ admin, paymentId: payment.id, cents: 1000, reason: "Conexão ruim", requestKey: crypto.randomUUID() });
    expect(result).toEqual({ ok: true, status: "refunded", cents: 1000 });
    const after = await db.selectFrom("payments").select("refunded_cents").where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(after.refunded_cents).toBe(1000);
  });

  it("leaves the seeded pending psychologists in the admin's queue, complete and so approvable", async () => {
    await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true });
    const pending = await db
      .selectFrom("psychologists")
      .select(["id", "crp", "bio", "specialties", "languages", "photo_url as photoUrl", "education", "submitted_for_review_at as submittedAt"])
      .where("status", "=", "pending")
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    for (const row of pending) expect(missingForReview(row)).toEqual([]);
    const queue = await reviewQueue(new URL("http://localhost/admin?status=pending"));
    expect(queue.rows.map((row) => row.id).sort()).toEqual(pending.map((row) => row.id).sort());
  });
});
