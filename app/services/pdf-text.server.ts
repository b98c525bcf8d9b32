import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateSync } from "node:zlib";
import bidiFactory from "bidi-js";
import * as fontkit from "fontkit";

/**
 * Text in any script for the pdfkit documents (ADR 028). Text that is all
 * WinAnsi is written in the standard Helvetica/Courier exactly as before:
 * nothing is embedded and a Portuguese document is unchanged. Any other text
 * is laid out here, line by line: each character that Helvetica cannot show
 * goes, in runs, to the first Noto face (npm's @fontsource files, one per
 * Unicode subset, read only when needed and kept for the process) that has
 * it; Arabic and Hebrew lines are put in visual order (bidi-js), fontkit
 * shaping the Arabic letters. A character no face has prints as '?'.
 */

export type BaseFont = "Helvetica" | "Helvetica-Bold" | "Courier" | "Courier-Bold";

export interface TextOptions {
  x?: number;
  y?: number;
  width?: number;
  align?: "left" | "center" | "right" | "justify";
  lineGap?: number;
  lineBreak?: boolean;
  /**
   * 'ltr' for fixed columns (a report row), where a name in Arabic must not turn the whole line around;
   * 'rtl' for an Arabic document's own lines, so 'CPF: …' reads right to left from the right margin as its other lines do.
   */
  direction?: "auto" | "ltr" | "rtl";
}

// WinAnsi's characters beyond Latin-1 (what pdfkit's standard fonts encode).
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const WIN_ANSI = new RegExp(`^[\\t\\n\\r\\u0020-\\u007e\\u00a0-\\u00ff${WIN_ANSI_EXTRA}]*$`, "u");
const isWinAnsi = (text: string) => WIN_ANSI.test(text);

/** Writes `text` in `font` (or in fallback faces where it cannot show a character), leaving `font` selected. */
export function writeText(doc: PDFKit.PDFDocument, font: BaseFont, text: string, options: TextOptions = {}): PDFKit.PDFDocument {
  const { x, y, direction: _direction, ...rest } = options;
  // Spaces WinAnsi lacks (Intl's narrow no-break space in times) print as a space.
  const normalized = text.normalize("NFC").replace(/[\u2000-\u200a\u202f\u205f]/g, " ");
  doc.font(font);
  if (isWinAnsi(normalized) && options.direction !== "rtl") return x === undefined ? doc.text(normalized, rest) : doc.text(normalized, x, y, rest);
  layOut(doc, font, normalized, options);
  doc.font(font);
  return doc;
}

// ---------------------------------------------------------------------------
// Columns of a fixed-width line: a CJK character takes two, as in a terminal.

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
// Emoji shown as emoji take two columns too.
const EMOJI = /\p{Emoji_Presentation}|\ufe0f|[\u{1f1e6}-\u{1f1ff}]/u;
const clusterColumns = (cluster: string) => (WIDE.test(cluster) || EMOJI.test(cluster) ? 2 : 1);

export function textColumns(text: string): number {
  let columns = 0;
  for (const { segment } of graphemes.segment(text.normalize("NFC"))) columns += clusterColumns(segment);
  return columns;
}

/**
 * `text` cut to `columns` (ending in '…' when cut) and padded with spaces to
 * them, on the left for numbers. Right-to-left text is isolated (FSI…PDI, not
 * drawn) so that the bidi algorithm reorders it inside its cell, never
 * across the neighbouring cells of a row.
 */
export function fitColumns(text: string, columns: number, alignRight = false): string {
  let fitted = text.normalize("NFC");
  if (textColumns(fitted) > columns) {
    let used = 0;
    let cut = "";
    for (const { segment } of graphemes.segment(fitted)) {
      if (used + clusterColumns(segment) > columns - 1) break;
      used += clusterColumns(segment);
      cut += segment;
    }
    fitted = `${cut}…`;
  }
  const padding = " ".repeat(Math.max(0, columns - textColumns(fitted)));
  if (RTL.test(fitted)) fitted = `\u2068${fitted}\u2069`;
  return alignRight ? padding + fitted : fitted + padding;
}

// ---------------------------------------------------------------------------
// Fallback faces

interface Face {
  key: string;
  file: string;
  ranges: Array<[number, number]>;
  font?: fontkit.Font | null;
}

