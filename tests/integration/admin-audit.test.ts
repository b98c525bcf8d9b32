import { describe, expect, it } from "vitest";
import { atNightInBrasilia } from "#tests/helpers/clock";
import { audit } from "~/models/audit.server";
import { db } from "~/models/db.server";
import { loader } from "~/routes/_admin.admin_.audit/route";
import { loader as csvLoader } from "~/routes/_admin.admin_.audit[.]csv";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, run } from "#tests/helpers/http";

/** The admin's view of the audit log (issue 15, item 5): filters as GET parameters, pages, the CSV export. */

async function fixtures() {
  const admin = await createUser({ role: "admin", password: null });
  const psychologist = await createUser({ role: "psychologist", password: null, email: "dra.lima@exemplo.com.br" });
  await audit({ actor: { userId: psychologist.id, role: "psychologist" }, action: "note.read", subject: { type: "clinical_note", id: "note-1" }, details: { version: 1 } });
  await audit({ actor: { userId: psychologist.id, role: "psychologist" }, action: "note.write", subject: { type: "clinical_note", id: "note-1" }, details: { version: 2 } });
  await audit({ actor: { userId: admin.id, role: "admin" }, action: "psychologist.review", subject: { type: "psychologist", id: psychologist.psychologistId! }, details: { to: "approved" } });
  // One from the first of the month in Brasília (still the last day of the previous one in UTC-3 before 03:00Z).
  await db.insertInto("audit_log").values({ actor_user_id: admin.id, actor_role: "admin", action: "psychologist.feature", subject_type: "psychologist", subject_id: "p-old", details: "{}", created_at: new Date("2026-10-01T02:30:00Z") }).execute();
  return { jar: await signedIn(admin), admin, psychologist };
}

const view = async (jar: Awaited<ReturnType<typeof signedIn>>, query = "") => body(await run(loader, getRequest(`/admin/audit${query}`, jar)));

describe("/admin/audit", () => {
  it("lists every entry newest first, with who, what, which record and the request", async () => {
    const { jar } = await fixtures();
    const page = await view(jar);
    expect(page.total).toBe(4);
    expect(page.rows.map((row: { action: string }) => row.action)).toEqual(["psychologist.review", "note.write", "note.read", "psychologist.feature"]);
    expect(page.rows[1]).toMatchObject({ actor: "dra.lima@exemplo.com.br", role: "psychologist", subject: "clinical_note note-1", details: '{"version":2}' });
    expect(page.vocabulary.actions).toEqual(["note.read", "note.write", "psychologist.feature", "psychologist.review"]);
  });

  it("filters by actor, action, record and Brasília's days; a malformed filter is ignored", async () => {
    const { jar } = await fixtures();
    expect((await view(jar, "?actor=LIMA")).total).toBe(2);
    expect((await view(jar, "?action=note.write")).rows.map((row: { details: string }) => row.details)).toEqual(['{"version":2}']);
    expect((await view(jar, "?subjectType=clinical_note&subjectId=note-1")).total).toBe(2);
    expect((await view(jar, "?subjectId=nothing")).total).toBe(0);
    // 2026-10-01T02:30Z is 23:30 on 30 September in São Paulo.
    expect((await view(jar, "?from=2026-09-30&to=2026-09-30")).rows.map((row: { action: string }) => row.action)).toEqual(["psychologist.feature"]);
    expect((await view(jar, "?from=2026-10-01&to=2026-10-01")).total).toBe(0);
    expect((await view(jar, "?from=not-a-date&page=-3")).total).toBe(4);
    // Days that do not exist (Date.parse rolls them over) or are out of the calendar's years are ignored like any malformed filter.
    for (const query of ["?from=2025-02-30", "?to=2025-04-31", "?from=2026-02-29&to=2026-13-01", "?from=9999-12-31", "?to=0000-01-01"]) {
      expect((await view(jar, query)).total, query).toBe(4);
    }
    expect((await view(jar, "?from=2025-02-30&actor=lima")).form).toEqual({ actor: "lima" });
    // '%' is a character, not a wildcard.
    expect((await view(jar, "?actor=%25")).total).toBe(0);
  });

  it("pages by 50", async () => {
    const { jar, admin } = await fixtures();
    await db
      .insertInto("audit_log")
      .values(Array.from({ length: 60 }, (_, index) => ({ actor_user_id: admin.id, actor_role: "admin", action: "audit.export", subject_type: "audit_log", subject_id: `e-${index}`, details: "{}" })))
      .execute();
    const first = await view(jar);
    expect([first.rows.length, first.pages, first.total]).toEqual([50, 2, 64]);
    expect((await view(jar, "?page=2")).rows).toHaveLength(14);
  });

  it("exports the filtered entries as CSV, and the export itself is audited", async () => {
    const { jar, admin } = await fixtures();
    const { result: response, today } = await atNightInBrasilia(() => run(csvLoader, getRequest("/admin/audit.csv?actor=lima", jar)));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="auditoria-${today}.csv"`);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Quando,Quem,Papel,Ação,Registro,Detalhes,Requisição,Origem (IP cifrado)");
    expect(lines.slice(1).map((line) => line.split(",")[3])).toEqual(["note.write", "note.read"]);
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "action"]).where("action", "=", "audit.export").execute()).toEqual([{ actor_user_id: admin.id, action: "audit.export" }]);
    const { result: english, today: englishToday } = await atNightInBrasilia(() => run(csvLoader, getRequest("/admin/audit.csv?actor=lima", jar, { "Accept-Language": "en" })));
    expect(english.headers.get("Content-Disposition")).toBe(`attachment; filename="audit-log-${englishToday}.csv"`);
  });

  it("the export ignores a day that does not exist, as the page does", async () => {
    const { jar } = await fixtures();
    for (const query of ["?to=2025-04-31", "?from=2025-02-30&actor=lima"]) {
      const response = await run(csvLoader, getRequest(`/admin/audit.csv${query}`, jar));
      expect(response.status, query).toBe(200);
    }
  });

  it("is for admins only", async () => {
    await fixtures();
    for (const role of ["patient", "psychologist"] as const) {
      const jar = await signedIn(await createUser({ role, password: null }));
      expect((await run(loader, getRequest("/admin/audit", jar))).status).toBe(403);
      expect((await run(csvLoader, getRequest("/admin/audit.csv", jar))).status).toBe(403);
    }
  });
});
