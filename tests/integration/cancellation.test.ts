import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import { insertHold } from "~/models/booking.server";
import { savePolicies } from "~/models/policies.server";
import { notificationRequest, type LocalPaymentGateway } from "~/providers/payments.local.server";
import { MercadoPagoGateway } from "~/providers/payments.mercadopago.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { action, loader } from "~/routes/_account.appointment.$id.cancel/route";
import { action as detailAction } from "~/routes/_psychologist.psychologist-dashboard.appointments_.$id/route";
import { refundCancellation } from "~/services/cancellation.server";
import { formPost, page as pageRequest, send } from "#tests/helpers/app";
import { clearQueues, createAppointment, createPair, HOUR, MINUTE, type Pair } from "#tests/helpers/appointments";
import { appointmentRow, useLocalGateway } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { queuedJobs, runQueuedJobs } from "#tests/helpers/jobs";
import { body, getRequest, location, postRequest, run, type CookieJar } from "#tests/helpers/http";
import { deliveredMail } from "#tests/helpers/mail";

/**
 * Cancelling (issue 13, item 2): by the patient or the psychologist, the
 * refund of the booking's policy decided at the POST, the money returned by a
 * job with one idempotency key, and everything that follows a cancellation.
 */

const PRICE = 280_00;
let pair: Pair;
let gateway: LocalPaymentGateway;

/** A confirmed appointment paid through the local gateway, as the webhook would have recorded it. */
async function paidAppointment(startsIn: number, options: { minutes?: number } = {}) {
  const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Math.ceil((Date.now() + startsIn) / MINUTE) * MINUTE), status: "pending_payment", paymentStatus: "pending", priceCents: PRICE, holdExpiresAt: new Date(Date.now() + 30 * MINUTE), minutes: options.minutes });
  const payment = await gateway.simulatePayment({ appointmentId: id, amountCents: PRICE, outcome: "approved" });
  const response = await send(notificationRequest(gateway.signedNotification(payment.id)));
  expect(response.status).toBeLessThan(300);
  await runQueuedJobs(["payments.process-notification"]);
  expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", payment_status: "paid" });
  return { id, paymentId: payment.id };
}

const auditRows = (action: string) => db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();
const pagePath = (path: string, jar: CookieJar) => pageRequest(path, { Cookie: jar.header() });
const page = (id: string, jar: CookieJar) => run(loader, getRequest(`/appointment/${id}/cancel`, jar), { id });
const cancel = (id: string, jar: CookieJar, fields: Record<string, string> = { reason: "Surgiu um compromisso de trabalho" }) => run(action, postRequest(`/appointment/${id}/cancel`, fields, jar), { id });

beforeEach(async () => {
  await clearQueues();
  gateway = useLocalGateway();
  pair = await createPair();
});
afterEach(() => {
  resetPaymentGateway();
  vi.restoreAllMocks();
});

