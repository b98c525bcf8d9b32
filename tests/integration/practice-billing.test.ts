import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AppointmentStatus, PaymentStatus } from "#db/types";
import { db } from "~/models/db.server";
import * as billingModel from "~/models/practice-billing.server";
import { billingExport, billingTabData } from "~/routes/_psychologist.psychologist-dashboard.billing/billing.server";
import { loader } from "~/routes/_psychologist.psychologist-dashboard.billing/route";
import { loader as exportLoader } from "~/routes/_psychologist.psychologist-dashboard_.billing.export";
import { requirePsychologist } from "~/services/session.server";
import { page, send } from "#tests/helpers/app";
import { createAppointment, createPair, MINUTE, type Pair } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, location, run, type CookieJar } from "#tests/helpers/http";

/**
 * The billing tab (issue 14, item 5): the four cards per period from
 * fixtures with known answers (a partial and a full refund, a pending
 * payment, a live and an expired hold, a booking paid the month after),
 * the transactions with their labels and pages, the CSV, the audit rows and
 * the spec's error text — for the signed-in psychologist's money only.
 */

vi.mock("~/models/practice-billing.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/practice-billing.server")>();
  return { ...actual, bookingFigures: vi.fn(actual.bookingFigures), exportTransactions: vi.fn(actual.exportTransactions) };
});

// Wednesday 25 November 2026, 10:00 in São Paulo. Week: 19–25 Nov; month: 1–25 Nov; quarter: 1 Sep–25 Nov.
const NOW = new Date("2026-11-25T13:00:00Z");
const at = (iso: string) => new Date(iso);
// Intl writes 'R$' and the amount with a no-break space.
const plain = (text: string | null | undefined) => text?.replace(/\u00a0/g, " ");

let pair: Pair;
let jar: CookieJar;
let slot = 0;

beforeEach(async () => {
  slot = 0;
  pair = await createPair();
  jar = await signedIn(pair.psychologist);
});

interface Booking {
  createdAt: Date;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  priceCents: number;
  holdExpiresAt?: Date;
  payment?: { status: string; method: string | null; amountCents: number; refundedCents?: number; approvedAt?: Date | null; createdAt?: Date };
  psychologistId?: string;
  patientId?: string;
}

/** An appointment booked at `createdAt` and its payment, if any. */
async function booking(values: Booking) {
  slot += 1;
  const id = await createAppointment({
    patientId: values.patientId ?? pair.patient.id,
    psychologistId: values.psychologistId ?? pair.psychologist.psychologistId,
    // The consultations' own times do not matter to billing: two hours apart, never overlapping.
    startsAt: new Date(Date.UTC(2027, 0, 4, 12) + slot * 120 * MINUTE),
    status: values.status,
    paymentStatus: values.paymentStatus,
    priceCents: values.priceCents,
    holdExpiresAt: values.holdExpiresAt ?? null,
  });
  await db.updateTable("appointments").set({ created_at: values.createdAt }).where("id", "=", id).execute();
  if (values.payment) {
    const payment = values.payment;
    await db
      .insertInto("payments")
      .values({
        appointment_id: id,
        provider: "local",
        provider_payment_id: `pay-${id}`,
        status: payment.status,
        method: payment.method,
        amount_cents: payment.amountCents,
        refunded_cents: payment.refundedCents ?? 0,
        currency: "BRL",
        approved_at: payment.approvedAt === undefined ? (["approved", "refunded"].includes(payment.status) ? values.createdAt : null) : payment.approvedAt,
        created_at: payment.createdAt ?? values.createdAt,
      })
      .execute();
  }
  return id;
}

