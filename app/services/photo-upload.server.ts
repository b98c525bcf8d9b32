import { randomBytes } from "node:crypto";
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import sharp from "sharp";
import { ACCEPTED_PHOTO_FORMATS, MAX_PHOTO_BYTES, PHOTO_WIDTHS, renditionKey, sniffImage, STORED_PHOTO_WIDTH, type PhotoWidth } from "~/domain/image";
import { photoUploadLimit } from "~/domain/auth-limits";
import { putFile, removeFile } from "~/providers/storage.server";
import { PHOTO_TOO_LARGE_HEADER } from "~/utils/body-limit.server";
import { countAttempt } from "./throttle.server";

/**
 * The photo forms' shared half (account settings, the professional profile):
 * reading a form that may carry one image, and checking, re-encoding and
 * storing that image. Each page answers with its own words for the same
 * refusals.
 */

/** A form that may be multipart: a file part over the photo limit stops the read ('too-large'). */
export async function readPhotoForm(request: Request): Promise<FormData | "too-large"> {
  if (request.headers.has(PHOTO_TOO_LARGE_HEADER)) return "too-large";
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return request.formData();
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_PHOTO_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return "too-large";
    throw error;
  }
}

/**
 * 'format': an image in a format we do not take (HEIC, GIF…); 'unreadable': claims a format but does not decode;
 * 'too-many': this person's uploads are over photoUploadLimit.
 */
export type PhotoRefusal = "missing" | "too-large" | "not-image" | "format" | "unreadable" | "too-many";

/** The HTTP status of each refusal. */
export const PHOTO_REFUSAL_STATUS: Record<PhotoRefusal, number> = { missing: 400, "too-large": 413, "not-image": 415, format: 415, unreadable: 422, "too-many": 429 };

/**
 * Counts one upload of the photo form for `userId` and says whether it is over
 * the limit; called before storePhoto, so a refused upload decodes nothing.
 */
export async function photoUploadRefused(userId: string): Promise<boolean> {
  return (await countAttempt([photoUploadLimit(userId)])).over;
}

/** A phone photo is about 12 MP; this leaves room and stops decompression bombs (a 5 MB PNG can claim gigapixels). */
const MAX_INPUT_PIXELS = 50_000_000;

export type ProcessedPhoto = { ok: true; renditions: Map<PhotoWidth, Buffer> } | { ok: false; reason: PhotoRefusal; format?: string };

/**
 * Decodes the photo and encodes it again as square WebP renditions. The
 * format is the decoder's finding, not the file name's; orientation is
 * applied to the pixels, and nothing of the original's metadata (EXIF,
 * GPS, XMP, ICC) is written out.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length > MAX_PHOTO_BYTES) return { ok: false, reason: "too-large" };
  const sniffed = sniffImage(bytes);
  if (!sniffed) return { ok: false, reason: "not-image" };
  if (sniffed === "heic" || sniffed === "gif") return { ok: false, reason: "format", format: sniffed.toUpperCase() };
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  try {
    const metadata = await input().metadata();
    // HEIF is the container of both AVIF (AV1, taken) and HEIC (HEVC, refused).
    const format: string = metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : "heic") : metadata.format;
    if (!(ACCEPTED_PHOTO_FORMATS as readonly string[]).includes(format)) {
      return { ok: false, reason: "format", format: format.toUpperCase() };
    }
    const renditions = new Map<PhotoWidth, Buffer>();
    for (const width of PHOTO_WIDTHS) {
      renditions.set(width, await input().autoOrient().resize(width, width, { fit: "cover" }).webp({ quality: 80 }).toBuffer());
    }
    return { ok: true, renditions };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}

/**
 * Stores the form's photo under `folder` as its renditions and returns the
 * address of the largest (the one the database keeps, ADR 017); writes
 * nothing when the photo is refused.
 */
export async function storePhoto(file: FormDataEntryValue | null, folder: "avatars" | "photos"): Promise<{ ok: true; url: string } | { ok: false; reason: PhotoRefusal; format?: string }> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, reason: "missing" };
  if (file.size > MAX_PHOTO_BYTES) return { ok: false, reason: "too-large" };
  const processed = await processPhoto(Buffer.from(await file.arrayBuffer()));
  if (!processed.ok) return processed;
  const id = randomBytes(16).toString("hex");
  try {
    for (const [width, body] of processed.renditions) await putFile(renditionKey(folder, id, width), body, "image/webp");
  } catch (error) {
    // No half-stored photo: what was written goes, the store's failure stays a server error.
    await removeFile(`/uploads/${renditionKey(folder, id, STORED_PHOTO_WIDTH)}`);
    throw error;
  }
  return { ok: true, url: `/uploads/${renditionKey(folder, id, STORED_PHOTO_WIDTH)}` };
}
