import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/** A random, URL-safe secret (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** The stored form of a token: a server that leaks its tables leaks no usable token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * AES-256-GCM for a short secret kept briefly at rest, under a key derived
 * (HKDF-SHA256) from `secret` for one `purpose`. The sealed form is
 * `iv.tag.ciphertext` in base64url; opening a tampered one throws.
 */
export function seal(plaintext: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

export function unseal(sealed: string, secret: string, purpose: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(secret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "acolhe", purpose, 32));
}
