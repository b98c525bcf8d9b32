import { db } from "./db.server";

/** Failed sign-ins per key (hashes of the e-mail and of the IP) since a moment. */
export async function countFailuresSince(keyHashes: string[], since: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("login_failures")
    .where("key_hash", "in", keyHashes)
    .where("created_at", ">", since)
    .groupBy("key_hash")
    .select(["key_hash", (eb) => eb.fn.countAll<number>().as("count")])
    .execute();
  return new Map(rows.map((row) => [row.key_hash, Number(row.count)]));
}

export async function recordFailure(keyHashes: string[]) {
  await db
    .insertInto("login_failures")
    .values(keyHashes.map((key_hash) => ({ key_hash })))
    .execute();
}

/** A successful sign-in forgives that e-mail's failures (not the IP's). */
export async function clearFailures(keyHash: string) {
  await db.deleteFrom("login_failures").where("key_hash", "=", keyHash).execute();
}

export async function deleteFailuresBefore(before: Date): Promise<number> {
  const result = await db.deleteFrom("login_failures").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
