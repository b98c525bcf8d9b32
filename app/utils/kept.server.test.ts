import { describe, expect, it, vi } from "vitest";
import { keptFor } from "./kept.server";

describe("keptFor", () => {
  it("loads once within the time, again after it", async () => {
    const load = vi.fn(async () => load.mock.calls.length);
    const kept = keptFor(60_000, load);
    expect(await kept(1_000)).toBe(1);
    expect(await kept(60_999)).toBe(1);
    expect(await kept(61_000)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads as of the time of the call that loads", async () => {
    const load = vi.fn(async (now: number) => now);
    const kept = keptFor(10_000, load);
    expect(await kept(5_000)).toBe(5_000);
    expect(await kept(14_999)).toBe(5_000);
    expect(await kept(15_000)).toBe(15_000);
  });

  it("shares one load between concurrent calls", async () => {
    let resolve!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const kept = keptFor(60_000, load);
    const both = Promise.all([kept(0), kept(10)]);
    resolve("figures");
    expect(await both).toEqual(["figures", "figures"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("database down")).mockResolvedValueOnce("figures");
    const kept = keptFor(60_000, load);
    await expect(kept(0)).rejects.toThrow("database down");
    expect(await kept(1)).toBe("figures");
  });

  it("forgets on clear, and when the clock goes back", async () => {
    const load = vi.fn(async () => load.mock.calls.length);
    const kept = keptFor(60_000, load);
    await kept(5_000);
    kept.clear();
    expect(await kept(5_001)).toBe(2);
    expect(await kept(1_000)).toBe(3);
  });
});
