import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { signedIn } from "#tests/helpers/factories";
import { getRequest, run } from "#tests/helpers/http";
import { isPdf, pdfContents, pdfFonts, pdfText } from "#tests/helpers/pdf";
import { receiptNumber } from "~/domain/receipt";
import { db } from "~/models/db.server";
import { loader as receiptLoader } from "~/routes/_patient.appointment.$id.receipt";
import { loader as reportLoader } from "~/routes/_psychologist.psychologist-dashboard.reports_.download";
import { fitColumns, textColumns, woffToSfnt } from "~/services/pdf-text.server";
import { buildRecordPdf, type RecordPdfInput } from "~/services/record-pdf.server";

/**
 * Names and notes in any script print in the PDFs (ADR 028): text Helvetica
 * cannot show is drawn in embedded Noto faces and reads back; a document all
 * in Portuguese still embeds no font.
 */

const record = (patient: string, sections: RecordPdfInput["sections"]) =>
  buildRecordPdf({
    title: "Prontuário",
    header: ["Psicólogo(a): Dra. Helena Prado — CRP 06/123456", `Paciente: ${patient}`],
    sections,
    confidentiality: "Documento confidencial.",
    pageLabel: (page, pages) => `Página ${page} de ${pages}`,
    author: "Dra. Helena Prado",
  });

const RUSSIAN = "Пациент жалуется на тревогу и бессонницу.";
const CHINESE = "患者感到焦虑，睡眠不好。";
// Without the vowel sign i (ि), which is drawn before its consonant and so reads back ahead of it.
const HINDI = "मरीज़ को नींद नहीं आती है।";
const ARABIC = "المريض يشعر بالقلق";

/** A completed consultation on 15 October 2026, paid R$ 200,00 by `method`, of a patient so named; the psychologist has a CRP and CPF. */
async function paidInOctober(name: { firstName: string; lastName: string }, method = "pix") {
  const { patient, psychologist } = await createPair({ patient: name });
  await db.updateTable("psychologists").set({ crp: "06/123456", cpf: "12345678909" }).where("id", "=", psychologist.psychologistId).execute();
  const startsAt = new Date("2026-10-15T17:00:00Z");
  const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt, status: "completed", priceCents: 200_00 });
  await db
    .insertInto("payments")
    .values({ appointment_id: id, provider: "local", provider_payment_id: `pay-${id}`, status: "approved", method, amount_cents: 200_00, currency: "BRL", refunded_cents: 0, approved_at: startsAt })
    .execute();
  return { patient, psychologist };
}

