import { vi } from "vitest";

/**
 * Runs `task` with the clock at 22:30 in Brasília on the coming night, when
 * UTC's date is already the next day: what a file named by UTC's date gets
 * wrong. Only `Date` is faked; the database and timers run as usual.
 */
export async function atNightInBrasilia<T>(task: (now: Date) => Promise<T>): Promise<T> {
  const today = new Date();
  const now = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 1, 30));
  vi.useFakeTimers({ toFake: ["Date"], now });
  try {
    return await task(now);
  } finally {
    vi.useRealTimers();
  }
}
