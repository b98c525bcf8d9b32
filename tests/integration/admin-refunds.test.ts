import { randomUUID } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import * as manualRefundsModel from "~/models/manual-refunds.server";
import { lockAppointment } from "~/models/payment.server";
import { notificationRequest, type LocalPaymentGateway } from "~/providers/payments.local.server";
import { MercadoPagoGateway } from "~/providers/payments.mercadopago.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { loader as paymentsListLoader } from "~/routes/_admin.admin_.payments/route";
import { action, loader } from "~/routes/_admin.admin_.payments_.$id/route";
import { action as personAction, loader as personLoader } from "~/routes/_admin.admin_.users_.$id/route";
import { cancelAppointment, ManualRefundPendingError, refundCancellation } from "~/services/cancellation.server";
import { retryManualRefund } from "~/services/manual-refund.server";
import { formatTime } from "~/utils/format";
import { withRequestLogger } from "~/utils/logger.server";
import { zoneName } from "~/utils/zoned-time";
import { formPost, page as pageRequest, send } from "#tests/helpers/app";
import { clearQueues, createAppointment, createPair, HOUR, MINUTE, type Pair } from "#tests/helpers/appointments";
import { appointmentRow, useLocalGateway } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { queuedJobs, runQueuedJobs } from "#tests/helpers/jobs";
import { deliveredMail } from "#tests/helpers/mail";
import { body, getRequest, location, postRequest, run, type CookieJar } from "#tests/helpers/http";

/**
 * The administrator's money (issue 15, item 4): a manual refund, whole or in
 * part, with a reason, through the gateway with one idempotency key, made
 * once however often the form is sent; both people e-mailed; every step
 * audited. And the admin's cancellation: a consultation still ahead (a
 * blocked account's) cancelled with everything back.
 */

// The real cancellation, which one test makes fail once as a dropped connection would.
vi.mock("~/services/cancellation.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/cancellation.server")>();
  return { ...actual, cancelAppointment: vi.fn(actual.cancelAppointment) };
});

// The real refund writes, which some tests make fail once as a dropped connection would.
vi.mock("~/models/manual-refunds.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/manual-refunds.server")>();
  return { ...actual, insertManualRefund: vi.fn(actual.insertManualRefund), claimRetry: vi.fn(actual.claimRetry), completeManualRefund: vi.fn(actual.completeManualRefund) };
});

const PRICE = 200_00;
let pair: Pair;
let gateway: LocalPaymentGateway;
let admin: { id: string; email: string };
let adminJar: CookieJar;


/** A consultation paid through the local gateway, as the webhook recorded it; `startsIn` may be negative (it happened). */
async function paidAppointment(startsIn: number, status: "confirmed" | "completed" = "confirmed") {
  const startsAt = new Date(Math.ceil((Date.now() + Math.max(startsIn, 2 * HOUR)) / MINUTE) * MINUTE);
  const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt, status: "pending_payment", paymentStatus: "pending", priceCents: PRICE, holdExpiresAt: new Date(Date.now() + 30 * MINUTE) });
  const payment = await gateway.simulatePayment({ appointmentId: id, amountCents: PRICE, outcome: "approved" });
  expect((await send(notificationRequest(gateway.signedNotification(payment.id)))).status).toBeLessThan(300);
  await runQueuedJobs(["payments.process-notification"]);
  if (startsIn < 0 || status === "completed") {
    const past = new Date(Date.now() + startsIn);
    await db.updateTable("appointments").set({ starts_at: past, ends_at: new Date(past.getTime() + 50 * MINUTE), status }).where("id", "=", id).execute();
  }
  const row = await db.selectFrom("payments").select("id").where("appointment_id", "=", id).executeTakeFirstOrThrow();
  return { id, paymentId: row.id, providerPaymentId: payment.id };
}

const open = (paymentId: string) => run(loader, getRequest(`/admin/payments/${paymentId}`, adminJar), { id: paymentId });
const post = (paymentId: string, fields: Record<string, string | string[]>, jar = adminJar) => run(action, postRequest(`/admin/payments/${paymentId}`, fields, jar), { id: paymentId });
const refundForm = (fields: Partial<Record<"amount" | "reason" | "requestKey", string>> = {}) => ({ intent: "refund", amount: "80,00", reason: "Áudio falhou durante a sessão", requestKey: randomUUID(), ...fields });

const manualRefunds = (paymentId: string) => db.selectFrom("manual_refunds").selectAll().where("payment_id", "=", paymentId).orderBy("created_at").execute();
const paymentRow = (paymentId: string) => db.selectFrom("payments").select(["refunded_cents", "refund_id", "status"]).where("id", "=", paymentId).executeTakeFirstOrThrow();
const auditRows = (action: string) => db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

beforeEach(async () => {
  await clearQueues();
  gateway = useLocalGateway();
  pair = await createPair();
  admin = await createUser({ role: "admin", password: null });
  adminJar = await signedIn(admin);
});
afterEach(() => {
  resetPaymentGateway();
  vi.restoreAllMocks();
});

