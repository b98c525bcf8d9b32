/**
 * Where uploaded files live, behind three calls (docs/decisions/017): the
 * local disk (the embedded default) or an S3-compatible object store.
 * Keys are ours (`avatars/<id>-512.webp`); anything else is refused before
 * a store sees it, so no key can climb out of its folder or bucket prefix.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface ObjectStore {
  readonly name: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing what is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** A store that did not answer as it should (unreachable, refused, misconfigured). */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageError";
  }
}

const KEY = /^[a-z]+\/[A-Za-z0-9_-]+\.(jpg|png|webp|gif|avif)$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageError(`Invalid storage key: ${key}`);
}

const TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", avif: "image/avif" };

/** The Content-Type a key's extension stands for. */
export function contentTypeOf(key: string): string {
  return TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream";
}
