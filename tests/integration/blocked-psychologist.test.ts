import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { loader as directoryLoader } from "~/routes/_public.psychologists";
import { directoryStats } from "~/services/directory.server";
import { action as rescheduleAction } from "~/routes/_account.appointment.$id.reschedule/route";
import { action as step3Action } from "~/routes/_patient.schedule.step3";
import { action as payAction } from "~/routes/_patient.appointment.$id.pay";
import { appHandler, formPost, page, send } from "#tests/helpers/app";
import { createAppointment } from "#tests/helpers/appointments";
import { brasilia, createBookablePsychologist, dayFromToday } from "#tests/helpers/booking";
import { countStatements } from "#tests/helpers/directory-fixtures";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";
import { takeToast } from "~/services/toast.server";
import { requestReschedule } from "~/services/reschedule.server";

/**
 * A psychologist whose account the admin blocks (/admin/users/{id}) leaves
 * every public page and cannot be booked, with the page cache and the
 * directory's figures forgotten at once; unblocking restores them, and the
 * approval is never touched.
 */

afterEach(async () => {
  delete process.env.PAGE_CACHE_SECONDS;
  await appHandler({ fresh: true });
});

const textOf = async (path: string, headers: Record<string, string> = {}) => {
  const response = await send(page(path, headers));
  return { status: response.status, text: await response.text(), cache: response.headers.get("X-Page-Cache") };
};