describe("a manual refund", () => {
  it("gives back part of a past consultation's payment once, records it, audits it and e-mails both", async () => {
    const { id, paymentId, providerPaymentId } = await paidAppointment(-3 * 24 * HOUR, "completed");
    const page = await body(await open(paymentId));
    expect(page.refundable).toMatchObject({ reais: "200,00" });
    expect(page.cancellable).toBe(false);
    const refund = vi.spyOn(gateway, "refund");

    const response = await post(paymentId, refundForm());
    expect(response.status).toBe(303);
    expect(location(response)).toBe(`/admin/payments/${paymentId}`);

    expect(refund).toHaveBeenCalledTimes(1);
    const [row] = await manualRefunds(paymentId);
    expect(refund.mock.calls[0]).toEqual([providerPaymentId, 80_00, { idempotencyKey: `acolhe-manual-refund-${row!.id}` }]);
    expect(row).toMatchObject({ cents: 80_00, status: "refunded", reason: "Áudio falhou durante a sessão", requested_by: admin.id, appointment_id: id });
    expect(row!.provider_refund_id).toBeTruthy();
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 80_00, refund_id: row!.provider_refund_id });
    expect((await gateway.getPayment(providerPaymentId))!.refundedCents).toBe(80_00);
    // Part of it: the consultation stays paid (and keeps a receipt for the rest).
    expect(await appointmentRow(id)).toMatchObject({ status: "completed", payment_status: "paid" });

    const audits = await auditRows("payment.refund");
    expect(audits.map((entry) => entry.details.stage)).toEqual(["requested", "completed"]);
    expect(audits[0]).toMatchObject({ actor_user_id: admin.id, actor_role: "admin", subject_type: "payment", subject_id: paymentId, patient_id: pair.patient.id });
    expect(audits[0]!.details).toMatchObject({ cents: 80_00, reason: "Áudio falhou durante a sessão" });

    const toPatient = await deliveredMail(pair.patient.email, "payment_manual_refund_patient");
    expect(toPatient.text).toMatch(/reembolsou R\$\s?80,00 da consulta/);
    expect(toPatient.text).not.toContain("Áudio falhou");
    const toPsychologist = await deliveredMail(pair.psychologist.email, "payment_manual_refund_psychologist");
    expect(toPsychologist.text).toMatch(/reembolsou R\$\s?80,00 ao paciente/);

    // The page now offers the rest, and lists the refund.
    const after = await body(await open(paymentId));
    expect(after.refundable).toMatchObject({ reais: "120,00" });
    expect(after.refunds).toMatchObject([{ status: "refunded", reason: "Áudio falhou durante a sessão", requestedBy: admin.email, retryable: false }]);

    // The patient's history says what came back.
    const dashboard = await (await send(pageRequest("/patient-dashboard?tab=history", { Cookie: (await signedIn(pair.patient)).header() }))).text();
    expect(dashboard).toMatch(/Reembolsado em parte: R\$\s?80,00/);
  });

  it("tells each person the consultation's time in their own zone, by the zone's name (not its IANA id)", async () => {
    pair = await createPair({ patient: { locale: "en", timeZone: "Europe/Lisbon" }, psychologist: { locale: "pt-BR", timeZone: "America/Manaus" } });
    const { id, paymentId } = await paidAppointment(-3 * 24 * HOUR, "completed");
    expect((await post(paymentId, refundForm())).status).toBe(303);
    const { starts_at: startsAt } = await db.selectFrom("appointments").select("starts_at").where("id", "=", id).executeTakeFirstOrThrow();

    const toPatient = (await deliveredMail(pair.patient.email, "payment_manual_refund_patient")).text;
    expect(toPatient).toContain(`at ${formatTime(startsAt, "en", "Europe/Lisbon")} (${zoneName(startsAt, "en", "Europe/Lisbon")})`);
    const toPsychologist = (await deliveredMail(pair.psychologist.email, "payment_manual_refund_psychologist")).text;
    expect(toPsychologist).toContain(`às ${formatTime(startsAt, "pt-BR", "America/Manaus")} (${zoneName(startsAt, "pt-BR", "America/Manaus")})`);
    for (const text of [toPatient, toPsychologist]) expect(text).not.toMatch(/Europe\/Lisbon|America\/Manaus/);
  });

  it("a failed refund the rule would refuse is not offered again: the page says why", async () => {
    const { paymentId } = await paidAppointment(-3 * 24 * HOUR, "completed");
    vi.spyOn(gateway, "refund").mockRejectedValueOnce(new Error("refused"));
    expect((await post(paymentId, refundForm({ amount: "50,00" }))).status).toBe(502);
    const [failed] = await manualRefunds(paymentId);
    expect(failed).toMatchObject({ status: "failed" });
    // Everything went back meanwhile (as the gateway's notice of a refund would record it).
    await db.updateTable("payments").set({ refunded_cents: PRICE }).where("id", "=", paymentId).execute();
    expect((await body(await open(paymentId))).refunds).toMatchObject([{ id: failed!.id, retryable: false, waitsForCancellation: false, retryRefusal: "nothing_left" }]);
    const shown = (await (await send(pageRequest(`/admin/payments/${paymentId}`, { Cookie: adminJar.header() }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).toContain("Não há mais valor a reembolsar neste pagamento.");
    expect(shown).not.toContain("Tentar novamente");
  });

  it("is one refund however often the same form is sent", async () => {
    const { paymentId } = await paidAppointment(-2 * 24 * HOUR, "completed");
    const refund = vi.spyOn(gateway, "refund");
    const form = refundForm({ amount: "50" });
    const responses = [await post(paymentId, form), await post(paymentId, form), await post(paymentId, form)];
    expect(responses.map((response) => response.status)).toEqual([303, 303, 303]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await manualRefunds(paymentId)).toHaveLength(1);
    expect((await paymentRow(paymentId)).refunded_cents).toBe(50_00);
    // Only the refund itself was audited, not the repeats.
    expect((await auditRows("payment.refund")).map((entry) => entry.details.stage)).toEqual(["requested", "completed"]);
  });

  it("gives back the rest of a past consultation and the patient's card says 'Reembolsado'", async () => {
    const { id, paymentId, providerPaymentId } = await paidAppointment(-24 * HOUR, "completed");
    expect((await post(paymentId, refundForm({ amount: "20,50" }))).status).toBe(303);
    expect((await post(paymentId, refundForm({ amount: "179,50" }))).status).toBe(303);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: PRICE });
    expect((await gateway.getPayment(providerPaymentId))!.status).toBe("refunded");
    expect(await appointmentRow(id)).toMatchObject({ payment_status: "refunded" });
    expect((await body(await open(paymentId))).refundable).toBeNull();
    // Nothing is left: another try is refused without calling the gateway.
    const refund = vi.spyOn(gateway, "refund");
    const refused = await post(paymentId, refundForm({ amount: "1,00" }));
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await body(refused))).toContain("Não há mais valor a reembolsar neste pagamento.");
    expect(refund).not.toHaveBeenCalled();

    const dashboard = await (await send(pageRequest("/patient-dashboard?tab=history", { Cookie: (await signedIn(pair.patient)).header() }))).text();
    expect(dashboard).toContain("Reembolsado");
    // Wholly given back: no receipt any more.
    expect(dashboard).not.toContain(`/appointment/${id}/receipt`);

    // Mercado Pago's later notice of the refund changes nothing more.
    await send(notificationRequest(gateway.signedNotification(providerPaymentId)));
    await runQueuedJobs(["payments.process-notification"]);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: PRICE });
    expect(await appointmentRow(id)).toMatchObject({ status: "completed", payment_status: "refunded" });
  });

  it.each([
    ["en", "200.00", "e.g. 80.00.", "R$1,234.50"],
    ["zh-CN", "200.00", "例如 80.00。", "R$1,234.50"],
    ["fr", "200,00", "par exemple 80,00.", "1\u202f234,50 R$"],
    ["pt-BR", "200,00", "por exemplo 80,00.", "R$ 1.234,50"],
  ])("in %s, fills the amount in as %s, gives its example that way, and reads back what that language types", async (locale, filled, example, thousands) => {
    const { paymentId } = await paidAppointment(-24 * HOUR, "completed");
    const headers = { "Accept-Language": locale };
    const html = (await (await send(pageRequest(`/admin/payments/${paymentId}`, { ...headers, Cookie: adminJar.header() }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(html).toMatch(new RegExp(`<input id="refund-amount"[^>]*value="${filled.replace(".", "\\.")}"`));
    expect(html).toMatch(new RegExp(`<p id="refund-amount-hint"[^>]*>[^<]*${example.replace(".", "\\.")}</p>`));
    // What is too much is refused as too much (409), not as unreadable (400): the thousands were read.
    const tooMuch = await run(action, postRequest(`/admin/payments/${paymentId}`, refundForm({ amount: thousands }), adminJar, headers), { id: paymentId });
    expect(tooMuch.status).toBe(409);
    const refund = vi.spyOn(gateway, "refund");
    const response = await run(action, postRequest(`/admin/payments/${paymentId}`, refundForm({ amount: filled }), adminJar, headers), { id: paymentId });
    expect(response.status).toBe(303);
    expect(refund.mock.calls[0]?.[1]).toBe(PRICE);
  });

  it.each([
    [{ amount: "abc" }, 400, "Valor inválido. Use reais com até dois decimais, por exemplo 80,00."],
    [{ amount: "0" }, 400, "Valor inválido. Use reais com até dois decimais, por exemplo 80,00."],
    [{ amount: "" }, 400, "Informe o valor do reembolso."],
    [{ amount: "200,01" }, 409, "O valor deve ser maior que zero e no máximo o que ainda pode ser reembolsado."],
    [{ reason: "" }, 400, "Informe o motivo (ao menos 3 caracteres)."],
    [{ reason: "ok" }, 400, "Informe o motivo (ao menos 3 caracteres)."],
    [{ reason: "x".repeat(501) }, 400, "O motivo pode ter no máximo 500 caracteres."],
  ])("refuses %o with %i and a message in Portuguese, writing nothing", async (fields, status, message) => {
    const { paymentId } = await paidAppointment(-24 * HOUR, "completed");
    const refund = vi.spyOn(gateway, "refund");
    const response = await post(paymentId, refundForm(fields));
    expect(response.status).toBe(status);
    expect(JSON.stringify(await body(response))).toContain(message);
    expect(refund).not.toHaveBeenCalled();
    expect(await manualRefunds(paymentId)).toEqual([]);
    expect(await auditRows("payment.refund")).toEqual([]);
  });

  it("sends everything back for a consultation still ahead through its cancellation, which frees the slot and tells both", async () => {
    const { id, paymentId, providerPaymentId } = await paidAppointment(3 * 24 * HOUR);
    const page = await body(await open(paymentId));
    expect(page.cancellable).toBe(true);
    const whole = await post(paymentId, refundForm({ amount: "200,00" }));
    expect(whole.status).toBe(409);
    expect(JSON.stringify(await body(whole))).toContain("cancele a consulta com reembolso integral");
    expect(await manualRefunds(paymentId)).toEqual([]);

    expect((await post(paymentId, { intent: "cancel", reason: "" })).status).toBe(400);
    const cancelled = await post(paymentId, { intent: "cancel", reason: "Conta do paciente bloqueada por fraude" });
    expect(cancelled.status).toBe(303);
    expect(await appointmentRow(id)).toMatchObject({ status: "cancelled", cancelled_by: "admin", cancellation_reason: "Conta do paciente bloqueada por fraude", refund_cents: PRICE, refund_status: "pending" });
    expect(await queuedJobs("payments.refund-cancellation")).toHaveLength(1);
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
    expect((await gateway.getPayment(providerPaymentId))!.status).toBe("refunded");
    expect(await auditRows("appointment.cancel")).toMatchObject([{ actor_user_id: admin.id, subject_id: id, details: { refundCents: PRICE } }]);
    // Cancelled once: a second try is refused.
    expect((await post(paymentId, { intent: "cancel", reason: "De novo" })).status).toBe(409);
  });

  it("answers a cancellation that fails unexpectedly in the form, with the reason kept and nothing changed", async () => {
    const { id, paymentId } = await paidAppointment(3 * 24 * HOUR);
    const before = await appointmentRow(id);
    vi.mocked(cancelAppointment).mockRejectedValueOnce(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
    const failed = await post(paymentId, { intent: "cancel", reason: "Conta do paciente bloqueada por fraude" });
    expect(failed.status).toBe(500);
    const answer = await body(failed);
    expect(answer.error[""]).toEqual(["Ocorreu um erro ao cancelar a consulta. Por favor, tente novamente."]);
    expect(answer.initialValue).toMatchObject({ intent: "cancel", reason: "Conta do paciente bloqueada por fraude" });
    expect(await appointmentRow(id)).toEqual(before);
    expect(await queuedJobs("payments.refund-cancellation")).toEqual([]);
    expect(await auditRows("appointment.cancel")).toEqual([]);
    // The same form sent again goes through.
    expect((await post(paymentId, { intent: "cancel", reason: "Conta do paciente bloqueada por fraude" })).status).toBe(303);
    expect(await appointmentRow(id)).toMatchObject({ status: "cancelled", cancelled_by: "admin" });
  });

  it("allows a part of an upcoming consultation's payment back (a goodwill refund) without cancelling it", async () => {
    const { id, paymentId } = await paidAppointment(3 * 24 * HOUR);
    expect((await post(paymentId, refundForm({ amount: "30,00" }))).status).toBe(303);
    expect(await appointmentRow(id)).toMatchObject({ status: "confirmed", payment_status: "paid" });
  });

  it("answers 404 for a payment nobody has", async () => {
    const missing = randomUUID();
    expect((await open(missing)).status).toBe(404);
    expect((await post(missing, refundForm())).status).toBe(404);
    expect((await run(loader, getRequest("/admin/payments/not-a-uuid", adminJar), { id: "not-a-uuid" })).status).toBe(404);
  });

  it("is refused to patients and psychologists, who cannot refund even their own payment", async () => {
    const { paymentId } = await paidAppointment(-24 * HOUR, "completed");
    const refund = vi.spyOn(gateway, "refund");
    for (const user of [pair.patient, pair.psychologist]) {
      const response = await post(paymentId, refundForm(), await signedIn(user));
      expect(response.status).toBe(403);
    }
    expect(refund).not.toHaveBeenCalled();
    expect(await manualRefunds(paymentId)).toEqual([]);
  });
});

describe("a manual refund beside a gateway notice (PostgreSQL only: PGlite is one session)", () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  it.skipIf(!onPostgres)("waits for a notice that holds the consultation and the payment, in its lock order, instead of deadlocking", async () => {
    const { id, paymentId } = await paidAppointment(-3 * 24 * HOUR, "completed");
    let response: Promise<Response> | undefined;
    // A notice's transaction: the consultation's row first, then, while the refund is on its way, the payment's.
    await db.transaction().execute(async (trx) => {
      await lockAppointment(trx, id);
      response = post(paymentId, refundForm());
      await new Promise((resolve) => setTimeout(resolve, 300));
      await trx.selectFrom("payments").select("id").where("id", "=", paymentId).forUpdate().execute();
    });
    expect((await response!).status).toBe(303);
    expect((await paymentRow(paymentId)).refunded_cents).toBe(80_00);
  });
});

describe("the page's forms without JavaScript", () => {
  /** The page as a plain POST renders it again, without its scripts (the hydration data repeats texts and ids). */
  const asPage = async (paymentId: string, fields: Record<string, string>) =>
    (await (await send(formPost(`/admin/payments/${paymentId}`, fields, { Cookie: adminJar.header() }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
  const tag = (html: string, id: string) => new RegExp(`<(?:textarea|input) id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
  const formOf = (html: string, id: string) => new RegExp(`<form[^>]*id="${id}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? "";
  const REASON = "Informe o motivo (ao menos 3 caracteres).";

  it("shows the cancellation's reason error in the cancel form only, and the refund's in the refund form only", async () => {
    const { paymentId } = await paidAppointment(3 * 24 * HOUR);
    const cancel = await asPage(paymentId, { intent: "cancel", reason: "x" });
    expect(tag(cancel, "cancel-reason")).toMatch(/aria-invalid="true"[^>]*aria-describedby="cancel-reason-error"/);
    expect(formOf(cancel, "cancel-form")).toContain(`<ul id="cancel-reason-error"`);
    expect(formOf(cancel, "cancel-form")).toContain(REASON);
    expect(tag(cancel, "refund-reason")).not.toContain("aria-invalid");
    expect(formOf(cancel, "refund-form")).not.toContain(REASON);
    expect(tag(cancel, "cancel-reason")).toContain('autofocus=""');

    const refund = await asPage(paymentId, refundForm({ amount: "50,00", reason: "x" }));
    expect(tag(refund, "refund-reason")).toMatch(/aria-invalid="true"[^>]*aria-describedby="refund-reason-error"/);
    expect(formOf(refund, "refund-form")).toContain(REASON);
    expect(tag(refund, "cancel-reason")).not.toContain("aria-invalid");
    expect(formOf(refund, "cancel-form")).not.toContain(REASON);
  });

  it("shows a form's own refusal in that form, focused, not in the others", async () => {
    const { paymentId } = await paidAppointment(3 * 24 * HOUR);
    // Everything back for a consultation ahead: the refund form says to cancel instead.
    const html = await asPage(paymentId, refundForm({ amount: "200,00" }));
    const message = "Para devolver tudo de uma consulta que ainda vai acontecer, cancele a consulta com reembolso integral.";
    expect(formOf(html, "refund-form")).toMatch(new RegExp(`<div id="refund-form-error" role="alert" tabindex="-1" autofocus=""[^>]*><p>${message}</p>`));
    expect(formOf(html, "cancel-form")).not.toContain('role="alert"');
    expect(html).not.toContain('id="payment-error"');
  });
});

describe("a refund or retry that fails unexpectedly", () => {
  const databaseDown = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
  const MESSAGE = "Erro ao processar reembolso. Tente novamente em instantes.";

  /** Posts as server.ts runs a request, under a logger bound to the request id; returns what it logged at error level. */
  async function postAs(requestId: string, paymentId: string, fields: Record<string, string>) {
    const lines: Array<{ level: number; requestId?: string; form?: string; err?: { message: string } }> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) }).child({ requestId });
    const response = await withRequestLogger(logger, () => post(paymentId, fields));
    return { response, errors: lines.filter((line) => line.level >= 50) };
  }

  it("a refund whose write fails answers 500 in the form with the amount and reason kept, logged, and refunds nothing", async () => {
    const { paymentId } = await paidAppointment(-24 * HOUR, "completed");
    const refund = vi.spyOn(gateway, "refund");
    vi.mocked(manualRefundsModel.insertManualRefund).mockRejectedValueOnce(databaseDown());
    const form = refundForm({ amount: "80,00" });
    const { response, errors } = await postAs("req-refund", paymentId, form);
    expect(response.status).toBe(500);
    const answer = await body(response);
    expect(answer.error[""]).toEqual([MESSAGE]);
    expect(answer.initialValue).toMatchObject({ intent: "refund", amount: "80,00", reason: "Áudio falhou durante a sessão" });
    expect(JSON.stringify(answer)).not.toContain("Connection terminated");
    expect(refund).not.toHaveBeenCalled();
    expect(await manualRefunds(paymentId)).toEqual([]);
    expect(await auditRows("payment.refund")).toEqual([]);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 0 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId: "req-refund", form: "admin-payment-refund", err: { message: "Connection terminated unexpectedly" } });
    // The same form sent again goes through.
    expect((await post(paymentId, form)).status).toBe(303);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 80_00 });
  });

  it("a refund the gateway made but the database could not record answers 500, and its amount stays held back", async () => {
    const { paymentId } = await paidAppointment(-24 * HOUR, "completed");
    vi.mocked(manualRefundsModel.completeManualRefund).mockRejectedValueOnce(databaseDown());
    const form = refundForm({ amount: "150,00" });
    const { response, errors } = await postAs("req-refund-after", paymentId, form);
    expect(response.status).toBe(500);
    const answer = await body(response);
    expect(answer.error[""]).toEqual([MESSAGE]);
    expect(errors).toMatchObject([{ requestId: "req-refund-after", form: "admin-payment-refund" }]);
    // Listed as in progress; what is left excludes it, so it cannot be given back twice.
    expect(await manualRefunds(paymentId)).toMatchObject([{ cents: 150_00, status: "pending" }]);
    expect((await body(await open(paymentId))).refundable).toMatchObject({ reais: "50,00" });
    expect((await post(paymentId, refundForm({ amount: "150,00" }))).status).toBe(409);
    // The form comes back with its own key: sent again, it is that refund, not a second one (of the 50,00 left).
    expect(answer.requestKey).toBe(form.requestKey);
    const refund = vi.spyOn(gateway, "refund");
    expect((await post(paymentId, { ...form, amount: "50,00", requestKey: answer.requestKey })).status).toBe(303);
    expect(refund).not.toHaveBeenCalled();
    expect(await manualRefunds(paymentId)).toHaveLength(1);
  });

  it("a retry whose write fails answers 500 in the form, logged, and the refund stays failed, to be tried again", async () => {
    const { paymentId } = await paidAppointment(-24 * HOUR, "completed");
    vi.spyOn(gateway, "refund").mockRejectedValueOnce(new Error("socket hang up"));
    expect((await post(paymentId, refundForm())).status).toBe(502);
    const [failed] = await manualRefunds(paymentId);
    expect(failed).toMatchObject({ status: "failed" });
    vi.mocked(manualRefundsModel.claimRetry).mockRejectedValueOnce(databaseDown());
    const { response, errors } = await postAs("req-retry", paymentId, { intent: "retry", refundId: failed!.id });
    expect(response.status).toBe(500);
    const answer = await body(response);
    expect(answer.error[""]).toEqual([MESSAGE]);
    expect(answer.initialValue).toMatchObject({ intent: "retry", refundId: failed!.id });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId: "req-retry", form: "admin-payment-retry", err: { message: "Connection terminated unexpectedly" } });
    expect(await manualRefunds(paymentId)).toMatchObject([{ id: failed!.id, status: "failed" }]);
    expect((await auditRows("payment.refund")).map((entry) => entry.details.stage)).toEqual(["requested", "failed"]);
    // Tried again, it goes through.
    expect((await post(paymentId, { intent: "retry", refundId: failed!.id })).status).toBe(303);
    expect(await manualRefunds(paymentId)).toMatchObject([{ id: failed!.id, status: "refunded" }]);
  });

  it("without JavaScript, the page shows the message and the refund form filled in with what was typed, not the error page", async () => {
    const { paymentId } = await paidAppointment(-24 * HOUR, "completed");
    vi.mocked(manualRefundsModel.insertManualRefund).mockRejectedValueOnce(databaseDown());
    const form = refundForm({ amount: "42,50", reason: "Sessão interrompida" });
    const response = await send(formPost(`/admin/payments/${paymentId}`, form, { Cookie: adminJar.header() }));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`role="alert"[^>]*><p>${MESSAGE.replaceAll(".", "\\.")}</p>`));
    expect(html).toMatch(/<input[^>]*name="amount"[^>]*value="42,50"/);
    expect(html).toMatch(/<textarea[^>]*name="reason"[^>]*>Sessão interrompida<\/textarea>/);
    expect(html).toMatch(new RegExp(`<input[^>]*name="requestKey"[^>]*value="${form.requestKey}"`));
    expect(html).not.toContain('id="error-title"');
    expect(html).not.toContain("Connection terminated");
  });
});

