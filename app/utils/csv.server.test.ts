import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, toCsv } from "./csv.server";

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("Paula Pereira")).toBe("Paula Pereira");
    expect(csvCell(5)).toBe("5");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes commas, semicolons, quotes, line breaks and edge spaces, doubling the quotes", () => {
    expect(csvCell("Boa, muito boa")).toBe('"Boa, muito boa"');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('disse "obrigada"')).toBe('"disse ""obrigada"""');
    expect(csvCell("linha 1\nlinha 2")).toBe('"linha 1\nlinha 2"');
    expect(csvCell("linha 1\r\nlinha 2")).toBe('"linha 1\r\nlinha 2"');
    expect(csvCell(" espaço ")).toBe('" espaço "');
  });

  it("defuses what a spreadsheet would run as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+55 11 99999-0000")).toBe("'+55 11 99999-0000");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // Harmless in the middle.
    expect(csvCell("nota 5 = ótima")).toBe("nota 5 = ótima");
  });
});

describe("toCsv and csvResponse", () => {
  it("a BOM, the header, CRLF line ends", () => {
    expect(toCsv(["Data", "Comentário"], [["2026-11-25", "Ótima"], ["2026-11-24", null]])).toBe("\uFEFFData,Comentário\r\n2026-11-25,Ótima\r\n2026-11-24,\r\n");
  });

  it("a private attachment with a safe file name", async () => {
    const response = csvResponse(toCsv(["a"], []), 'avaliacoes-2026-11-25".csv');
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="avaliacoes-2026-11-25_.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
