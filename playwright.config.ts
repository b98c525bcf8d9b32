import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import pg from "pg";

/**
 * End-to-end journeys against the production build, on a database of their
 * own and a free port, in Debian's Chromium, each with JavaScript on and off.
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium não encontrado em ${CHROMIUM}: instale com "sudo apt-get install -y chromium" ou defina CHROMIUM_PATH.`);
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function createDatabase(base: string, name: string) {
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
}

// Decided once in the runner; workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
if (process.env.DATABASE_URL) {
  // The web server starts before any global setup, so its database is made here, once.
  if (!process.env.E2E_DATABASE_NAME) {
    process.env.E2E_DATABASE_NAME = `acolhe_e2e_${Date.now().toString(36)}`;
    await createDatabase(process.env.DATABASE_URL, process.env.E2E_DATABASE_NAME);
  }
} else {
  process.env.E2E_PGLITE_DIR ??= mkdtempSync(path.join(tmpdir(), "acolhe-e2e-"));
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

function serverDatabaseEnv(): Record<string, string> {
  if (!process.env.DATABASE_URL) return { PGLITE_DATA_DIR: process.env.E2E_PGLITE_DIR! };
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${process.env.E2E_DATABASE_NAME}`;
  return { DATABASE_URL: url.toString() };
}

const phone = devices["Pixel 7"];
const launchOptions = {
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
};

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["line"]] : [["list"]],
  use: { baseURL, trace: "retain-on-failure", locale: "pt-BR", timezoneId: "America/Sao_Paulo", launchOptions },
  projects: [
    { name: "js", use: { ...phone, javaScriptEnabled: true, launchOptions } },
    { name: "no-js", use: { ...phone, javaScriptEnabled: false, launchOptions } },
  ],
  webServer: {
    command: "node build/index.js seed && node build/index.js serve",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...serverDatabaseEnv(),
      PORT: String(port),
      APP_URL: baseURL,
      APP_ENV: "development",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      UPLOADS_DIR: path.join(tmpdir(), `acolhe-e2e-uploads-${port}`),
    },
  },
});