describe("a manual refund through Mercado Pago", () => {
  const API = "https://api.mercadopago.com";
  const server = setupServer();
  const seen: Array<{ path: string; key: string | null; body: string }> = [];
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });

  it("sends the amount in reais with the refund's own key; a refusal is kept, listed and tried again with the same key", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 48 * HOUR), status: "completed", paymentStatus: "paid", priceCents: PRICE });
    const payment = await db.insertInto("payments").values({ appointment_id: id, provider: "mercadopago", provider_payment_id: "1234567890", status: "approved", amount_cents: PRICE, currency: "BRL", approved_at: new Date() }).returning("id").executeTakeFirstOrThrow();
    resetPaymentGateway(new MercadoPagoGateway({ accessToken: "TEST-token", timeoutMs: 2_000, retries: 0 }));
    const answers = [HttpResponse.json({ message: "internal_error", error: "internal_error", status: 500, cause: [] }, { status: 500 }), HttpResponse.json({ id: 555, payment_id: 1234567890, amount: 75.5, status: "approved" }, { status: 201 })];
    server.use(
      http.post(`${API}/v1/payments/:id/refunds`, async ({ request, params }) => {
        seen.push({ path: String(params.id), key: request.headers.get("x-idempotency-key"), body: await request.text() });
        return answers.shift()!;
      }),
    );

    const refused = await post(payment.id, refundForm({ amount: "75,50" }));
    expect(refused.status).toBe(502);
    expect(JSON.stringify(await body(refused))).toContain("Erro ao processar reembolso");
    const [failed] = await manualRefunds(payment.id);
    expect(failed).toMatchObject({ status: "failed", cents: 75_50 });
    expect(failed!.error).toBeTruthy();
    expect(await paymentRow(payment.id)).toMatchObject({ refunded_cents: 0 });
    // Audited with its mark, on the payment: ids and the amount, never the gateway's words.
    const failure = (await auditRows("payment.refund")).find((entry) => entry.details.stage === "failed");
    expect(failure).toMatchObject({ actor_user_id: admin.id, actor_role: "admin", subject_type: "payment", subject_id: payment.id, patient_id: pair.patient.id });
    expect(failure!.details).toEqual({ appointmentId: id, refundId: failed!.id, cents: 75_50, stage: "failed" });
    // Listed among the refunds that need someone.
    const failedView = await body(await run(paymentsListLoader, getRequest("/admin/payments?view=failed_refunds", adminJar)));
    expect(failedView.rows.map((row: { id: string }) => row.id)).toEqual([payment.id]);
    expect((await body(await open(payment.id))).refunds).toMatchObject([{ status: "failed", retryable: true }]);

    const retried = await post(payment.id, { intent: "retry", refundId: failed!.id });
    expect(retried.status).toBe(303);
    expect(seen).toHaveLength(2);
    expect(seen.map((request) => request.path)).toEqual(["1234567890", "1234567890"]);
    expect(seen[0]!.key).toBe(`acolhe-manual-refund-${failed!.id}`);
    expect(seen[1]!.key).toBe(seen[0]!.key);
    expect(JSON.parse(seen[1]!.body)).toEqual({ amount: 75.5 });
    expect(await manualRefunds(payment.id)).toMatchObject([{ id: failed!.id, status: "refunded", provider_refund_id: "555", error: null }]);
    expect(await paymentRow(payment.id)).toMatchObject({ refunded_cents: 75_50, refund_id: "555" });
    // Done: it cannot be tried again.
    const again = await post(payment.id, { intent: "retry", refundId: failed!.id });
    expect(again.status).toBe(409);
    expect(seen).toHaveLength(2);
    expect((await auditRows("payment.refund")).map((entry) => entry.details.stage)).toEqual(["requested", "failed", "retried", "completed"]);
  });

  it("words a refusal in the admin's language, from the failure's kind", async () => {
    const id = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 48 * HOUR), status: "completed", paymentStatus: "paid", priceCents: PRICE });
    const payment = await db.insertInto("payments").values({ appointment_id: id, provider: "mercadopago", provider_payment_id: "1234567891", status: "approved", amount_cents: PRICE, currency: "BRL", approved_at: new Date() }).returning("id").executeTakeFirstOrThrow();
    resetPaymentGateway(new MercadoPagoGateway({ accessToken: "TEST-token", timeoutMs: 2_000, retries: 0 }));
    server.use(http.post(`${API}/v1/payments/:id/refunds`, () => HttpResponse.json({ message: "internal_error", status: 500 }, { status: 500 })));
    const refused = await run(action, postRequest(`/admin/payments/${payment.id}`, refundForm(), adminJar, { "Accept-Language": "en" }), { id: payment.id });
    expect(refused.status).toBe(502);
    const errors = JSON.stringify(await body(refused));
    expect(errors).toContain("The refund could not be processed.");
    expect(errors).not.toContain("Erro");
  });
});

