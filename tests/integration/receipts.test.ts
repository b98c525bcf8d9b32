import { describe, expect, it } from "vitest";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { getRequest, location, run } from "#tests/helpers/http";
import { isPdf, pdfText } from "#tests/helpers/pdf";
import { db } from "~/models/db.server";
import { loader } from "~/routes/_patient.appointment.$id.receipt";
import { zoneName } from "~/utils/zoned-time";

/** Receipts (issue 14, item 7): what the PDF says, which consultations have one, and who may download it. */

const PATIENT_CPF = "52998224725";
const PSYCHOLOGIST_CPF = "12345678909";

async function practice() {
  const pair = await createPair({ patient: { firstName: "Paula", lastName: "Pereira" }, psychologist: { name: "Dra. Helena Prado" } });
  await db.updateTable("psychologists").set({ crp: "06/123456", cpf: PSYCHOLOGIST_CPF }).where("id", "=", pair.psychologist.psychologistId).execute();
  await db.updateTable("profiles").set({ cpf: PATIENT_CPF }).where("id", "=", pair.patient.id).execute();
  return pair;
}

async function pay(appointmentId: string, values: { amountCents: number; refundedCents?: number; method?: string }) {
  await db
    .insertInto("payments")
    .values({
      appointment_id: appointmentId,
      provider: "local",
      provider_payment_id: `pay-${appointmentId}`,
      status: "approved",
      method: values.method ?? "pix",
      amount_cents: values.amountCents,
      currency: "BRL",
      refunded_cents: values.refundedCents ?? 0,
      approved_at: new Date("2026-09-28T12:00:00Z"),
    })
    .execute();
}

async function download(id: string, jar?: Awaited<ReturnType<typeof signedIn>>, headers: Record<string, string> = {}) {
  return run(loader, getRequest(`/appointment/${id}/receipt`, jar, headers), { id });
}

async function pdfOf(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(isPdf(bytes)).toBe(true);
  return pdfText(bytes);
}

