import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { purgeStaleAccountData } from "~/services/maintenance.server";
import { createUser } from "#tests/helpers/factories";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe("the nightly purge", () => {
  it("removes expired tokens, old sent mail and past rate-limit windows, and keeps the rest", async () => {
    const now = new Date("2026-11-22T06:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const user = await createUser();

    await db
      .insertInto("auth_tokens")
      .values([
        { user_id: user.id, purpose: "password_reset", token_hash: "long-expired", expires_at: ago(8 * DAY) },
        { user_id: user.id, purpose: "password_reset", token_hash: "live", expires_at: new Date(now.getTime() + HOUR) },
      ])
      .execute();
    const mail = { to_email: "x@exemplo.com.br", template: "t", locale: "pt-BR", subject: "s", html: "", text: "" };
    await db
      .insertInto("mail_outbox")
      .values([
        { ...mail, status: "sent", sent_at: ago(31 * DAY) },
        { ...mail, status: "sent", sent_at: ago(DAY) },
        { ...mail, status: "pending" },
        { ...mail, status: "failed", secret: "sealed-expired", secret_expires_at: ago(HOUR) },
        { ...mail, status: "pending", secret: "sealed-live", secret_expires_at: new Date(now.getTime() + HOUR) },
      ])
      .execute();
    await db.insertInto("rate_limit_hits").values([{ key_hash: "k", window_start: ago(3 * HOUR) }, { key_hash: "k", window_start: ago(HOUR) }]).execute();

    expect(await purgeStaleAccountData(now)).toEqual({ tokens: 1, mail: 1, secrets: 1, rateLimits: 1 });
    expect((await db.selectFrom("mail_outbox").select("secret").where("secret", "is not", null).execute()).map((row) => row.secret)).toEqual(["sealed-live"]);
    expect((await db.selectFrom("auth_tokens").select("token_hash").execute()).map((row) => row.token_hash)).toEqual(["live"]);
    expect(await db.selectFrom("mail_outbox").select("status").execute()).toHaveLength(4);
    expect(await db.selectFrom("rate_limit_hits").select("window_start").execute()).toHaveLength(1);
  });
});
