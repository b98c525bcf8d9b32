import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_PHOTO_BYTES, sniffImage } from "~/domain/image";
import { putFile } from "~/providers/storage.server";
import { randomToken } from "~/utils/crypto.server";

/**
 * The photo forms' shared half (account settings, the professional profile):
 * reading a form that may carry one image, and checking and storing that
 * image. Each page answers with its own words for the same refusals.
 */

/** A form that may be multipart: a file part over the photo limit stops the read ('too-large'). */
export async function readPhotoForm(request: Request): Promise<FormData | "too-large"> {
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return request.formData();
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_PHOTO_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return "too-large";
    throw error;
  }
}

export type PhotoRefusal = "missing" | "too-large" | "not-image";

/** The HTTP status of each refusal. */
export const PHOTO_REFUSAL_STATUS: Record<PhotoRefusal, number> = { missing: 400, "too-large": 413, "not-image": 415 };

/**
 * Stores the form's file under `folder` when it is an image we accept, named
 * by its content (the browser's type and name are the client's claim); writes
 * nothing otherwise.
 */
export async function storePhoto(file: FormDataEntryValue | null, folder: "avatars" | "photos"): Promise<{ ok: true; url: string } | { ok: false; reason: PhotoRefusal }> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, reason: "missing" };
  if (file.size > MAX_PHOTO_BYTES) return { ok: false, reason: "too-large" };
  const bytes = Buffer.from(await file.arrayBuffer());
  const extension = sniffImage(bytes);
  if (!extension) return { ok: false, reason: "not-image" };
  return { ok: true, url: await putFile(`${folder}/${randomToken(18)}.${extension}`, bytes) };
}
