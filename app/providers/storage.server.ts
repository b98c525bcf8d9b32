import { photoUrls } from "~/domain/image";
import { env, type Env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { contentTypeOf, isStorageKey, type ObjectStore, type StoredFile } from "./storage.contract.server";
import { createLocalStore } from "./storage.local.server";
import { createS3Store } from "./storage.s3.server";

/**
 * Uploaded files, in the store the configuration chooses (this is the one
 * place it is chosen): an S3-compatible object store, or the local disk
 * under UPLOADS_DIR. Either way they are served at /uploads/<key> by the app.
 */
export { StorageError, type ObjectStore, type StoredFile } from "./storage.contract.server";

type StorageEnv = Pick<Env, "storageProvider" | "s3" | "UPLOADS_DIR" | "constants">;

export function createObjectStore(config: StorageEnv): ObjectStore {
  if (config.storageProvider === "local") return createLocalStore(config.UPLOADS_DIR);
  if (!config.s3) throw new Error("STORAGE_PROVIDER is s3 but S3_BUCKET, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not all set");
  return createS3Store({ ...config.s3, timeoutMs: config.constants.apiTimeoutMs, maxAttempts: config.constants.apiRetries + 1 });
}

let current: { config: Env; store: ObjectStore } | undefined;
let replacement: ObjectStore | undefined;

/** The configured store; built again when tests reset the environment. */
export function objectStore(): ObjectStore {
  if (replacement) return replacement;
  const config = env();
  if (current?.config !== config) current = { config, store: createObjectStore(config) };
  return current.store;
}

/** Tests swap in a store, or pass nothing to go back to the configured one. */
export function resetObjectStore(store?: ObjectStore) {
  replacement = store;
  current = undefined;
}

/** Stores `body` under `key` and returns the address it is served at. */
export async function putFile(key: string, body: Buffer, contentType = contentTypeOf(key)): Promise<string> {
  await objectStore().put(key, body, contentType);
  return `/uploads/${key}`;
}

/** Null for a key that is not one of ours or names nothing. */
export async function readStoredFile(key: string): Promise<StoredFile | null> {
  if (!isStorageKey(key)) return null;
  return objectStore().get(key);
}

/**
 * Removes a stored photo (every rendition) by the URL putFile returned;
 * unknown URLs are ignored. Clean-up after the change that made it
 * (a new photo saved): a store that fails here is logged, not the user's error.
 */
export async function removeFile(url: string | null) {
  if (!url?.startsWith("/uploads/")) return;
  for (const each of photoUrls(url)) {
    const key = each.slice("/uploads/".length);
    if (!isStorageKey(key)) continue;
    try {
      await objectStore().remove(key);
    } catch (error) {
      log().warn({ err: error, key }, "storage: could not remove an old upload");
    }
  }
}
