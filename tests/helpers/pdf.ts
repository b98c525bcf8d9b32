import { inflateSync } from "node:zlib";

/**
 * The text a pdfkit document shows, for tests to check what a reader sees:
 * inflates the content streams and decodes the hex strings of its TJ/Tj
 * operators (WinAnsi, the standard fonts' encoding: Portuguese, dashes
 * and quotes). Text runs are joined; each BT…ET block ends a line.
 */
// Where WinAnsi differs from Latin-1 (Node's TextDecoder may lack windows-1252).
const WIN_ANSI_EXTRA: Record<number, string> = { 0x80: "€", 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—" };
const winAnsi = (bytes: Buffer) => Array.from(bytes, (byte) => WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte)).join("");

export function pdfText(pdf: Buffer | Uint8Array): string {
  const source = Buffer.from(pdf).toString("latin1");
  const lines: string[] = [];
  // Each stream is read by its declared /Length: searching for "endstream"
  // instead would drop a compressed stream's last byte whenever it is "\r".
  for (const match of source.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const raw = source.slice(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw, "latin1")).toString("latin1");
    } catch {
      content = raw;
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const runs = [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => winAnsi(Buffer.from(hex[1]!, "hex")));
      if (runs.length > 0) lines.push(runs.join(""));
    }
  }
  return lines.join("\n");
}

/** True when the bytes start like a PDF file. */
export const isPdf = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).subarray(0, 5).toString("latin1") === "%PDF-";
