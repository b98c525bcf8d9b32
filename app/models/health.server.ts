import { sql } from "kysely";
import { db } from "./db.server";

/** True when the database answers a trivial query within the time given. */
export async function databaseAnswers(timeoutMs = 2_000): Promise<boolean> {
  const query = sql`select 1`.execute(db).then(() => true);
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  return Promise.race([query, timeout]).catch(() => false);
}
