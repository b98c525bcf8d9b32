import type { Limit } from "~/domain/auth-limits";
import { clearRateLimit, hitRateLimit, undoRateLimitHit, windowStart } from "~/models/rate-limit.server";
import { sha256 } from "~/utils/crypto.server";

/**
 * Counts one attempt against each limit — first, atomically — and says
 * whether any is now over. `forgive` takes the attempt back (a right
 * password is not a failure).
 */
export async function countAttempt(limits: Limit[], now = new Date()) {
  const counted = await Promise.all(
    limits.map(async (limit) => {
      const keyHash = sha256(limit.key);
      const start = windowStart(now, limit.windowMs);
      return { keyHash, start, over: (await hitRateLimit(keyHash, start)) > limit.max };
    }),
  );
  return {
    over: counted.some((entry) => entry.over),
    forgive: () => Promise.all(counted.map((entry) => undoRateLimitHit(entry.keyHash, entry.start))).then(() => undefined),
  };
}

/** Counts one failure of a key in its window and returns the window's failures. */
export function countFailure(key: string, windowMs: number, now = new Date()): Promise<number> {
  return hitRateLimit(sha256(key), windowStart(now, windowMs));
}

export function forgetFailures(key: string): Promise<void> {
  return clearRateLimit(sha256(key));
}

/** Sleeping is injectable so tests of the growing delay need not wait it out. */
let sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export function wait(ms: number): Promise<void> {
  return ms > 0 ? sleep(ms) : Promise.resolve();
}
export function setSleepForTests(next: (ms: number) => Promise<void>) {
  sleep = next;
}
