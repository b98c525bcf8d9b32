import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { getRequest, run, type CookieJar } from "#tests/helpers/http";
import { isPdf, pdfText } from "#tests/helpers/pdf";
import { db } from "~/models/db.server";
import { zoneName } from "~/utils/zoned-time";
import { loader as downloadLoader } from "~/routes/_psychologist.psychologist-dashboard.reports_.download";
import { loader as tabLoader } from "~/routes/_psychologist.psychologist-dashboard.reports/route";

/** The Relatórios tab (issue 14, item 6): known answers in every format, validation, scoping and a streamed year. */

const HOUR = 3_600_000;

// A preview that fails to load, on demand (the tab then shows the spec's text and 'Tentar novamente').
const failing = vi.hoisted(() => ({ on: false }));
vi.mock("~/services/report-export.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/services/report-export.server")>();
  return { ...real, reportPreview: (...args: Parameters<typeof real.reportPreview>) => (failing.on ? Promise.reject(new Error("conexão perdida")) : real.reportPreview(...args)) };
});

async function pay(appointmentId: string, startsAt: Date, values: { amountCents: number; refundedCents?: number; method?: string; status?: string }) {
  await db
    .insertInto("payments")
    .values({
      appointment_id: appointmentId,
      provider: "local",
      provider_payment_id: `pay-${appointmentId}`,
      status: values.status ?? "approved",
      method: values.method ?? "pix",
      amount_cents: values.amountCents,
      currency: "BRL",
      refunded_cents: values.refundedCents ?? 0,
      approved_at: new Date(startsAt.getTime() - HOUR),
    })
    .execute();
}

/**
 * October 2026 in São Paulo: four kept consultations (one late on the 31st, 1 November in UTC),
 * a partial and a full refund; one in November and another psychologist's are outside.
 */
async function october() {
  const { patient, psychologist } = await createPair({ patient: { firstName: "Ana", lastName: "Costa" } });
  await db.updateTable("psychologists").set({ name: "Dra. Helena Prado", crp: "06/123456", cpf: "12345678909" }).where("id", "=", psychologist.psychologistId).execute();
  await db.updateTable("profiles").set({ cpf: "52998224725" }).where("id", "=", patient.id).execute();
  const other = await createUser({ firstName: "Bruno", lastName: "Dias" });
  const base = { psychologistId: psychologist.psychologistId };
  const add = async (patientId: string, iso: string, values: { status: "completed" | "cancelled" | "confirmed"; price: number; paymentStatus?: "paid" | "refunded"; refund?: number; method?: string; paymentRowStatus?: string; refunded?: number }) => {
    const startsAt = new Date(iso);
    const id = await createAppointment({ ...base, patientId, startsAt, status: values.status, priceCents: values.price, paymentStatus: values.paymentStatus ?? "paid" });
    if (values.refund) await db.updateTable("appointments").set({ refund_cents: values.refund, refund_status: "refunded" }).where("id", "=", id).execute();
    await pay(id, startsAt, { amountCents: values.price, refundedCents: values.refunded ?? 0, method: values.method, status: values.paymentRowStatus });
    return id;
  };
  await add(other.id, "2026-10-01T17:00:00Z", { status: "completed", price: 180_00, method: "pix" });
  await add(patient.id, "2026-10-15T17:00:00Z", { status: "completed", price: 200_00, method: "credit_card" });
  await add(patient.id, "2026-10-20T17:00:00Z", { status: "cancelled", price: 200_00, refund: 100_00, refunded: 100_00, method: "credit_card" });
  await add(patient.id, "2026-10-22T17:00:00Z", { status: "cancelled", price: 200_00, paymentStatus: "refunded", refund: 200_00, refunded: 200_00, paymentRowStatus: "refunded" });
  await add(patient.id, "2026-11-01T02:30:00Z", { status: "completed", price: 100_00, method: "debit_card" });
  await add(patient.id, "2026-11-03T17:00:00Z", { status: "completed", price: 150_00 });
  const stranger = await createPair();
  await createAppointment({ patientId: stranger.patient.id, psychologistId: stranger.psychologist.psychologistId, startsAt: new Date("2026-10-10T17:00:00Z"), status: "completed", priceCents: 999_00 });
  return { patient, psychologist, jar: await signedIn(psychologist), stranger };
}

