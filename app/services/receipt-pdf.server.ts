import PDFDocument from "pdfkit";
import { formatCpf } from "~/domain/cpf";
import { isoDay, paymentMethodKey, receiptNumber, shortId } from "~/domain/receipt";
import { isRtl, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { downloadName } from "~/i18n/server-texts.server";
import type { ReceiptData } from "~/models/receipts.server";
import { formatLongDate, formatMoney, formatTime } from "~/utils/format";
import { zoneName } from "~/utils/zoned-time";
import { writeText } from "./pdf-text.server";

/**
 * The receipt (recibo) of one paid consultation as a one-page PDF, with what
 * Brazilian income tax asks of a health expense: the psychologist's name, CRP
 * and CPF, the patient's name and CPF, the date, the service, the amount and
 * the method, in the reader's language. pdfkit's Helvetica, with embedded
 * Noto faces for what WinAnsi lacks (a payer named in Chinese, ADR 028). One
 * page: built in memory, unlike the reports.
 */

/** 'recibo-2026-10-01-1a2b3c4d.pdf', named in the reader's language. */
export function receiptFileName(receipt: Pick<ReceiptData, "id" | "startsAt" | "timeZone">, locale: Locale): string {
  return downloadName(locale, "receipt", { date: isoDay(receipt.startsAt, receipt.timeZone), id: shortId(receipt.id).toLowerCase() }, "pdf");
}

export async function receiptPdf(receipt: ReceiptData, locale: Locale, now = new Date()): Promise<Buffer> {
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

  // 'CRP: …' and 'CPF: …' start with Latin letters: in Arabic they still read right to left, like the other lines.
  const direction = isRtl(locale) ? "rtl" : "auto";
  const line = (label: string, value: string) => {
    // One run per line: a reader (and a screen reader) gets 'Label: value' together.
    // Joined the reader's way: 'Psicólogo(a): …', 'Psychologue : …', '心理咨询师：…'.
    writeText(doc, "Helvetica", t("pdf.labelValue", { label, value }), { direction });
    doc.moveDown(0.35);
  };

  writeText(doc.fontSize(22), "Helvetica-Bold", t("pdf.title"), { align: "center" });
  doc.moveDown(0.2);
  // Isolated left to right (LRI…PDI, not drawn) in Arabic: the bidi algorithm would show '2026-1A2B3C4D' as '1A2B3C4D-2026'.
  const number = receiptNumber(receipt.id, receipt.startsAt, zone);
  writeText(doc.fontSize(11), "Helvetica", t("pdf.number", { number: direction === "rtl" ? `\u2066${number}\u2069` : number }), { align: "center" });
  doc.moveDown(1.5);

  doc.fontSize(11);
  writeText(doc.fontSize(12), "Helvetica-Bold", t("pdf.provider"));
  doc.moveDown(0.3).fontSize(11);
  line(t("pdf.psychologist"), receipt.psychologistName);
  line(t("pdf.crp"), receipt.psychologistCrp ?? t("pdf.notInformed"));
  line(t("pdf.cpf"), receipt.psychologistCpf ? formatCpf(receipt.psychologistCpf) : t("pdf.notInformed"));
  doc.moveDown(0.6);

  writeText(doc.fontSize(12), "Helvetica-Bold", t("pdf.payer"));
  doc.moveDown(0.3).fontSize(11);
  line(t("pdf.patient"), patientName || t("pdf.notInformed"));
  line(t("pdf.cpf"), receipt.patientCpf ? formatCpf(receipt.patientCpf) : t("pdf.patientCpfMissing"));
  doc.moveDown(0.6);

  writeText(doc.fontSize(12), "Helvetica-Bold", t("pdf.serviceHeading"));
  doc.moveDown(0.3).fontSize(11);
  line(t("pdf.service"), t("pdf.serviceDescription"));
  // The practice's clock, its zone named: a patient abroad had this consultation at another hour on their own clock (ADR 004).
  const zoneLabel = zoneName(receipt.startsAt, locale, zone);
  line(t("pdf.date"), t("pdf.dateValue", { date: formatLongDate(receipt.startsAt, locale, zone) ?? "", time: formatTime(receipt.startsAt, locale, zone) ?? "", zone: zoneLabel }));
  line(t("pdf.duration"), t("pdf.minutes", { count: receipt.durationMinutes }));
  line(t("pdf.method"), t(`pdf.methods.${paymentMethodKey(receipt.method)}`));
  if (receipt.refundCents > 0) {
    line(t("pdf.paid"), formatMoney(receipt.grossCents, locale));
    line(t("pdf.refunded"), formatMoney(receipt.refundCents, locale));
  }
  writeText(doc.fontSize(14), "Helvetica-Bold", t("pdf.labelValue", { label: t("pdf.amount"), value: formatMoney(receipt.netCents, locale) }));
  doc.fontSize(11).font("Helvetica");
  if (receipt.status === "cancelled") writeText(doc.moveDown(0.3), "Helvetica", t("pdf.cancelledNote"));
  doc.moveDown(1);

  writeText(doc, "Helvetica", t("pdf.declaration", { amount: formatMoney(receipt.netCents, locale) }));
  doc.moveDown(1);
  if (!receipt.psychologistCpf) {
    writeText(doc, "Helvetica-Bold", t("pdf.psychologistCpfMissing"));
    doc.font("Helvetica").moveDown(1);
  }
  writeText(doc, "Helvetica", t("pdf.place", { date: formatLongDate(now, locale, zone) ?? "" }));
  doc.moveDown(2.5);
  doc.text("______________________________________", { align: "center" });
  writeText(doc, "Helvetica", receipt.psychologistName, { align: "center" });
  writeText(doc, "Helvetica", receipt.psychologistCrp ? `${t("pdf.crp")} ${receipt.psychologistCrp}` : "", { align: "center" });
  doc.moveDown(2);
  writeText(doc.fontSize(8).fillColor("#555555"), "Helvetica", t("pdf.footer"));
  doc.end();
  return done;
}
