import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "./env.server";

/**
 * Clinical notes at rest: AES-256-GCM, a fresh 12-byte nonce per seal, the
 * 16-byte auth tag appended to the ciphertext, and the id of the key that
 * sealed it stored beside the row so keys can rotate.
 *
 * NOTES_ENCRYPTION_KEY is `keyId:base64key[,keyId:base64key...]`: the first
 * key seals, every listed key opens. A bare `base64key` is one key whose id
 * is derived from the key itself (stable across restarts). Each key is 32 bytes.
 *
 * The associated data binds a ciphertext to its note id and version: a
 * ciphertext copied onto another row (or another version) does not open.
 */

export interface NoteKey {
  id: string;
  key: Buffer;
}

export interface NoteKeyring {
  /** The key new texts are sealed with. */
  sealing: NoteKey;
  byId: Map<string, Buffer>;
}

export interface SealedNote {
  keyId: string;
  nonce: Buffer;
  /** Ciphertext followed by the 16-byte GCM tag. */
  ciphertext: Buffer;
}

/** Where a sealed text belongs: it opens only there. */
export interface NoteBinding {
  noteId: string;
  version: number;
}

/** A note that cannot be opened: altered bytes, moved to another row, or its key is gone. */
export class NoteDecryptionError extends Error {
  constructor(readonly reason: "tampered" | "unknown_key") {
    super(reason === "unknown_key" ? "clinical note sealed with an unknown key" : "clinical note failed authentication");
    this.name = "NoteDecryptionError";
  }
}

const TAG_BYTES = 16;
const NONCE_BYTES = 12;
const KEY_ID = /^[A-Za-z0-9_.-]{1,40}$/;

function decodeKey(base64: string): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32) throw new Error("NOTES_ENCRYPTION_KEY: each key must be 32 bytes in base64 (openssl rand -base64 32)");
  return key;
}

export function parseNoteKeys(value: string): NoteKeyring {
  const entries = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("NOTES_ENCRYPTION_KEY is empty");
  const keys: NoteKey[] = entries.map((entry) => {
    const colon = entry.indexOf(":");
    if (colon === -1) {
      const key = decodeKey(entry);
      return { id: `k${createHash("sha256").update(key).digest("hex").slice(0, 8)}`, key };
    }
    const id = entry.slice(0, colon).trim();
    if (!KEY_ID.test(id)) throw new Error("NOTES_ENCRYPTION_KEY: a key id is letters, digits, '.', '_' or '-' (at most 40)");
    return { id, key: decodeKey(entry.slice(colon + 1)) };
  });
  const byId = new Map<string, Buffer>();
  for (const key of keys) {
    if (byId.has(key.id)) throw new Error(`NOTES_ENCRYPTION_KEY: key id '${key.id}' is listed twice`);
    byId.set(key.id, key.key);
  }
  return { sealing: keys[0]!, byId };
}

let cached: { source: string; ring: NoteKeyring } | undefined;

/** The keyring of this process (re-read when the environment changes, as tests do). */
export function noteKeys(): NoteKeyring {
  const source = env().NOTES_ENCRYPTION_KEY;
  if (cached?.source !== source) cached = { source, ring: parseNoteKeys(source) };
  return cached.ring;
}

const associatedData = ({ noteId, version }: NoteBinding) => Buffer.from(`acolhe:clinical_note:${noteId}:${version}`, "utf8");

export function sealNote(text: string, binding: NoteBinding, ring: NoteKeyring = noteKeys()): SealedNote {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", ring.sealing.key, nonce);
  cipher.setAAD(associatedData(binding));
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return { keyId: ring.sealing.id, nonce, ciphertext: Buffer.concat([body, cipher.getAuthTag()]) };
}

export function openNote(sealed: SealedNote, binding: NoteBinding, ring: NoteKeyring = noteKeys()): string {
  const key = ring.byId.get(sealed.keyId);
  if (!key) throw new NoteDecryptionError("unknown_key");
  if (sealed.nonce.length !== NONCE_BYTES || sealed.ciphertext.length < TAG_BYTES) throw new NoteDecryptionError("tampered");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, sealed.nonce);
    decipher.setAAD(associatedData(binding));
    decipher.setAuthTag(sealed.ciphertext.subarray(sealed.ciphertext.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.ciphertext.subarray(0, sealed.ciphertext.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    // GCM refuses anything altered; never hand back unauthenticated bytes.
    throw new NoteDecryptionError("tampered");
  }
}
