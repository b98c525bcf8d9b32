import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { cancelAppointment } from "~/services/cancellation.server";
import { applyGatewayPayment } from "~/services/payment-confirmation.server";
import { answerReschedule, expireDueRescheduleRequests, requestReschedule } from "~/services/reschedule.server";
import { clearQueues, MINUTE } from "#tests/helpers/appointments";
import { appointmentRow, brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser, type TestUser } from "#tests/helpers/factories";
import type { LocalPaymentGateway } from "~/providers/payments.local.server";

/**
 * Cancel, reschedule and payment approval for one appointment can arrive
 * together (issue 13, item 5). Each locks the appointment row and reads its
 * state again, so the outcome is one of the legal sequences. The races need
 * PostgreSQL (PGlite is one session); the sequence after a cancellation runs
 * on both.
 */

let gateway: LocalPaymentGateway;
let psychologist: TestUser & { psychologistId: string };

beforeEach(async () => {
  await clearQueues();
  gateway = useLocalGateway();
  psychologist = await createBookablePsychologist();
});
afterEach(() => resetPaymentGateway());

async function confirmedFor(patient: TestUser, day: number, time: string) {
  const startsAt = brasilia(dayFromToday(day), time);
  const row = await db
    .insertInto("appointments")
    .values({ patient_id: patient.id, psychologist_id: psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * MINUTE), duration_minutes: 50, status: "confirmed", payment_status: "paid", price_cents: 180_00 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const hour = (value: number) => `${String(value).padStart(2, "0")}:00`;
const patientAsker = (patient: TestUser) => ({ role: "patient" as const, userId: patient.id });
const psychologistAsker = () => ({ role: "psychologist" as const, userId: psychologist.id });

describe("a cancellation while a new time waits for an answer", () => {
  it("closes the request and releases the proposal; the expiry job never brings the consultation back", async () => {
    const patient = await createUser();
    const id = await confirmedFor(patient, 5, "10:00");
    expect(await requestReschedule({ appointmentId: id, asker: patientAsker(patient), proposedStartsAt: brasilia(dayFromToday(6), "14:00"), reason: "Viagem" })).toEqual({ ok: true });
    expect(await cancelAppointment({ appointmentId: id, asker: psychologistAsker(), reason: "Imprevisto", exception: null })).toMatchObject({ ok: true });
    expect(await appointmentRow(id)).toMatchObject({ status: "cancelled", proposed_starts_at: null, status_before_reschedule: null });
    expect((await db.selectFrom("reschedule_requests").select("status").where("appointment_id", "=", id).executeTakeFirstOrThrow()).status).toBe("cancelled");
    expect(await answerReschedule({ appointmentId: id, asker: psychologistAsker(), accept: true, reason: null })).toEqual({ ok: false, problem: "no_request" });
    await expireDueRescheduleRequests(new Date(brasilia(dayFromToday(5), "10:00").getTime() - 3_600_000));
    expect((await appointmentRow(id)).status).toBe("cancelled");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("races (PostgreSQL only: PGlite is a single session)", () => {
  it("the patient cancels while the psychologist accepts the new time: cancelled either way, never holding a proposal", async () => {
    for (let round = 0; round < 10; round += 1) {
      const patient = await createUser();
      const id = await confirmedFor(patient, 5 + (round % 3), hour(10 + round));
      const proposed = brasilia(dayFromToday(12 + (round % 3)), hour(8 + round));
      expect(await requestReschedule({ appointmentId: id, asker: patientAsker(patient), proposedStartsAt: proposed, reason: "Viagem" })).toEqual({ ok: true });

      const [cancelled, answered] = await Promise.all([
        cancelAppointment({ appointmentId: id, asker: patientAsker(patient), reason: "Desisti", exception: null }),
        answerReschedule({ appointmentId: id, asker: psychologistAsker(), accept: true, reason: null }),
      ]);

      const row = await appointmentRow(id);
      const request = await db.selectFrom("reschedule_requests").select("status").where("appointment_id", "=", id).executeTakeFirstOrThrow();
      expect(cancelled.ok).toBe(true);
      expect(row).toMatchObject({ status: "cancelled", proposed_starts_at: null, status_before_reschedule: null });
      if (answered.ok) {
        // Accepted first, then cancelled at the new time.
        expect(row.starts_at).toEqual(proposed);
        expect(request.status).toBe("confirmed");
      } else {
        // Cancelled first: the request went with it, the time never moved.
        expect(answered).toEqual({ ok: false, problem: "no_request" });
        expect(row.starts_at).not.toEqual(proposed);
        expect(request.status).toBe("cancelled");
      }
    }
  });

  it("the patient cancels an unpaid hold while its payment is approved: cancelled, and the money always goes back", async () => {
    for (let round = 0; round < 10; round += 1) {
      const patient = await createUser();
      const startsAt = brasilia(dayFromToday(4 + (round % 3)), hour(9 + round));
      const { id } = await db
        .insertInto("appointments")
        .values({ patient_id: patient.id, psychologist_id: psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * MINUTE), duration_minutes: 50, status: "pending_payment", payment_status: "pending", price_cents: 180_00, hold_expires_at: new Date(Date.now() + 20 * MINUTE) })
        .returning("id")
        .executeTakeFirstOrThrow();
      const payment = await gateway.simulatePayment({ appointmentId: id, amountCents: 180_00, outcome: "approved" });

      const [cancelled] = await Promise.all([cancelAppointment({ appointmentId: id, asker: patientAsker(patient), reason: "Desisti", exception: null }), applyGatewayPayment(payment)]);

      // Either order ends cancelled: a patient may cancel a hold and a confirmed consultation ahead of time.
      expect(cancelled.ok).toBe(true);
      const row = await appointmentRow(id);
      expect(row.status).toBe("cancelled");
      // And the money goes back either way: the cancellation owes it (approved first),
      // or the approval of a cancelled hold was refunded as a late payment (cancelled first).
      const paid = await db.selectFrom("payments").select("refund_id").where("appointment_id", "=", id).executeTakeFirstOrThrow();
      expect(row.refund_status === "pending" || paid.refund_id !== null).toBe(true);
    }
  });
});
