import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { cleanMessage } from "~/models/provider-errors.server";
import { loader } from "~/routes/_admin.admin_.configuration/route";
import { enqueue } from "~/services/queue.server";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, run } from "#tests/helpers/http";

/** The admin's configuration page (issue 15, item 6): providers, whether they answer, their last error, and production's gaps — never a secret. */

const TOKEN = "APP_USR-1234567890-secret-token";
let saved: string | undefined;

beforeEach(async () => {
  await sql`delete from pgboss.job`.execute(db);
  saved = process.env.MERCADOPAGO_ACCESS_TOKEN;
  // Set for the production check only: this process's providers were chosen at start (local).
  process.env.MERCADOPAGO_ACCESS_TOKEN = TOKEN;
});
afterEach(() => {
  if (saved === undefined) delete process.env.MERCADOPAGO_ACCESS_TOKEN;
  else process.env.MERCADOPAGO_ACCESS_TOKEN = saved;
});

const page = async () => body(await run(loader, getRequest("/admin/configuration", await signedIn(await createUser({ role: "admin", password: null })))));

describe("/admin/configuration", () => {
  it("says which providers run in which mode, what production still lacks (names only), and runs the checks", async () => {
    const data = await page();
    expect(Object.fromEntries(data.providers.map((provider: { id: string; mode: string }) => [provider.id, provider.mode]))).toMatchObject({ mercadopago: "local", daily: "local", smtp: "local", google: "off", storage: "local", database: process.env.DATABASE_URL ? "postgres" : "embedded" });
    expect(data.productionGaps).toContain("DAILY_API_KEY");
    expect(data.productionGaps).not.toContain("MERCADOPAGO_ACCESS_TOKEN");
    // Uploads on this process's disk would not survive a deploy: production wants the object store.
    expect(data.productionGaps).toEqual(expect.arrayContaining(["S3_BUCKET", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]));
    expect(data.report.checks.map((check: { id: string }) => check.id)).toEqual(["database", "authentication", "payments", "video", "storage", "mail", "jobs"]);
    expect(JSON.stringify(data)).not.toContain(TOKEN);
  });

  it("shows each provider's last error from its failed jobs and the outbox, with credentials masked", async () => {
    const id = await enqueue("video.create-room", { appointmentId: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" });
    await sql`update pgboss.job set state = 'failed'::pgboss.job_state, completed_on = now(), output = ${JSON.stringify({ message: "Daily 401: invalid key=abc123secret" })}::jsonb where id = ${id}`.execute(db);
    await db.insertInto("mail_outbox").values({ to_email: "a@exemplo.com.br", template: "t", locale: "pt-BR", subject: "s", html: "h", text: "t", status: "failed", last_error: "535 Authentication failed", attempts: 5 }).execute();
    const data = await page();
    const errors = Object.fromEntries(data.providers.map((provider: { id: string; lastError: { message: string } | null }) => [provider.id, provider.lastError?.message ?? null]));
    expect(errors).toMatchObject({ daily: "Daily 401: invalid key=•••", smtp: "535 Authentication failed", mercadopago: null });
    expect(JSON.stringify(data)).not.toContain("abc123secret");
  });

  it("masks tokens and keys in any message", () => {
    expect(cleanMessage(`Authorization: Bearer ${TOKEN}`)).toBe("Authorization: Bearer •••");
    expect(cleanMessage(`refused ${TOKEN}`)).toBe("refused APP_USR-•••");
    expect(cleanMessage("x".repeat(500))).toHaveLength(300);
  });
});
