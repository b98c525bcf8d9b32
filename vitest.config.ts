import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const shared = {
  resolve: {
    alias: { "~": path("./app"), "#db": path("./db"), "#tests": path("./tests") },
  },
};

// Passwords are hashed at 2^12 in tests (production: 2^17): thousands of test accounts stay cheap.
const env = { NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL: "http://localhost:3000", SCRYPT_LOG_N: "12" } as const;

/**
 * Two projects: pure unit tests beside the code (no database), and
 * integration tests that get a migrated database per file, emptied before
 * each test.
 */
export default defineConfig({
  test: {
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        ...shared,
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], env, testTimeout: 20_000 },
      },
      {
        ...shared,
        test: {
          name: "integration",
          // The root's timeouts do not reach the projects: said again here (a cold route import can take seconds on a busy machine).
          testTimeout: 20_000,
          hookTimeout: 60_000,
          include: ["db/**/*.test.ts", "tests/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["./tests/setup/global-database.ts"],
          setupFiles: ["./tests/setup/database-per-file.ts"],
          env,
        },
      },
    ],
  },
});
