import { describe, expect, it } from "vitest";
import { prepareDatabase } from "#db/prepare";
import { DEMO_ACCOUNTS } from "#db/seed";
import { db } from "~/models/db.server";

/** The demo accounts (README password) are seeded only where development was asked for (ADR 014). */
describe("database preparation at start", () => {
  const demoUsers = () => db.selectFrom("users").select("email").where("email", "in", Object.values(DEMO_ACCOUNTS)).execute();

  it.each(["production", "staging"] as const)("never seeds demo accounts in %s, even on the embedded database", async (appEnv) => {
    const result = await prepareDatabase(db, { appEnv, usesEmbeddedDatabase: true });
    expect(result.seeded).toBe(false);
    expect(await demoUsers()).toEqual([]);
  });

  it("never seeds a database it was given (DATABASE_URL), even in development", async () => {
    expect((await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: false })).seeded).toBe(false);
    expect(await demoUsers()).toEqual([]);
  });

  it("seeds a fresh embedded database in development, once", async () => {
    expect((await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true })).seeded).toBe(true);
    expect((await demoUsers()).length).toBe(3);
    expect((await prepareDatabase(db, { appEnv: "development", usesEmbeddedDatabase: true })).seeded).toBe(false);
  });
});
