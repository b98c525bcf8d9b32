import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "./config";

/**
 * The language the request being served was found to speak, for code that
 * has no Request at hand (zod's fallback messages, validation-errors.server.ts).
 * The request handler opens the scope; `getLocale` fills it in when a loader
 * or action first asks, so no request pays for a detection it never needs.
 */
const scope = new AsyncLocalStorage<{ locale?: Locale }>();

export function withRequestLocaleScope<T>(run: () => T): T {
  return scope.run({}, run);
}

/** Called with each answer of `getLocale`: the first one of a request stays (they are all the same). */
export function rememberRequestLocale(answer: Promise<Locale>): void {
  const store = scope.getStore();
  if (store && !store.locale) answer.then((locale) => (store.locale ??= locale)).catch(() => {});
}

/** Undefined outside a request (jobs, start-up checks), and inside one before any language was asked for. */
export function requestLocale(): Locale | undefined {
  return scope.getStore()?.locale;
}

/** Whether a request is being served. */
export function inRequest(): boolean {
  return scope.getStore() !== undefined;
}
