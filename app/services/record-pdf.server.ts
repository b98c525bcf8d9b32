import PDFDocument from "pdfkit";
import { slugify } from "~/domain/clinical-notes";
import type { Locale } from "~/i18n/config";
import { downloadName } from "~/i18n/server-texts.server";
import { contentDisposition } from "~/utils/content-disposition";
import { writeText } from "./pdf-text.server";

/**
 * The prontuário as a PDF (pdfkit; Helvetica, with embedded Noto faces for
 * what WinAnsi lacks: names and notes in any script, ADR 028): a header
 * naming the psychologist with their CRP and the patient, one section per
 * consultation (its date, then the note wrapped across as many pages as it
 * needs) and 'Página X de Y' on every page, in the reader's language.
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

export function buildRecordPdf(input: RecordPdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: MARGIN, bufferPages: true, info: { Title: input.title, Author: input.author, Creator: "Acolhe" } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    const width = doc.page.width - MARGIN * 2;
    writeText(doc.fontSize(16), "Helvetica-Bold", input.title, { width });
    doc.moveDown(0.5);
    doc.fontSize(10);
    for (const line of input.header) writeText(doc, "Helvetica", line, { width });
    doc.moveDown(0.5);
    writeText(doc.fontSize(8).fillColor("#475569"), "Helvetica", input.confidentiality, { width }).fillColor("#000000");

    for (const section of input.sections) {
      doc.moveDown(1.2);
      // A heading never ends a page: it starts a new one unless its first two lines of text fit below it.
      const headingHeight = doc.fontSize(12).currentLineHeight(true) * 1.4;
      const bodyHeight = (doc.fontSize(11).currentLineHeight(true) + 2) * 2;
      if (doc.y + headingHeight + bodyHeight > doc.page.maxY()) doc.addPage();
      writeText(doc.fontSize(12), "Helvetica-Bold", section.heading, { width });
      doc.moveDown(0.4);
      writeText(doc.fontSize(11), "Helvetica", section.text, { width, lineGap: 2 });
    }

    // Page numbers once the page count is known; the footer sits in the bottom margin, which must not push a new page.
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      writeText(doc.fontSize(8).fillColor("#475569"), "Helvetica", input.pageLabel(index + 1, range.count), { x: MARGIN, y: doc.page.height - MARGIN / 2 - 4, width, align: "center", lineBreak: false });
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
