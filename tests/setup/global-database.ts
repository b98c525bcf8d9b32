import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEMPLATE_DIR_ENV, databaseUrl, templateDatabaseName, withAdminClient } from "./test-database";

/**
 * Migrates the template every test file's database is copied from, once per
 * run. The app's own modules do the work (migrations and the job queue's
 * schema), exactly as at start.
 */
async function prepareTemplate() {
  const { migrateToLatest } = await import("#db/migrator");
  const { closeDb, db } = await import("~/models/db.server");
  const { queue, stopQueue } = await import("~/services/queue.server");
  await migrateToLatest(db);
  await queue();
  await stopQueue();
  await closeDb();
}

export default async function setup() {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = templateDatabaseName();
    await withAdminClient(base, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    });
    process.env.DATABASE_URL = databaseUrl(base, name);
    await prepareTemplate();
    process.env.DATABASE_URL = base;
    return async () => {
      await withAdminClient(base, (client) => client.query(`drop database if exists ${name} with (force)`));
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), "acolhe-pglite-template-"));
  process.env.PGLITE_DATA_DIR = dir;
  await prepareTemplate();
  process.env[TEMPLATE_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