async function practice() {
  // This week (19–25 Nov).
  await booking({ createdAt: at("2026-11-24T13:00:00Z"), status: "confirmed", paymentStatus: "paid", priceCents: 200_00, payment: { status: "approved", method: "pix", amountCents: 200_00 } });
  await booking({ createdAt: at("2026-11-20T13:00:00Z"), status: "completed", paymentStatus: "paid", priceCents: 180_00, payment: { status: "approved", method: "credit_card", amountCents: 180_00, refundedCents: 30_00 } });
  await booking({ createdAt: at("2026-11-22T13:00:00Z"), status: "cancelled", paymentStatus: "refunded", priceCents: 150_00, payment: { status: "refunded", method: "debit_card", amountCents: 150_00, refundedCents: 150_00 } });
  await booking({ createdAt: at("2026-11-23T13:00:00Z"), status: "confirmed", paymentStatus: "pending", priceCents: 120_00, payment: { status: "pending", method: "pix", amountCents: 120_00 } });
  await booking({ createdAt: at("2026-11-25T12:50:00Z"), status: "pending_payment", paymentStatus: "pending", priceCents: 100_00, holdExpiresAt: new Date(NOW.getTime() + 10 * MINUTE) });
  await booking({ createdAt: at("2026-11-21T13:00:00Z"), status: "pending_payment", paymentStatus: "failed", priceCents: 90_00, holdExpiresAt: at("2026-11-21T13:30:00Z"), payment: { status: "rejected", method: "credit_card", amountCents: 90_00 } });
  // Earlier this month.
  await booking({ createdAt: at("2026-11-05T13:00:00Z"), status: "completed", paymentStatus: "paid", priceCents: 250_00, payment: { status: "approved", method: "account_money", amountCents: 250_00 } });
  // The quarter: booked in October; one of them paid only in November (cash of November, revenue of October).
  await booking({ createdAt: at("2026-10-10T13:00:00Z"), status: "completed", paymentStatus: "paid", priceCents: 300_00, payment: { status: "approved", method: "ticket", amountCents: 300_00 } });
  await booking({ createdAt: at("2026-10-30T13:00:00Z"), status: "confirmed", paymentStatus: "paid", priceCents: 170_00, payment: { status: "approved", method: "visa", amountCents: 170_00, approvedAt: at("2026-11-02T13:00:00Z"), createdAt: at("2026-10-30T13:05:00Z") } });
  // August: out of every period.
  await booking({ createdAt: at("2026-08-15T13:00:00Z"), status: "completed", paymentStatus: "paid", priceCents: 400_00, payment: { status: "approved", method: "pix", amountCents: 400_00 } });
  // Someone else's week never counts.
  const other = await createPair();
  await booking({ psychologistId: other.psychologist.psychologistId, patientId: other.patient.id, createdAt: at("2026-11-24T14:00:00Z"), status: "confirmed", paymentStatus: "paid", priceCents: 999_00, payment: { status: "approved", method: "pix", amountCents: 999_00 } });
  return other;
}

/**
 * Beside a paid booking, two payments that brought no reais: one approved in dollars (a mismatch the
 * webhook refunds; its refund not made yet) and an earlier card payment charged back after its approval.
 */
async function strayPayments(createdAt: Date) {
  const id = await booking({ createdAt, status: "confirmed", paymentStatus: "paid", priceCents: 100_00, payment: { status: "approved", method: "pix", amountCents: 100_00 } });
  const stray = { appointment_id: id, provider: "local" as const, method: "credit_card", approved_at: createdAt, created_at: createdAt };
  await db.insertInto("payments").values({ ...stray, provider_payment_id: `usd-${id}`, status: "approved", amount_cents: 100_00, currency: "USD" }).execute();
  await db.insertInto("payments").values({ ...stray, provider_payment_id: `cb-${id}`, status: "charged_back", amount_cents: 100_00, currency: "BRL" }).execute();
}

async function billing(query = "", as: CookieJar = jar, now = NOW) {
  const path = `/psychologist-dashboard/billing${query}`;
  return billingTabData(getRequest(path, as), await requirePsychologist(getRequest(path, as)), now);
}

