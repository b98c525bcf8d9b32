// The little of fontkit (pdfkit's own font engine) that pdf-text.server.ts and its tests use.
declare module "fontkit" {
  export interface Font {
    postscriptName: string;
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { glyphs: Array<{ id: number; advanceWidth: number }> };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
