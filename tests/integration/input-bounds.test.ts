import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { formPost, page, send } from "#tests/helpers/app";
import { createAppointment, HOUR } from "#tests/helpers/appointments";
import { createBookablePsychologist, dayFromToday } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { BASE, location } from "#tests/helpers/http";

/**
 * Values zod's plain checks let through and PostgreSQL refuses — impossible
 * time offsets, numbers too big for a bigint — answered as the bad input they
 * are (4xx, nothing written), never 5xx. Through the app's request handler.
 */

/** zod's `.datetime({ offset: true })` takes it; its Date is Invalid. */
const IMPOSSIBLE = "2030-01-01T10:00:00+99:99";

describe("impossible time offsets", () => {
  it("a reschedule proposed at one is refused with 400, nothing written", async () => {
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + 7 * 24 * HOUR) });
    const jar = await signedIn(patient);
    for (const startsAt of [IMPOSSIBLE, "2030-01-01T10:00:00+2400"]) {
      const response = await send(formPost(`/appointment/${id}/reschedule`, { intent: "request", reason: "Viagem", startsAt }, { Cookie: jar.header() }));
      expect(response.status, startsAt).toBe(400);
    }
    expect(await db.selectFrom("reschedule_requests").select("id").execute()).toEqual([]);
    expect((await db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("confirmed");
  });

  it("booking step 3 at one goes back to step 2 (GET) or answers 400 (POST), holding nothing", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const jar = await signedIn(await createUser());
    const date = dayFromToday(3);
    const query = new URLSearchParams({ psychologistId, date, duration: "50", startsAt: `${date}T10:00:00+99:99` });
    const shown = await send(page(`/schedule/step3?${query}`, { Cookie: jar.header() }));
    expect(shown.status).toBe(302);
    expect(location(shown)).toBe(`/schedule/step2?psychologistId=${psychologistId}&date=${date}&duration=50`);

    // Posted from the step's page (its address keeps a good selection): the action refuses the body's.
    const good = new URLSearchParams({ psychologistId, date, duration: "50", startsAt: `${date}T13:00:00.000Z` });
    const posted = await send(formPost(`/schedule/step3?${good}`, { psychologistId, date, duration: "50", startsAt: `${date}T10:00:00+99:99`, healthDataConsent: "on" }, { Cookie: jar.header() }));
    expect(posted.status).toBe(400);
    expect(await db.selectFrom("appointments").select("id").where("psychologist_id", "=", psychologistId).execute()).toEqual([]);
  });

  it("an analytics event at one, or at a time no Date holds, is a 400", async () => {
    const beacon = (timestamp: string | number) =>
      new Request(new URL("/api/analytics/events", BASE), {
        method: "POST",
        body: JSON.stringify({ event: "carousel_impression", timestamp, psychologist_count: 0, psychologist_ids: [] }),
        headers: { "Content-Type": "text/plain" },
      });
    for (const timestamp of [IMPOSSIBLE, 1e300]) expect((await send(beacon(timestamp))).status, String(timestamp)).toBe(400);
    expect(await db.selectFrom("analytics_events").select("id").execute()).toEqual([]);
    // A good one is still stored.
    expect((await send(beacon(new Date().toISOString()))).status).toBe(204);
  });
});

describe("ids too big for the database", () => {
  it("a notification marked read with id 1e30 or twenty digits is a 400, not a 500", async () => {
    const psychologist = await createBookablePsychologist();
    const jar = await signedIn(psychologist);
    const mark = (id: string) => send(formPost("/psychologist-dashboard/appointments", { intent: "read-notification", id, read: "1" }, { Cookie: jar.header() }));
    for (const id of ["1e30", "99999999999999999999", "1.5"]) expect((await mark(id)).status, id).toBe(400);
    // A well-formed id nobody has: 404.
    expect((await mark("123")).status).toBe(404);
  });
});
