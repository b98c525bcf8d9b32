import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "~/utils/env.server";

/**
 * Where uploaded files live. Local disk under UPLOADS_DIR, served at
 * /uploads/… by the app; an object store can take its place behind the same
 * three functions.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

const TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" };

function root() {
  return path.resolve(env().UPLOADS_DIR);
}

/** Keys are ours (e.g. avatars/<uuid>.jpg); this refuses anything that could climb out of the folder. */
function filePath(key: string): string {
  if (!/^[a-z]+\/[A-Za-z0-9_-]+\.(jpg|png|webp|gif)$/.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return path.join(root(), key);
}

export async function putFile(key: string, body: Buffer): Promise<string> {
  const target = filePath(key);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, body);
  return `/uploads/${key}`;
}

export async function readStoredFile(key: string): Promise<StoredFile | null> {
  let target: string;
  try {
    target = filePath(key);
  } catch {
    return null;
  }
  try {
    return { body: await readFile(target), contentType: TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream" };
  } catch {
    return null;
  }
}

/** Removes a stored file by the URL putFile returned; unknown URLs are ignored. */
export async function removeFile(url: string | null) {
  if (!url?.startsWith("/uploads/")) return;
  try {
    await rm(filePath(url.slice("/uploads/".length)), { force: true });
  } catch {
    // Not one of ours: nothing to remove.
  }
}