describe("PDFs in other scripts", () => {
  it("prints a Cyrillic patient name and notes in Russian, Chinese, Hindi and Arabic in the record", async () => {
    const pdf = await record("Иван Петров", [
      { heading: "Консультация 1", text: RUSSIAN },
      { heading: "咨询 2", text: CHINESE },
      { heading: "परामर्श 3", text: HINDI },
      { heading: "جلسة", text: ARABIC },
    ]);
    const lines = pdfText(pdf).split("\n");
    expect(lines).toContain("Paciente: Иван Петров");
    expect(lines).toContain("Консультация 1");
    expect(lines).toContain(RUSSIAN);
    expect(lines).toContain("咨询 2");
    expect(lines).toContain(CHINESE);
    expect(lines).toContain(HINDI);
    // Arabic is drawn in visual order, right to left: read left to right, the line is the text backwards
    // (each letter in its joined form, which its ToUnicode entry maps back to the letter).
    expect(lines).toContain([...ARABIC].reverse().join(""));
    expect(lines).toContain("ةسلج");
    expect(lines).not.toContain(expect.stringContaining("?"));
    expect(pdfFonts(pdf).embedded.size).toBeGreaterThan(0);
  });

  it("reads back a wrapped note in Chinese whole, and marks what no font has with '?'", async () => {
    const pdf = await record("Ana Costa", [{ heading: "Sessão", text: `${CHINESE.repeat(12)}\nFim ა` }]); // Georgian: in no face
    const lines = pdfText(pdf).split("\n");
    const note = lines.slice(lines.indexOf("Sessão") + 1, lines.indexOf("Fim ?"));
    expect(note.length).toBeGreaterThan(2);
    expect(note.join("")).toBe(CHINESE.repeat(12));
  });

  it("prints a patient named in Hebrew and a note in Hebrew right to left", async () => {
    const pdf = await record("דוד כהן", [{ heading: "Sessão", text: "המטופל מרגיש חרדה (קלה)." }]);
    const lines = pdfText(pdf).split("\n");
    // Read left to right as drawn: the Hebrew words backwards, the parentheses mirrored so they still enclose their word.
    expect(lines).toContain("Paciente: ןהכ דוד");
    expect(lines).toContain(".(הלק) הדרח שיגרמ לפוטמה");
    expect([...pdfFonts(pdf).embedded.values()].some((font) => font.endsWith("+NotoSansHebrew-Regular"))).toBe(true);
  });

  it("prints emoji, and places one after a Latin word in a Hebrew line as the bidi algorithm does (a neutral, not a letter)", async () => {
    const pdf = await record("Ana 😊 Costa", [{ heading: "Sessão", text: "Dormiu bem ❤️ 🇧🇷 👨‍👩‍👧\nהמטופל Sono ruim 😢" }]);
    const lines = pdfText(pdf).split("\n");
    expect(lines).toContain("Paciente: Ana 😊 Costa");
    expect(lines).toContain("Dormiu bem ❤️ 🇧🇷 👨‍👩‍👧");
    expect(lines).toContain("😢 Sono ruim לפוטמה");
    expect(lines).not.toContain(expect.stringContaining("?"));
  });

  it("prints '乒乓', whose subset's character map fontkit's own WOFF inflate misreads, instead of failing", async () => {
    const lines = pdfText(await record("Ana Costa", [{ heading: "Sessão", text: "乒乓球让他放松。" }])).split("\n");
    expect(lines).toContain("乒乓球让他放松。");
  });

  it("never starts a line of Chinese with a comma or a full stop", async () => {
    // A line holds 43 ideographs (483 pt at 11 pt): whichever of these puts '，' or '。' right after a full line.
    const text = [41, 42, 43, 44].map((count) => `${"焦".repeat(count)}，虑。`).join("\n");
    const lines = pdfText(await record("Ana Costa", [{ heading: "Sessão", text }])).split("\n");
    expect(lines.filter((line) => /^[，。]/.test(line))).toEqual([]);
    expect(lines.join("")).toContain(text.replace(/\n/g, ""));
  });

  it("keeps a record in Portuguese in the standard fonts, embedding none", async () => {
    const pdf = await record("Ana Conceição", [{ heading: "Consulta de 01 de outubro", text: "Paciente relata ansiedade — “melhora” após exercícios. Ação: manter." }]);
    expect(pdfText(pdf)).toContain("Paciente relata ansiedade — “melhora” após exercícios. Ação: manter.");
    expect(pdfFonts(pdf).embedded.size).toBe(0);
    expect([...pdfFonts(pdf).standard.values()].sort()).toEqual(["Helvetica", "Helvetica-Bold"]);
  });

  it("prints a receipt for a payer named in Chinese, in the reader's Chinese; in Portuguese it embeds no font", async () => {
    const { patient, psychologist } = await createPair({ patient: { firstName: "张", lastName: "伟" } });
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-10-01T17:00:00Z"), status: "completed", priceCents: 180_00 });
    const jar = await signedIn(patient);
    const download = async (language: string) => {
      const response = await run(receiptLoader, getRequest(`/appointment/${id}/receipt`, jar, { "Accept-Language": language }), { id });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(isPdf(bytes)).toBe(true);
      return bytes;
    };
    const chinese = await download("zh-CN");
    const lines = pdfText(chinese).split("\n");
    expect(lines).toContain("收据");
    expect(lines.some((line) => line.endsWith("张 伟"))).toBe(true);
    expect(pdfFonts(chinese).embedded.size).toBeGreaterThan(0);

    await db.updateTable("profiles").set({ first_name: "Paula", last_name: "Pereira" }).where("id", "=", patient.id).execute();
    const portuguese = await download("pt-BR");
    expect(pdfText(portuguese)).toContain("Paula Pereira");
    expect(pdfFonts(portuguese).embedded.size).toBe(0);
  });

  it("shows an amount in an Arabic receipt as 'R$ 180.00', not '$R'", async () => {
    const { patient, psychologist } = await createPair({ patient: { firstName: "محمد", lastName: "سالم" } });
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-10-01T17:00:00Z"), status: "completed", priceCents: 180_00 });
    const response = await run(receiptLoader, getRequest(`/appointment/${id}/receipt`, await signedIn(patient), { "Accept-Language": "ar" }), { id });
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\u00a0/g, " ");
    // Intl writes '\u200f180.00\u00a0R$': read right to left, the number, then 'R$'.
    expect(text).toContain("R$ 180.00");
    expect(text).not.toContain("$R");
  });

  it("reads the 'CRP: …' and 'CPF: …' lines of an Arabic receipt right to left, as its other lines", async () => {
    const { patient, psychologist } = await createPair({ patient: { firstName: "محمد", lastName: "سالم" } });
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date("2026-10-01T17:00:00Z"), status: "completed", priceCents: 180_00 });
    const response = await run(receiptLoader, getRequest(`/appointment/${id}/receipt`, await signedIn(patient), { "Accept-Language": "ar" }), { id });
    const lines = pdfText(Buffer.from(await response.arrayBuffer())).split("\n");
    // Drawn in visual order: the label at the right end, 'غير مذكور' (not informed) on its left.
    const notInformed = [..."غير مذكور"].reverse().join("");
    expect(lines).toContain(`${notInformed} :CRP`);
    expect(lines).toContain(`${notInformed} :CPF`);
  });

  it("keeps the receipt number of an Arabic receipt in one piece, left to right", async () => {
    const { patient, psychologist } = await createPair();
    const startsAt = new Date("2026-10-01T17:00:00Z");
    const id = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt, status: "completed", priceCents: 180_00 });
    const response = await run(receiptLoader, getRequest(`/appointment/${id}/receipt`, await signedIn(patient), { "Accept-Language": "ar" }), { id });
    const lines = pdfText(Buffer.from(await response.arrayBuffer())).split("\n");
    // 'رقم 2026-1A2B3C4D' drawn right to left: the number on the left of 'رقم', as written, not '1A2B3C4D-2026'.
    expect(lines).toContain(`${receiptNumber(id, startsAt, "America/Sao_Paulo")} ${[..."رقم"].reverse().join("")}`);
  });

  it("fits a Hindi name and status to their report columns without scaling the glyphs apart", async () => {
    const { psychologist } = await paidInOctober({ firstName: "राहुल", lastName: "शर्मा" });
    const response = await run(reportLoader, getRequest("/psychologist-dashboard/reports/download?type=financial&format=pdf&from=2026-10-01&to=2026-10-31", await signedIn(psychologist), { "Accept-Language": "hi" }));
    const pdf = Buffer.from(await response.arrayBuffer());
    // 'स्वीकृत' (approved) is wider than its columns. Under horizontal scaling (Tz), pdfkit would put its ृ, which the
    // font places by an offset, where the unscaled letter would be, and the letters after it further right ('स्वीक ृ त').
    expect(pdfText(pdf)).toContain("स्वीकृत");
    expect(pdfContents(pdf).join("\n")).not.toMatch(/\bTz\b/);
  });

  it("prints a report row for a patient named in Cyrillic; in Latin names it embeds no font", async () => {
    const { patient, psychologist } = await paidInOctober({ firstName: "Иван", lastName: "Петров" });
    const jar = await signedIn(psychologist);
    const report = async () => {
      const response = await run(reportLoader, getRequest("/psychologist-dashboard/reports/download?type=fiscal&format=pdf&from=2026-10-01&to=2026-10-31", jar));
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const cyrillic = await report();
    const lines = pdfText(cyrillic).split("\n");
    const row = lines.find((line) => line.startsWith("2026-10-15"));
    expect(row?.replace(/\s+/g, " ")).toBe("2026-10-15 Иван Петров CPF não informado R$ 200,00 PIX R$ 0,00 R$ 200,00");
    // The name takes its columns as Helvetica's Courier would: the next column starts where the header's does.
    const header = lines.find((line) => line.startsWith("Data"))!;
    expect(row!.indexOf("CPF não informado")).toBe(header.indexOf("CPF"));
    expect(pdfFonts(cyrillic).embedded.size).toBeGreaterThan(0);

    await db.updateTable("profiles").set({ first_name: "Ivan", last_name: "Petrov" }).where("id", "=", patient.id).execute();
    const latin = await report();
    expect(pdfText(latin)).toContain("Ivan Petrov");
    expect(pdfFonts(latin).embedded.size).toBe(0);
  });

  it("keeps an Arabic reader's report rows in their columns: a cell in Arabic is reordered within itself, not across the row", async () => {
    const { psychologist } = await paidInOctober({ firstName: "محمد", lastName: "سالم" }, "card");
    const jar = await signedIn(psychologist);
    const response = await run(reportLoader, getRequest("/psychologist-dashboard/reports/download?type=fiscal&format=pdf&from=2026-10-01&to=2026-10-31", jar, { "Accept-Language": "ar" }));
    const lines = pdfText(Buffer.from(await response.arrayBuffer())).split("\n");
    const row = lines.find((line) => line.startsWith("2026-10-15"))!;
    // Drawn left to right by columns: date, name, 'CPF غير مذكور', amount, method, refunded, net (the Arabic words are
    // left as \S+: a shaped letter reads back through whichever character its glyph was first drawn for).
    expect(row.replace(/\s+/g, " ")).toMatch(/^2026-10-15 \S+ \S+ CPF \S+ \S+ 200\.00 R\$ \S+ 0\.00 R\$ 200\.00 R\$$/);
    const header = lines[lines.indexOf(row) - 1]!;
    expect(row.indexOf("CPF")).toBe(header.indexOf("CPF"));
  });
});