const OCTOBER = "from=2026-10-01&to=2026-10-31";
const tab = (query: string, jar: CookieJar) => run(tabLoader, getRequest(`/psychologist-dashboard/reports?${query}`, jar));
const download = (query: string, jar: CookieJar) => run(downloadLoader, getRequest(`/psychologist-dashboard/reports/download?${query}`, jar));
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

async function sheetRows(response: Response): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe("the fiscal report", () => {
  it("previews one row per kept consultation with CPFs and net amounts, and totals per month", async () => {
    const { jar, psychologist } = await october();
    const response = await tab(`type=fiscal&format=pdf&${OCTOBER}`, jar);
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.preview.table.rows).toEqual([
      ["01/10/2026", "Bruno Dias", "CPF não informado", "R$ 180,00", "PIX", "R$ 0,00", "R$ 180,00"],
      ["15/10/2026", "Ana Costa", "529.982.247-25", "R$ 200,00", "Cartão de crédito", "R$ 0,00", "R$ 200,00"],
      ["20/10/2026", "Ana Costa", "529.982.247-25", "R$ 200,00", "Cartão de crédito", "R$ 100,00", "R$ 100,00"],
      ["31/10/2026", "Ana Costa", "529.982.247-25", "R$ 100,00", "Cartão de débito", "R$ 0,00", "R$ 100,00"],
    ].map((row) => row.map((cell) => cell.replace("R$ ", "R$\u00a0"))));
    expect(data.preview.totals.rows).toEqual([
      ["2026-10", "4", "R$\u00a0680,00", "R$\u00a0100,00", "R$\u00a0580,00"],
      ["Total", "4", "R$\u00a0680,00", "R$\u00a0100,00", "R$\u00a0580,00"],
    ]);
    // Names, CPFs and amounts on the page are a money read: one audit row for the view, with the type and range.
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "actor_role", "action", "subject_type", "subject_id", "details"]).execute()).toEqual([
      { actor_user_id: psychologist.id, actor_role: "psychologist", action: "report.preview", subject_type: "psychologist", subject_id: psychologist.psychologistId, details: { type: "fiscal", from: "2026-10-01", to: "2026-10-31", rows: 4 } },
    ]);
  });

  it("counts a consultation once when a second payment or one in another currency was given back whole", async () => {
    const { jar } = await october();
    const [row] = await db.selectFrom("payments").select(["appointment_id", "approved_at"]).where("amount_cents", "=", 180_00).execute();
    const extra = { appointment_id: row!.appointment_id, provider: "local" as const, status: "approved", method: "pix", amount_cents: 180_00, refunded_cents: 180_00, approved_at: row!.approved_at };
    await db.insertInto("payments").values({ ...extra, provider_payment_id: "dup-1", currency: "BRL" }).execute();
    await db.insertInto("payments").values({ ...extra, provider_payment_id: "usd-1", currency: "USD" }).execute();
    const data = await (await tab(`type=fiscal&format=pdf&${OCTOBER}`, jar)).json();
    expect(data.preview.table.rows[0]).toEqual(["01/10/2026", "Bruno Dias", "CPF não informado", "R$ 180,00", "PIX", "R$ 0,00", "R$ 180,00"].map((cell) => cell.replace("R$ ", "R$\u00a0")));
    expect(data.preview.totals.rows.at(-1)).toEqual(["Total", "4", "R$\u00a0680,00", "R$\u00a0100,00", "R$\u00a0580,00"]);
  });

  it("downloads as a PDF whose rows and totals read the same", async () => {
    const { jar, psychologist } = await october();
    const response = await download(`type=fiscal&format=pdf&${OCTOBER}`, jar);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="relatorio-fiscal-2026-10-01-a-2026-10-31.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const file = await bytes(response);
    expect(isPdf(file)).toBe(true);
    const lines = pdfText(file).split("\n").map((line) => line.replace(/\s+/g, " ").trim());
    expect(lines).toContain("Relatório fiscal");
    expect(lines).toContain("Psicólogo(a): Dra. Helena Prado | CRP 06/123456 | CPF 123.456.789-09");
    // The zone by its name, as the e-mails say it, not its IANA id.
    expect(lines).toContain(`Fuso horário: ${zoneName(new Date(), "pt-BR", "America/Sao_Paulo")}`);
    expect(lines.join("\n")).not.toContain("America/Sao_Paulo");
    expect(lines).toContain("2026-10-01 Bruno Dias CPF não informado R$ 180,00 PIX R$ 0,00 R$ 180,00");
    expect(lines).toContain("2026-10-20 Ana Costa 529.982.247-25 R$ 200,00 Cartão de crédito R$ 100,00 R$ 100,00");
    expect(lines).toContain("2026-10-31 Ana Costa 529.982.247-25 R$ 100,00 Cartão de débito R$ 0,00 R$ 100,00");
    expect(lines).toContain("2026-10 4 R$ 680,00 R$ 100,00 R$ 580,00");
    expect(lines.filter((line) => /^2026-\d\d-\d\d /.test(line))).toHaveLength(4);

    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "report.generate").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: psychologist.id, subject_type: "psychologist", subject_id: psychologist.psychologistId });
    expect(audit[0]!.details).toMatchObject({ type: "fiscal", format: "pdf", from: "2026-10-01", to: "2026-10-31" });
  });

  it("downloads as Excel with dates, amounts in reais and the month totals", async () => {
    const { jar } = await october();
    const response = await download(`type=fiscal&format=excel&${OCTOBER}`, jar);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="relatorio-fiscal-2026-10-01-a-2026-10-31.xlsx"');
    const rows = await sheetRows(response);
    const header = rows.findIndex((row) => row[0] === "Data");
    expect(rows[header]).toEqual(["Data", "Paciente", "CPF", "Valor", "Forma de pagamento", "Reembolso", "Líquido"]);
    expect(rows.slice(header + 1, header + 5)).toEqual([
      [new Date("2026-10-01T00:00:00Z"), "Bruno Dias", "CPF não informado", 180, "PIX", 0, 180],
      [new Date("2026-10-15T00:00:00Z"), "Ana Costa", "529.982.247-25", 200, "Cartão de crédito", 0, 200],
      [new Date("2026-10-20T00:00:00Z"), "Ana Costa", "529.982.247-25", 200, "Cartão de crédito", 100, 100],
      [new Date("2026-10-31T00:00:00Z"), "Ana Costa", "529.982.247-25", 100, "Cartão de débito", 0, 100],
    ]);
    const month = rows.find((row) => row[0] === "2026-10");
    expect(month).toEqual(["2026-10", 4, 680, 100, 580]);
  });

  it("names the file in the visitor's language, its non-ASCII name beside an ASCII one (RFC 5987)", async () => {
    const { jar } = await october();
    const named = async (language: string, format: string) =>
      (await run(downloadLoader, getRequest(`/psychologist-dashboard/reports/download?type=fiscal&format=${format}&${OCTOBER}`, jar, { "Accept-Language": language }))).headers.get("Content-Disposition");
    expect(await named("en", "excel")).toBe('attachment; filename="tax-report-2026-10-01-to-2026-10-31.xlsx"');
    // A name in Cyrillic, with an ASCII fallback.
    expect(await named("ru", "pdf")).toBe(
      `attachment; filename="2026-10-01-2026-10-31.pdf"; filename*=UTF-8''${encodeURIComponent("налоговый-отчёт-2026-10-01-2026-10-31.pdf")}`,
    );
  });

  it("names the practice's zone in the reader's language, in the PDF and the spreadsheet", async () => {
    const { jar } = await october();
    for (const language of ["zh-CN", "ru", "en"]) {
      const query = (format: string) => getRequest(`/psychologist-dashboard/reports/download?type=fiscal&format=${format}&${OCTOBER}`, jar, { "Accept-Language": language });
      const name = zoneName(new Date(), language, "America/Sao_Paulo");
      expect(name, language).not.toContain("America");
      const pdf = pdfText(await bytes(await run(downloadLoader, query("pdf"))));
      expect(pdf, language).toContain(name);
      expect(pdf, language).not.toContain("America/Sao_Paulo");
      const rows = await sheetRows(await run(downloadLoader, query("excel")));
      expect(rows.flat().filter((cell) => typeof cell === "string" && cell.includes(name)), language).toHaveLength(1);
      expect(rows.flat().some((cell) => typeof cell === "string" && cell.includes("America/Sao_Paulo")), language).toBe(false);
    }
  });

  it("formats Excel's date cells the visitor's way (mm/dd/yyyy in English, dd.mm.yyyy in German)", async () => {
    const { jar } = await october();
    for (const [language, format] of [["en", "mm/dd/yyyy"], ["de", "dd.mm.yyyy"], ["pt-BR", "dd/mm/yyyy"]] as const) {
      const response = await run(downloadLoader, getRequest(`/psychologist-dashboard/reports/download?type=fiscal&format=excel&${OCTOBER}`, jar, { "Accept-Language": language }));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const dated: string[] = [];
      workbook.worksheets[0]!.eachRow((row) => {
        if (row.getCell(1).value instanceof Date) dated.push(row.getCell(1).numFmt);
      });
      expect(dated, language).toEqual([format, format, format, format]);
    }
  });

  it("downloads as CSV", async () => {
    const { jar } = await october();
    const response = await download(`type=fiscal&format=csv&${OCTOBER}`, jar);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = (await bytes(response)).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe("Data,Paciente,CPF,Valor,Forma de pagamento,Reembolso,Líquido");
    expect(lines[1]).toBe("2026-10-01,Bruno Dias,CPF não informado,180.00,PIX,0.00,180.00");
    expect(lines[3]).toBe("2026-10-20,Ana Costa,529.982.247-25,200.00,Cartão de crédito,100.00,100.00");
    expect(lines).toContain("2026-10,4,680.00,100.00,580.00");
  });
});