describe("a blocked account's consultations", () => {
  it("are listed on the person's page and cancelled with everything back, only theirs and only those ahead", async () => {
    const ahead = await paidAppointment(3 * 24 * HOUR);
    const past = await paidAppointment(-24 * HOUR, "completed");
    const other = await createPair();
    const someoneElse = await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt: new Date(Date.now() + 4 * 24 * HOUR) });
    expect((await run(personAction, postRequest(`/admin/users/${pair.patient.id}`, { intent: "block", reason: "Chargebacks repetidos" }, adminJar), { id: pair.patient.id })).status).toBe(303);

    const page = await body(await run(personLoader, getRequest(`/admin/users/${pair.patient.id}`, adminJar), { id: pair.patient.id }));
    expect(page.upcoming.map((row: { id: string }) => row.id)).toEqual([ahead.id]);
    const html = await (await send(pageRequest(`/admin/users/${pair.patient.id}`, { Cookie: adminJar.header() }))).text();
    expect(html).toContain("Cancelar com reembolso integral");
    // Ticked by default on a blocked account's page.
    expect(html).toMatch(new RegExp(`<input type="checkbox" name="appointmentId"[^>]*checked=""[^>]*value="${ahead.id}"`));

    expect((await run(personAction, postRequest(`/admin/users/${pair.patient.id}`, { intent: "cancel-appointments", reason: "Conta bloqueada" }, adminJar), { id: pair.patient.id })).status).toBe(400);
    const response = await run(personAction, postRequest(`/admin/users/${pair.patient.id}`, { intent: "cancel-appointments", appointmentId: [ahead.id, past.id, someoneElse], reason: "Conta bloqueada" }, adminJar), { id: pair.patient.id });
    expect(response.status).toBe(303);
    expect(await appointmentRow(ahead.id)).toMatchObject({ status: "cancelled", cancelled_by: "admin", refund_cents: PRICE });
    expect(await appointmentRow(past.id)).toMatchObject({ status: "completed" });
    expect(await appointmentRow(someoneElse)).toMatchObject({ status: "confirmed" });
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(await appointmentRow(ahead.id)).toMatchObject({ payment_status: "refunded", refund_status: "refunded" });
    // Both were told.
    expect((await deliveredMail(pair.psychologist.email, "appointment_cancelled")).text).toBeTruthy();
  });
});