describe("report columns", () => {
  it("count an emoji or a flag as two columns, as a Chinese character, so a name with one keeps the row aligned", () => {
    expect(textColumns("Ana")).toBe(3);
    expect(textColumns("张伟")).toBe(4);
    expect(textColumns("Ana 😊")).toBe(6);
    expect(textColumns("🇧🇷")).toBe(2);
    expect(textColumns("❤️")).toBe(2);
    expect(textColumns("👨‍👩‍👧")).toBe(2);
    expect(fitColumns("Ana 😊 Costa", 8)).toBe("Ana 😊 …");
    expect(textColumns(fitColumns("Ana 😊", 10))).toBe(10);
  });
});

describe("woffToSfnt", () => {
  it("unwraps a Noto WOFF into a font with the glyphs and advances of the same face read from its WOFF2", () => {
    const resolve = createRequire(import.meta.url).resolve;
    for (const file of ["noto-sans-sc/files/noto-sans-sc-101-400-normal.woff", "noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff", "noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff"]) {
      const path = resolve(`@fontsource/${file}`);
      const unwrapped = fontkit.create(woffToSfnt(readFileSync(path)));
      const reference = fontkit.create(readFileSync(`${path}2`));
      expect(unwrapped.numGlyphs).toBe(reference.numGlyphs);
      for (const text of ["乒乓們", "שלום", "مرحبا", "Ana"]) {
        const glyphs = (font: fontkit.Font) => font.layout(text).glyphs.map((glyph) => [glyph.id, glyph.advanceWidth]);
        expect(glyphs(unwrapped)).toEqual(glyphs(reference));
      }
    }
  });
});
