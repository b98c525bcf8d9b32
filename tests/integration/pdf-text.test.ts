import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { isPdf, pdfFonts, pdfText } from "#tests/helpers/pdf";

function render(write: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    write(doc);
    doc.end();
  });
}

describe("pdfText", () => {
  it("reads back the Portuguese text of a compressed pdfkit document, line by line, across pages", async () => {
    const pdf = await render((doc) => {
      doc.text("Prontuário de Ação — R$ 1.234,56");
      doc.addPage().text("Página 2");
    });
    expect(isPdf(pdf)).toBe(true);
    expect(pdfText(pdf).split("\n")).toEqual(["Prontuário de Ação — R$ 1.234,56", "Página 2"]);
  });

  it("reads a compressed stream whose last byte is a carriage return", async () => {
    // A deflate stream ends with its checksum, whose low byte moves with each
    // added "a": find the text whose content stream ends in "\r".
    for (let n = 0; n < 1000; n++) {
      const line = `Recibo ${"a".repeat(n)}`;
      const pdf = await render((doc) => doc.text(line));
      if (!pdf.includes(Buffer.from("\r\nendstream", "latin1"))) continue;
      expect(pdfText(pdf)).toBe(line);
      return;
    }
    throw new Error("no text gave a stream ending in a carriage return");
  });

  it("reads text drawn in an embedded font through its ToUnicode map, following each font switch on the line", async () => {
    const noto = createRequire(import.meta.url).resolve("@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff");
    const pdf = await render((doc) => {
      doc.text("Paciente: ", { continued: true }).font(noto).text("Иван Петров", { continued: true }).font("Helvetica").text(" — ok");
      doc.font(noto).text("Второй");
    });
    expect(pdfText(pdf).split("\n")).toEqual(["Paciente: Иван Петров — ok", "Второй"]);
    expect([...pdfFonts(pdf).standard.values()]).toEqual(["Helvetica"]);
    expect([...pdfFonts(pdf).embedded.values()]).toEqual([expect.stringMatching(/\+NotoSans-Regular$/)]);
  });
});