describe("the four cards", () => {
  it("the week: revenue and received net of refunds, pending with the live hold only, conversion counting the expired hold", async () => {
    await practice();
    const data = await billing("?period=week");
    expect(data.error).toBeNull();
    expect(data.billing!.cards).toMatchObject({
      // 200 + (180 − 30) + (150 − 150)
      revenueCents: 350_00,
      receivedCents: 350_00,
      // The unpaid confirmed one and the live hold; not the expired hold with its rejected card.
      pendingCents: 220_00,
      created: 6,
      paid: 3,
      conversionRate: 50,
    });
    const { revenue, received, pending, conversion } = data.billing!.cards;
    expect([revenue, received, pending, conversion].map(plain)).toEqual(["R$ 350,00", "R$ 350,00", "R$ 220,00", "50,0%"]);
  });

  it("the month (the default): a booking of October paid in November is received, not revenue", async () => {
    await practice();
    const data = await billing();
    expect(data.period).toBe("month");
    expect(data.billing!.cards).toMatchObject({ revenueCents: 600_00, receivedCents: 770_00, pendingCents: 220_00, created: 7, paid: 4, conversionRate: 57.1 });
  });

  it("the quarter: September to November", async () => {
    await practice();
    const data = await billing("?period=quarter");
    expect(data.billing!.cards).toMatchObject({ revenueCents: 1070_00, receivedCents: 1070_00, pendingCents: 220_00, created: 9, paid: 6, conversionRate: 66.7 });
  });

  it("count only reais that came in: a payment in dollars or a charged-back one is neither revenue nor received", async () => {
    await practice();
    await strayPayments(at("2026-11-24T15:00:00Z"));
    // The week's figures with one more booking of 100.00 paid in reais, and nothing of the two strays.
    expect((await billing("?period=week")).billing!.cards).toMatchObject({ revenueCents: 450_00, receivedCents: 450_00, pendingCents: 220_00, created: 7, paid: 4 });
    expect((await billing()).billing!.cards).toMatchObject({ revenueCents: 700_00, receivedCents: 870_00 });
    // Still listed, as the payments they were.
    expect((await billing("?period=week")).billing!.transactions.total).toBe(8);
  });

  it("an empty period: zeros and no conversion rate", async () => {
    await booking({ createdAt: at("2026-08-15T13:00:00Z"), status: "completed", paymentStatus: "paid", priceCents: 400_00, payment: { status: "approved", method: "pix", amountCents: 400_00 } });
    const data = await billing("?period=quarter");
    expect(data.billing!.cards).toMatchObject({ revenueCents: 0, receivedCents: 0, pendingCents: 0, created: 0, paid: 0, conversionRate: null, conversion: null });
    expect(data.billing!.transactions).toMatchObject({ total: 0, rows: [] });
  });

  it("an unknown period falls back to the month", async () => {
    await practice();
    expect((await billing("?period=decade&page=abc")).period).toBe("month");
  });

  it("another psychologist sees none of it", async () => {
    const other = await practice();
    const data = await billing("?period=week", await signedIn(other.psychologist));
    expect(data.billing!.cards).toMatchObject({ revenueCents: 999_00, receivedCents: 999_00, pendingCents: 0, created: 1, paid: 1 });
    expect(data.billing!.transactions.rows.map((row) => row.amountCents)).toEqual([999_00]);
  });
});

describe("the transactions", () => {
  it("each payment carries its appointment's psychologist, whoever inserts it (migration 0027)", async () => {
    const other = await practice();
    const rows = await db
      .selectFrom("payments as p")
      .innerJoin("appointments as a", "a.id", "p.appointment_id")
      .select(["p.psychologist_id as paymentPsychologist", "a.psychologist_id as appointmentPsychologist"])
      .execute();
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.paymentPsychologist === row.appointmentPsychologist)).toBe(true);
    expect(rows.filter((row) => row.paymentPsychologist === other.psychologist.psychologistId)).toHaveLength(1);
    // Moved to another appointment (a correction by hand), it follows that appointment's psychologist.
    const theirs = await db.selectFrom("appointments").select("id").where("psychologist_id", "=", other.psychologist.psychologistId).executeTakeFirstOrThrow();
    const mine = await db.selectFrom("payments").select("id").where("psychologist_id", "=", pair.psychologist.psychologistId).executeTakeFirstOrThrow();
    await db.updateTable("payments").set({ appointment_id: theirs.id }).where("id", "=", mine.id).execute();
    expect((await db.selectFrom("payments").select("psychologist_id").where("id", "=", mine.id).executeTakeFirstOrThrow()).psychologist_id).toBe(other.psychologist.psychologistId);
  });

  it("the week's payments, newest first, with status, refund and method labels", async () => {
    await practice();
    const rows = (await billing("?period=week")).billing!.transactions.rows;
    expect(rows.map((row) => [row.date, row.amountCents, row.status, plain(row.refunded) ?? null, row.method, row.patient])).toEqual([
      ["24/11/2026", 200_00, "approved", null, "pix", "Paula Pereira"],
      ["23/11/2026", 120_00, "pending", null, "pix", "Paula Pereira"],
      ["22/11/2026", 150_00, "refunded", "R$ 150,00", "debit_card", "Paula Pereira"],
      ["21/11/2026", 90_00, "rejected", null, "credit_card", "Paula Pereira"],
      ["20/11/2026", 180_00, "partially_refunded", "R$ 30,00", "credit_card", "Paula Pereira"],
    ]);
    expect(rows[0]!.time).toBe("10:00");
  });

  it("a payment in dollars is shown in dollars, never as reais", async () => {
    await strayPayments(at("2026-11-24T15:00:00Z"));
    await db.updateTable("payments").set({ refunded_cents: 40_00 }).where("currency", "=", "USD").execute();
    const rows = (await billing("?period=week")).billing!.transactions.rows;
    const dollars = rows.find((row) => row.currency === "USD")!;
    expect([plain(dollars.amount), plain(dollars.refunded)]).toEqual(["US$ 100,00", "US$ 40,00"]);
    expect(rows.filter((row) => row.currency === "BRL").map((row) => plain(row.amount))).toEqual(["R$ 100,00", "R$ 100,00"]);
    // And on the page, in English too.
    const english = await billingTabData(getRequest("/psychologist-dashboard/billing?period=week", jar, { "Accept-Language": "en" }), await requirePsychologist(getRequest("/", jar)), NOW);
    expect(english.billing!.transactions.rows.find((row) => row.currency === "USD")!.amount).toBe("$100.00");
  });

  it("a method Mercado Pago names otherwise is shown as reported", async () => {
    await practice();
    const rows = (await billing()).billing!.transactions.rows;
    expect(rows.find((row) => row.amountCents === 170_00)).toMatchObject({ method: null, rawMethod: "visa", status: "approved" });
    expect(rows.find((row) => row.amountCents === 250_00)).toMatchObject({ method: "account_money" });
  });

  it("pages by 20", async () => {
    for (let index = 0; index < 23; index += 1) {
      await booking({ createdAt: new Date(NOW.getTime() - (index + 1) * 60 * MINUTE), status: "confirmed", paymentStatus: "paid", priceCents: 100_00 + index, payment: { status: "approved", method: "pix", amountCents: 100_00 + index } });
    }
    const first = (await billing("?period=week")).billing!.transactions;
    expect(first).toMatchObject({ total: 23, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(20);
    const second = (await billing("?period=week&page=2")).billing!.transactions;
    expect(second.rows.map((row) => row.amountCents)).toEqual([100_20, 100_21, 100_22]);
  });
});

