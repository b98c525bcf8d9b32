import PDFDocument from "pdfkit";
import { formatCpf } from "~/domain/cpf";
import { isoDay, paymentMethodKey, receiptNumber, shortId } from "~/domain/receipt";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { downloadName } from "~/i18n/server-texts.server";
import type { ReceiptData } from "~/models/receipts.server";
import { formatLongDate, formatMoney, formatTime } from "~/utils/format";

/**
 * The receipt (recibo) of one paid consultation as a one-page PDF, with what
 * Brazilian income tax asks of a health expense: the psychologist's name, CRP
 * and CPF, the patient's name and CPF, the date, the service, the amount and
 * the method. pdfkit's standard Helvetica (WinAnsi: Portuguese accents). One
 * page: built in memory, unlike the reports.
 */

/** 'recibo-2026-10-01-1a2b3c4d.pdf', named in the reader's language (even when the PDF itself is in Portuguese). */
export function receiptFileName(receipt: Pick<ReceiptData, "id" | "startsAt" | "timeZone">, locale: Locale): string {
  return downloadName(locale, "receipt", { date: isoDay(receipt.startsAt, receipt.timeZone), id: shortId(receipt.id).toLowerCase() }, "pdf");
}

/**
 * The standard PDF fonts cover WinAnsi (Latin) only: documents are written in
 * the reader's language when it is in Latin script, otherwise in Portuguese
 * (the language of the Brazilian tax documents they are).
 */
const PDF_LOCALES: readonly Locale[] = ["pt-BR", "pt-PT", "en", "es", "fr", "de", "it"];
export function pdfLocale(locale: Locale): Locale {
  return PDF_LOCALES.includes(locale) ? locale : "pt-BR";
}

export async function receiptPdf(receipt: ReceiptData, viewerLocale: Locale, now = new Date()): Promise<Buffer> {
  const locale = pdfLocale(viewerLocale);
  const t = getFixedT(locale, "receipts");
  const zone = receipt.timeZone;
  const patientName = [receipt.patientFirstName, receipt.patientLastName].filter(Boolean).join(" ");
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: t("pdf.title"), Author: receipt.psychologistName, Creator: "Acolhe" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const line = (label: string, value: string) => {
    // One run per line: a reader (and a screen reader) gets 'Label: value' together.
    doc.font("Helvetica").text(`${label}: ${value}`);
    doc.moveDown(0.35);
  };

  doc.font("Helvetica-Bold").fontSize(22).text(t("pdf.title"), { align: "center" });
  doc.moveDown(0.2);
  doc.font("Helvetica").fontSize(11).text(t("pdf.number", { number: receiptNumber(receipt.id, receipt.startsAt, zone) }), { align: "center" });
  doc.moveDown(1.5);

  doc.fontSize(11);
  doc.font("Helvetica-Bold").fontSize(12).text(t("pdf.provider"));
  doc.moveDown(0.3).fontSize(11);
  line(t("pdf.psychologist"), receipt.psychologistName);
  line(t("pdf.crp"), receipt.psychologistCrp ?? t("pdf.notInformed"));
  line(t("pdf.cpf"), receipt.psychologistCpf ? formatCpf(receipt.psychologistCpf) : t("pdf.notInformed"));
  doc.moveDown(0.6);

  doc.font("Helvetica-Bold").fontSize(12).text(t("pdf.payer"));
  doc.moveDown(0.3).fontSize(11);
  line(t("pdf.patient"), patientName || t("pdf.notInformed"));
  line(t("pdf.cpf"), receipt.patientCpf ? formatCpf(receipt.patientCpf) : t("pdf.patientCpfMissing"));
  doc.moveDown(0.6);

  doc.font("Helvetica-Bold").fontSize(12).text(t("pdf.serviceHeading"));
  doc.moveDown(0.3).fontSize(11);
  line(t("pdf.service"), t("pdf.serviceDescription"));
  line(t("pdf.date"), t("pdf.dateValue", { date: formatLongDate(receipt.startsAt, locale, zone) ?? "", time: formatTime(receipt.startsAt, locale, zone) ?? "" }));
  line(t("pdf.duration"), t("pdf.minutes", { count: receipt.durationMinutes }));
  line(t("pdf.method"), t(`pdf.methods.${paymentMethodKey(receipt.method)}`));
  if (receipt.refundCents > 0) {
    line(t("pdf.paid"), formatMoney(receipt.grossCents, locale));
    line(t("pdf.refunded"), formatMoney(receipt.refundCents, locale));
  }
  doc.font("Helvetica-Bold").fontSize(14).text(`${t("pdf.amount")}: ${formatMoney(receipt.netCents, locale)}`);
  doc.fontSize(11).font("Helvetica");
  if (receipt.status === "cancelled") doc.moveDown(0.3).text(t("pdf.cancelledNote"));
  doc.moveDown(1);

  doc.text(t("pdf.declaration", { amount: formatMoney(receipt.netCents, locale) }));
  doc.moveDown(1);
  if (!receipt.psychologistCpf) {
    doc.font("Helvetica-Bold").text(t("pdf.psychologistCpfMissing"));
    doc.font("Helvetica").moveDown(1);
  }
  doc.text(t("pdf.place", { date: formatLongDate(now, locale, zone) ?? "" }));
  doc.moveDown(2.5);
  doc.text("______________________________________", { align: "center" });
  doc.text(receipt.psychologistName, { align: "center" });
  doc.text(receipt.psychologistCrp ? `${t("pdf.crp")} ${receipt.psychologistCrp}` : "", { align: "center" });
  doc.moveDown(2);
  doc.fontSize(8).fillColor("#555555").text(t("pdf.footer"));
  doc.end();
  return done;
}
