import { describe, expect, it } from "vitest";
import { pdfText } from "#tests/helpers/pdf";
import { buildRecordPdf } from "~/services/record-pdf.server";

/** A record's pages as the reader sees them: each page's lines, its footer 'Página X de N' last. */
async function pagesOf(sections: Array<{ heading: string; text: string }>): Promise<string[][]> {
  const pdf = await buildRecordPdf({
    title: "Prontuário psicológico",
    header: ["Psicólogo(a): Dra. Helena Prado — CRP 06/123456", "Paciente: Paula Pereira"],
    sections,
    confidentiality: "Documento confidencial.",
    pageLabel: (page, pages) => `Página ${page} de ${pages}`,
    author: "Dra. Helena Prado",
  });
  const pages: string[][] = [[]];
  for (const line of pdfText(pdf).split("\n")) {
    pages[pages.length - 1]!.push(line);
    if (/^Página \d+ de \d+$/.test(line)) pages.push([]);
  }
  return pages.filter((page) => page.length > 0);
}

const SENTENCE = "Paciente relata melhora do sono e retomada das atividades físicas. ";

/** Checks every page: its footer last, and no heading left at its foot without two lines of a note that goes on. */
function expectKeptTogether(pages: string[][], headings: string[]) {
  for (const [pageIndex, page] of pages.entries()) {
    expect(page[page.length - 1]).toBe(`Página ${pageIndex + 1} de ${pages.length}`);
    const body = page.slice(0, -1);
    const headingAt = body.findLastIndex((line) => line.startsWith("Consulta "));
    if (headingAt < 0) continue;
    const continues = pageIndex + 1 < pages.length && !pages[pageIndex + 1]![0]!.startsWith("Consulta ");
    expect(body.length - 1 - headingAt, `page ${pageIndex + 1} ends ${JSON.stringify(body.slice(headingAt))}`).toBeGreaterThanOrEqual(continues ? 2 : 1);
  }
  // Nothing is lost on the way: every heading is printed once, in order.
  expect(pages.flat().filter((line) => line.startsWith("Consulta "))).toEqual(headings);
}

describe("the record's page breaks", () => {
  it("never ends a page with a consultation's heading: a first note of 30 to 50 lines puts the next heading at every height of the page's foot", async () => {
    for (let lines = 30; lines <= 50; lines += 1) {
      const sections = [
        { heading: "Consulta 1 — 8 de outubro de 2026, 14:00", text: Array.from({ length: lines }, (_, line) => `Linha ${line + 1}.`).join("\n") },
        { heading: "Consulta 2 — 15 de outubro de 2026, 14:00", text: SENTENCE.repeat(4).trim() },
      ];
      expectKeptTogether(await pagesOf(sections), sections.map((section) => section.heading));
    }
  });

  // Wrapped notes of one to eight lines, in several sequences.
  for (const offset of [0, 3, 6]) {
    it(`never leaves a heading with a single line of a note that goes on (sequence ${offset})`, async () => {
      const sections = Array.from({ length: 30 }, (_, index) => ({
        heading: `Consulta ${index + 1} — 15 de outubro de 2026, 14:00`,
        text: SENTENCE.repeat(((index * 3 + offset) % 8) + 1).trim(),
      }));
      const pages = await pagesOf(sections);
      expect(pages.length).toBeGreaterThan(2);
      expectKeptTogether(pages, sections.map((section) => section.heading));
    });
  }

  it("does not move a heading to a new page when it and two lines of its note fit", async () => {
    const pages = await pagesOf([
      { heading: "Consulta 1 — 15 de outubro de 2026, 14:00", text: "Primeira sessão." },
      { heading: "Consulta 2 — 22 de outubro de 2026, 14:00", text: "Segunda sessão." },
    ]);
    expect(pages).toHaveLength(1);
  });
});