describe("the financial report", () => {
  it("lists every payment of the range with its status and refund, totals from SQL", async () => {
    const { jar } = await october();
    const rows = await sheetRows(await download(`type=financial&format=excel&${OCTOBER}`, jar));
    const header = rows.findIndex((row) => row[0] === "Data");
    const payments = rows.slice(header + 1).filter((row) => row[0] instanceof Date);
    expect(payments.map((row) => [row[2], row[3], row[5], row[6]])).toEqual([
      ["Bruno Dias", 180, "Aprovado", 0],
      ["Ana Costa", 200, "Aprovado", 0],
      ["Ana Costa", 200, "Aprovado", 100],
      ["Ana Costa", 200, "Reembolsado", 200],
      ["Ana Costa", 100, "Aprovado", 0],
    ]);
    const totalsHeader = rows.findIndex((row) => row[0] === "Pagamentos");
    expect(rows[totalsHeader + 1]).toEqual([5, 4, 880, 300, 580]);
  });

  it("totals only reais that came in: a payment in dollars or a charged-back one is listed, not received", async () => {
    const { jar } = await october();
    const [row] = await db.selectFrom("payments").select(["appointment_id", "approved_at"]).where("amount_cents", "=", 180_00).execute();
    // Paid 180.00 in dollars as well (a mismatch the webhook refunds; not refunded yet), and a card payment charged back after its approval.
    const stray = { appointment_id: row!.appointment_id, provider: "local" as const, method: "credit_card", amount_cents: 180_00, approved_at: row!.approved_at };
    await db.insertInto("payments").values({ ...stray, provider_payment_id: "usd-1", status: "approved", currency: "USD" }).execute();
    await db.insertInto("payments").values({ ...stray, provider_payment_id: "cb-1", status: "charged_back", currency: "BRL" }).execute();
    const rows = await sheetRows(await download(`type=financial&format=excel&${OCTOBER}`, jar));
    const header = rows.findIndex((row) => row[0] === "Data");
    expect(rows.slice(header + 1).filter((row) => row[0] instanceof Date)).toHaveLength(7);
    const totalsHeader = rows.findIndex((row) => row[0] === "Pagamentos");
    // Seven payments listed; 'Aprovados' counts as the money beside it does, in reais (four, not the dollar one); the money as before.
    expect(rows[totalsHeader + 1]).toEqual([7, 4, 880, 300, 580]);
  });

  it("shows a payment in dollars in dollars, in the preview, the PDF and the spreadsheet, never as reais", async () => {
    const { jar } = await october();
    const [row] = await db.selectFrom("payments").select(["appointment_id", "approved_at"]).where("amount_cents", "=", 180_00).execute();
    await db.insertInto("payments").values({ appointment_id: row!.appointment_id, provider: "local", provider_payment_id: "usd-1", status: "refunded", method: "credit_card", amount_cents: 45_00, refunded_cents: 45_00, currency: "USD", approved_at: row!.approved_at }).execute();
    const data = await (await tab(`type=financial&format=pdf&${OCTOBER}`, jar)).json();
    const dollars = data.preview.table.rows.find((cells: string[]) => cells[3]!.includes("45"));
    expect([dollars[3], dollars[6]]).toEqual(["US$\u00a045,00", "US$\u00a045,00"]);
    // The totals are reais only: the dollars are neither received nor refunded, nor an 'Aprovado'.
    expect(data.preview.totals.rows).toEqual([["6", "4", "R$\u00a0880,00", "R$\u00a0300,00", "R$\u00a0580,00"]]);

    const lines = pdfText(await bytes(await download(`type=financial&format=pdf&${OCTOBER}`, jar))).split("\n").map((line) => line.replace(/\s+/g, " ").trim());
    expect(lines).toContain("2026-10-01 2026-10-01 Bruno Dias US$ 45,00 Cartão de crédito Reembolsado US$ 45,00");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await download(`type=financial&format=excel&${OCTOBER}`, jar)).arrayBuffer());
    const cells: Array<[unknown, string | undefined]> = [];
    workbook.worksheets[0]!.eachRow((sheetRow) => {
      if (sheetRow.getCell(3).value === "Bruno Dias") cells.push([sheetRow.getCell(4).value, sheetRow.getCell(4).numFmt]);
    });
    expect(cells).toEqual(expect.arrayContaining([[45, '"USD" #,##0.00'], [180, '"R$" #,##0.00']]));
  });

  it("reads the same in the PDF", async () => {
    const { jar } = await october();
    const lines = pdfText(await bytes(await download(`type=financial&format=pdf&${OCTOBER}`, jar))).split("\n").map((line) => line.replace(/\s+/g, " ").trim());
    expect(lines).toContain("Relatório financeiro");
    expect(lines).toContain("2026-10-22 2026-10-22 Ana Costa R$ 200,00 PIX Reembolsado R$ 200,00");
    expect(lines).toContain("5 4 R$ 880,00 R$ 300,00 R$ 580,00");
  });
});

