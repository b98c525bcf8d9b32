/**
 * How many web processes `serve` runs, and which one works the jobs
 * (docs/decisions/018-one-web-process-per-core.md). Pure, so the rules are
 * tested without forking anything; app/server.ts carries the plan out.
 *
 * One Node thread renders one page at a time, so a machine with several
 * cores runs one web process per core (WEB_CONCURRENCY, default the cores
 * available) behind node:cluster, which shares the listening socket. The
 * exceptions stay one process:
 *  - the embedded PGlite: only one process can own its data directory;
 *  - the development build (`remix dev` reloads one process);
 *  - WEB_CONCURRENCY=1, or a single core: a primary would only add a hop.
 * When clustered, the primary migrates once, then works the jobs itself (if
 * RUN_JOBS_IN_WEB) — once per machine, not once per process — and forks the
 * web workers, which only serve.
 */

export interface ProcessPlanInput {
  /** WEB_CONCURRENCY, when set. */
  webConcurrency: number | undefined;
  usesEmbeddedDatabase: boolean;
  runJobsInWeb: boolean;
  /** The server build's mode: "development" under `remix dev`. */
  buildMode: string;
}

export type ProcessPlan =
  | { clustered: false; webProcesses: 1; jobs: boolean; note: string | null }
  | { clustered: true; webProcesses: number; jobs: "primary" | "none"; note: null };

export function planProcesses(input: ProcessPlanInput, cores: number): ProcessPlan {
  const wanted = input.webConcurrency ?? Math.max(1, Math.floor(cores));
  const single = (note: string | null): ProcessPlan => ({ clustered: false, webProcesses: 1, jobs: input.runJobsInWeb, note });
  if (input.usesEmbeddedDatabase) {
    return single(wanted > 1 ? `one web process: the embedded database (PGlite) allows only one process; WEB_CONCURRENCY=${wanted} applies with DATABASE_URL` : null);
  }
  if (input.buildMode === "development") return single(wanted > 1 ? "one web process: the development build reloads a single process" : null);
  if (wanted <= 1) return single(null);
  return { clustered: true, webProcesses: wanted, jobs: input.runJobsInWeb ? "primary" : "none", note: null };
}

/** A web worker that lived this long before dying is not in a crash loop: its restart waits no longer than the first. */
export const STABLE_AFTER_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 60_000;

/**
 * How long the primary waits before replacing a worker that died unexpectedly:
 * 1 s, doubling with each crash in a row (a crash after a stable run resets
 * the count), at most a minute — a worker that cannot start is not forked in
 * a tight loop.
 */
export function restartDelay(crashesInARow: number): number {
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, crashesInARow - 1));
}
