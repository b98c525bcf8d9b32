import { createHmac, hkdfSync } from "node:crypto";

/**
 * A visitor's address as the audit log keeps it: an HMAC under a key derived
 * from the session secret. The same address always gives the same hash, so
 * "these actions came from one place" can be shown; the address itself
 * cannot be read back, nor found by hashing all 2^32 IPv4 addresses without
 * the secret.
 */
let derived: { secret: string; key: Buffer } | undefined;

export function ipHash(ip: string, secret: string): string {
  // Derived once: this runs on every request.
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "acolhe", "audit-ip", 32)) };
  const { key } = derived;
  // IPv4 reached over an IPv6 socket ("::ffff:1.2.3.4") is the same address.
  const address = ip.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return createHmac("sha256", key).update(address).digest("hex").slice(0, 32);
}
