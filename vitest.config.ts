import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { "~": path("./app"), "#db": path("./db"), "#tests": path("./tests") },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.{ts,tsx}"],
    globalSetup: ["./tests/setup/global-database.ts"],
    setupFiles: ["./tests/setup/database-per-file.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", APP_URL: "http://localhost:3000" },
  },
});