describe("a patient cancels", () => {
  it("sees the consultation's time in their own zone, named when it differs from the psychologist's (ADR 004)", async () => {
    const { id } = await paidAppointment(48 * HOUR);
    await db.updateTable("profiles").set({ time_zone: "Europe/Lisbon" }).where("id", "=", pair.patient.id).execute();
    const patientView = (await body(await page(id, await signedIn(pair.patient)))).appointment;
    expect(patientView.zone).toMatch(/Europa Ocidental/);
    const html = await (await send(pagePath(`/appointment/${id}/cancel`, await signedIn(pair.patient)))).text();
    expect(html).toContain(`<p class="muted text-xs">${patientView.zone}</p>`);
    // The psychologist reads it on the practice's clock: nothing to name.
    const psychologistView = (await body(await page(id, await signedIn(pair.psychologist)))).appointment;
    expect(psychologistView.zone).toBeNull();
    expect(psychologistView.time).not.toBe(patientView.time);
  });

  it("18 hours ahead: sees 50 % before confirming, gets half back, and everything that follows happens once", async () => {
    const { id, paymentId } = await paidAppointment(18 * HOUR);
    const jar = await signedIn(pair.patient);
    const shown = await body(await page(id, jar));
    expect(shown.quote).toMatchObject({ percent: 50, cents: PRICE / 2, paid: true });
    expect(shown.quote.amount).toMatch(/140,00/);
    expect(shown.policy.text).toBe("Política desta consulta: reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas.");

    const response = await cancel(id, jar, { reason: "Surgiu um compromisso de trabalho", exception: "technical_issues" });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/patient-dashboard");
    expect(await appointmentRow(id)).toMatchObject({
      status: "cancelled",
      cancelled_by: "patient",
      cancellation_reason: "Surgiu um compromisso de trabalho",
      cancellation_exception: "technical_issues",
      refund_cents: PRICE / 2,
      refund_status: "pending",
    });
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(1);
    // The refund decided is a money write: audited, naming who, which consultation and how much — not the reason nor the exception.
    const [audited, ...more] = await auditRows("appointment.cancel");
    expect(more).toEqual([]);
    expect(audited).toMatchObject({ actor_user_id: pair.patient.id, actor_role: "patient", subject_type: "appointment", subject_id: id, patient_id: pair.patient.id, details: { refundCents: PRICE / 2 } });
    expect(JSON.stringify(audited!.details)).not.toMatch(/compromisso|technical/);

    const refund = vi.spyOn(gateway, "refund");
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]!.slice(0, 2)).toEqual([paymentId, PRICE / 2]);
    expect((refund.mock.calls[0] as unknown[])[2]).toEqual({ idempotencyKey: `acolhe-cancel-refund-${id}-${PRICE / 2}` });
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "paid" });
    const payment = await db.selectFrom("payments").select(["id", "refunded_cents", "refund_id"]).where("appointment_id", "=", id).executeTakeFirstOrThrow();
    expect(payment.refunded_cents).toBe(PRICE / 2);
    expect(payment.refund_id).toBeTruthy();
    expect((await gateway.getPayment(paymentId))!.refundedCents).toBe(PRICE / 2);
    // The money moved is audited with its record, by the job.
    expect(await auditRows("payment.refund")).toMatchObject([
      { actor_user_id: null, actor_role: "system", subject_type: "payment", subject_id: payment.id, patient_id: pair.patient.id, details: { appointmentId: id, refundId: payment.refund_id, cents: PRICE / 2, stage: "completed" } },
    ]);

    // Mercado Pago then reports the partial refund: nothing changes, no second refund.
    await send(notificationRequest(gateway.signedNotification(paymentId)));
    await runQueuedJobs(["payments.process-notification", "payments.refund-cancellation"]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await appointmentRow(id)).toMatchObject({ status: "cancelled", refund_status: "refunded" });
    expect(await auditRows("payment.refund")).toHaveLength(1);

    // Both told with the cancelling invite; the psychologist's box and the history have it.
    const mails = await db.selectFrom("mail_outbox").select(["to_email", "template"]).where("template", "like", "appointment_cancel%").execute();
    expect(mails.map((mail) => mail.to_email).sort()).toEqual([pair.patient.email, pair.psychologist.email].sort());
    expect(await db.selectFrom("practice_notifications").select("kind").where("appointment_id", "=", id).execute()).toEqual(expect.arrayContaining([{ kind: "cancellation" }]));
    expect(await db.selectFrom("appointment_history").select(["to_status"]).where("appointment_id", "=", id).where("action", "=", "status").execute()).toEqual(
      expect.arrayContaining([{ to_status: "cancelled" }]),
    );
    // The slot is free for someone else at once.
    const other = await createUser();
    const start = (await appointmentRow(id)).starts_at;
    await expect(createAppointment({ patientId: other.id, psychologistId: pair.psychologist.psychologistId, startsAt: start })).resolves.toBeTruthy();
  });

  it.each([
    [48 * HOUR, 100, PRICE],
    [24 * HOUR + 5 * MINUTE, 100, PRICE],
    [12 * HOUR + 5 * MINUTE, 50, PRICE / 2],
    [6 * HOUR, 0, 0],
  ])("%i ms ahead: %i %% back", async (startsIn, percent, cents) => {
    const { id } = await paidAppointment(startsIn);
    const jar = await signedIn(pair.patient);
    expect((await body(await page(id, jar))).quote.percent).toBe(percent);
    expect((await cancel(id, jar)).status).toBe(303);
    const row = await appointmentRow(id);
    expect(row.refund_cents).toBe(cents);
    expect(row.refund_status).toBe(cents > 0 ? "pending" : null);
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(cents > 0 ? 1 : 0);
    if (cents === PRICE) {
      await runQueuedJobs(["payments.refund-cancellation"]);
      expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
    }
  });

  it("less than 12 hours ahead: the page says plainly that nothing comes back, not '0% refund: R$ 0,00 returned'", async () => {
    const { id } = await paidAppointment(6 * HOUR);
    const html = await (await send(pagePath(`/appointment/${id}/cancel`, await signedIn(pair.patient)))).text();
    expect(html).toMatch(/Sem reembolso: cancelando agora, o valor pago \(R\$\s280,00\) não é devolvido\./);
    expect(html).not.toMatch(/Reembolso de 0%/);
    // With some money back, the percent and the amount are still said.
    const { id: later } = await paidAppointment(18 * HOUR);
    const laterHtml = await (await send(pagePath(`/appointment/${later}/cancel`, await signedIn(pair.patient)))).text();
    expect(laterHtml).toMatch(/Reembolso de 50%: R\$\s140,00 voltam para você\./);
  });

  it("an unpaid hold is only released", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() + 3 * 24 * HOUR), status: "pending_payment", holdExpiresAt: new Date(Date.now() + 20 * MINUTE) });
    const jar = await signedIn(pair.patient);
    expect((await body(await page(id, jar))).quote).toMatchObject({ paid: false, cents: 0 });
    expect((await cancel(id, jar)).status).toBe(303);
    expect(await appointmentRow(id)).toMatchObject({ status: "cancelled", hold_expires_at: null, refund_cents: null, refund_status: null });
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(0);
    // No money moved, none decided: nothing to audit.
    expect(await auditRows("appointment.cancel")).toEqual([]);
  });
});

