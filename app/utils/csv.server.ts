import { contentDisposition } from "./content-disposition";

/**
 * CSV downloads (RFC 4180) that Excel opens with accents intact: a UTF-8 BOM,
 * CRLF line ends, every field quoted when it must be, and cells that a
 * spreadsheet would run as a formula defused with a leading apostrophe.
 */

export type CsvCell = string | number | null | undefined;

// Excel, LibreOffice and Google Sheets evaluate a cell that starts with these (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  // Numbers are ours (counts, ratings, amounts): never a formula, and a negative must stay a number.
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the header row, then the rows, with the BOM. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** A private download: never cached by a browser or proxy (it carries patients' names and money). `filename` may be in any language. */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
