import { vi } from "vitest";
import { dateInZone } from "~/domain/slots";

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * Runs `task` with the clock at 22:30 in Brasília on the coming night, when
 * UTC's date is already the next day: what a file named by UTC's date gets
 * wrong. Returns the task's result and Brasília's date then. Only `Date` is
 * faked; the database and timers run as usual. The coming night is less than
 * a day away, so sessions signed in at the real time are still valid then.
 */
export async function atNightInBrasilia<T>(task: () => Promise<T>): Promise<{ result: T; today: string }> {
  const real = new Date();
  const tonight = Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate(), 1, 30);
  const now = new Date(tonight > real.getTime() ? tonight : tonight + DAY_MS);
  vi.useFakeTimers({ toFake: ["Date"], now });
  try {
    return { result: await task(), today: dateInZone(now, "America/Sao_Paulo") };
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Stops `Date` one second into the current hour, for a test that counts
 * attempts against rate limits: their windows (a minute, 15 minutes, an
 * hour) are fixed and start on the hour, so a test that ran across a
 * window's end saw its count start again (CI, at 04:15:00 UTC). The
 * database and timers run as usual. Undo with `vi.useRealTimers()`.
 */
export function stopClockInsideTheHour() {
  vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 1_000 });
}