describe("the trends report", () => {
  it("counts consultations and revenue per week (Monday first), empty weeks included, and draws them", async () => {
    const { jar } = await october();
    const data = await (await tab(`type=trends&format=pdf&${OCTOBER}`, jar)).json();
    expect(data.preview.weeks).toEqual([
      { week: "2026-09-28", consultations: 1, completed: 1, cancelled: 0, revenueCents: 180_00 },
      { week: "2026-10-05", consultations: 0, completed: 0, cancelled: 0, revenueCents: 0 },
      { week: "2026-10-12", consultations: 1, completed: 1, cancelled: 0, revenueCents: 200_00 },
      { week: "2026-10-19", consultations: 0, completed: 0, cancelled: 2, revenueCents: 100_00 },
      { week: "2026-10-26", consultations: 1, completed: 1, cancelled: 0, revenueCents: 100_00 },
    ]);
    const rows = await sheetRows(await download(`type=trends&format=excel&${OCTOBER}`, jar));
    const header = rows.findIndex((row) => row[0] === "Semana");
    expect(rows[header + 1]).toEqual([new Date("2026-09-28T00:00:00Z"), 1, 1, 0, 180]);
    const totals = rows.findIndex((row) => row[0] === "Semanas");
    expect(rows[totals + 1]).toEqual([5, 3, 3, 2, 580]);
  });
});