// Noto Sans first (Latin, Vietnamese, Cyrillic, Greek, Devanagari), then Arabic, Hebrew, Chinese (with Japanese kana), emoji (monochrome).
const PACKAGES = ["@fontsource/noto-sans", "@fontsource/noto-sans-arabic", "@fontsource/noto-sans-hebrew", "@fontsource/noto-sans-sc", "@fontsource/noto-emoji"];
const faces = new Map<400 | 700, Face[]>();

function facesOf(weight: 400 | 700): Face[] {
  let list = faces.get(weight);
  if (list) return list;
  const require = createRequire(import.meta.url);
  list = [];
  for (const name of PACKAGES) {
    const unicodeFile = require.resolve(`${name}/unicode.json`);
    const subsets = JSON.parse(readFileSync(unicodeFile, "utf8")) as Record<string, string>;
    for (const [subset, ranges] of Object.entries(subsets)) {
      const file = `${name.replace("@fontsource/", "")}-${subset.replace(/[[\]]/g, "")}-${weight}-normal.woff`;
      list.push({
        key: file,
        file: join(dirname(unicodeFile), "files", file),
        ranges: ranges.split(",").map((range) => {
          const [from = "", to = from] = range.trim().replace(/^U\+/i, "").split("-");
          return [parseInt(from, 16), parseInt(to, 16)];
        }),
      });
    }
  }
  faces.set(weight, list);
  return list;
}

function openFace(file: string): fontkit.Font | null {
  try {
    return fontkit.create(woffToSfnt(readFileSync(file)));
  } catch {
    return null; // A file missing or unreadable: the next face, or '?'.
  }
}

/**
 * A WOFF file as the plain font it wraps, its tables inflated once by zlib. fontkit reads a WOFF's tables
 * through a JavaScript inflate (tiny-inflate) of the whole table at each glyph it reads: most of a Chinese
 * note's layout time; and that inflate misreads the character map of noto-sans-sc's subset 101 ('乓', '們'),
 * which made the PDF fail.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const tables = woff.readUInt16BE(12);
  const records = Array.from({ length: tables }, (_, index) => {
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(stored) : stored };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(12 + 16 * tables + records.reduce((sum, record) => sum + padded(record.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(tables));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavor (TrueType or CFF)
  sfnt.writeUInt16BE(tables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(tables * 16 - power * 16, 10);
  let offset = 12 + 16 * tables;
  records.forEach((record, index) => {
    const at = 12 + index * 16;
    sfnt.writeUInt32BE(record.tag, at);
    sfnt.writeUInt32BE(record.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(record.data.length, at + 12);
    record.data.copy(sfnt, offset);
    offset += padded(record.data.length);
  });
  return sfnt;
}

function covers(face: Face, cluster: string): boolean {
  for (const char of cluster) {
    const code = char.codePointAt(0)!;
    if (!face.ranges.some(([from, to]) => code >= from && code <= to)) return false;
  }
  if (face.font === undefined) face.font = openFace(face.file);
  if (!face.font) return false;
  for (const char of cluster) if (!face.font.hasGlyphForCodePoint(char.codePointAt(0)!)) return false;
  return true;
}

// Chosen faces by weight and cluster: scanning some 230 subsets' ranges per character would cost more than the drawing.
const chosen = new Map<string, Face | null>();

/** The face that draws a whole grapheme cluster (base and marks together), if any. */
function faceFor(cluster: string, weight: 400 | 700): Face | null {
  const key = `${weight}${cluster}`;
  let face = chosen.get(key);
  if (face !== undefined) return face;
  face = facesOf(weight).find((candidate) => covers(candidate, cluster)) ?? null;
  if (chosen.size > 20_000) chosen.clear();
  chosen.set(key, face);
  return face;
}

// ---------------------------------------------------------------------------
// Layout

type Bidi = ReturnType<typeof bidiFactory>;
let bidi: Bidi | undefined;
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
// fontkit lays an Arabic or Hebrew run out right to left itself (it reverses the glyphs).
const FONTKIT_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

interface Cluster {
  text: string;
  face: Face | null; // null: the base font
  level: number;
}
interface Run {
  face: Face | null;
  text: string;
  width: number;
  scale: number;
}

function select(doc: PDFKit.PDFDocument, font: BaseFont, face: Face | null): PDFKit.PDFDocument {
  // pdfkit takes a fontkit font as a source; the key keeps one embedded font per face and document.
  return face ? doc.font(face.font as unknown as Buffer, face.key) : doc.font(font);
}

