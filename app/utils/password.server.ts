import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt from node:crypto. Stored as
 * `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise and old hashes
 * still verify; a sign-in with an older cost stores a new hash
 * (`needsRehash`). N is 2^17 (OWASP's scrypt minimum); the test runner
 * lowers it with SCRYPT_LOG_N so thousands of test accounts stay cheap.
 */
const DEFAULT_LOG_N = 17;
const KEY_LENGTH = 32;

function params() {
  const logN = Number(process.env.SCRYPT_LOG_N ?? DEFAULT_LOG_N);
  const safe = Number.isInteger(logN) && logN >= 10 && logN <= 20 ? logN : DEFAULT_LOG_N;
  return { N: 2 ** safe, r: 8, p: 1 };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: 128 * options.N! * options.r! * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const current = params();
  const key = await derive(password, salt, current);
  return ["scrypt", current.N, current.r, current.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with less work than today's (then sign-in stores a new one). */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split("$");
  const current = params();
  return Number(n) < current.N || Number(r) < current.r || Number(p) < current.p;
}