describe("the trends and fiscal reports together", () => {
  it("keep the same revenue of a cancellation whose partial refund is still owed", async () => {
    const { jar, patient, psychologist } = await october();
    // Cancelled on 8 October with 80.00 of 160.00 to go back; the refund job has not run yet.
    const startsAt = new Date("2026-10-08T17:00:00Z");
    const id = await createAppointment({ psychologistId: psychologist.psychologistId, patientId: patient.id, startsAt, status: "cancelled", priceCents: 160_00, paymentStatus: "paid" });
    await db.updateTable("appointments").set({ refund_cents: 80_00, refund_status: "pending" }).where("id", "=", id).execute();
    await pay(id, startsAt, { amountCents: 160_00 });
    const fiscal = await (await tab(`type=fiscal&format=pdf&${OCTOBER}`, jar)).json();
    expect(fiscal.preview.totals.rows.at(-1)).toEqual(["Total", "5", "R$\u00a0840,00", "R$\u00a0180,00", "R$\u00a0660,00"]);
    const trends = await (await tab(`type=trends&format=pdf&${OCTOBER}`, jar)).json();
    expect(trends.preview.weeks.find((week: { week: string }) => week.week === "2026-10-05")).toMatchObject({ cancelled: 1, revenueCents: 80_00 });
    expect(trends.preview.weeks.reduce((sum: number, week: { revenueCents: number }) => sum + week.revenueCents, 0)).toBe(660_00);
  });
});