describe("the psychologist cancels", () => {
  it("always refunds in full, even hours before, and goes back to the consultation's page", async () => {
    const { id, paymentId } = await paidAppointment(5 * HOUR);
    const jar = await signedIn(pair.psychologist);
    expect((await body(await page(id, jar))).quote).toMatchObject({ percent: 100, cents: PRICE });
    const response = await cancel(id, jar, { reason: "Estou doente", exception: "medical_emergency" });
    expect(location(response)).toBe(`/psychologist-dashboard/appointments/${id}`);
    // A psychologist claims no exception: only a patient's is recorded.
    expect(await appointmentRow(id)).toMatchObject({ cancelled_by: "psychologist", cancellation_exception: null, refund_cents: PRICE });
    expect(await auditRows("appointment.cancel")).toMatchObject([{ actor_user_id: pair.psychologist.id, actor_role: "psychologist", subject_id: id, patient_id: pair.patient.id, details: { refundCents: PRICE } }]);
    expect(JSON.stringify((await auditRows("appointment.cancel"))[0]!.details)).not.toMatch(/doente|medical/);
    // Their own cancellation is not news to them: the notifications box stays as it was (the patient is e-mailed).
    expect(await db.selectFrom("practice_notifications").select("kind").where("appointment_id", "=", id).where("kind", "=", "cancellation").execute()).toEqual([]);
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect((await gateway.getPayment(paymentId))!.status).toBe("refunded");
    expect(await appointmentRow(id)).toMatchObject({ payment_status: "refunded", refund_status: "refunded" });
    // The patient's e-mail says what comes back and when it may show; the psychologist's says nothing of money.
    const toPatient = await deliveredMail(pair.patient.email, "appointment_cancelled");
    expect(toPatient.text).toMatch(/Reembolso: R\$\s?280,00\nDependendo do meio de pagamento, o reembolso pode levar alguns dias/);
    expect(toPatient.html).toMatch(/Reembolso: R\$\s?280,00/);
    expect((await deliveredMail(pair.psychologist.email, "appointment_cancelled")).text).not.toContain("Reembolso");
  });
});