describe("the receipt of a paid consultation", () => {
  it("states both parties with their CPFs, the CRP, date, service, amount and method", async () => {
    const { patient, psychologist } = await practice();
    // 1 October 2026, 14:00 in São Paulo.
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-10-01T17:00:00Z"), status: "completed", priceCents: 180_00 });
    await pay(id, { amountCents: 180_00, method: "credit_card" });
    const response = await download(id, await signedIn(patient));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="recibo-2026-10-01-${id.replace(/-/g, "").slice(0, 8)}.pdf"`);
    const text = await pdfOf(response);
    expect(text).toContain("RECIBO");
    expect(text).toContain(`2026-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`);
    expect(text).toContain("Dra. Helena Prado");
    expect(text).toContain("06/123456");
    expect(text).toContain("123.456.789-09");
    expect(text).toContain("Paula Pereira");
    expect(text).toContain("529.982.247-25");
    // The practice's clock, its zone named: a patient abroad reads which 14:00 it was.
    expect(text).toContain(`Data da consulta: 01 de outubro de 2026, às 14:00 (${zoneName(new Date("2026-10-01T17:00:00Z"), "pt-BR", "America/Sao_Paulo")})`);
    expect(text).toContain("Consulta psicológica online (psicoterapia)");
    expect(text).toMatch(/R\$\s180,00/);
    expect(text).toContain("Cartão de crédito");
    expect(text).not.toContain("não está cadastrado");

    const rows = await db.selectFrom("audit_log").selectAll().where("action", "=", "receipt.download").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: patient.id, actor_role: "patient", subject_type: "appointment", subject_id: id, patient_id: patient.id });
  });

  it("is named in the reader's language: English, and French's 'reçu' with an ASCII name beside it (RFC 5987)", async () => {
    const { patient, psychologist } = await practice();
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-10-01T17:00:00Z"), status: "completed", priceCents: 180_00 });
    await pay(id, { amountCents: 180_00 });
    const jar = await signedIn(patient);
    const short = id.replace(/-/g, "").slice(0, 8);
    const english = await download(id, jar, { "Accept-Language": "en" });
    expect(english.headers.get("Content-Disposition")).toBe(`attachment; filename="receipt-2026-10-01-${short}.pdf"`);
    const englishText = await pdfOf(english);
    expect(englishText).toContain("RECEIPT");
    expect(englishText).toContain(`Consultation date: October 1, 2026 at 14:00 (${zoneName(new Date("2026-10-01T17:00:00Z"), "en", "America/Sao_Paulo")})`);
    const french = await download(id, jar, { "Accept-Language": "fr" });
    expect(french.headers.get("Content-Disposition")).toBe(`attachment; filename="recu-2026-10-01-${short}.pdf"; filename*=UTF-8''re%C3%A7u-2026-10-01-${short}.pdf`);
  });

  it("uses the appointment's price and method when no payment row was recorded (seeded history), and an upcoming paid one has one too", async () => {
    const { patient, psychologist } = await practice();
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + 3 * 86_400_000), status: "confirmed", priceCents: 150_00 });
    await db.updateTable("appointments").set({ payment_method: "debit_card" }).where("id", "=", id).execute();
    const text = await pdfOf(await download(id, await signedIn(patient)));
    expect(text).toMatch(/R\$\s150,00/);
    expect(text).toContain("Cartão de débito");
  });

  it("shows the net amount of a cancellation with a partial refund, and none for a full refund", async () => {
    const { patient, psychologist } = await practice();
    const base = { patientId: patient.id, psychologistId: psychologist.psychologistId, priceCents: 200_00 };
    const partial = await createAppointment({ ...base, startsAt: new Date("2026-10-05T17:00:00Z"), status: "cancelled" });
    await db.updateTable("appointments").set({ refund_cents: 100_00, refund_status: "refunded" }).where("id", "=", partial).execute();
    await pay(partial, { amountCents: 200_00, refundedCents: 100_00 });
    const full = await createAppointment({ ...base, startsAt: new Date("2026-10-06T17:00:00Z"), status: "cancelled", paymentStatus: "refunded" });
    await db.updateTable("appointments").set({ refund_cents: 200_00, refund_status: "refunded" }).where("id", "=", full).execute();
    // Still marked paid while the full refund runs: no receipt either.
    const pendingFull = await createAppointment({ ...base, startsAt: new Date("2026-10-07T17:00:00Z"), status: "cancelled" });
    await db.updateTable("appointments").set({ refund_cents: 200_00, refund_status: "pending" }).where("id", "=", pendingFull).execute();
    const jar = await signedIn(patient);

    const text = await pdfOf(await download(partial, jar));
    expect(text).toMatch(/Valor pago: R\$\s200,00/);
    expect(text).toMatch(/Reembolsado: R\$\s100,00/);
    expect(text).toMatch(/Valor recebido: R\$\s100,00/);
    expect(text).toContain("política de cancelamento");
    expect((await download(full, jar)).status).toBe(404);
    expect((await download(pendingFull, jar)).status).toBe(404);
  });

  it("states what the consultation cost when a second payment was given back whole, and still nets a cancellation's refund owed", async () => {
    const { patient, psychologist } = await practice();
    const base = { patientId: patient.id, psychologistId: psychologist.psychologistId, priceCents: 200_00 };
    const returnedTwice = async (id: string) => {
      await pay(id, { amountCents: 200_00 });
      // Paid again by mistake (refunded as a duplicate; the gateway's status stays 'approved'), and 200.00 in another currency, refunded too.
      const extra = { appointment_id: id, provider: "local" as const, status: "approved", method: "pix", amount_cents: 200_00, refunded_cents: 200_00, approved_at: new Date("2026-09-28T12:10:00Z") };
      await db.insertInto("payments").values({ ...extra, provider_payment_id: `dup-${id}`, currency: "BRL" }).execute();
      await db.insertInto("payments").values({ ...extra, provider_payment_id: `usd-${id}`, currency: "USD" }).execute();
    };
    const completed = await createAppointment({ ...base, startsAt: new Date("2026-10-05T17:00:00Z"), status: "completed" });
    await returnedTwice(completed);
    const cancelled = await createAppointment({ ...base, startsAt: new Date("2026-10-06T17:00:00Z"), status: "cancelled" });
    await db.updateTable("appointments").set({ refund_cents: 100_00, refund_status: "pending" }).where("id", "=", cancelled).execute();
    await returnedTwice(cancelled);
    const jar = await signedIn(patient);

    const text = await pdfOf(await download(completed, jar));
    expect(text).toMatch(/R\$\s200,00/);
    expect(text).not.toMatch(/R\$\s(400|600),00/);
    expect(text).not.toContain("Reembolsado");
    const partial = await pdfOf(await download(cancelled, jar));
    expect(partial).toMatch(/Valor pago: R\$\s200,00/);
    expect(partial).toMatch(/Reembolsado: R\$\s100,00/);
    expect(partial).toMatch(/Valor recebido: R\$\s100,00/);
  });

  it("has none for an unpaid consultation", async () => {
    const { patient, psychologist } = await practice();
    const hold = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-12-01T17:00:00Z"), status: "pending_payment", holdExpiresAt: new Date(Date.now() + 600_000) });
    expect((await download(hold, await signedIn(patient))).status).toBe(404);
  });

  it("says when a CPF is missing", async () => {
    const { patient, psychologist } = await practice();
    await db.updateTable("psychologists").set({ cpf: null }).where("id", "=", psychologist.psychologistId).execute();
    await db.updateTable("profiles").set({ cpf: null }).where("id", "=", patient.id).execute();
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-10-01T17:00:00Z"), status: "completed" });
    const text = await pdfOf(await download(id, await signedIn(patient)));
    expect(text).toContain("o CPF do(a) psicólogo(a) não está cadastrado");
    expect(text).toContain("Não informado (cadastre-o em Configurações)");
  });
});

describe("who may download it", () => {
  it("only the consultation's own patient: another patient gets 404, a psychologist or admin 403, a visitor /login", async () => {
    const { patient, psychologist } = await practice();
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-10-01T17:00:00Z"), status: "completed" });
    const other = await createUser();
    expect((await download(id, await signedIn(other))).status).toBe(404);
    expect((await download(id, await signedIn(psychologist))).status).toBe(403);
    expect((await download(id, await signedIn(await createUser({ role: "admin" })))).status).toBe(403);
    const anonymous = await download(id);
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toBe(`/login?redirectTo=${encodeURIComponent(`/appointment/${id}/receipt`)}`);
    expect((await download("not-a-uuid", await signedIn(patient))).status).toBe(404);
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "receipt.download").execute()).toHaveLength(0);
  });
});

describe("the psychologist's CPF on the professional profile", () => {
  const PROFILE = {
    intent: "profile",
    name: "Dra. Helena Prado",
    crp: "06/654321",
    specialties: ["anxiety"],
    price: "180,00",
  };

  it("is optional, validated ('CPF inválido'), kept as digits, shown masked to its owner and never in public pages", async () => {
    const { action, loader: profileLoader } = await import("~/routes/_psychologist.psychologist-profile/route");
    const { loader: publicLoader } = await import("~/routes/_public.psychologist.$id");
    const user = await createUser({ role: "psychologist" });
    const jar = await signedIn(user);
    const { postRequest } = await import("#tests/helpers/http");

    const wrong = await run(action, postRequest("/psychologist-profile?edit=1", { ...PROFILE, cpf: "123.456.789-10" }, jar));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.cpf).toEqual(["CPF inválido"]);

    expect((await run(action, postRequest("/psychologist-profile?edit=1", { ...PROFILE, cpf: "" }, jar))).status).toBe(303);
    expect((await db.selectFrom("psychologists").select("cpf").where("id", "=", user.psychologistId!).executeTakeFirstOrThrow()).cpf).toBeNull();

    expect((await run(action, postRequest("/psychologist-profile?edit=1", { ...PROFILE, cpf: "123.456.789-09" }, jar))).status).toBe(303);
    expect((await db.selectFrom("psychologists").select("cpf").where("id", "=", user.psychologistId!).executeTakeFirstOrThrow()).cpf).toBe("12345678909");
    const own = await (await run(profileLoader, getRequest("/psychologist-profile", jar))).json();
    expect(own.profile.cpf).toBe("12345678909");

    await db.updateTable("psychologists").set({ status: "approved", is_approved: true }).where("id", "=", user.psychologistId!).execute();
    const publicPage = await run(publicLoader, getRequest(`/psychologist/${user.psychologistId}`), { id: user.psychologistId! });
    const text = await publicPage.text();
    expect(text).not.toContain("12345678909");
    expect(text).not.toContain("123.456.789-09");
  });
});
