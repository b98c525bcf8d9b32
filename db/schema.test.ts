import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { DEMO_ACCOUNTS, SEED_PSYCHOLOGISTS, SEED_REVIEWERS, seed } from "./seed";

async function anyPatientAndPsychologist() {
  const patient = await db.selectFrom("users").select("id").where("email", "=", DEMO_ACCOUNTS.patient).executeTakeFirstOrThrow();
  const psychologist = await db.selectFrom("psychologists").select("id").where("status", "=", "approved").orderBy("crp").executeTakeFirstOrThrow();
  return { patientId: patient.id, psychologistId: psychologist.id };
}

function appointment(patientId: string, psychologistId: string, startsAt: string, minutes: number, status: "pending_payment" | "confirmed" | "cancelled" | "completed" = "confirmed") {
  const start = new Date(startsAt);
  return db
    .insertInto("appointments")
    .values({
      patient_id: patientId,
      psychologist_id: psychologistId,
      starts_at: start,
      ends_at: new Date(start.getTime() + minutes * 60_000),
      duration_minutes: minutes,
      price_cents: 15000,
      status,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

// Every test starts from an emptied database (tests/setup), so each gets the seed anew.
beforeEach(async () => {
  await seed(db);
});

describe("seed", () => {
  it("creates the demo accounts and the directory's psychologists", async () => {
    const emails = await db.selectFrom("users").select("email").where("email", "in", Object.values(DEMO_ACCOUNTS)).execute();
    expect(emails.map((row) => row.email).sort()).toEqual(Object.values(DEMO_ACCOUNTS).sort());
    const counts = await db
      .selectFrom("psychologists")
      .select(["status", sql<number>`count(*)::int`.as("count")])
      .groupBy("status")
      .orderBy("status")
      .execute();
    expect(counts).toEqual([
      { status: "pending", count: 2 },
      { status: "approved", count: SEED_PSYCHOLOGISTS.length - 2 },
    ]);
    expect(SEED_PSYCHOLOGISTS.length - 2).toBeGreaterThanOrEqual(24);
  });

  it("gives every psychologist weekly availability and some of them explicit pricing", async () => {
    const withoutBlocks = await db
      .selectFrom("psychologists")
      .select("id")
      .where((eb) => eb.not(eb.exists(eb.selectFrom("psychologist_availability").whereRef("psychologist_id", "=", "psychologists.id").select("id"))))
      .execute();
    expect(withoutBlocks).toEqual([]);
    const priced = await db.selectFrom("psychologist_pricing").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(priced.n).toBeGreaterThan(0);
  });

  it("is idempotent", async () => {
    await seed(db);
    const users = await db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(users.n).toBe(SEED_PSYCHOLOGISTS.length + 2 + SEED_REVIEWERS.length);
    const evaluations = await db.selectFrom("evaluations").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    const reviews = await db.selectFrom("psychologists").select(sql<number>`sum(total_reviews)::int`.as("n")).executeTakeFirstOrThrow();
    expect(reviews.n).toBe(evaluations.n);
  });

  it("gives many psychologists real ratings: completed past consultations and their evaluations", async () => {
    const psychologists = await db
      .selectFrom("psychologists")
      .select(["id", "status", "rating", "rating_sum", "total_reviews"])
      .execute();
    const rated = psychologists.filter((row) => row.total_reviews > 0);
    expect(rated.length).toBeGreaterThanOrEqual(15);
    expect(rated.every((row) => row.status === "approved")).toBe(true);
    for (const row of rated) {
      const sums = await db
        .selectFrom("evaluations")
        .innerJoin("appointments", "appointments.id", "evaluations.appointment_id")
        .where("evaluations.psychologist_id", "=", row.id)
        .select([sql<number>`sum(evaluations.rating)::int`.as("sum"), sql<number>`count(*)::int`.as("n"), sql<number>`count(*) filter (where appointments.status <> 'completed' or appointments.ends_at > now())::int`.as("notPast")])
        .executeTakeFirstOrThrow();
      expect(sums).toEqual({ sum: row.rating_sum, n: row.total_reviews, notPast: 0 });
      expect(row.rating).toBeCloseTo(row.rating_sum / row.total_reviews, 2);
    }
    const published = await db
      .selectFrom("evaluations")
      .where("publish_consent", "=", true)
      .where("rating", ">=", 4)
      .where("is_anonymous", "=", true)
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(published.n).toBeGreaterThan(10);
  });

  it("gives every consultation marked paid its approved payment, as a booking leaves it, so billing and the fiscal report count the same money", async () => {
    const paid = await db
      .selectFrom("appointments as a")
      .leftJoin("payments as p", (join) => join.onRef("p.appointment_id", "=", "a.id").on("p.status", "=", "approved"))
      .where("a.payment_status", "=", "paid")
      .select(["a.id", "a.price_cents as price", "a.payment_method as method", "a.starts_at as startsAt", "a.created_at as bookedAt", "p.amount_cents as amount", "p.method as paidWith", "p.approved_at as approvedAt"])
      .execute();
    expect(paid.length).toBeGreaterThan(100);
    for (const row of paid) {
      expect(row, "a paid consultation's payment").toMatchObject({ amount: row.price, paidWith: row.method });
      // Booked and paid before it happened.
      expect(row.approvedAt!.getTime()).toBeLessThan(row.startsAt.getTime());
      expect(row.bookedAt.getTime()).toBeLessThanOrEqual(row.approvedAt!.getTime());
    }
  });
});

describe("appointments exclusion constraint", () => {
  it("refuses an overlapping slot-holding appointment of the same psychologist", async () => {
    const { patientId, psychologistId } = await anyPatientAndPsychologist();
    const other = await db.insertInto("users").values({ email: "outro@example.test" }).returning("id").executeTakeFirstOrThrow();
    await appointment(patientId, psychologistId, "2030-03-04T13:00:00Z", 60);
    await expect(appointment(other.id, psychologistId, "2030-03-04T13:30:00Z", 30, "pending_payment")).rejects.toMatchObject({
      code: "23P01",
      constraint: "appointments_no_overlap",
    });
  });

  it("allows back-to-back appointments (ranges are half-open)", async () => {
    const { patientId, psychologistId } = await anyPatientAndPsychologist();
    await appointment(patientId, psychologistId, "2030-04-01T10:00:00Z", 60);
    await expect(appointment(patientId, psychologistId, "2030-04-01T11:00:00Z", 50)).resolves.toHaveProperty("id");
  });

  it("lets a cancelled or completed appointment free its slot", async () => {
    const { patientId, psychologistId } = await anyPatientAndPsychologist();
    await appointment(patientId, psychologistId, "2030-05-01T10:00:00Z", 60, "cancelled");
    await appointment(patientId, psychologistId, "2030-05-01T10:00:00Z", 60, "completed");
    await expect(appointment(patientId, psychologistId, "2030-05-01T10:00:00Z", 60)).resolves.toHaveProperty("id");
  });

  it("refuses a patient two consultations at once, with any psychologists", async () => {
    const { patientId } = await anyPatientAndPsychologist();
    const [first, second] = await db.selectFrom("psychologists").select("id").where("status", "=", "approved").limit(2).execute();
    await appointment(patientId, first!.id, "2030-06-01T10:00:00Z", 60);
    await expect(appointment(patientId, second!.id, "2030-06-01T10:30:00Z", 30)).rejects.toMatchObject({
      constraint: "appointments_patient_no_overlap",
    });
  });

  it("keeps ends_at equal to the start plus the duration", async () => {
    const { patientId, psychologistId } = await anyPatientAndPsychologist();
    const start = new Date("2030-07-01T10:00:00Z");
    await expect(
      db
        .insertInto("appointments")
        .values({ patient_id: patientId, psychologist_id: psychologistId, starts_at: start, ends_at: new Date(start.getTime() + 10 * 60_000), duration_minutes: 60, price_cents: 100 })
        .execute(),
    ).rejects.toMatchObject({ constraint: "appointments_ends_after_duration" });
  });
});

describe("psychologists", () => {
  it.each(["6/123456", "06-123456", "06/12345", "AB/123456"])("refuses the CRP %s", async (crp) => {
    await expect(db.insertInto("psychologists").values({ name: "Teste", crp }).execute()).rejects.toMatchObject({
      constraint: "psychologists_crp_format",
    });
  });

  it("keeps is_approved in step with the status", async () => {
    await expect(db.insertInto("psychologists").values({ name: "Teste", status: "pending", is_approved: true }).execute()).rejects.toMatchObject({
      constraint: "psychologists_approved_consistent",
    });
  });

  it("computes the rating from the evaluations' sum and count", async () => {
    const row = await db
      .insertInto("psychologists")
      .values({ name: "Avaliada", rating_sum: 14, total_reviews: 3 })
      .returning(["rating"])
      .executeTakeFirstOrThrow();
    expect(row.rating).toBe(4.67);
  });
});

describe("evaluations", () => {
  async function completedAppointment(startsAt: string) {
    const { patientId, psychologistId } = await anyPatientAndPsychologist();
    const { id } = await appointment(patientId, psychologistId, startsAt, 50, "completed");
    return { id, patientId, psychologistId };
  }
  const ratingOf = (id: string) =>
    db.selectFrom("psychologists").select(["rating", "rating_sum", "total_reviews"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("keep the psychologist's rating exact as they are written, changed and removed", async () => {
    const first = await completedAppointment("2026-03-02T12:00:00Z");
    const second = await completedAppointment("2026-03-09T12:00:00Z");
    const before = await ratingOf(first.psychologistId);
    await db.insertInto("evaluations").values({ appointment_id: first.id, psychologist_id: first.psychologistId, patient_id: first.patientId, rating: 5 }).execute();
    const evaluation = await db
      .insertInto("evaluations")
      .values({ appointment_id: second.id, psychologist_id: second.psychologistId, patient_id: second.patientId, rating: 2 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await ratingOf(first.psychologistId)).toMatchObject({ rating_sum: before.rating_sum + 7, total_reviews: before.total_reviews + 2 });
    await db.updateTable("evaluations").set({ rating: 4 }).where("id", "=", evaluation.id).execute();
    expect(await ratingOf(first.psychologistId)).toMatchObject({ rating_sum: before.rating_sum + 9, total_reviews: before.total_reviews + 2 });
    await db.deleteFrom("evaluations").where("id", "=", evaluation.id).execute();
    const after = await ratingOf(first.psychologistId);
    expect(after).toMatchObject({ rating_sum: before.rating_sum + 5, total_reviews: before.total_reviews + 1 });
    expect(after.rating).toBeCloseTo(after.rating_sum / after.total_reviews, 2);
  });

  it("allow one evaluation per appointment and ratings from 1 to 5", async () => {
    const done = await completedAppointment("2026-03-16T12:00:00Z");
    const values = { appointment_id: done.id, psychologist_id: done.psychologistId, patient_id: done.patientId };
    await expect(db.insertInto("evaluations").values({ ...values, rating: 6 }).execute()).rejects.toThrow();
    await db.insertInto("evaluations").values({ ...values, rating: 4 }).execute();
    await expect(db.insertInto("evaluations").values({ ...values, rating: 3 }).execute()).rejects.toThrow(/evaluations_appointment_id_key/);
  });
});
