import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

/** The administrator's pages tell times on Brasília's clock, and say so under their lists. */

const text = async (response: Response) =>
  (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("admin pages' time zone", () => {
  it("the audit log, the payments and a person's page name the zone their times are in, in the admin's language", async () => {
    const admin = await createUser({ role: "admin", password: null });
    const person = await createUser({ password: null });
    // 17:00 UTC is 14:00 in Brasília, whatever zone the server or the admin is in.
    await db.insertInto("audit_log").values({ actor_user_id: admin.id, actor_role: "admin", action: "user.read", subject_type: "user", subject_id: person.id, details: "{}", created_at: new Date("2026-03-10T17:00:00Z") }).execute();
    const jar = await signedIn(admin);
    const get = (path: string, language: string) => send(page(path, { Cookie: jar.header(), "Accept-Language": language }));

    const audit = await text(await get("/admin/audit", "pt-BR"));
    expect(audit).toContain("10 de março de 2026");
    expect(audit).toContain("14:00");
    expect(audit).toContain("Datas e horários no fuso Horário Padrão de Brasília (America/Sao_Paulo).");
    expect(await text(await get("/admin/audit", "en"))).toContain("Dates and times in the Brasilia Standard Time (America/Sao_Paulo) time zone.");
    expect(await text(await get("/admin/payments", "pt-BR"))).toContain("Datas e horários no fuso Horário Padrão de Brasília (America/Sao_Paulo).");
    expect(await text(await get(`/admin/users/${person.id}`, "es"))).toContain("Fechas y horas en la zona horaria hora estándar de Brasilia (America/Sao_Paulo).");
  });
});
