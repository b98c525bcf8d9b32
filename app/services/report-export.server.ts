import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import ExcelJS from "exceljs";
import type { TFunction } from "~/i18n/translate";
import PDFDocument from "pdfkit";
import { formatCpf } from "~/domain/cpf";
import { reportExtension, type ReportFormat, type ReportType } from "~/domain/practice-reports";
import { isoDay, paymentMethodKey } from "~/domain/receipt";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { downloadName } from "~/i18n/server-texts.server";
import { audit } from "~/models/audit.server";
import {
  financialPage,
  financialTotals,
  fiscalMonths,
  fiscalPage,
  PAGE_SIZE,
  psychologistIdentity,
  weeklyTrends,
  type Cursor,
  type ReportScope,
  type TrendWeek,
} from "~/models/practice-reports.server";
import { contentDisposition } from "~/utils/content-disposition";
import { csvCell } from "~/utils/csv.server";
import { formatLongDate, formatMoney } from "~/utils/format";
import { log } from "~/utils/logger.server";
import { zoneName } from "~/utils/zoned-time";
import { fitColumns, writeText } from "./pdf-text.server";
import type { PsychologistSessionUser } from "./session.server";

/**
 * The report files of the 'Relatórios' tab, streamed: rows are read in keyset
 * pages of 500 and written as they come into pdfkit, exceljs's streaming
 * WorkbookWriter or CSV lines, whose output is the response body. A year of
 * consultations never sits in memory; totals come from SQL.
 */

export interface ReportRequest {
  type: ReportType;
  format: ReportFormat;
  from: string;
  to: string;
}

/** A table as every format writes it: columns, then rows of cells, then totals. */
interface Column {
  header: string;
  /** Columns in the PDF's fixed-width line (a CJK character takes two); amounts align right. */
  width: number;
  kind: "text" | "date" | "money" | "number";
}
/** An amount in a currency other than reais (a payment the gateway recorded in another currency): never written as R$. */
interface Money {
  cents: number;
  currency: string;
}
/** A money column's number is centavos (BRL); a `Money` names its own currency. */
type Cell = string | number | Date | Money | null;

const isMoney = (value: Cell): value is Money => typeof value === "object" && value !== null && !(value instanceof Date);

/** Cents in the row's currency: a plain number when it is BRL (as every other amount of the reports). */
const inCurrency = (cents: number, currency: string): number | Money => (currency === "BRL" ? cents : { cents, currency });

/** The rows of a report, read page by page. */
async function* pages<T extends { cursorAt: string; id: string }>(read: (after: Cursor | null) => Promise<T[]>, pageSize: number): AsyncGenerator<T> {
  let after: Cursor | null = null;
  for (;;) {
    const page = await read(after);
    yield* page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { at: last.cursorAt, id: last.id };
  }
}

/** A calendar day as a spreadsheet date (UTC midnight: no zone shifts it). */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

interface Report {
  title: string;
  columns: Column[];
  rows: AsyncIterable<Cell[]>;
  /** Written after the rows (computed in SQL once the rows are out). */
  totals: () => Promise<{ heading: string; columns: Column[]; rows: Cell[][] }>;
  /** Trends only: the weeks the rows and totals are read from, for the tab's chart (one query for all three). */
  weeks?: Promise<TrendWeek[]>;
}

function methodLabel(t: TFunction, method: string | null) {
  return t(`methods.${paymentMethodKey(method)}`);
}

