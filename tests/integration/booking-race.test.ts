import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { action as step3Action } from "~/routes/_patient.schedule.step3";
import { brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, postRequest, run } from "#tests/helpers/http";

/**
 * Fifty patients press 'Pagar com Mercado Pago' for the same slot at once:
 * exactly one holds it, every other one is told it was taken. The database
 * decides (exclusion constraint), so this needs real concurrency:
 * PostgreSQL, not PGlite's single session.
 */

const PATIENTS = 50;

beforeEach(() => {
  useLocalGateway();
});
afterEach(() => resetPaymentGateway());

describe("booking race", () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "50 concurrent step-3 POSTs for one slot from 50 patients give exactly one appointment (needs PostgreSQL: PGlite is a single session, so nothing runs concurrently there)",
    async () => {
      const { psychologistId } = await createBookablePsychologist();
      const date = dayFromToday(3);
      const fields = { psychologistId, date, startsAt: brasilia(date, "10:00").toISOString(), duration: "50", healthDataConsent: "on" };
      const jars = await Promise.all(
        Array.from({ length: PATIENTS }, async () => signedIn(await createUser({ password: null }))),
      );

      const responses = await Promise.all(jars.map((jar) => run(step3Action, postRequest("/schedule/step3", fields, jar))));

      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 303)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(PATIENTS - 1);
      const messages = new Set(
        await Promise.all(responses.filter((response) => response.status === 409).map(async (response) => (await body(response)).error[""][0])),
      );
      for (const message of messages) {
        expect([
          "Este horário já foi reservado. Por favor, escolha outro horário.",
          "Este horário não está mais disponível. Por favor, retorne e selecione outro horário.",
        ]).toContain(message);
      }
      const appointments = await db.selectFrom("appointments").select(["status"]).where("psychologist_id", "=", psychologistId).execute();
      expect(appointments).toEqual([{ status: "pending_payment" }]);
    },
    60_000,
  );
});
