import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { planProcesses, restartDelay, type ProcessPlanInput } from "./process-plan.server";

const POSTGRES: ProcessPlanInput = { webConcurrency: undefined, usesEmbeddedDatabase: false, runJobsInWeb: true, buildMode: "production" };
const DEVELOPMENT_ENV = { NODE_ENV: "test", APP_ENV: "development", APP_URL: "http://localhost:3000" } as const;

/** The plan as `serve` computes it: from the environment through parseEnv. */
function planFor(source: Record<string, string>, cores: number, buildMode = "production") {
  const config = parseEnv({ ...DEVELOPMENT_ENV, ...source });
  return planProcesses({ webConcurrency: config.WEB_CONCURRENCY, usesEmbeddedDatabase: config.usesEmbeddedDatabase, runJobsInWeb: config.RUN_JOBS_IN_WEB, buildMode }, cores);
}

describe("WEB_CONCURRENCY", () => {
  it.each([
    ["", undefined],
    [" ", undefined],
    ["1", 1],
    ["4", 4],
    ["64", 64],
  ])("%j parses to %j", (value, expected) => {
    expect(parseEnv({ ...DEVELOPMENT_ENV, WEB_CONCURRENCY: value }).WEB_CONCURRENCY).toBe(expected);
  });

  it("is unset when absent", () => {
    expect(parseEnv({ ...DEVELOPMENT_ENV }).WEB_CONCURRENCY).toBeUndefined();
  });

  it.each(["0", "-2", "1.5", "many", "65"])("refuses %j", (value) => {
    expect(() => parseEnv({ ...DEVELOPMENT_ENV, WEB_CONCURRENCY: value })).toThrow();
  });
});

describe("planProcesses", () => {
  it("runs one web process per core on PostgreSQL by default, jobs in the primary", () => {
    expect(planProcesses(POSTGRES, 2)).toEqual({ clustered: true, webProcesses: 2, jobs: "primary", note: null });
    expect(planProcesses(POSTGRES, 8)).toMatchObject({ clustered: true, webProcesses: 8 });
    expect(planFor({ DATABASE_URL: "postgres://localhost/acolhe" }, 4)).toMatchObject({ clustered: true, webProcesses: 4, jobs: "primary" });
  });

  it("follows WEB_CONCURRENCY over the core count, up and down", () => {
    expect(planFor({ DATABASE_URL: "postgres://localhost/acolhe", WEB_CONCURRENCY: "3" }, 2)).toMatchObject({ clustered: true, webProcesses: 3 });
    expect(planFor({ DATABASE_URL: "postgres://localhost/acolhe", WEB_CONCURRENCY: "2" }, 16)).toMatchObject({ clustered: true, webProcesses: 2 });
  });

  it("stays one plain process for one core or WEB_CONCURRENCY=1 (no primary in front)", () => {
    expect(planProcesses(POSTGRES, 1)).toEqual({ clustered: false, webProcesses: 1, jobs: true, note: null });
    expect(planProcesses({ ...POSTGRES, webConcurrency: 1 }, 8)).toEqual({ clustered: false, webProcesses: 1, jobs: true, note: null });
    // A container may report no core at all.
    expect(planProcesses(POSTGRES, 0)).toMatchObject({ clustered: false, webProcesses: 1 });
  });

  it("forces one process on the embedded PGlite, and says why when more were asked for", () => {
    const plan = planFor({ WEB_CONCURRENCY: "4" }, 8);
    expect(plan).toMatchObject({ clustered: false, webProcesses: 1, jobs: true });
    expect(plan.note).toMatch(/PGlite/);
    expect(planFor({}, 8).note).toMatch(/PGlite/);
    // Nothing to explain on a single core.
    expect(planFor({}, 1).note).toBeNull();
  });

  it("forces one process under the development build", () => {
    expect(planProcesses({ ...POSTGRES, webConcurrency: 4 }, 8).clustered).toBe(true);
    expect(planProcesses({ ...POSTGRES, webConcurrency: 4, buildMode: "development" }, 8)).toMatchObject({ clustered: false, webProcesses: 1 });
  });

  it("works the jobs once: in the primary, or nowhere when RUN_JOBS_IN_WEB=false", () => {
    expect(planFor({ DATABASE_URL: "postgres://localhost/acolhe", RUN_JOBS_IN_WEB: "false" }, 4)).toMatchObject({ clustered: true, jobs: "none" });
    expect(planFor({ DATABASE_URL: "postgres://localhost/acolhe", RUN_JOBS_IN_WEB: "false" }, 1)).toMatchObject({ clustered: false, jobs: false });
    expect(planFor({ RUN_JOBS_IN_WEB: "true" }, 4)).toMatchObject({ clustered: false, jobs: true });
  });
});

describe("restartDelay", () => {
  it("waits 1 s, doubling with each crash in a row, never more than a minute", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});