// Direction marks and other invisible controls: they count for the bidi levels, then are not drawn.
const INVISIBLE = /^[\u00ad\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]+$/u;

// bidi-js classes each UTF-16 unit, so an emoji's two surrogates would count as letters (L), joining a Latin word
// beside them in a right-to-left line. An astral character stands in as two units of its own class.
const STAND_IN: Record<string, string> = { L: "a", R: "\u05d0", AL: "\u0627", EN: "0", AN: "\u0660", NSM: "\u0300", BN: "\u200b", WS: " " };
const standInsForBidi = (bidi: Bidi, paragraph: string) =>
  paragraph.replace(/[\u{10000}-\u{10ffff}]/gu, (char) => (STAND_IN[bidi.getBidiCharTypeName(char)] ?? "\ufffc").repeat(2));

/** The paragraph's clusters with their faces and bidi levels, and whether it reads right to left. */
function clustersOf(paragraph: string, weight: 400 | 700, direction: "auto" | "ltr" | "rtl"): { clusters: Cluster[]; rtl: boolean } {
  const embedding = RTL.test(paragraph) || direction === "rtl" ? (bidi ??= bidiFactory()).getEmbeddingLevels(standInsForBidi(bidi, paragraph), direction) : null;
  const levels = embedding?.levels;
  // 'R$', 'US$': the sign is part of the Latin symbol; left a neutral, an Arabic line shows it as '$R'.
  if (levels) for (const sign of paragraph.matchAll(/(?<=\p{Script=Latin})\p{Sc}/gu)) levels[sign.index] = levels[sign.index - 1]!;
  const clusters: Cluster[] = [];
  for (const { segment, index } of graphemes.segment(paragraph)) {
    const level = levels?.[index] ?? 0;
    if (INVISIBLE.test(segment)) continue;
    if (isWinAnsi(segment)) {
      // Mirrored in a right-to-left run: '(' shows as ')'.
      const text = level % 2 === 1 ? (bidi?.getMirroredCharacter(segment) ?? segment) : segment;
      clusters.push({ text, face: null, level });
      continue;
    }
    const face = faceFor(segment, weight);
    clusters.push(face ? { text: segment, face, level } : { text: /^\s+$/u.test(segment) ? " " : "?", face: null, level });
  }
  return { clusters, rtl: (embedding?.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/** Runs of one face and one level, in visual order (rule L2 of the bidi algorithm on the line's clusters). */
function visualRuns(doc: PDFKit.PDFDocument, font: BaseFont, line: Cluster[], cell: number): Run[] {
  const order = [...line];
  const highest = Math.max(0, ...order.map((cluster) => cluster.level));
  const lowestOdd = Math.min(...order.map((cluster) => cluster.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd && level > 0; level -= 1) {
    for (let start = 0; start < order.length; start += 1) {
      if (order[start]!.level < level) continue;
      let end = start;
      while (end + 1 < order.length && order[end + 1]!.level >= level) end += 1;
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
      start = end;
    }
  }
  const runs: Run[] = [];
  let group: Cluster[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const face = group[0]!.face;
    let text = group.map((cluster) => cluster.text).join("");
    if (face && FONTKIT_RTL.test(text)) text = [...group].reverse().map((cluster) => cluster.text).join("");
    const natural = select(doc, font, face).widthOfString(text);
    // A fixed-width line gives a fallback run the columns it counted, narrowing it if it is wider.
    const width = cell > 0 && face ? group.reduce((sum, cluster) => sum + clusterColumns(cluster.text), 0) * cell : natural;
    runs.push({ face, text, width, scale: natural > width ? (100 * width) / natural : 100 });
    group = [];
  };
  for (const cluster of order) {
    const last = group[group.length - 1];
    if (last && (last.face !== cluster.face || last.level !== cluster.level)) flush();
    group.push(cluster);
  }
  flush();
  return runs;
}

// Break opportunities: after spaces, and around each CJK character, except before closing punctuation ('，', '。', '）'…), which never starts a line.
const TOKEN = /\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef][、。〉》」』】〕〗〙〛！），．：；？］｝｡､]*|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]+/gu;

function breakLines(doc: PDFKit.PDFDocument, font: BaseFont, clusters: Cluster[], width: number, cell: number): Cluster[][] {
  const text = clusters.map((cluster) => cluster.text).join("");
  // Cluster index of each UTF-16 offset, so tokens map back to clusters.
  const at: number[] = [];
  clusters.forEach((cluster, index) => {
    for (let unit = 0; unit < cluster.text.length; unit += 1) at.push(index);
  });
  // Widths add up token by token (no shaping or kerning crosses a space or a CJK character): linear in the text.
  const measure = (part: Cluster[]) => visualRuns(doc, font, part, cell).reduce((sum, run) => sum + run.width, 0);
  const lines: Cluster[][] = [];
  let line: Cluster[] = [];
  let used = 0;
  const add = (part: Cluster[], partWidth: number) => {
    line.push(...part);
    used += partWidth;
  };
  const newLine = () => {
    lines.push(trimEnd(line));
    line = [];
    used = 0;
  };
  for (const match of text.matchAll(TOKEN)) {
    const token = clusters.slice(at[match.index]!, at[match.index + match[0].length - 1]! + 1);
    const tokenWidth = measure(token);
    if (/^\s+$/u.test(match[0])) {
      // Spaces end a line, never start a wrapped one.
      if (line.length > 0 || lines.length === 0) add(token, tokenWidth);
      continue;
    }
    if (line.length > 0 && used + tokenWidth > width) newLine();
    if (tokenWidth <= width) {
      add(token, tokenWidth);
      continue;
    }
    // A word wider than the line is cut between clusters.
    for (const cluster of token) {
      const clusterWidth = measure([cluster]);
      if (line.length > 0 && used + clusterWidth > width) newLine();
      add([cluster], clusterWidth);
    }
  }
  lines.push(trimEnd(line));
  return lines;
}

const trimEnd = (line: Cluster[]) => {
  let end = line.length;
  while (end > 0 && /^\s+$/.test(line[end - 1]!.text)) end -= 1;
  return line.slice(0, end);
};

interface PdfkitInternals {
  _font: { ascender: number };
  _fontSize: number;
  _lineGap?: number;
  _fillColor?: unknown[];
}

function layOut(doc: PDFKit.PDFDocument, font: BaseFont, text: string, options: TextOptions): void {
  const internals = doc as unknown as PdfkitInternals;
  const weight = font.endsWith("Bold") ? 700 : 400;
  const startX = options.x ?? doc.x;
  if (options.y !== undefined) doc.y = options.y;
  const width = options.width ?? doc.page.width - startX - doc.page.margins.right;
  const lineGap = options.lineGap ?? internals._lineGap ?? 0;
  // Every line keeps the base font's height and baseline, so a name in Chinese sits on the line as Helvetica would.
  const ascent = (internals._font.ascender / 1000) * internals._fontSize;
  const lineHeight = doc.currentLineHeight(true);
  const cell = font.startsWith("Courier") ? doc.widthOfString(" ") : 0;
  const wrap = options.lineBreak !== false;

  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const clean = paragraph.replace(/\t/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
    const { clusters, rtl } = clustersOf(clean, weight, options.direction ?? "auto");
    // A paragraph in Arabic starts on the right unless the caller placed it.
    const align = rtl && (options.align ?? "left") === "left" ? "right" : options.align;
    const lines = wrap ? breakLines(doc, font, clusters, width, cell) : [clusters];
    for (const line of lines) {
      if (wrap && doc.y + lineHeight > doc.page.maxY()) {
        doc.addPage();
        const fill = internals._fillColor;
        if (fill) (doc.fillColor as (...args: unknown[]) => PDFKit.PDFDocument)(...fill);
      }
      const runs = visualRuns(doc, font, line, cell);
      const used = runs.reduce((sum, run) => sum + run.width, 0);
      let x = startX + (align === "center" ? (width - used) / 2 : align === "right" ? width - used : 0);
      const top = doc.y;
      const size = internals._fontSize;
      for (const run of runs) {
        // A run narrowed to its columns is drawn smaller on the same baseline, not with horizontalScaling:
        // pdfkit places marks that have an offset (Devanagari's ृ, Arabic vowels) at unscaled positions, off their letters.
        select(doc, font, run.face).fontSize((size * run.scale) / 100).text(run.text, x, top + ascent, { lineBreak: false, baseline: "alphabetic" });
        doc.fontSize(size);
        x += run.width;
      }
      doc.y = top;
      if (wrap) doc.y += lineHeight + lineGap;
    }
  }
  doc.x = startX;
}
