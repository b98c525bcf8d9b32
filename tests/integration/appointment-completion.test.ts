import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { action as noShowAction, loader as noShowLoader } from "~/routes/_psychologist.appointment.$id.no-show";
import { completeDueAppointments } from "~/services/appointment-completion.server";
import { runJob } from "~/services/worker.server";
import { clearQueues, createAppointment, createPair, MINUTE } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { getRequest, location, postRequest, run } from "#tests/helpers/http";

/**
 * How a confirmed appointment ends: the 5-minute job completes it once its
 * video window has closed (end + 15 min); its psychologist may mark it
 * no-show from the start.
 */

const statusOf = async (id: string) => (await db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

beforeEach(() => clearQueues());

describe("appointments.complete-due", () => {
  it("completes confirmed appointments only after end + 15 minutes", async () => {
    const pair = await createPair();
    const startsAt = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 2 * 60 * MINUTE);
    const endsAt = new Date(startsAt.getTime() + 50 * MINUTE);
    const confirmed = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt });
    const other = await createPair();
    const cancelled = await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt, status: "cancelled" });

    // At end + 15 min exactly the call may still be running.
    expect(await completeDueAppointments(new Date(endsAt.getTime() + 15 * MINUTE))).toEqual([]);
    expect(await statusOf(confirmed)).toBe("confirmed");

    expect(await completeDueAppointments(new Date(endsAt.getTime() + 15 * MINUTE + 1))).toEqual([confirmed]);
    expect(await statusOf(confirmed)).toBe("completed");
    expect(await statusOf(cancelled)).toBe("cancelled");
    // Again: nothing left to do.
    expect(await completeDueAppointments(new Date(endsAt.getTime() + 60 * MINUTE))).toEqual([]);
  });

  it("runs as the scheduled job with the real clock", async () => {
    const pair = await createPair();
    const ended = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 3 * 60 * MINUTE) });
    const running = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 20 * MINUTE) });
    expect(await runJob("appointments.complete-due", {})).toEqual([ended]);
    expect(await statusOf(running)).toBe("confirmed");
  });
});

describe("POST /appointment/{id}/no-show", () => {
  const post = (id: string, jar: Awaited<ReturnType<typeof signedIn>>) => run(noShowAction, postRequest(`/appointment/${id}/no-show`, {}, jar), { id });

  it("lets the psychologist mark their own started appointment", async () => {
    const pair = await createPair();
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 10 * MINUTE) });
    const response = await post(id, await signedIn(pair.psychologist));
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/psychologist-dashboard/appointments");
    expect(await statusOf(id)).toBe("no_show");
  });

  it("refuses before the start, and anything not confirmed", async () => {
    const pair = await createPair();
    const jar = await signedIn(pair.psychologist);
    const future = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() + 60 * MINUTE) });
    expect((await post(future, jar)).status).toBe(303);
    expect(await statusOf(future)).toBe("confirmed");

    const completed = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 5 * 60 * MINUTE), status: "completed" });
    await post(completed, jar);
    expect(await statusOf(completed)).toBe("completed");
  });

  it("is for the appointment's own psychologist only", async () => {
    const pair = await createPair();
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 10 * MINUTE) });
    const stranger = await signedIn(await createUser({ role: "psychologist" }));
    const response = await post(id, stranger);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Consulta não encontrada");
    expect((await post(id, await signedIn(pair.patient))).status).toBe(403);
    expect(await statusOf(id)).toBe("confirmed");
  });

  it("sends a GET to the consultations list", async () => {
    const pair = await createPair();
    const response = await run(noShowLoader, getRequest("/appointment/x/no-show", await signedIn(pair.psychologist)), { id: "x" });
    expect(location(response)).toBe("/psychologist-dashboard/appointments");
  });
});
