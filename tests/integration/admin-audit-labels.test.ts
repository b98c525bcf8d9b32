import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { audit } from "~/models/audit.server";
import { db } from "~/models/db.server";
import { page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

/** The audit log speaks the admin's language: each action, record type and role in words, the exact code still in sight. */

/** The page's markup without its scripts (the hydration data repeats the codes) and React's text separators. */
async function markup(response: Response): Promise<string> {
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("/admin/audit in the admin's language", () => {
  it("shows the action's label with its code beneath, labels the filter's options but keeps the codes as values, and shows a code it has no words for as itself", async () => {
    const admin = await createUser({ role: "admin", password: null });
    await audit({ actor: { userId: admin.id, role: "admin" }, action: "payment.refund", subject: { type: "payment", id: "pay-1" }, details: { stage: "requested" } });
    await audit({ actor: { userId: null, role: "system" }, action: "user.read", subject: { type: "user", id: "user-1" } });
    // Written by an older version, under a code this one has no words for.
    await db.insertInto("audit_log").values({ actor_user_id: null, actor_role: "robot", action: "legacy.thing", subject_type: "gadget", subject_id: "g-1", details: "{}" }).execute();
    const jar = await signedIn(admin);

    const response = await send(page("/admin/audit", { Cookie: jar.header(), "Accept-Language": "pt-BR" }));
    expect(response.status).toBe(200);
    const html = await markup(response);
    const rows = [...html.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((body) => [...body[1]!.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!)));
    const cells = (code: string) => rows.find((row) => row[2]!.includes(code))!;

    const refund = cells("payment.refund");
    expect(text(refund[1]!)).toBe("admin@acolhe.dev (Administrador)");
    expect(text(refund[2]!)).toBe("Reembolso de pagamento payment.refund");
    expect(refund[2]).toMatch(/<span class="[^"]*font-mono[^"]*">payment\.refund<\/span>/);
    expect(text(refund[3]!)).toBe("Pagamento pay-1");
    const read = cells("user.read");
    expect(text(read[1]!)).toBe("Sistema");
    expect(text(read[2]!)).toBe("Leitura de dados pessoais user.read");
    expect(text(read[3]!)).toBe("Conta user-1");
    const legacy = cells("legacy.thing");
    expect([text(legacy[1]!), text(legacy[2]!), text(legacy[3]!)]).toEqual(["robot", "legacy.thing", "gadget g-1"]);
    expect(html).not.toMatch(/actions\.|subjects\.|roles\./);

    const select = html.match(/<select name="action"[\s\S]*?<\/select>/)![0];
    expect([...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((option) => [option[1], option[2]])).toEqual([
      ["", "Todas"],
      ["legacy.thing", "legacy.thing"],
      ["payment.refund", "Reembolso de pagamento"],
      ["user.read", "Leitura de dados pessoais"],
    ]);
    expect(html.match(/<select name="subjectType"[\s\S]*?<\/select>/)![0]).toContain('<option value="payment">Pagamento</option>');

    // The same page in English; the CSV keeps the codes.
    expect(text(await markup(await send(page("/admin/audit", { Cookie: jar.header(), "Accept-Language": "en" }))))).toContain("Payment refund payment.refund");
    const csv = await (await send(page("/admin/audit.csv", { Cookie: jar.header(), "Accept-Language": "pt-BR" }))).text();
    expect(csv).toContain(",admin,payment.refund,payment pay-1,");
    expect(csv).not.toContain("Reembolso");
  });

  it("has words, in pt-BR, for every action the app writes", () => {
    const union = readFileSync("app/models/audit.server.ts", "utf8").match(/export type AuditAction =([^;]+);/)![1]!;
    const codes = [...union.matchAll(/"([a-z_.]+)"/g)].map((match) => match[1]!);
    expect(codes.length).toBeGreaterThan(20);
    const { actions } = JSON.parse(readFileSync("public/locales/pt-BR/admin-audit.json", "utf8")) as { actions: Record<string, Record<string, string>> };
    expect(codes.filter((code) => typeof actions[code.split(".")[0]!]?.[code.split(".")[1]!] !== "string")).toEqual([]);
  });
});