describe("a manual refund and a cancellation of the same payment", () => {
  /** The patient cancels three days ahead: under the default policy, everything back is owed. */
  const patientCancels = async (appointmentId: string) => {
    const result = await cancelAppointment({ appointmentId, asker: { role: "patient", userId: pair.patient.id }, reason: "Mudei de cidade", exception: null });
    expect(result).toMatchObject({ ok: true });
  };
  const cancelRefundKey = (appointmentId: string, owed: number) => `acolhe-cancel-refund-${appointmentId}-${owed}`;
  const systemFailures = async () => (await auditRows("payment.refund")).filter((entry) => entry.actor_role === "system" && entry.details.stage === "failed");
  /** A promise and the function that fulfils it (Promise.withResolvers, which Node 20 lacks). */
  function signal() {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  }

  it("while the admin's refund awaits the gateway, the cancellation's job sends nothing and retries; then it sends only what is left", async () => {
    const { id, paymentId, providerPaymentId } = await paidAppointment(3 * 24 * HOUR);
    // The admin's R$ 50,00: written, the gateway called, its answer not yet back.
    const real = gateway.refund.bind(gateway);
    const answer = signal();
    const refund = vi.spyOn(gateway, "refund").mockImplementationOnce(async (...args) => {
      await answer.promise;
      return real(...args);
    });
    const manual = post(paymentId, refundForm({ amount: "50,00" }));
    await vi.waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
    expect(await manualRefunds(paymentId)).toMatchObject([{ cents: 50_00, status: "pending" }]);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 0 });

    // The patient cancels meanwhile: R$ 200,00 owed.
    await patientCancels(id);
    expect(await appointmentRow(id)).toMatchObject({ refund_cents: PRICE, refund_status: "pending" });
    await runQueuedJobs(["payments.refund-cancellation"]);
    await expect(refundCancellation({ appointmentId: id })).rejects.toBeInstanceOf(ManualRefundPendingError);
    // No call, no failed mark shown to anyone, no failure audited: only "not yet", and the job is to run again.
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "pending", payment_status: "paid" });
    expect(await systemFailures()).toEqual([]);
    expect((await queuedJobs("payments.refund-cancellation")).map((job) => job.state)).toEqual(["retry"]);

    // The gateway answers: the admin's refund is counted, and the cancellation's job is queued again at once.
    answer.resolve();
    expect((await manual).status).toBe(303);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 50_00 });
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(refund).toHaveBeenCalledTimes(2);
    expect(refund.mock.calls[1]).toEqual([providerPaymentId, 150_00, { idempotencyKey: cancelRefundKey(id, PRICE) }]);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: PRICE });
    expect((await gateway.getPayment(providerPaymentId))!).toMatchObject({ status: "refunded", refundedCents: PRICE });
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
    // The job's later retry owes nothing and asks nothing.
    await runQueuedJobs(["payments.refund-cancellation"], { includeFuture: true });
    expect(refund).toHaveBeenCalledTimes(2);
    expect((await auditRows("payment.refund")).filter((entry) => entry.details.stage === "completed").map((entry) => entry.details.cents)).toEqual([50_00, 150_00]);
  });

  it("a refund the admin made before is counted: the cancellation sends only what is left of the payment", async () => {
    const { id, paymentId, providerPaymentId } = await paidAppointment(3 * 24 * HOUR);
    expect((await post(paymentId, refundForm({ amount: "30,00" }))).status).toBe(303);
    await patientCancels(id);
    const refund = vi.spyOn(gateway, "refund");
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(refund.mock.calls).toEqual([[providerPaymentId, 170_00, { idempotencyKey: cancelRefundKey(id, PRICE) }]]);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: PRICE });
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
  });

  it("when what was owed already went back, nothing is sent and the refund is done", async () => {
    const { id, paymentId } = await paidAppointment(18 * HOUR);
    // A goodwill R$ 150,00, then the patient cancels 18 h ahead: half (R$ 100,00) owed, already more than covered.
    expect((await post(paymentId, refundForm({ amount: "150,00" }))).status).toBe(303);
    expect((await cancelAppointment({ appointmentId: id, asker: { role: "patient", userId: pair.patient.id }, reason: "Imprevisto", exception: null })).ok).toBe(true);
    expect(await appointmentRow(id)).toMatchObject({ refund_cents: PRICE / 2, refund_status: "pending" });
    const refund = vi.spyOn(gateway, "refund");
    await expect(refundCancellation({ appointmentId: id })).resolves.toBe("nothing_owed");
    expect(refund).not.toHaveBeenCalled();
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "paid" });
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 150_00 });
    const settled = (await auditRows("payment.refund")).filter((entry) => entry.details.stage === "settled");
    expect(settled).toMatchObject([{ actor_role: "system", subject_id: paymentId, patient_id: pair.patient.id, details: { appointmentId: id, cents: 0, owedCents: PRICE / 2 } }]);
    // Done: the rest may go back by hand again.
    expect((await post(paymentId, refundForm({ amount: "50,00" }))).status).toBe(303);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: PRICE });
  });

  it("a payment wholly given back owes nothing more: no call", async () => {
    const { id, paymentId } = await paidAppointment(3 * 24 * HOUR);
    await patientCancels(id);
    // Everything went back meanwhile (as the gateway's notice of a refund would record it).
    await db.updateTable("payments").set({ refunded_cents: PRICE }).where("id", "=", paymentId).execute();
    const refund = vi.spyOn(gateway, "refund");
    await expect(refundCancellation({ appointmentId: id })).resolves.toBe("nothing_owed");
    expect(refund).not.toHaveBeenCalled();
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
  });

  it("a manual refund left pending (its answer lost) holds the cancellation, is listed for the admin, and once tried again lets it go on", async () => {
    const { id, paymentId, providerPaymentId } = await paidAppointment(3 * 24 * HOUR);
    // Written ten minutes ago; the process died before the gateway was called.
    await manualRefundsModel.insertManualRefund(db, { paymentId, appointmentId: id, adminId: admin.id, requestKey: randomUUID(), cents: 50_00, reason: "Falha de áudio", now: new Date(Date.now() - 10 * MINUTE) });
    await patientCancels(id);
    const refund = vi.spyOn(gateway, "refund");

    // Each try logs at error level which refund holds it, and throws to be tried again with pg-boss's backoff.
    const lines: Array<{ level: number; msg: string; staleManualRefundIds?: string[] }> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    await expect(withRequestLogger(logger, () => refundCancellation({ appointmentId: id }))).rejects.toBeInstanceOf(ManualRefundPendingError);
    const [pending] = await manualRefunds(paymentId);
    expect(lines.filter((line) => line.level >= 50)).toMatchObject([{ staleManualRefundIds: [pending!.id] }]);
    expect(refund).not.toHaveBeenCalled();
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "pending" });

    // The admin sees it among the refunds that need someone, and may try it again (the cancellation's refund waits for it, so it is not refused).
    const failedView = await body(await run(paymentsListLoader, getRequest("/admin/payments?view=failed_refunds", adminJar)));
    expect(failedView.rows.map((row: { id: string }) => row.id)).toEqual([paymentId]);
    expect((await body(await open(paymentId))).refunds).toMatchObject([{ status: "pending", retryable: true }]);
    expect((await post(paymentId, { intent: "retry", refundId: pending!.id })).status).toBe(303);
    expect(refund.mock.calls).toEqual([[providerPaymentId, 50_00, { idempotencyKey: `acolhe-manual-refund-${pending!.id}` }]]);

    // Answered: the cancellation goes on at once, with what is left.
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(refund.mock.calls[1]).toEqual([providerPaymentId, 150_00, { idempotencyKey: cancelRefundKey(id, PRICE) }]);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: PRICE });
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
  });

  it("a manual refund the gateway refused lets the cancellation go on in full, and cannot be tried again on top of it", async () => {
    const { id, paymentId, providerPaymentId } = await paidAppointment(3 * 24 * HOUR);
    const answer = signal();
    const refund = vi.spyOn(gateway, "refund").mockImplementationOnce(async () => {
      await answer.promise;
      throw new Error("refused");
    });
    const manual = post(paymentId, refundForm({ amount: "50,00" }));
    await vi.waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
    await patientCancels(id);
    await expect(refundCancellation({ appointmentId: id })).rejects.toBeInstanceOf(ManualRefundPendingError);
    answer.resolve();
    expect((await manual).status).toBe(502);
    const [failed] = await manualRefunds(paymentId);
    expect(failed).toMatchObject({ status: "failed" });

    // While the cancellation's refund is owed, the failed one is not tried again.
    // The page does not offer it, and says why; the action's 409 stays for a page opened before.
    expect((await body(await open(paymentId))).refunds).toMatchObject([{ id: failed!.id, status: "failed", retryable: false, waitsForCancellation: true }]);
    const shown = (await (await send(pageRequest(`/admin/payments/${paymentId}`, { Cookie: adminJar.header() }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).toContain("Aguardando o reembolso do cancelamento desta consulta.");
    expect(shown).not.toContain(`name="refundId" value="${failed!.id}"`);
    expect(shown).not.toContain("Tentar novamente");
    const whileOwed = await post(paymentId, { intent: "retry", refundId: failed!.id });
    expect(whileOwed.status).toBe(409);
    expect(await retryManualRefund({ admin, paymentId, refundId: failed!.id })).toEqual({ ok: false, problem: "cancellation_refund_owed" });
    expect(refund).toHaveBeenCalledTimes(1);

    // Queued again by the refusal: the cancellation sends everything, nothing having gone back.
    await runQueuedJobs(["payments.refund-cancellation"]);
    expect(refund.mock.calls[1]).toEqual([providerPaymentId, PRICE, { idempotencyKey: cancelRefundKey(id, PRICE) }]);
    expect(await appointmentRow(id)).toMatchObject({ refund_status: "refunded", payment_status: "refunded" });
    // Nothing is left: the failed R$ 50,00 would be more than was paid.
    expect(await retryManualRefund({ admin, paymentId, refundId: failed!.id })).toEqual({ ok: false, problem: "nothing_left" });
    expect(refund).toHaveBeenCalledTimes(2);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: PRICE });
  });
});
