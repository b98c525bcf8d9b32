import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe secret (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** The stored form of a token: a server that leaks its tables leaks no usable token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
