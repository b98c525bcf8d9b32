// The little of fontkit (pdfkit's own font engine) that pdf-text.server.ts uses.
declare module "fontkit" {
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
