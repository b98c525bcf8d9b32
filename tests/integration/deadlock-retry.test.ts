import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, transactionRetryingDeadlocks } from "~/models/db.server";
import { createUser } from "#tests/helpers/factories";

/**
 * `transactionRetryingDeadlocks`: a transaction PostgreSQL aborts to break a
 * deadlock (40P01) runs again, and nothing else does. Holds take their
 * agenda's lock and never deadlock each other (booking-race.test.ts); this
 * covers their rare meeting with another kind of write.
 */

/** A promise and the function that fulfils it (Promise.withResolvers, which Node 20 lacks). */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });

describe("transactionRetryingDeadlocks", () => {
  it("runs the work again after a deadlock, and what the aborted attempt wrote is gone", async () => {
    const user = await createUser();
    let calls = 0;
    const result = await transactionRetryingDeadlocks(async (trx) => {
      calls += 1;
      await trx.updateTable("users").set({ email: `tentativa-${calls}@exemplo.com.br` }).where("id", "=", user.id).execute();
      if (calls === 1) throw deadlock();
      return calls;
    });
    expect(result).toBe(2);
    expect(calls).toBe(2);
    const row = await db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe("tentativa-2@exemplo.com.br");
  });

  it("gives up after five deadlocks in a row, with the database's error", async () => {
    let calls = 0;
    const run = transactionRetryingDeadlocks(async () => {
      calls += 1;
      throw deadlock();
    });
    await expect(run).rejects.toMatchObject({ code: "40P01" });
    expect(calls).toBe(5);
  });

  it("never repeats work that failed for another reason (an overlap refused, a bug)", async () => {
    for (const error of [Object.assign(new Error("conflicting key value violates exclusion constraint"), { code: "23P01" }), new TypeError("a bug")]) {
      let calls = 0;
      const run = transactionRetryingDeadlocks(async () => {
        calls += 1;
        throw error;
      });
      await expect(run).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "on PostgreSQL, two transactions locking two rows in opposite orders both finish: the one aborted runs again (needs PostgreSQL: PGlite is a single session)",
    async () => {
      const [first, second] = [await createUser(), await createUser()];
      // Each attempt takes its first row, then waits until the other has taken its own: a certain deadlock the first time.
      const firstLocks = [signal(), signal()] as const;
      const attempts: [number, number] = [0, 0];
      const lockBoth = (index: 0 | 1, order: string[]) =>
        transactionRetryingDeadlocks(async (trx) => {
          attempts[index] += 1;
          await sql`select id from users where id = ${order[0]} for update`.execute(trx);
          if (attempts[index] === 1) {
            firstLocks[index].resolve();
            await firstLocks[1 - index]!.promise;
          }
          await sql`select id from users where id = ${order[1]} for update`.execute(trx);
          return index;
        });

      const results = await Promise.all([lockBoth(0, [first.id, second.id]), lockBoth(1, [second.id, first.id])]);

      expect(results).toEqual([0, 1]);
      // PostgreSQL aborted exactly one of them, once.
      expect(attempts.toSorted()).toEqual([1, 2]);
    },
    20_000,
  );
});