describe("through the loader", () => {
  it("reading the tab leaves one 'billing.read' audit row", async () => {
    await booking({ createdAt: new Date(Date.now() - MINUTE), status: "confirmed", paymentStatus: "paid", priceCents: 180_00, payment: { status: "approved", method: "pix", amountCents: 180_00 } });
    const response = await run(loader, getRequest("/psychologist-dashboard/billing?period=week", jar));
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(plain(data.billing.cards.received)).toBe("R$ 180,00");
    const rows = await db.selectFrom("audit_log").selectAll().where("action", "=", "billing.read").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: pair.psychologist.id, subject_type: "psychologist", subject_id: pair.psychologist.psychologistId, details: { period: "week", page: 1 } });
  });

  it("a failed query shows the spec's text, and no figures", async () => {
    vi.mocked(billingModel.bookingFigures).mockRejectedValueOnce(new Error("connection lost"));
    const data = await body(await run(loader, getRequest("/psychologist-dashboard/billing", jar)));
    expect(data.error).toBe("Não foi possível carregar os dados de faturamento. Por favor, tente novamente.");
    expect(data.billing).toBeNull();
    expect(await db.selectFrom("audit_log").selectAll().where("action", "=", "billing.read").execute()).toHaveLength(0);
  });
});

describe("the page", () => {
  it("renders the four cards, the transactions with a refund, and the export link; an empty period disables the export", async () => {
    const empty = await (await send(page("/psychologist-dashboard/billing?period=week", { Cookie: jar.header() }))).text();
    expect(empty).toMatch(/<button type="button" class="btn-secondary" disabled="" title="[^"]+">Exportar CSV<\/button>/);
    expect(empty).toContain("Nenhuma transação neste período.");

    await booking({ createdAt: new Date(Date.now() - MINUTE), status: "completed", paymentStatus: "paid", priceCents: 180_00, payment: { status: "approved", method: "debit_card", amountCents: 180_00, refundedCents: 90_00 } });
    const html = (await (await send(page("/psychologist-dashboard/billing?period=week", { Cookie: jar.header() }))).text()).replace(/\u00a0/g, " ");
    for (const text of ["Receita total", "Recebido", "Pendente", "Taxa de conversão", "R$ 90,00", "100,0%", "Reembolso parcial", "−R$ 90,00 reembolsado", "Cartão de débito"]) expect(html).toContain(text);
    expect(html).toContain('href="/psychologist-dashboard/billing/export?period=week"');
  }, 60_000);
});

