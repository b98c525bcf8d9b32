import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator, type Messages } from "~/i18n/translate";
import { db } from "~/models/db.server";
import { page, send } from "#tests/helpers/app";
import { createAppointment } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";

/** The admin overview's counts read in the plural form of each language: '1 cancelamento', never '1 cancelamentos' or a raw {{placeholder}}. */

async function overviewText(language: string): Promise<string> {
  const admin = await signedIn(await createUser({ role: "admin", password: null }));
  const response = await send(page("/admin", { Cookie: admin.header(), "Accept-Language": language }));
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");
}

describe("the admin overview's counts", () => {
  it("use the singular for one, the plural for more, in pt-BR, English and Russian", async () => {
    const patient = await createUser({ firstName: "Paula" });
    const psychologist = await createUser({ role: "psychologist" });
    const now = Date.now();
    const cancelled = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId!, startsAt: new Date(now + 86_400_000), status: "cancelled" });
    await db.updateTable("appointments").set({ cancelled_at: new Date(now) }).where("id", "=", cancelled).execute();
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId!, startsAt: new Date(now - 60_000), status: "no_show" });

    const portuguese = await overviewText("pt-BR");
    expect(portuguese).toContain("Neste mês: 1 cancelamento · 1 falta");
    expect(portuguese).toContain("1 paciente · 1 psicólogo · 1 administrador");
    expect(portuguese).not.toMatch(/\{\{|\b1 (cancelamentos|faltas)\b/);
    expect(portuguese).toContain("Mês passado: 0 cancelamentos · 0 faltas");

    const english = await overviewText("en");
    expect(english).toContain("This month: 1 cancellation · 1 no-show");
    expect(english).toContain("1 patient · 1 psychologist · 1 administrator");

    const russian = await overviewText("ru");
    expect(russian).toContain("1 отмена · 1 неявка");
    expect(russian).toContain("1 пациент · 1 психолог · 1 администратор");
    expect(russian).not.toContain("{{");
    // Russian's few and many, Arabic's two.
    const read = (locale: string) => createTranslator({ dashboard: JSON.parse(readFileSync(path.resolve("public/locales", locale, "dashboard.json"), "utf8")) as Messages }, locale, "dashboard");
    const counted = (locale: string, key: string, count: number) => read(locale)(`admin.overview.${key}`, { count, n: String(count) });
    expect([3, 5, 21].map((count) => counted("ru", "attendance.cancelled", count))).toEqual(["3 отмены", "5 отмен", "21 отмена"]);
    expect(counted("ar", "attendance.noShows", 2)).toBe("2 غيابان");
    expect(counted("pt-BR", "users.admins", 2)).toBe("2 administradores");
  });
});

describe("the admin overview's booking conversion", () => {
  it("writes its percentages as each language does, the headline as the line below it", async () => {
    const patient = await createUser({ firstName: "Paula" });
    const psychologist = await createUser({ role: "psychologist" });
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId!, startsAt: new Date(Date.now() + 86_400_000), status: "confirmed" });
    // German, French and Russian put a (no-break) space before the sign; the card's headline read '100%' above 'Vormonat: 0 %'.
    const german = await overviewText("de");
    expect(german).toMatch(/Buchungskonversion\s+\d+\u00a0%/);
    expect(german).toContain("Vormonat: 0\u00a0%");
    expect(german).not.toMatch(/\d%/);
    const russian = await overviewText("ru");
    expect(russian).toContain("Прошлый месяц: 0\u00a0%");
    const english = await overviewText("en");
    expect(english).toMatch(/Booking conversion\s+\d+%/);
    expect(english).toContain("Last month: 0%");
  });
});
