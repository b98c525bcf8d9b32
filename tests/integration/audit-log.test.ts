import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { audit } from "~/models/audit.server";
import { db } from "~/models/db.server";
import { withRequestLogger, logger } from "~/utils/logger.server";
import { env } from "~/utils/env.server";
import { ipHash } from "~/utils/ip-hash.server";
import { page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

/** The audit log is append-only for everyone, and carries the request it came from. */
describe("audit_log", () => {
  it("records who, what, which record, for whom and from which request", async () => {
    const user = await createUser({ role: "psychologist" });
    await withRequestLogger(logger.child({ requestId: "req-123" }), () =>
      audit({ actor: { userId: user.id, role: "psychologist" }, action: "note.read", subject: { type: "clinical_note", id: "n-1" }, patientId: null, details: { version: 2 } }),
    );
    const row = await db.selectFrom("audit_log").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_user_id: user.id, actor_role: "psychologist", action: "note.read", subject_type: "clinical_note", subject_id: "n-1", request_id: "req-123", details: { version: 2 } });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it("refuses to change or delete a row", async () => {
    await audit({ actor: { userId: null, role: "system" }, action: "report.generate", subject: { type: "report", id: "r-1" } });
    await expect(sql`update audit_log set action = 'note.write'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect(await db.selectFrom("audit_log").select("action").execute()).toEqual([{ action: "report.generate" }]);
  });

  it("keeps the client's address as a keyed hash, never the address itself", async () => {
    const admin = await createUser({ role: "admin", password: null });
    const person = await createUser({ role: "patient", password: null });
    const jar = await signedIn(admin);
    const response = await send(page(`/admin/users/${person.id}`, { Cookie: jar.header() }), { socketAddress: "203.0.113.9", requestId: "req-ip" });
    expect(response.status).toBe(200);
    const row = await db.selectFrom("audit_log").selectAll().where("action", "=", "user.read").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_user_id: admin.id, subject_id: person.id, request_id: "req-ip", ip_hash: ipHash("203.0.113.9", env().SESSION_SECRET) });
    expect(JSON.stringify(row)).not.toContain("203.0.113.9");
  });

  it("has no address for what happens outside a request (jobs)", async () => {
    await audit({ actor: { userId: null, role: "system" }, action: "report.generate", subject: { type: "report", id: "r-2" } });
    expect(await db.selectFrom("audit_log").select(["ip_hash", "request_id"]).executeTakeFirstOrThrow()).toEqual({ ip_hash: null, request_id: null });
  });
});
