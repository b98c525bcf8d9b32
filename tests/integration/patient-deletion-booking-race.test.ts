import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockAgenda } from "~/models/agenda.server";
import { lockPatient } from "~/models/booking.server";
import { db } from "~/models/db.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { action as step3Action } from "~/routes/_patient.schedule.step3";
import { AccountError } from "~/services/accounts.server";
import { holdSlotAndCheckout } from "~/services/booking.server";
import { deleteAccount } from "~/services/privacy.server";
import { brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, postRequest, run } from "#tests/helpers/http";

/**
 * A patient deletes their own account while their own booking is on its
 * way. The booking takes the agenda's lock, then the patient's row; the
 * deletion takes the patient's row (ADR 010). Whichever gets the row first
 * wins: the deletion then sees the new hold and refuses (409), or the
 * booking sees the account deleted and holds nothing (403). Never both.
 * The races need PostgreSQL (PGlite is a single session); the sequential
 * cases run on both.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ACCOUNT_UNAVAILABLE = "Não foi possível reservar este horário: sua conta foi excluída ou bloqueada.";

beforeEach(() => useLocalGateway());
afterEach(() => resetPaymentGateway());

function appointmentsOf(patientId: string) {
  return db.selectFrom("appointments").select(["status"]).where("patient_id", "=", patientId).execute();
}

function healthConsentsOf(userId: string) {
  return db.selectFrom("consent_log").select("id").where("user_id", "=", userId).where("consent", "=", "health_data").execute();
}

async function deletedAt(userId: string) {
  return (await db.selectFrom("users").select("deleted_at").where("id", "=", userId).executeTakeFirstOrThrow()).deleted_at;
}

describe("a patient's booking against their own account deletion", () => {
  it.skipIf(!onPostgres)("a step-3 POST that waited for the patient's deletion holds nothing and answers 403 with 'Não foi possível reservar…'", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    const date = dayFromToday(3);
    const fields = { psychologistId: psychologist.psychologistId, date, startsAt: brasilia(date, "10:00").toISOString(), duration: "50", healthDataConsent: "on" };
    let response: Promise<Response> | undefined;
    // The deletion's transaction (as deleteAccount runs it: the patient's row, then the account anonymised), held open while the POST starts.
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("users").select("id").where("id", "=", patient.id).forUpdate().executeTakeFirst();
      response = run(step3Action, postRequest("/schedule/step3", fields, jar));
      await pause(300);
      await trx.updateTable("users").set({ email: `removido-${patient.id}@conta-excluida.invalid`, password_hash: null, deleted_at: new Date() }).where("id", "=", patient.id).execute();
    });
    const answer = await response!;
    expect(answer.status).toBe(403);
    expect((await body(answer)).error[""]).toEqual([ACCOUNT_UNAVAILABLE]);
    expect(await appointmentsOf(patient.id)).toEqual([]);
    // Nothing half-written: the consent goes with the hold, or not at all.
    expect(await healthConsentsOf(patient.id)).toEqual([]);
  });

  it.skipIf(!onPostgres)("a deletion started while the patient's booking holds their row waits for it, then refuses with 'Você tem consultas agendadas' (409)", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const startsAt = brasilia(dayFromToday(3), "10:00");
    let deletion: Promise<unknown> | undefined;
    // The booking's transaction (the agenda, then the patient's row, then the hold), held open while the deletion starts.
    await db.transaction().execute(async (trx) => {
      await lockAgenda(trx, psychologist.psychologistId);
      await lockPatient(trx, patient.id);
      await trx
        .insertInto("appointments")
        .values({ patient_id: patient.id, psychologist_id: psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * 60_000), duration_minutes: 50, status: "pending_payment", payment_status: "pending", price_cents: 180_00, hold_expires_at: new Date(Date.now() + 30 * 60_000) })
        .execute();
      deletion = deleteAccount(patient.id, { password: PASSWORD }).catch((error: unknown) => error);
      await pause(300);
    });
    expect(await deletion).toMatchObject({ key: "errors.upcomingAppointments", status: 409 });
    expect(await deletedAt(patient.id)).toBeNull();
  });

  it.skipIf(!onPostgres)(
    "booking and deletion started together, many times: exactly one of them succeeds, and the loser leaves nothing behind",
    async () => {
      const ROUNDS = 40;
      const psychologist = await createBookablePsychologist();
      const seen = { booked: 0, deleted: 0 };
      for (let round = 0; round < ROUNDS; round += 1) {
        const patient = await createUser();
        // A different slot each round (every day 08:00–20:00, 50 minutes an hour), so only this round's two calls meet.
        const startsAt = brasilia(dayFromToday(2 + Math.floor(round / 12)), `${String(8 + (round % 12)).padStart(2, "0")}:00`);
        // The deletion checks the password first, so it reaches its transaction later: a head start of 0–39 ms
        // for it, spread over the rounds, makes both orders (and the ones in between) happen.
        const [bookingDelay, deletionDelay] = [round, 0];
        const [booking, deletion] = await Promise.all([
          pause(bookingDelay).then(() => holdSlotAndCheckout({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt, durationMinutes: 50, healthDataConsent: true })),
          pause(deletionDelay).then(() => deleteAccount(patient.id, { password: PASSWORD }).then(() => "deleted" as const, (error: unknown) => error)),
        ]);
        const context = { round, booking, deletion };
        if (booking.ok) {
          seen.booked += 1;
          expect(deletion, JSON.stringify(context)).toBeInstanceOf(AccountError);
          expect(deletion, JSON.stringify(context)).toMatchObject({ key: "errors.upcomingAppointments", status: 409 });
          expect(await deletedAt(patient.id)).toBeNull();
          expect(await appointmentsOf(patient.id)).toEqual([{ status: "pending_payment" }]);
        } else {
          seen.deleted += 1;
          expect(booking, JSON.stringify(context)).toEqual({ ok: false, reason: "account_unavailable" });
          expect(deletion, JSON.stringify(context)).toBe("deleted");
          expect(await deletedAt(patient.id)).not.toBeNull();
          expect(await appointmentsOf(patient.id)).toEqual([]);
        }
      }
      expect(seen.booked + seen.deleted).toBe(ROUNDS);
    },
    120_000,
  );

  it("a booking that reaches the hold after the patient's account was deleted holds nothing (account_unavailable)", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    await deleteAccount(patient.id, { password: PASSWORD });
    const result = await holdSlotAndCheckout({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: brasilia(dayFromToday(3), "10:00"), durationMinutes: 50, healthDataConsent: true });
    expect(result).toEqual({ ok: false, reason: "account_unavailable" });
    expect(await appointmentsOf(patient.id)).toEqual([]);
    expect(await healthConsentsOf(patient.id)).toEqual([]);
  });

  it("a blocked patient's booking holds nothing (account_unavailable)", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const admin = await createUser({ role: "admin" });
    await db.updateTable("users").set({ blocked_at: new Date(), blocked_reason: "teste", blocked_by: admin.id }).where("id", "=", patient.id).execute();
    const result = await holdSlotAndCheckout({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: brasilia(dayFromToday(3), "10:00"), durationMinutes: 50, healthDataConsent: true });
    expect(result).toEqual({ ok: false, reason: "account_unavailable" });
    expect(await appointmentsOf(patient.id)).toEqual([]);
  });

  it("after the patient's own hold, their deletion is refused (409) and the account stays", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const result = await holdSlotAndCheckout({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: brasilia(dayFromToday(3), "10:00"), durationMinutes: 50, healthDataConsent: true });
    expect(result.ok).toBe(true);
    await expect(deleteAccount(patient.id, { password: PASSWORD })).rejects.toMatchObject({ key: "errors.upcomingAppointments", status: 409 });
    expect(await deletedAt(patient.id)).toBeNull();
  });
});