describe("the CSV export", () => {
  it("the period's transactions, dated, with a BOM, and a 'billing.export' audit row", async () => {
    await practice();
    const response = await billingExport(getRequest("/psychologist-dashboard/billing/export?period=week", jar), await requirePsychologist(getRequest("/", jar)), NOW);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="faturamento-semana-2026-11-25.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the BOM, as Excel does.
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("Data,Hora,Paciente,Valor (BRL),Reembolsado (BRL),Líquido (BRL),Status,Método,ID do pagamento,Moeda,Valor na moeda");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 8))).toEqual([
      ["2026-11-24", "10:00", "Paula Pereira", "200.00", "0.00", "200.00", "Aprovado", "PIX"],
      ["2026-11-23", "10:00", "Paula Pereira", "120.00", "0.00", "0.00", "Pendente", "PIX"],
      ["2026-11-22", "10:00", "Paula Pereira", "150.00", "150.00", "0.00", "Reembolsado", "Cartão de débito"],
      ["2026-11-21", "10:00", "Paula Pereira", "90.00", "0.00", "0.00", "Recusado", "Cartão de crédito"],
      ["2026-11-20", "10:00", "Paula Pereira", "180.00", "30.00", "150.00", "Reembolso parcial", "Cartão de crédito"],
    ]);
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "billing.export").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: pair.psychologist.id, details: { period: "week", rows: 5 } });
  });

  it("gives a payment in dollars or a charged-back one no net: only reais that came in have one", async () => {
    await strayPayments(at("2026-11-24T15:00:00Z"));
    const response = await billingExport(getRequest("/psychologist-dashboard/billing/export?period=week", jar), await requirePsychologist(getRequest("/", jar)), NOW);
    const lines = (await response.text()).trim().split("\r\n");
    const rows = lines.slice(1).map((line) => line.split(","));
    // The '(BRL)' columns hold reais only: the dollars are in the last two columns, with their code, never under 'Valor (BRL)'.
    expect(rows.map((row) => [row[3], row[4], row[5], row[6], row[9], row[10]]).sort()).toEqual([
      ["", "", "0.00", "Aprovado", "USD", "100.00"],
      ["100.00", "0.00", "0.00", "Estornado (chargeback)", "BRL", "100.00"],
      ["100.00", "0.00", "100.00", "Aprovado", "BRL", "100.00"],
    ]);
  });

  it("names the currency in English too", async () => {
    await strayPayments(at("2026-11-24T15:00:00Z"));
    const request = getRequest("/psychologist-dashboard/billing/export?period=week", jar, { "Accept-Language": "en" });
    const [header] = (await (await billingExport(request, await requirePsychologist(getRequest("/", jar)), NOW)).text()).trim().split("\r\n");
    expect(header!.replace(/^\uFEFF/, "").split(",").slice(3)).toEqual(["Amount (BRL)", "Refunded (BRL)", "Net (BRL)", "Status", "Method", "Payment ID", "Currency", "Amount in currency"]);
  });

  it("writes the time on the 24-hour clock in English too, in a file named in English", async () => {
    await practice();
    const request = getRequest("/psychologist-dashboard/billing/export?period=week", jar, { "Accept-Language": "en" });
    const response = await billingExport(request, await requirePsychologist(getRequest("/", jar)), NOW);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="billing-week-2026-11-25.csv"');
    // The period is a word of the file's language too, never the English query value in another language's name.
    const spanish = getRequest("/psychologist-dashboard/billing/export?period=quarter", jar, { "Accept-Language": "es" });
    expect((await billingExport(spanish, await requirePsychologist(getRequest("/", jar)), NOW)).headers.get("Content-Disposition")).toBe('attachment; filename="facturacion-trimestre-2026-11-25.csv"');
    const [, first] = (await response.text()).trim().split("\r\n");
    expect(first!.split(",").slice(0, 2)).toEqual(["2026-11-24", "10:00"]);
  });

  it("through its route: a patient's name that looks like a formula is defused; a failure goes back to the tab", async () => {
    const patient = await createUser({ firstName: "=cmd|' /C calc'!A0", lastName: "Silva" });
    await booking({ patientId: patient.id, createdAt: new Date(Date.now() - MINUTE), status: "confirmed", paymentStatus: "paid", priceCents: 180_00, payment: { status: "approved", method: "pix", amountCents: 180_00 } });
    const response = await run(exportLoader, getRequest("/psychologist-dashboard/billing/export?period=week", jar));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`'=cmd|' /C calc'!A0 Silva`);

    vi.mocked(billingModel.exportTransactions).mockRejectedValueOnce(new Error("timeout"));
    const failed = await run(exportLoader, getRequest("/psychologist-dashboard/billing/export?period=quarter", jar));
    expect(location(failed)).toBe("/psychologist-dashboard/billing?period=quarter&error=export");
    expect((await billing("?period=quarter&error=export")).exportError).toBe("Erro ao exportar transações. Tente novamente.");
  });
});