describe("the time the page reads", () => {
  it("is the practice's clock for the psychologist, as their dashboard shows it, whatever their personal zone", async () => {
    const { id } = await paidAppointment(3 * 24 * HOUR);
    await db.updateTable("psychologists").set({ time_zone: "America/Manaus" }).where("id", "=", pair.psychologist.psychologistId).execute();
    await db.updateTable("profiles").set({ time_zone: "America/Sao_Paulo" }).where("id", "=", pair.psychologist.id).execute();
    const { starts_at: startsAt } = await db.selectFrom("appointments").select("starts_at").where("id", "=", id).executeTakeFirstOrThrow();
    const clock = (timeZone: string) => new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone }).format(startsAt);
    expect((await body(await page(id, await signedIn(pair.psychologist)))).appointment.time).toBe(clock("America/Manaus"));
    await db.updateTable("profiles").set({ time_zone: "America/Sao_Paulo" }).where("id", "=", pair.patient.id).execute();
    expect((await body(await page(id, await signedIn(pair.patient)))).appointment.time).toBe(clock("America/Sao_Paulo"));
  });
});

describe("what is refused, with nothing written", () => {
  it("a missing reason: 400 with the spec's message", async () => {
    const { id } = await paidAppointment(48 * HOUR);
    const jar = await signedIn(pair.patient);
    for (const fields of [{}, { reason: "   " }] as Record<string, string>[]) {
      const response = await cancel(id, jar, fields);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await body(response))).toContain("Por favor, informe o motivo do cancelamento");
    }
    const tooLong = await cancel(id, jar, { reason: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    const strange = await cancel(id, jar, { reason: "ok", exception: "boredom" });
    expect(strange.status).toBe(400);
    // A tampered exception is said for the form, in the visitor's language, without JavaScript too.
    const invalid = "A exceção escolhida não está entre as opções. Escolha uma opção da lista e envie de novo.";
    expect((await body(strange)).error).toBe(invalid);
    const page = await send(formPost(`/appointment/${id}/cancel`, { reason: "ok", exception: "boredom" }, { Cookie: jar.header() }));
    expect(page.status).toBe(400);
    expect((await page.text()).replace(/<script[\s\S]*?<\/script>/g, "")).toMatch(new RegExp(`role="alert"[^>]*>(<[^>]+>)*${invalid}`));
    expect((await appointmentRow(id)).status).toBe("confirmed");
  });

  it("someone else's appointment is a 404; an admin is refused", async () => {
    const { id } = await paidAppointment(48 * HOUR);
    const otherPatient = await signedIn(await createUser());
    const otherPsychologist = await signedIn(await createUser({ role: "psychologist" }));
    for (const jar of [otherPatient, otherPsychologist]) {
      expect((await page(id, jar)).status).toBe(404);
      expect((await cancel(id, jar)).status).toBe(404);
    }
    expect((await cancel(id, await signedIn(await createUser({ role: "admin" })))).status).toBe(403);
    expect((await appointmentRow(id)).status).toBe("confirmed");
  });

  it("an appointment already cancelled, completed or begun: 409 with why", async () => {
    const jar = await signedIn(pair.patient);
    const { id } = await paidAppointment(48 * HOUR);
    expect((await cancel(id, jar)).status).toBe(303);
    const again = await cancel(id, jar);
    expect(again.status).toBe(409);
    expect((await body(again)).error).toBe("Esta consulta não pode mais ser cancelada.");
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(1);

    const begun = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 5 * MINUTE), room: true });
    const response = await cancel(begun, jar);
    expect(response.status).toBe(409);
    expect((await body(response)).error).toBe("A consulta já começou e não pode mais ser cancelada.");
    expect((await body(await page(begun, jar))).refusal).toBe("started");
    expect((await appointmentRow(begun)).status).toBe("confirmed");
  });
});