function buildReport(request: ReportRequest, scope: ReportScope, t: TFunction, pageSize = PAGE_SIZE): Report {
  const zone = scope.timeZone;
  switch (request.type) {
    case "financial":
      return {
        title: t("file.titles.financial"),
        columns: [
          { header: t("columns.date"), width: 10, kind: "date" },
          { header: t("columns.consultation"), width: 12, kind: "date" },
          { header: t("columns.patient"), width: 28, kind: "text" },
          { header: t("columns.amount"), width: 14, kind: "money" },
          { header: t("columns.method"), width: 18, kind: "text" },
          { header: t("columns.status"), width: 14, kind: "text" },
          { header: t("columns.refunded"), width: 14, kind: "money" },
        ],
        rows: (async function* () {
          for await (const row of pages((after) => financialPage(scope, after, pageSize), pageSize)) {
            yield [
              isoDay(row.at, zone),
              isoDay(row.startsAt, zone),
              row.patientName,
              inCurrency(row.amountCents, row.currency),
              methodLabel(t, row.method),
              t(`paymentStatuses.${PAYMENT_STATUSES.has(row.status) ? row.status : "other"}`),
              inCurrency(row.refundedCents, row.currency),
            ];
          }
        })(),
        totals: async () => {
          const totals = await financialTotals(scope);
          return {
            heading: t("file.totals"),
            columns: [
              { header: t("columns.payments"), width: 12, kind: "number" },
              { header: t("columns.approved"), width: 12, kind: "number" },
              { header: t("columns.received"), width: 16, kind: "money" },
              { header: t("columns.refunded"), width: 16, kind: "money" },
              { header: t("columns.net"), width: 16, kind: "money" },
            ],
            rows: [[totals.count, totals.approvedCount, totals.receivedCents, totals.refundedCents, totals.netCents]],
          };
        },
      };
    case "fiscal":
      return {
        title: t("file.titles.fiscal"),
        columns: [
          { header: t("columns.date"), width: 10, kind: "date" },
          { header: t("columns.patient"), width: 30, kind: "text" },
          { header: t("columns.cpf"), width: 18, kind: "text" },
          { header: t("columns.amount"), width: 14, kind: "money" },
          { header: t("columns.method"), width: 18, kind: "text" },
          { header: t("columns.refund"), width: 14, kind: "money" },
          { header: t("columns.net"), width: 14, kind: "money" },
        ],
        rows: (async function* () {
          for await (const row of pages((after) => fiscalPage(scope, after, pageSize), pageSize)) {
            yield [isoDay(row.at, zone), row.patientName, row.patientCpf ? formatCpf(row.patientCpf) : t("file.noCpf"), row.grossCents, methodLabel(t, row.method), row.refundCents, row.grossCents - row.refundCents];
          }
        })(),
        totals: async () => {
          const months = await fiscalMonths(scope);
          const sum = (pick: (month: (typeof months)[number]) => number) => months.reduce((total, month) => total + pick(month), 0);
          return {
            heading: t("file.monthTotals"),
            columns: [
              { header: t("columns.month"), width: 10, kind: "text" },
              { header: t("columns.consultations"), width: 14, kind: "number" },
              { header: t("columns.amount"), width: 16, kind: "money" },
              { header: t("columns.refund"), width: 16, kind: "money" },
              { header: t("columns.net"), width: 16, kind: "money" },
            ],
            rows: [
              ...months.map((month): Cell[] => [month.month, month.count, month.grossCents, month.refundCents, month.netCents]),
              [t("file.total"), sum((month) => month.count), sum((month) => month.grossCents), sum((month) => month.refundCents), sum((month) => month.netCents)],
            ],
          };
        },
      };
    case "trends": {
      const weeks = weeklyTrends(scope);
      return {
        title: t("file.titles.trends"),
        weeks,
        columns: [
          { header: t("columns.week"), width: 10, kind: "date" },
          { header: t("columns.consultations"), width: 14, kind: "number" },
          { header: t("columns.completed"), width: 12, kind: "number" },
          { header: t("columns.cancelled"), width: 12, kind: "number" },
          { header: t("columns.revenue"), width: 16, kind: "money" },
        ],
        rows: (async function* () {
          for (const week of await weeks) yield [week.week, week.consultations, week.completed, week.cancelled, week.revenueCents];
        })(),
        totals: async () => {
          const all = await weeks;
          const sum = (pick: (week: (typeof all)[number]) => number) => all.reduce((total, week) => total + pick(week), 0);
          return {
            heading: t("file.totals"),
            columns: [
              { header: t("columns.weeks"), width: 10, kind: "number" },
              { header: t("columns.consultations"), width: 14, kind: "number" },
              { header: t("columns.completed"), width: 12, kind: "number" },
              { header: t("columns.cancelled"), width: 12, kind: "number" },
              { header: t("columns.revenue"), width: 16, kind: "money" },
            ],
            rows: [[all.length, sum((week) => week.consultations), sum((week) => week.completed), sum((week) => week.cancelled), sum((week) => week.revenueCents)]],
          };
        },
      };
    }
  }
}

