import { afterAll } from "vitest";
import { createFileDatabase } from "./test-database";

/**
 * Runs before each test file: gives it a migrated database of its own. The
 * app's db module reads the environment when the test first imports it.
 */
const database = await createFileDatabase();
Object.assign(process.env, database.env);

afterAll(async () => {
  const { closeDb } = await import("~/models/db.server");
  const { stopQueue } = await import("~/services/queue.server");
  await stopQueue();
  await closeDb();
  await database.drop();
});
