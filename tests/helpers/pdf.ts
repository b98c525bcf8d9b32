import { inflateSync } from "node:zlib";

/**
 * The text a pdfkit document shows, for tests to check what a reader sees:
 * inflates the pages' content streams and decodes the hex strings of their
 * TJ/Tj operators in the font each `/Fx size Tf` selects: a standard font's
 * WinAnsi (Portuguese, dashes and quotes), or an embedded (Type0) font's
 * glyph ids through its ToUnicode CMap. Text runs are joined; a line ends
 * with a BT…ET block whose successor starts on another line (a line in
 * several fonts is several blocks). Right-to-left text reads as drawn, left
 * to right.
 */
// Where WinAnsi differs from Latin-1 (Node's TextDecoder may lack windows-1252).
const WIN_ANSI_EXTRA: Record<number, string> = { 0x80: "€", 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—" };
const winAnsi = (bytes: Buffer) => Array.from(bytes, (byte) => WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte)).join("");

/** The streams of a PDF by object number, inflated when compressed. */
function streams(source: string): Map<number, string> {
  const found = new Map<number, string>();
  // Each stream is read by its declared /Length: searching for "endstream"
  // instead would drop a compressed stream's last byte whenever it is "\r".
  for (const match of source.matchAll(/(\d+) 0 obj\s*<<([^<>]*?)\/Length (\d+)([^<>]*?)>>\s*stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const raw = source.slice(start, start + Number(match[3]));
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw, "latin1")).toString("latin1");
    } catch {
      content = raw;
    }
    found.set(Number(match[1]), content);
  }
  return found;
}

/** A ToUnicode CMap's bfrange arrays (pdfkit writes no other form): glyph id → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi)) {
    let code = parseInt(range[1]!, 16);
    for (const entry of range[2]!.matchAll(/<([0-9a-f\s]*)>/gi)) {
      const units = entry[1]!.trim().split(/\s+/).filter(Boolean).map((hex) => parseInt(hex, 16));
      map.set(code, String.fromCharCode(...units));
      code += 1;
    }
  }
  return map;
}

export interface PdfFonts {
  /** Resource names (F1, F2…) of the standard fonts, with their base font. */
  standard: Map<string, string>;
  /** Resource names of the embedded (Type0) fonts, with their base font. */
  embedded: Map<string, string>;
}

function fontsOf(source: string, streamsByObject: Map<number, string>) {
  const dictionaries = new Map<number, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj)[^<>])*)>>\s*endobj/g)) dictionaries.set(Number(match[1]), match[2]!);
  const fonts: PdfFonts = { standard: new Map(), embedded: new Map() };
  const cmaps = new Map<string, Map<number, string>>();
  for (const [, name, object] of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const dictionary = dictionaries.get(Number(object)) ?? "";
    const baseFont = /\/BaseFont \/(\S+)/.exec(dictionary)?.[1] ?? "";
    const cmap = /\/Subtype \/Type0[\s\S]*\/ToUnicode (\d+) 0 R/.exec(dictionary)?.[1];
    if (cmap) {
      fonts.embedded.set(name!, baseFont);
      cmaps.set(name!, toUnicode(streamsByObject.get(Number(cmap)) ?? ""));
    } else if (baseFont) {
      fonts.standard.set(name!, baseFont);
    }
  }
  return { fonts, cmaps };
}

export function pdfText(pdf: Buffer | Uint8Array): string {
  const source = Buffer.from(pdf).toString("latin1");
  const streamsByObject = streams(source);
  const { cmaps } = fontsOf(source, streamsByObject);
  const contents = new Set([...source.matchAll(/\/Contents (\d+) 0 R/g)].map((match) => Number(match[1])));
  const lines: string[] = [];
  for (const [object, content] of streamsByObject) {
    if (!contents.has(object)) continue;
    let cmap: Map<number, string> | undefined;
    let baseline: number | undefined;
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const y = Number(/(\S+) Tm/.exec(block[1]!)?.[1]);
      // Fonts of one line may sit their baselines apart (pdfkit's continued text): within half the size is the same line.
      const size = Number(/([\d.]+)\s+Tf/.exec(block[1]!)?.[1] ?? 0);
      const runs: string[] = [];
      for (const token of block[1]!.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>/g)) {
        if (token[1]) {
          cmap = cmaps.get(token[1]);
          continue;
        }
        const bytes = Buffer.from(token[2]!, "hex");
        if (!cmap) runs.push(winAnsi(bytes));
        else for (let index = 0; index + 1 < bytes.length; index += 2) runs.push(cmap.get(bytes.readUInt16BE(index)) ?? "\ufffd");
      }
      if (runs.length === 0) continue;
      if (baseline !== undefined && Math.abs(y - baseline) < size / 2) lines[lines.length - 1] += runs.join("");
      else lines.push(runs.join(""));
      baseline = y;
    }
  }
  return lines.join("\n");
}

/** The pages' content streams (drawing operators), inflated. */
export function pdfContents(pdf: Buffer | Uint8Array): string[] {
  const source = Buffer.from(pdf).toString("latin1");
  const contents = new Set([...source.matchAll(/\/Contents (\d+) 0 R/g)].map((match) => Number(match[1])));
  return [...streams(source)].filter(([object]) => contents.has(object)).map(([, content]) => content);
}

/** The fonts a PDF uses, by kind: a document in Portuguese should embed none. */
export function pdfFonts(pdf: Buffer | Uint8Array): PdfFonts {
  const source = Buffer.from(pdf).toString("latin1");
  return fontsOf(source, streams(source)).fonts;
}

/** True when the bytes start like a PDF file. */
export const isPdf = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).subarray(0, 5).toString("latin1") === "%PDF-";