const PAYMENT_STATUSES = new Set(["approved", "pending", "in_process", "rejected", "refunded", "cancelled", "charged_back"]);

// ---------------------------------------------------------------------------
// Writers

interface Heading {
  title: string;
  lines: string[];
}

function pdfCell(value: Cell, column: Column, locale: string): string {
  if (value === null) return "";
  if (column.kind === "money" && typeof value === "number") return formatMoney(value, locale).replace(/\u00a0/g, " ");
  if (isMoney(value)) return formatMoney(value.cents, locale, value.currency).replace(/\u00a0/g, " ");
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function pdfLine(cells: Cell[], columns: Column[], locale: string): string {
  return columns
    .map((column, index) => {
      return fitColumns(pdfCell(cells[index] ?? null, column, locale), column.width, column.kind === "money" || column.kind === "number");
    })
    .join("  ")
    .trimEnd();
}

/**
 * Rows are Courier lines for their columns; a name in another script is drawn
 * in a Noto face fitted to the columns it counts (ADR 028), left to right
 * whatever its script.
 */
function writePdf(report: Report, heading: Heading, locale: string, t: TFunction): Readable {
  const doc = new PDFDocument({ size: "A4", layout: "landscape", margin: 36, info: { Title: report.title, Creator: "Acolhe" } });
  const row = (font: "Courier" | "Courier-Bold", line: string) => writeText(doc, font, line, { direction: "ltr" });
  void (async () => {
    writeText(doc.fontSize(16), "Helvetica-Bold", heading.title);
    doc.fontSize(9);
    for (const line of heading.lines) writeText(doc, "Helvetica", line);
    doc.moveDown(0.8);
    const header = () => {
      doc.fontSize(8);
      row("Courier-Bold", pdfLine(report.columns.map((column) => column.header), report.columns, locale)).font("Courier");
    };
    header();
    let rows = 0;
    for await (const cells of report.rows) {
      // A new page repeats the header row.
      if (doc.y > doc.page.height - doc.page.margins.bottom - 20) {
        doc.addPage();
        header();
      }
      row("Courier", pdfLine(cells, report.columns, locale));
      rows += 1;
    }
    if (rows === 0) writeText(doc.fontSize(9), "Helvetica", t("empty"));
    const totals = await report.totals();
    doc.moveDown(1);
    writeText(doc.fontSize(11), "Helvetica-Bold", totals.heading);
    doc.fontSize(8);
    row("Courier-Bold", pdfLine(totals.columns.map((column) => column.header), totals.columns, locale));
    for (const cells of totals.rows) row("Courier", pdfLine(cells, totals.columns, locale));
    doc.end();
  })().catch((error: unknown) => {
    log().error({ err: error }, "Erro ao exportar relatório");
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return doc;
}

const MONEY_FORMAT = '"R$" #,##0.00';
/** Another currency's amount is labelled with its ISO code ('"USD" #,##0.00'), never R$. */
const moneyFormat = (value: Cell) => (isMoney(value) ? `"${value.currency.replace(/[^A-Z]/g, "")}" #,##0.00` : MONEY_FORMAT);

/**
 * The locale's numeric date as an Excel pattern (dd/mm/yyyy in pt-BR,
 * mm/dd/yyyy in English, dd.mm.yyyy in German, yyyy/mm/dd in Chinese): a
 * date cell reads as the rest of the report does. Only plain separators are
 * kept (Arabic adds direction marks, which Excel would not parse).
 */
function excelDateFormat(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).formatToParts(new Date(Date.UTC(2000, 0, 2)));
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: "dd", month: "mm", year: "yyyy" };
  return parts.map((part) => fields[part.type] ?? (part.type === "literal" ? part.value.replace(/[^/.\- ]/g, "") : "")).join("");
}

function excelValue(value: Cell, column: Column): ExcelJS.CellValue {
  if (value === null) return null;
  if (column.kind === "money" && typeof value === "number") return value / 100;
  if (isMoney(value)) return value.cents / 100;
  if (column.kind === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayDate(value);
  return value;
}

function writeExcel(report: Report, heading: Heading, locale: string): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = "Acolhe";
  const dateFormat = excelDateFormat(locale);
  void (async () => {
    const sheet = workbook.addWorksheet(report.title.slice(0, 31).replace(/[\\/?*[\]:]/g, " "));
    sheet.columns = report.columns.map((column) => ({ width: Math.max(column.width + 2, column.header.length + 2) }));
    // Formats per cell, not per column: the totals below have columns of their own.
    const addRow = (columns: Column[], cells: Cell[]) => {
      const row = sheet.addRow(columns.map((column, index) => excelValue(cells[index] ?? null, column)));
      columns.forEach((column, index) => {
        if (column.kind === "money") row.getCell(index + 1).numFmt = moneyFormat(cells[index] ?? null);
        else if (column.kind === "date") row.getCell(index + 1).numFmt = dateFormat;
      });
      return row;
    };
    sheet.addRow([heading.title]).commit();
    for (const line of heading.lines) sheet.addRow([line]).commit();
    sheet.addRow([]).commit();
    const header = sheet.addRow(report.columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for await (const cells of report.rows) {
      addRow(report.columns, cells).commit();
      // Let the writer flush to the response between pages.
      if (++written % PAGE_SIZE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const totals = await report.totals();
    sheet.addRow([]).commit();
    const title = sheet.addRow([totals.heading]);
    title.font = { bold: true };
    title.commit();
    const totalsHeader = sheet.addRow(totals.columns.map((column) => column.header));
    totalsHeader.font = { bold: true };
    totalsHeader.commit();
    for (const cells of totals.rows) addRow(totals.columns, cells).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log().error({ err: error }, "Erro ao exportar relatório");
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}

/** Plain values for accountants' imports: amounts in reais with a dot (another currency's with its code after), dates yyyy-mm-dd. */
function csvValue(value: Cell, column: Column): string | number | null {
  if (value === null) return null;
  if (column.kind === "money" && typeof value === "number") return (value / 100).toFixed(2);
  if (isMoney(value)) return `${(value.cents / 100).toFixed(2)} ${value.currency}`;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value;
}

function writeCsv(report: Report): Readable {
  const stream = new PassThrough();
  const line = async (cells: Array<string | number | null>) => {
    if (!stream.write(`${cells.map(csvCell).join(",")}\r\n`)) await once(stream, "drain");
  };
  void (async () => {
    stream.write("\uFEFF");
    await line(report.columns.map((column) => column.header));
    for await (const cells of report.rows) await line(report.columns.map((column, index) => csvValue(cells[index] ?? null, column)));
    const totals = await report.totals();
    await line([]);
    await line([totals.heading]);
    await line(totals.columns.map((column) => column.header));
    for (const cells of totals.rows) await line(totals.columns.map((column, index) => csvValue(cells[index] ?? null, column)));
    stream.end();
  })().catch((error: unknown) => {
    log().error({ err: error }, "Erro ao exportar relatório");
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: "application/pdf",
  excel: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/**
 * The download: audited ('report.generate') before a byte is sent, then the
 * file streamed. The caller has validated the request.
 */
export async function exportReport(user: PsychologistSessionUser, request: ReportRequest, locale: Locale): Promise<Response> {
  const psychologistId = user.psychologistId;
  const identity = await psychologistIdentity(psychologistId);
  if (!identity) throw new Response(null, { status: 404 });
  const t = getFixedT(locale, "reports");
  const scope: ReportScope = { psychologistId, from: request.from, to: request.to, timeZone: identity.timeZone };
  await audit({
    actor: { userId: user.id, role: user.role },
    action: "report.generate",
    subject: { type: "psychologist", id: psychologistId },
    details: { type: request.type, format: request.format, from: request.from, to: request.to },
  });
  const report = buildReport(request, scope, t);
  const heading: Heading = {
    title: report.title,
    lines: [
      t("file.period", { from: formatLongDate(dayDate(request.from), locale, "UTC") ?? request.from, to: formatLongDate(dayDate(request.to), locale, "UTC") ?? request.to }),
      // Without a CPF the line says so once ('CPF não informado'), not 'CPF CPF não informado'.
      identity.cpf
        ? t("file.psychologist", { name: identity.name, crp: identity.crp ?? "—", cpf: formatCpf(identity.cpf) })
        : t("file.psychologistNoCpf", { name: identity.name, crp: identity.crp ?? "—" }),
      // The zone by its name in the reader's language ('Horário de Brasília'), as the e-mails and dashboards say it, not its IANA id.
      t("file.zone", { zone: zoneName(new Date(), locale, identity.timeZone) }),
      t("file.generatedAt", { date: formatLongDate(new Date(), locale, identity.timeZone) ?? "" }),
    ],
  };
  const node = request.format === "pdf" ? writePdf(report, heading, locale, t) : request.format === "excel" ? writeExcel(report, heading, locale) : writeCsv(report);
  return new Response(createReadableStreamFromReadable(node), {
    headers: {
      "Content-Type": CONTENT_TYPES[request.format],
      // Named in the reader's language.
      "Content-Disposition": contentDisposition(downloadName(locale, `report.${request.type}`, { from: request.from, to: request.to }, reportExtension(request.format))),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}

// ---------------------------------------------------------------------------
// The tab's preview: the first rows and the totals, formatted for the page.

function displayCell(value: Cell, column: Column, locale: string): string {
  if (value === null) return "";
  if (column.kind === "money" && typeof value === "number") return formatMoney(value, locale);
  if (isMoney(value)) return formatMoney(value.cents, locale, value.currency);
  if (column.kind === "number" && typeof value === "number") return new Intl.NumberFormat(locale).format(value);
  if (column.kind === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(dayDate(value));
  }
  return String(value);
}

export interface PreviewTable {
  columns: Array<{ header: string; numeric: boolean }>;
  rows: string[][];
}

export async function reportPreview(user: PsychologistSessionUser, request: Omit<ReportRequest, "format">, locale: Locale, rowLimit: number) {
  const psychologistId = user.psychologistId;
  const identity = await psychologistIdentity(psychologistId);
  if (!identity) throw new Response(null, { status: 404 });
  const t = getFixedT(locale, "reports");
  const scope: ReportScope = { psychologistId, from: request.from, to: request.to, timeZone: identity.timeZone };
  const report = buildReport({ ...request, format: "pdf" }, scope, t, rowLimit);
  const table = (columns: Column[], rows: Cell[][]): PreviewTable => ({
    columns: columns.map((column) => ({ header: column.header, numeric: column.kind === "money" || column.kind === "number" })),
    rows: rows.map((cells) => columns.map((column, index) => displayCell(cells[index] ?? null, column, locale))),
  });
  const rows: Cell[][] = [];
  for await (const cells of report.rows) {
    rows.push(cells);
    if (rows.length >= rowLimit) break;
  }
  const totals = await report.totals();
  // The preview shows patients' names, CPFs and amounts: a money read, one row per page view, before anything leaves.
  await audit({
    actor: { userId: user.id, role: user.role },
    action: "report.preview",
    subject: { type: "psychologist", id: psychologistId },
    details: { type: request.type, from: request.from, to: request.to, rows: rows.length },
  });
  return {
    title: report.title,
    timeZone: identity.timeZone,
    psychologistCpfMissing: identity.cpf === null,
    table: table(report.columns, rows),
    totals: { heading: totals.heading, ...table(totals.columns, totals.rows) },
    weeks: report.weeks ? await report.weeks : null,
  };
}
