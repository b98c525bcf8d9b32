import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockAgenda } from "~/models/agenda.server";
import { db } from "~/models/db.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { AccountError } from "~/services/accounts.server";
import { holdSlotAndCheckout } from "~/services/booking.server";
import { deleteAccount } from "~/services/privacy.server";
import { brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser, PASSWORD } from "#tests/helpers/factories";

/**
 * A psychologist deletes the account while a patient books them. Both take
 * the agenda's lock (ADR 010), so one waits for the other: the deletion then
 * sees the new consultation and refuses (409), or the booking sees the
 * psychologist gone. Needs PostgreSQL: PGlite is a single session.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => useLocalGateway());
afterEach(() => resetPaymentGateway());

describe("account deletion against a booking", () => {
  it.skipIf(!onPostgres)("a deletion started while a booking holds the agenda waits for it, then refuses with 'Você tem consultas agendadas' (409)", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const startsAt = brasilia(dayFromToday(3), "10:00");
    let deletion: Promise<unknown> | undefined;
    // The booking's transaction, held open while the deletion starts.
    await db.transaction().execute(async (trx) => {
      await lockAgenda(trx, psychologist.psychologistId);
      await trx
        .insertInto("appointments")
        .values({ patient_id: patient.id, psychologist_id: psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * 60_000), duration_minutes: 50, status: "confirmed", payment_status: "paid", price_cents: 180_00 })
        .execute();
      deletion = deleteAccount(psychologist.id, { password: PASSWORD }).catch((error: unknown) => error);
      await pause(300);
    });
    const outcome = await deletion;
    expect(outcome).toBeInstanceOf(AccountError);
    expect(outcome).toMatchObject({ key: "errors.upcomingAppointments", status: 409 });
    expect(await db.selectFrom("users").select("deleted_at").where("id", "=", psychologist.id).executeTakeFirstOrThrow()).toEqual({ deleted_at: null });
  });

  it.skipIf(!onPostgres)("a booking that waited for a deletion finds the psychologist gone and holds nothing", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const startsAt = brasilia(dayFromToday(3), "10:00");
    let booking: ReturnType<typeof holdSlotAndCheckout> | undefined;
    // The deletion's transaction (as deleteAccount runs it: the agenda's lock, then the psychologist out of the directory), held open while the booking starts.
    await db.transaction().execute(async (trx) => {
      await lockAgenda(trx, psychologist.psychologistId);
      booking = holdSlotAndCheckout({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt, durationMinutes: 50, healthDataConsent: true });
      await pause(300);
      await trx.updateTable("psychologists").set({ status: "suspended", is_approved: false }).where("id", "=", psychologist.psychologistId).execute();
    });
    expect(await booking).toEqual({ ok: false, reason: "psychologist_not_found" });
    expect(await db.selectFrom("appointments").select("id").where("psychologist_id", "=", psychologist.psychologistId).execute()).toEqual([]);
  });
});