describe("a failure on the server", () => {
  it("rolls everything back and says so in the form (503), keeping what was typed", async () => {
    const { id } = await paidAppointment(48 * HOUR);
    const jar = await signedIn(pair.patient);
    // The history row is written inside the cancelling transaction: failing it fails the whole cancellation.
    await sql`CREATE FUNCTION test_refuse_history() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(db);
    await sql`CREATE TRIGGER test_refuse_history BEFORE INSERT ON appointment_history FOR EACH ROW EXECUTE FUNCTION test_refuse_history()`.execute(db);
    try {
      const response = await cancel(id, jar, { reason: "Viagem de trabalho", exception: "weather_conditions" });
      expect(response.status).toBe(503);
      const answer = await body(response);
      expect(answer.error).toBe("Ocorreu um erro ao cancelar a consulta. Por favor, tente novamente.");
      expect(answer.result.initialValue).toMatchObject({ reason: "Viagem de trabalho", exception: "weather_conditions" });
    } finally {
      await sql`DROP TRIGGER test_refuse_history ON appointment_history`.execute(db);
      await sql`DROP FUNCTION test_refuse_history()`.execute(db);
    }
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", payment_status: "paid", cancellation_reason: null });
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(0);
    expect((await cancel(id, jar)).status).toBe(303);
  });
});

describe("the audit row", () => {
  /** Refuses every audit row until dropped: the money write must fail with it. */
  async function refusingAudit<T>(act: () => Promise<T>): Promise<T> {
    await sql`CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$`.execute(db);
    await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`.execute(db);
    try {
      return await act();
    } finally {
      await sql`DROP TRIGGER test_refuse_audit ON audit_log`.execute(db);
      await sql`DROP FUNCTION test_refuse_audit()`.execute(db);
    }
  }

  it("is written in the cancelling transaction: when it cannot be, nothing is cancelled nor refunded", async () => {
    const { id } = await paidAppointment(48 * HOUR);
    const jar = await signedIn(pair.patient);
    expect((await refusingAudit(() => cancel(id, jar))).status).toBe(503);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", refund_cents: null, refund_status: null });
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(0);
  });

  it("is written in the granting transaction: when it cannot be, nothing more is owed", async () => {
    const { id } = await paidAppointment(18 * HOUR);
    await cancel(id, await signedIn(pair.patient), { reason: "Fui internada", exception: "medical_emergency" });
    await runQueuedJobs(["payments.refund-cancellation"]);
    const grant = run(detailAction, postRequest(`/psychologist-dashboard/appointments/${id}`, { intent: "grant-full-refund" }, await signedIn(pair.psychologist)), { id });
    await expect(refusingAudit(() => grant)).rejects.toThrow(/audit down/);
    expect(await appointmentRow(id)).toMatchObject({ refund_cents: PRICE / 2, refund_status: "refunded" });
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(0);
    expect((await auditRows("payment.refund")).map((row) => row.details.stage)).toEqual(["completed"]);
  });
});

describe("the policy of the booking", () => {
  it("is the one in force when it was booked: a later change never applies to it", async () => {
    const before = await paidAppointment(30 * HOUR);
    await savePolicies({
      psychologistId: pair.psychologist.psychologistId,
      cancellation: { noFeeThresholdHours: 48, partialRefundThresholdHours: 24, partialRefundPercent: 30, exceptions: { medicalEmergency: true, technicalIssues: false, weatherConditions: false } },
      reschedule: { maxReschedulesPerAppointment: 1, minHoursBeforeAppointment: 48 },
    });
    const jar = await signedIn(pair.patient);
    // Booked under the defaults: 30 h ahead is a full refund.
    expect((await body(await page(before.id, jar))).quote.percent).toBe(100);

    // A hold made now records the new versions; 30 h ahead is then 30 %.
    const startsAt = new Date(Math.ceil((Date.now() + 30 * HOUR + HOUR) / MINUTE) * MINUTE);
    const id = await db.transaction().execute((trx) =>
      insertHold(trx, { patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt, endsAt: new Date(startsAt.getTime() + 50 * MINUTE), durationMinutes: 50, priceCents: PRICE, holdExpiresAt: new Date(Date.now() + 30 * MINUTE) }),
    );
    const row = await appointmentRow(id);
    expect(row.cancellation_policy_id).toBeTruthy();
    expect(row.reschedule_policy_id).toBeTruthy();
    await db.updateTable("appointments").set({ status: "confirmed", payment_status: "paid", hold_expires_at: null }).where("id", "=", id).execute();
    const shown = await body(await page(id, jar));
    expect(shown.quote.percent).toBe(30);
    expect(shown.policy.exceptions).toEqual(["medical_emergency"]);
    expect(shown.policy.text).toBe("Política desta consulta: reembolso integral com 48 horas ou mais de antecedência, 30% entre 24 e 48 horas, nenhum com menos de 24 horas.");
  });
});

describe("the confirmation e-mail", () => {
  it("states the policy the booking was made under, even when the psychologist changes it before the payment clears", async () => {
    await savePolicies({
      psychologistId: pair.psychologist.psychologistId,
      cancellation: { noFeeThresholdHours: 36, partialRefundThresholdHours: 6, partialRefundPercent: 40, exceptions: { medicalEmergency: true, technicalIssues: true, weatherConditions: true } },
      reschedule: { maxReschedulesPerAppointment: 3, minHoursBeforeAppointment: 12 },
    });
    const startsAt = new Date(Math.ceil((Date.now() + 72 * HOUR) / MINUTE) * MINUTE);
    const id = await db.transaction().execute((trx) =>
      insertHold(trx, { patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt, endsAt: new Date(startsAt.getTime() + 50 * MINUTE), durationMinutes: 50, priceCents: PRICE, holdExpiresAt: new Date(Date.now() + 30 * MINUTE) }),
    );
    await savePolicies({
      psychologistId: pair.psychologist.psychologistId,
      cancellation: { noFeeThresholdHours: 72, partialRefundThresholdHours: 48, partialRefundPercent: 10, exceptions: { medicalEmergency: false, technicalIssues: false, weatherConditions: false } },
      reschedule: { maxReschedulesPerAppointment: 1, minHoursBeforeAppointment: 72 },
    });
    const payment = await gateway.simulatePayment({ appointmentId: id, amountCents: PRICE, outcome: "approved" });
    expect((await send(notificationRequest(gateway.signedNotification(payment.id)))).status).toBeLessThan(300);
    await runQueuedJobs(["payments.process-notification"]);
    const mail = await db.selectFrom("mail_outbox").select(["text", "html"]).where("template", "=", "appointment_confirmed").where("to_email", "=", pair.patient.email).executeTakeFirstOrThrow();
    const booked = "Cancelamento: reembolso integral com 36 horas ou mais de antecedência, 40% entre 6 e 36 horas, nenhum com menos de 6 horas. Reagendamento: até 3 vezes, com pelo menos 12 horas de antecedência.";
    expect(mail.text).toContain(booked);
    expect(mail.html).toContain(booked);
    expect(mail.text).not.toContain("72 horas");
  });
});

describe("the refund through Mercado Pago", () => {
  const API = "https://api.mercadopago.com";
  const server = setupServer();
  const seen: Array<{ path: string; key: string | null; body: string }> = [];
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });

  it("is marked failed when refused, tried again with the same key, and made once", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() + 48 * HOUR), priceCents: PRICE });
    await db.insertInto("payments").values({ appointment_id: id, provider: "mercadopago", provider_payment_id: "1234567890", status: "approved", amount_cents: PRICE, currency: "BRL", approved_at: new Date() }).execute();
    resetPaymentGateway(new MercadoPagoGateway({ accessToken: "TEST-token", timeoutMs: 2_000, retries: 0 }));
    let answers = [HttpResponse.json({ message: "internal_error", error: "internal_error", status: 500, cause: [] }, { status: 500 }), HttpResponse.json({ id: 987, payment_id: 1234567890, amount: 280, status: "approved" }, { status: 201 })];
    server.use(
      http.post(`${API}/v1/payments/:id/refunds`, async ({ request, params }) => {
        seen.push({ path: String(params.id), key: request.headers.get("x-idempotency-key"), body: await request.text() });
        return answers.shift()!;
      }),
    );

    // The patient cancels two days ahead: everything back.
    expect((await cancel(id, await signedIn(pair.patient))).status).toBe(303);
    await expect(refundCancellation({ appointmentId: id })).rejects.toThrow();
    expect(await appointmentRow(id)).toMatchObject({ status: "cancelled", refund_status: "failed" });
    // The failure is audited with its mark, by the job: ids and the amount, never the gateway's words.
    const paymentRowId = (await db.selectFrom("payments").select("id").where("appointment_id", "=", id).executeTakeFirstOrThrow()).id;
    const [failure, ...others] = await auditRows("payment.refund");
    expect(others).toEqual([]);
    expect(failure).toMatchObject({ actor_user_id: null, actor_role: "system", subject_type: "payment", subject_id: paymentRowId, patient_id: pair.patient.id });
    expect(failure!.details).toEqual({ appointmentId: id, cents: PRICE, stage: "failed" });

    await expect(refundCancellation({ appointmentId: id })).resolves.toBe("refunded");
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
    expect((await auditRows("payment.refund")).map((row) => row.details.stage)).toEqual(["failed", "completed"]);
    expect(seen).toHaveLength(2);
    expect(seen.map((request) => request.path)).toEqual(["1234567890", "1234567890"]);
    expect(seen[0]!.key).toBe(`acolhe-cancel-refund-${id}-${PRICE}`);
    expect(seen[1]!.key).toBe(seen[0]!.key);
    expect(JSON.parse(seen[1]!.body)).toEqual({ amount: 280 });

    // A later run owes nothing and asks nothing.
    answers = [];
    await expect(refundCancellation({ appointmentId: id })).resolves.toBe("nothing_owed");
    expect(seen).toHaveLength(2);
    const payment = await db.selectFrom("payments").select(["refund_id", "refunded_cents"]).where("appointment_id", "=", id).executeTakeFirstOrThrow();
    expect(payment).toEqual({ refund_id: "987", refunded_cents: PRICE });
  });
});

