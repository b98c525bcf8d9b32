import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce } from "./debounce";

describe("debounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once, with the last arguments, after the calls stop for the wait", () => {
    const fn = vi.fn();
    const search = debounce(fn, 300);
    for (const [i, letter] of [..."ansiedade"].entries()) {
      search("ansiedade".slice(0, i + 1));
      vi.advanceTimersByTime(letter === "e" ? 250 : 120);
    }
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299 - 250);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith("ansiedade");
  });

  it("runs again for a later burst", () => {
    const fn = vi.fn();
    const search = debounce(fn, 300);
    search("ans");
    vi.advanceTimersByTime(300);
    search("ansi");
    vi.advanceTimersByTime(300);
    expect(fn.mock.calls).toEqual([["ans"], ["ansi"]]);
  });

  it("cancel drops the pending run and leaves later calls working", () => {
    const fn = vi.fn();
    const search = debounce(fn, 300);
    search("ansiedade");
    search.cancel();
    vi.advanceTimersByTime(1_000);
    expect(fn).not.toHaveBeenCalled();
    search.cancel();
    search("depressão");
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledExactlyOnceWith("depressão");
  });
});
