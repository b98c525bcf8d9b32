import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * One migrated database per test file, copied from a template the global
 * setup migrates once: `CREATE DATABASE … TEMPLATE` on PostgreSQL, a copy of
 * the data directory on PGlite.
 */

export const TEMPLATE_DIR_ENV = "ACOLHE_TEST_TEMPLATE";

export function templateDatabaseName(): string {
  return "acolhe_test_template";
}

function adminUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.toString();
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database for one test file; returns its settings and how to drop it. */
export async function createFileDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  if (base) {
    const name = `acolhe_test_${suffix}`;
    await withAdminClient(base, (client) => client.query(`create database ${name} template ${templateDatabaseName()}`));
    return {
      env: { DATABASE_URL: databaseUrl(base, name) },
      drop: () => withAdminClient(base, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
    };
  }
  const template = process.env[TEMPLATE_DIR_ENV];
  if (!template) throw new Error("The global test setup did not prepare a PGlite template.");
  const dir = mkdtempSync(path.join(tmpdir(), "acolhe-pglite-"));
  cpSync(template, dir, { recursive: true });
  return {
    env: { PGLITE_DATA_DIR: dir },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