describe("the form's rules", () => {
  it("opens on the last 30 days", async () => {
    const { jar } = await october();
    const response = await tab("", jar);
    expect(response.status).toBe(200);
    const data = await response.json();
    const day = (offset: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + offset * 86_400_000));
    expect(data.form).toMatchObject({ type: "financial", format: "pdf", from: day(-29), to: day(0) });
  });

  it.each([
    ["no dates", "type=fiscal&format=pdf&from=&to=", { from: ["Informe a data inicial"], to: ["Informe a data final"] }],
    ["the start after the end", "type=fiscal&format=pdf&from=2026-10-31&to=2026-10-01", { to: ["A data inicial deve ser anterior ou igual à data final"] }],
    ["more than a year", "type=fiscal&format=pdf&from=2025-01-01&to=2026-01-02", { to: ["O período máximo é de 1 ano"] }],
    ["an unknown type", `type=lucros&format=pdf&${OCTOBER}`, { type: ["Tipo de relatório inválido"] }],
    ["CSV of a financial report", `type=financial&format=csv&${OCTOBER}`, { format: ["Formato inválido para este relatório"] }],
    ["a date that is not one", "type=fiscal&format=pdf&from=2026-02-30&to=2026-03-01", { from: ["Data inicial inválida"] }],
  ])("refuses %s on the tab (400) and in the download (400)", async (_why, query, errors) => {
    const { jar } = await october();
    const response = await tab(query, jar);
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.errors).toEqual(errors);
    expect(data.preview).toBeNull();
    // Nothing was read, so nothing is claimed.
    expect(await db.selectFrom("audit_log").select("action").where("action", "=", "report.preview").execute()).toEqual([]);
    const file = await download(query, jar);
    expect(file.status).toBe(400);
    expect(await file.text()).toBe(`Erro ao gerar relatório: ${Object.values(errors).flat().join(" ")}`);
  });

  it("says there is nothing in an empty range", async () => {
    const { jar } = await october();
    const data = await (await tab("type=fiscal&format=pdf&from=2025-01-01&to=2025-01-31", jar)).json();
    expect(data.preview.table.rows).toEqual([]);
    const text = pdfText(await bytes(await download("type=fiscal&format=pdf&from=2025-01-01&to=2025-01-31", jar)));
    expect(text).toContain("Nenhum dado no período selecionado.");
  });
});

