import { vi } from "vitest";
import { dateInZone } from "~/domain/slots";

/**
 * Runs `task` with the clock at 22:30 in Brasília on the coming night, when
 * UTC's date is already the next day: what a file named by UTC's date gets
 * wrong. Returns the task's result and Brasília's date then. Only `Date` is
 * faked; the database and timers run as usual.
 */
export async function atNightInBrasilia<T>(task: () => Promise<T>): Promise<{ result: T; today: string }> {
  const real = new Date();
  const now = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate() + 1, 1, 30));
  vi.useFakeTimers({ toFake: ["Date"], now });
  try {
    return { result: await task(), today: dateInZone(now, "America/Sao_Paulo") };
  } finally {
    vi.useRealTimers();
  }
}
