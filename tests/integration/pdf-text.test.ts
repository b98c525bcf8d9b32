import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { isPdf, pdfText } from "#tests/helpers/pdf";

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
});
