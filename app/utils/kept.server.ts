/**
 * A value kept a while in this process: the first call loads it (as of the
 * time it is given), calls within `ttlMs` share it (concurrent ones share the
 * one load), a failed load is not kept, and `clear()` forgets it. For figures
 * that move slowly and cost a scan of a large table to compute (the
 * directory's banner and availability, the admin's overview).
 */
export interface Kept<T> {
  (now?: number): Promise<T>;
  clear(): void;
}

export function keptFor<T>(ttlMs: number, load: (now: number) => Promise<T>): Kept<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  const get = (now = Date.now()) => {
    // A clock that went back (a test's fake time) counts as expired too.
    if (!kept || now - kept.at >= ttlMs || now < kept.at) {
      const entry = { at: now, value: load(now) };
      kept = entry;
      entry.value.catch(() => kept === entry && (kept = undefined));
    }
    return kept.value;
  };
  return Object.assign(get, { clear: () => (kept = undefined) });
}
