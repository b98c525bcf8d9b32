import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { action, loader } from "~/routes/_patient.appointment.$id.evaluate";
import { loader as dashboardLoader } from "~/routes/_patient.patient-dashboard";
import { createAppointment, createPair, MINUTE } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, location, postRequest, run, type CookieJar } from "#tests/helpers/http";

/** After a completed appointment its patient may evaluate it once; the psychologist's rating follows. */

const path = (id: string) => `/appointment/${id}/evaluate`;
const submit = (id: string, jar: CookieJar, fields: Record<string, string>) => run(action, postRequest(path(id), fields, jar), { id });

async function completed(status: "completed" | "confirmed" | "cancelled" = "completed") {
  const pair = await createPair();
  const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 3 * 60 * MINUTE), status });
  return { ...pair, id, jar: await signedIn(pair.patient) };
}

const psychologistRating = (id: string) =>
  db.selectFrom("psychologists").select(["rating_sum", "total_reviews", "rating"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("evaluating an appointment", () => {
  it("shows the form for the patient's own completed appointment", async () => {
    const { id, jar } = await completed();
    const data = await body(await run(loader, getRequest(path(id), jar), { id }));
    expect(data).toMatchObject({ state: "open", appointment: { psychologistName: "Dra. Helena Prado" } });
    expect(data.translations.appointments.evaluation.heading).toBe("Avaliar consulta");
  });

  it("needs a rating from 1 to 5 and a comment within 2000 characters, in Portuguese", async () => {
    const { id, jar } = await completed();
    const missing = await submit(id, jar, { comment: "Ótima sessão" });
    expect(missing.status).toBe(400);
    expect((await body(missing)).error.rating).toEqual(["Selecione uma nota de 1 a 5."]);
    for (const rating of ["0", "6", "3.5", "muito"]) {
      expect((await body(await submit(id, jar, { rating }))).error.rating, rating).toEqual(["Selecione uma nota de 1 a 5."]);
    }
    const long = await submit(id, jar, { rating: "5", comment: "a".repeat(2001) });
    expect((await body(long)).error.comment).toEqual(["O comentário deve ter no máximo 2000 caracteres."]);
    expect(await db.selectFrom("evaluations").selectAll().execute()).toEqual([]);
  });

  it("saves one evaluation, feeds the psychologist's rating and shows it in the history", async () => {
    const { id, jar, patient, psychologist } = await completed();
    const response = await submit(id, jar, { rating: "4", comment: "  Me senti acolhida.  ", isAnonymous: "on", publishConsent: "on" });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/patient-dashboard?tab=history");
    const saved = await db.selectFrom("evaluations").selectAll().executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ appointment_id: id, patient_id: patient.id, psychologist_id: psychologist.psychologistId, rating: 4, comment: "Me senti acolhida.", is_anonymous: true, publish_consent: true });
    expect(await psychologistRating(psychologist.psychologistId)).toEqual({ rating_sum: 4, total_reviews: 1, rating: 4 });

    const again = await submit(id, jar, { rating: "1" });
    expect(again.status).toBe(409);
    expect((await body(again)).error[""]).toEqual(["Esta consulta já foi avaliada."]);
    expect(await psychologistRating(psychologist.psychologistId)).toEqual({ rating_sum: 4, total_reviews: 1, rating: 4 });
    expect((await body(await run(loader, getRequest(path(id), jar), { id }))).state).toBe("already_evaluated");

    const history = await body(await run(dashboardLoader, getRequest("/patient-dashboard?tab=history", jar)));
    expect(history.history[0]).toMatchObject({ id, canEvaluate: false, evaluation: { rating: 4, comment: "Me senti acolhida." } });
  });

  it("unticked boxes mean not anonymous and no consent to publish", async () => {
    const { id, jar } = await completed();
    await submit(id, jar, { rating: "5" });
    expect(await db.selectFrom("evaluations").select(["is_anonymous", "publish_consent"]).executeTakeFirstOrThrow()).toEqual({ is_anonymous: false, publish_consent: false });
  });

  it("refuses appointments that are not completed, and other patients' appointments", async () => {
    for (const status of ["confirmed", "cancelled"] as const) {
      const { id, jar } = await completed(status);
      const response = await submit(id, jar, { rating: "5" });
      expect(response.status, status).toBe(409);
      expect((await body(response)).error[""]).toEqual(["Só é possível avaliar consultas concluídas."]);
      expect((await body(await run(loader, getRequest(path(id), jar), { id }))).state).toBe("not_completed");
    }

    const { id } = await completed();
    const stranger = await signedIn(await createUser());
    const response = await submit(id, stranger, { rating: "5" });
    expect(response.status).toBe(404);
    expect((await body(response)).error[""]).toEqual(["Consulta não encontrada"]);
    const page = await run(loader, getRequest(path(id), stranger), { id });
    expect(page.status).toBe(404);
    expect((await body(page)).state).toBe("not_found");
    expect(await db.selectFrom("evaluations").selectAll().execute()).toEqual([]);
  });
});
