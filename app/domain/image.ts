/**
 * What an uploaded file really is, from its first bytes (the browser's
 * Content-Type is the client's claim). Only the photo formats we accept.
 */
export type ImageExtension = "jpg" | "png" | "webp" | "gif";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "webp";
  return null;
}