describe("where it is offered and followed", () => {
  it("the patient's card links to it and, once cancelled, says where the refund stands", async () => {
    const { id } = await paidAppointment(18 * HOUR);
    const jar = await signedIn(pair.patient);
    const before = await (await send(pagePath("/patient-dashboard", jar))).text();
    expect(before).toContain(`href="/appointment/${id}/cancel"`);
    expect(before).toContain("Cancelar consulta");
    await cancel(id, jar, { reason: "Viagem", exception: "weather_conditions" });
    const after = await (await send(pagePath("/patient-dashboard?tab=history", jar))).text();
    expect(after).not.toContain(`href="/appointment/${id}/cancel"`);
    expect(after).toMatch(/Reembolso de R\$\s?140,00 em processamento\./);
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(await (await send(pagePath("/patient-dashboard?tab=history", jar))).text()).toMatch(/Reembolso de R\$\s?140,00 concluído\./);
  });

  it("the psychologist's consultation page links to it and shows who cancelled, why, the claimed exception and the refund", async () => {
    const { id } = await paidAppointment(18 * HOUR);
    const psychologist = await signedIn(pair.psychologist);
    expect(await (await send(pagePath(`/psychologist-dashboard/appointments/${id}`, psychologist))).text()).toContain(`href="/appointment/${id}/cancel"`);
    await cancel(id, await signedIn(pair.patient), { reason: "Viagem", exception: "weather_conditions" });
    const html = await (await send(pagePath(`/psychologist-dashboard/appointments/${id}`, psychologist))).text();
    expect(html).not.toContain(`href="/appointment/${id}/cancel"`);
    for (const text of ["Cancelada pelo paciente.", "Viagem", "O paciente informou uma situação especial: condições climáticas."]) expect(html).toContain(text);
    expect(html).toMatch(/Reembolso ao paciente de R\$\s?140,00 em processamento\./);
  });
});

