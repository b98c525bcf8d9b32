/**
 * Photos: what an uploaded file really is, from its first bytes (the
 * browser's Content-Type is the client's claim), and the renditions the
 * server keeps of each accepted photo (docs/decisions/017). Pure: the
 * components derive their srcset from here.
 */

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Formats a photo may arrive in; everything is stored as WebP renditions. */
export const ACCEPTED_PHOTO_FORMATS = ["jpeg", "png", "webp", "avif"] as const;
export type PhotoFormat = (typeof ACCEPTED_PHOTO_FORMATS)[number];
/** The file inputs' `accept`: listing JPEG also makes iOS convert HEIC photos before sending them. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
/** What sniffing can tell apart: the accepted formats and the refused ones people do send. */
export type SniffedFormat = PhotoFormat | "heic" | "gif";

/** Square renditions, in px: avatars (≤ 48 CSS px), profile photos (≤ 128), link previews (512). */
export const PHOTO_WIDTHS = [96, 256, 512] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The one rendition whose address the database keeps; the others are derived from it. */
export const STORED_PHOTO_WIDTH: PhotoWidth = 512;

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** ISO-BMFF (HEIF/AVIF): the major brand and the compatible ones decide. */
function sniffHeif(bytes: Uint8Array): SniffedFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12 || ascii(4, 8) !== "ftyp") return null;
  const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length);
  const brands = [ascii(8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
  if (brands.some((brand) => HEIF_BRANDS.has(brand) || brand === "mif1" || brand === "msf1")) return "heic";
  return null;
}

export function sniffImage(bytes: Uint8Array): SniffedFormat | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "webp";
  return sniffHeif(bytes);
}

/** Storage key of one rendition: `<folder>/<id>-<width>.webp`. */
export function renditionKey(folder: string, id: string, width: PhotoWidth): string {
  return `${folder}/${id}-${width}.webp`;
}

const RENDITION_URL = /^(\/uploads\/[a-z]+\/[A-Za-z0-9_-]+)-512\.webp$/;

/** The address of another width of a stored photo; null for a photo kept as a single file (older uploads, the seed). */
export function renditionUrl(url: string, width: PhotoWidth): string | null {
  const match = RENDITION_URL.exec(url);
  return match ? `${match[1]}-${width}.webp` : null;
}

/** Every address a stored photo occupies (all its renditions, or the one file). */
export function photoUrls(url: string): string[] {
  return RENDITION_URL.test(url) ? PHOTO_WIDTHS.map((width) => renditionUrl(url, width)!) : [url];
}

export interface PhotoSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * <img> attributes for a photo shown `cssPx` wide: the smallest rendition that
 * covers a 2× screen as src, and the set for the browser to choose from.
 * A single-file photo is used as it is.
 */
export function photoSources(url: string, cssPx: number): PhotoSources {
  if (!RENDITION_URL.test(url)) return { src: url };
  const width = PHOTO_WIDTHS.find((candidate) => candidate >= cssPx * 2) ?? STORED_PHOTO_WIDTH;
  return {
    src: renditionUrl(url, width)!,
    srcSet: PHOTO_WIDTHS.map((candidate) => `${renditionUrl(url, candidate)} ${candidate}w`).join(", "),
    sizes: `${cssPx}px`,
  };
}
