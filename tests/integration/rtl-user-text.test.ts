import { describe, expect, it } from "vitest";
import { page, send } from "#tests/helpers/app";
import { createEvaluation, createPsychologist } from "#tests/helpers/directory-fixtures";
import { signedIn } from "#tests/helpers/factories";
import { db } from "~/models/db.server";

/** The page's markup without its scripts (the hydration data repeats the texts). */
async function markup(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
}

/**
 * What psychologists and patients write is in their language, whatever the page's: on an Arabic
 * (right-to-left) page a Portuguese '10 anos.' read right to left showed as '.anos 10'. Each such
 * text takes its direction from its own first letter (dir="auto").
 */
describe("texts people wrote, on a right-to-left page", () => {
  const arabic = { "Accept-Language": "ar" };

  it("the full profile's sections and published reviews", async () => {
    const id = await createPsychologist({ name: "Helena Prado", shortBio: "Clínica há 10 anos." });
    await createEvaluation(id, 5, { publish: true, comment: "Excelente, 10 de 10." });
    const html = await markup(await send(page(`/psychologist-details/${id}`, arabic)));
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain('<p dir="auto">10 anos</p>');
    expect(html).toContain('<p dir="auto">Psicologia — USP</p>');
    expect(html).toContain('<blockquote dir="auto">Excelente, 10 de 10.</blockquote>');
  });

  it("the directory card's short bio and the profile's about", async () => {
    const id = await createPsychologist({ name: "Helena Prado", shortBio: "Clínica há 10 anos." });
    expect(await markup(await send(page("/psychologists", arabic)))).toMatch(/<p class="bio" dir="auto">Clínica há 10 anos\.<\/p>/);
    expect(await markup(await send(page(`/psychologist/${id}`, arabic)))).toContain('<p dir="auto">Bio completa.</p>');
  });

  it("the patient's own review in the history of 'Meu Painel'", async () => {
    const id = await createPsychologist({ name: "Helena Prado" });
    await createEvaluation(id, 5, { comment: "Me senti acolhida, 10 de 10." });
    const { patient_id } = await db.selectFrom("evaluations").select("patient_id").where("psychologist_id", "=", id).executeTakeFirstOrThrow();
    if (!patient_id) throw new Error("the evaluation has no patient");
    const cookie = (await signedIn({ id: patient_id })).header();
    const html = await markup(await send(page("/patient-dashboard?tab=history", { ...arabic, Cookie: cookie })));
    expect(html).toMatch(/<p class="[^"]*" dir="auto">Me senti acolhida, 10 de 10\.<\/p>/);
  });
});

/** Addresses, phone numbers and passwords read left to right whatever the page's language. */
describe("left-to-right fields on a right-to-left page", () => {
  const inputs = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map((match) => match[0]);
  const byName = (html: string, name: string) => inputs(html).find((input) => input.includes(`name="${name}"`)) ?? "";

  it("the sign-in and sign-up forms' e-mail and password, not the name", async () => {
    const login = await markup(await send(page("/login", { "Accept-Language": "ar" })));
    expect(byName(login, "email")).toContain('dir="ltr"');
    expect(byName(login, "password")).toContain('dir="ltr"');
    const register = await markup(await send(page("/register", { "Accept-Language": "ar" })));
    expect(byName(register, "confirmPassword")).toContain('dir="ltr"');
    expect(byName(register, "fullName")).not.toContain("dir=");
  });
});
