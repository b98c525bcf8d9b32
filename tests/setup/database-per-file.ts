import { afterAll, beforeEach } from "vitest";
import { createFileDatabase } from "./test-database";

/**
 * Runs before each integration test file: gives it a migrated database of its
 * own, emptied before every test. The app's db module reads the environment
 * when the file first imports it.
 */
const database = await createFileDatabase();
Object.assign(process.env, database.env);

// The queue starts before any test opens a transaction, as it does at server
// start: on PGlite's one connection, starting it inside a transaction would wait forever.
const { queue, stopQueue } = await import("~/services/queue.server");
await queue();

const { truncateAll } = await import("#tests/helpers/db");
// What the process remembers of the emptied database (kept pages, the directory's figures) goes with it.
const { purgePublicPages } = await import("~/utils/page-cache.server");
const { adminOverview } = await import("~/services/admin-overview.server");
beforeEach(async () => {
  await truncateAll();
  purgePublicPages();
  adminOverview.clear();
});

afterAll(async () => {
  const { closeDb } = await import("~/models/db.server");
  await stopQueue();
  await closeDb();
  await database.drop();
});