describe("blocking a psychologist's account", () => {
  it("takes the profile off the directory, the home page, the sitemap and its pages, refuses booking and a new slot; unblocking restores it all", async () => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await appHandler({ fresh: true });
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const psychologist = await createBookablePsychologist();
    const id = psychologist.psychologistId;
    await db.updateTable("psychologists").set({ featured_in_carousel: true, name: "Dra. Bloqueável Souza" }).where("id", "=", id).execute();
    const patient = await createUser();
    const patientJar = await signedIn(patient);
    const booked = await createAppointment({ patientId: patient.id, psychologistId: id, startsAt: brasilia(dayFromToday(5), "10:00"), status: "confirmed" });
    // A hold awaiting payment, its checkout open.
    const held = await createAppointment({ patientId: patient.id, psychologistId: id, startsAt: brasilia(dayFromToday(4), "15:00"), status: "pending_payment", holdExpiresAt: new Date(Date.now() + 20 * 60_000) });
    await db.updateTable("appointments").set({ checkout_url: "http://localhost:3000/dev/checkout/held" }).where("id", "=", held).execute();
    const pay = () => run(payAction, postRequest(`/appointment/${held}/pay`, {}, patientJar), { id: held });
    expect(location(await pay())).toMatch(/\/dev\/checkout\/held$/);

    const profiles = [`/psychologist/${id}`, `/psychologists/${id}`, `/psychologist-details/${id}`];
    const publicPages = async () => ({
      directory: (await textOf("/psychologists")).text.includes(id),
      home: (await textOf("/")).text.includes(id),
      sitemap: (await textOf("/sitemap.xml")).text.includes(id),
      profiles: await Promise.all(profiles.map(async (path) => (await textOf(path)).status)),
      step2: (await textOf(`/schedule/step2?psychologistId=${id}&date=${dayFromToday(2)}&duration=50`)).status,
    });
    // Seen once so the page cache and the directory's figures hold them.
    expect(await publicPages()).toEqual({ directory: true, home: true, sitemap: true, profiles: [200, 200, 200], step2: 200 });
    expect((await textOf(profiles[0]!)).cache).toBe("hit");

    const blocked = await send(formPost(`/admin/users/${psychologist.id}`, { intent: "block", reason: "Denúncias em apuração" }, { Cookie: admin.header() }));
    expect(blocked.status).toBe(303);

    expect(await publicPages()).toEqual({ directory: false, home: false, sitemap: false, profiles: [404, 404, 404], step2: 404 });
    // The directory's figures count only public psychologists, and the page stays within its statements.
    const counted = await countStatements(async () => body(await run(directoryLoader, getRequest("/psychologists"))));
    expect(counted.result.total).toBe(0);
    expect(counted.count).toBeLessThanOrEqual(3);
    expect((await directoryStats()).psychologists).toBe(0);

    // Booking refuses it as it refuses an unpublished psychologist.
    const date = dayFromToday(3);
    const hold = await run(step3Action, postRequest("/schedule/step3", { psychologistId: id, date, startsAt: brasilia(date, "10:00").toISOString(), duration: "50", healthDataConsent: "on" }, patientJar));
    expect(hold.status).toBe(404);
    expect((await body(hold)).error[""]).toEqual(["Psicólogo não encontrado"]);
    // Nor is a hold paid for.
    const refusedPay = await pay();
    expect(location(refusedPay)).toBe("/patient-dashboard");
    expect((await takeToast(getRequest("/", new CookieJar().take(refusedPay)))).toast?.title).toBe("Psicólogo não encontrado");
    // A consultation already booked stays, but cannot move to a new slot.
    const move = await run(rescheduleAction, postRequest(`/appointment/${booked}/reschedule`, { intent: "request", startsAt: brasilia(dayFromToday(6), "14:00").toISOString(), reason: "Viagem" }, patientJar), { id: booked });
    expect(move.status).toBe(409);
    expect((await body(move)).error).toBe("Psicólogo não encontrado");
    expect(await db.selectFrom("appointments").select(["status", "starts_at"]).where("id", "=", booked).executeTakeFirstOrThrow()).toEqual({ status: "confirmed", starts_at: brasilia(dayFromToday(5), "10:00") });
    expect(await db.selectFrom("appointments").select("id").where("psychologist_id", "=", id).execute()).toHaveLength(2);
    // The approval is untouched.
    expect(await db.selectFrom("psychologists").select(["status", "is_approved"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ status: "approved", is_approved: true });

    expect((await send(formPost(`/admin/users/${psychologist.id}`, { intent: "unblock" }, { Cookie: admin.header() }))).status).toBe(303);
    expect(await publicPages()).toEqual({ directory: true, home: true, sitemap: true, profiles: [200, 200, 200], step2: 200 });
    expect((await directoryStats()).psychologists).toBe(1);
    expect(location(await pay())).toMatch(/\/dev\/checkout\/held$/);
  });

  it("refuses the patient's acceptance of a new time the psychologist proposed before the block; the proposal can still be rejected", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const psychologist = await createBookablePsychologist();
    const patient = await createUser();
    const patientJar = await signedIn(patient);
    const startsAt = brasilia(dayFromToday(5), "10:00");
    const booked = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt, status: "confirmed" });
    const proposed = brasilia(dayFromToday(6), "14:00");
    expect(await requestReschedule({ appointmentId: booked, asker: { role: "psychologist", userId: psychologist.id }, proposedStartsAt: proposed, reason: "Congresso" })).toEqual({ ok: true });
    const state = () => db.selectFrom("appointments").select(["status", "starts_at"]).where("id", "=", booked).executeTakeFirstOrThrow();
    const request = () => db.selectFrom("reschedule_requests").select("status").where("appointment_id", "=", booked).executeTakeFirstOrThrow();
    const answer = (fields: Record<string, string>) => run(rescheduleAction, postRequest(`/appointment/${booked}/reschedule`, fields, patientJar), { id: booked });

    expect((await send(formPost(`/admin/users/${psychologist.id}`, { intent: "block", reason: "Denúncias em apuração" }, { Cookie: admin.header() }))).status).toBe(303);
    const accepted = await answer({ intent: "accept" });
    expect(accepted.status).toBe(409);
    expect((await body(accepted)).error).toBe("Psicólogo não encontrado");
    expect(await state()).toEqual({ status: "pending_reschedule", starts_at: startsAt });
    expect(await request()).toEqual({ status: "pending" });

    const rejected = await answer({ intent: "reject", reason: "Prefiro manter" });
    expect(rejected.status).toBe(303);
    expect(await state()).toEqual({ status: "confirmed", starts_at: startsAt });
    expect(await request()).toEqual({ status: "rejected" });
  });
});
