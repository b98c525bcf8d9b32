import PDFDocument from "pdfkit";
import { slugify } from "~/domain/clinical-notes";
import type { Locale } from "~/i18n/config";
import { downloadName } from "~/i18n/server-texts.server";
import { contentDisposition } from "~/utils/content-disposition";

/**
 * The prontuário as a PDF (pdfkit, standard Helvetica: WinAnsi covers
 * Portuguese): a header naming the psychologist with their CRP and the
 * patient, one section per consultation (its date, then the note wrapped
 * across as many pages as it needs) and 'Página X de Y' on every page.
 * The same document serves the psychologist's export of one note and the
 * patient's copy of their whole record. Every text comes in translated.
 */

export interface RecordPdfInput {
  title: string;
  /** Lines under the title: psychologist with CRP, patient, issue date. */
  header: string[];
  sections: Array<{ heading: string; text: string }>;
  confidentiality: string;
  /** 'Página {x} de {y}' in the reader's language. */
  pageLabel: (page: number, pages: number) => string;
  /** Document metadata (the patient's name is kept out of it on purpose). */
  author: string;
}

const MARGIN = 56;

/** Helvetica's WinAnsi shows Latin scripts only: other languages get the record in Portuguese, the document's legal language in Brazil. */
const LATIN_LOCALES: readonly string[] = ["pt-BR", "pt-PT", "en", "es", "fr", "de", "it"];
export function pdfLocale(locale: Locale): Locale {
  return LATIN_LOCALES.includes(locale) ? locale : "pt-BR";
}

/** Characters Helvetica's WinAnsi encoding cannot show are replaced, so a stray emoji never garbles a line. */
function printable(text: string): string {
  return text.replace(/[^\u0009\u000a\u000d\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu, "?");
}

export function buildRecordPdf(input: RecordPdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: MARGIN, bufferPages: true, info: { Title: input.title, Author: input.author, Creator: "Acolhe" } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    const width = doc.page.width - MARGIN * 2;
    doc.font("Helvetica-Bold").fontSize(16).text(printable(input.title), { width });
    doc.moveDown(0.5);
    doc.font("Helvetica").fontSize(10);
    for (const line of input.header) doc.text(printable(line), { width });
    doc.moveDown(0.5);
    doc.fontSize(8).fillColor("#475569").text(printable(input.confidentiality), { width }).fillColor("#000000");

    for (const section of input.sections) {
      doc.moveDown(1.2);
      doc.font("Helvetica-Bold").fontSize(12).text(printable(section.heading), { width });
      doc.moveDown(0.4);
      doc.font("Helvetica").fontSize(11).text(printable(section.text), { width, lineGap: 2 });
    }

    // Page numbers once the page count is known; the footer sits in the bottom margin, which must not push a new page.
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font("Helvetica").fontSize(8).fillColor("#475569").text(input.pageLabel(index + 1, range.count), MARGIN, doc.page.height - MARGIN / 2 - 4, { width, align: "center", lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}

/** 'prontuario-{patient-slug}-{yyyy-mm-dd}.pdf', named in the reader's language (the slug has no accents). */
export function recordFileName(locale: Locale, patientName: string, date: string): string {
  return downloadName(locale, "record", { patient: slugify(patientName), date }, "pdf");
}

/** A PDF download that no shared cache keeps. */
export function pdfResponse(bytes: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(fileName),
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