describe("a claimed exception", () => {
  it("the psychologist grants it: the rest of the price goes back by a second refund", async () => {
    const { id, paymentId } = await paidAppointment(18 * HOUR);
    await cancel(id, await signedIn(pair.patient), { reason: "Fui internada", exception: "medical_emergency" });
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(await appointmentRow(id)).toMatchObject({ refund_cents: PRICE / 2, refund_status: "refunded", payment_status: "paid" });

    // Only the consultation's psychologist, and only once.
    const stranger = await signedIn(await createUser({ role: "psychologist" }));
    expect((await run(detailAction, postRequest(`/psychologist-dashboard/appointments/${id}`, { intent: "grant-full-refund" }, stranger), { id })).status).toBe(404);
    const grants = async () => (await auditRows("payment.refund")).filter((row) => row.details.stage === "exception_granted");
    expect(await grants()).toEqual([]);
    const refund = vi.spyOn(gateway, "refund");
    const granted = await run(detailAction, postRequest(`/psychologist-dashboard/appointments/${id}`, { intent: "grant-full-refund" }, await signedIn(pair.psychologist)), { id });
    expect(granted.status).toBe(303);
    // The grant is a money write: who granted, for which consultation and patient, the amount now owed; not the exception's kind.
    const granting = await grants();
    expect(granting).toMatchObject([{ actor_user_id: pair.psychologist.id, actor_role: "psychologist", subject_type: "appointment", subject_id: id, patient_id: pair.patient.id, details: { refundCents: PRICE, stage: "exception_granted" } }]);
    expect(JSON.stringify(granting[0]!.details)).not.toMatch(/medical|internada/);
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]!.slice(0, 2)).toEqual([paymentId, PRICE / 2]);
    expect((refund.mock.calls[0] as unknown[])[2]).toEqual({ idempotencyKey: `acolhe-cancel-refund-${id}-${PRICE}` });
    expect(await appointmentRow(id)).toMatchObject({ refund_cents: PRICE, refund_status: "refunded", payment_status: "refunded" });
    expect((await gateway.getPayment(paymentId))!.status).toBe("refunded");
    const again = await run(detailAction, postRequest(`/psychologist-dashboard/appointments/${id}`, { intent: "grant-full-refund" }, await signedIn(pair.psychologist)), { id });
    expect(again.status).toBe(409);
    // A refused grant wrote nothing, so it claims nothing; each of the two refunds made is recorded once.
    expect(await grants()).toHaveLength(1);
    expect((await auditRows("payment.refund")).filter((row) => row.details.stage === "completed").map((row) => row.details.cents)).toEqual([PRICE / 2, PRICE / 2]);
  });

  it("without an exception there is nothing to grant", async () => {
    const { id } = await paidAppointment(18 * HOUR);
    await cancel(id, await signedIn(pair.patient));
    const response = await run(detailAction, postRequest(`/psychologist-dashboard/appointments/${id}`, { intent: "grant-full-refund" }, await signedIn(pair.psychologist)), { id });
    expect(response.status).toBe(409);
    expect((await appointmentRow(id)).refund_cents).toBe(PRICE / 2);
  });
});