describe("a failed load", () => {
  it("shows the spec's error text (503), not a 500", async () => {
    const { jar } = await october();
    failing.on = true;
    try {
      const response = await tab(`type=fiscal&format=pdf&${OCTOBER}`, jar);
      expect(response.status).toBe(503);
      const data = await response.json();
      expect(data.loadError).toBe("Erro ao gerar relatório: não foi possível ler os dados.");
      expect(data.preview).toBeNull();
    } finally {
      failing.on = false;
    }
  });
});

describe("scoping", () => {
  it("shows a psychologist only their own practice, and no one else the download", async () => {
    const { stranger } = await october();
    const rows = await sheetRows(await download(`type=fiscal&format=excel&${OCTOBER}`, await signedIn(stranger.psychologist)));
    const header = rows.findIndex((row) => row[0] === "Data");
    const data = rows.slice(header + 1).filter((row) => row[0] instanceof Date);
    expect(data).toHaveLength(1);
    expect(data[0]![3]).toBe(999);
    expect((await download(`type=fiscal&format=excel&${OCTOBER}`, await signedIn(stranger.patient))).status).toBe(403);
    expect((await download(`type=fiscal&format=excel&${OCTOBER}`, await signedIn(await createUser({ role: "admin" })))).status).toBe(403);
    expect((await tab(OCTOBER, await signedIn(stranger.patient))).status).toBe(403);
  });
});

describe("a year of consultations", () => {
  it("streams every row once, across keyset pages", async () => {
    const { patient, psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    const count = 620;
    const start = Date.parse("2025-11-01T12:00:00Z");
    const values = Array.from({ length: count }, (_, index) => {
      const startsAt = new Date(start + index * 13 * HOUR);
      return { patient_id: patient.id, psychologist_id: psychologist.psychologistId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * 60_000), duration_minutes: 50, status: "completed" as const, payment_status: "paid" as const, price_cents: 100_00 + index, payment_method: "pix" };
    });
    const ids = await db.insertInto("appointments").values(values).returning(["id", "starts_at"]).execute();
    // Many payments approved in the same instant: the id breaks the tie between pages.
    await db
      .insertInto("payments")
      .values(ids.map((row, index) => ({ appointment_id: row.id, provider: "local" as const, provider_payment_id: `bulk-${index}`, status: "approved", method: "pix", amount_cents: 100_00 + index, currency: "BRL", approved_at: new Date(start + Math.floor(index / 3) * 39 * HOUR) })))
      .execute();
    const query = "from=2025-11-01&to=2026-10-31";

    const fiscal = await sheetRows(await download(`type=fiscal&format=excel&${query}`, jar));
    const header = fiscal.findIndex((row) => row[0] === "Data");
    const rows = fiscal.slice(header + 1).filter((row) => row[0] instanceof Date);
    expect(rows).toHaveLength(count);
    const total = fiscal.find((row) => row[0] === "Total");
    expect(total).toEqual(["Total", count, (count * 100_00 + (count * (count - 1)) / 2) / 100, 0, (count * 100_00 + (count * (count - 1)) / 2) / 100]);

    const pdfLines = pdfText(await bytes(await download(`type=financial&format=pdf&${query}`, jar))).split("\n");
    expect(pdfLines.filter((line) => /^2\d{3}-\d\d-\d\d /.test(line))).toHaveLength(count);
    const financial = await sheetRows(await download(`type=financial&format=excel&${query}`, jar));
    const amounts = financial.filter((row) => row[0] instanceof Date).map((row) => row[3] as number);
    expect(amounts).toHaveLength(count);
    expect(new Set(amounts).size).toBe(count);
  }, 60_000);
});
