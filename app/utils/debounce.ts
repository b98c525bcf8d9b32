/**
 * Runs `fn` once the calls stop for `waitMs`, with the last call's arguments:
 * the directory's search waits for the user to stop typing instead of asking
 * the server once per letter. Client timers only; `cancel` drops a pending run
 * (on unmount, or when the form is submitted at once).
 */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const debounced = (...args: A) => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  return Object.assign(debounced, { cancel });
}
