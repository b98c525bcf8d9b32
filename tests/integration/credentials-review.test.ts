import { afterEach, describe, expect, it } from "vitest";
import { appHandler, page, send } from "#tests/helpers/app";
import { createBookablePsychologist } from "#tests/helpers/booking";
import { signedIn } from "#tests/helpers/factories";
import { BASE } from "#tests/helpers/http";
import { db } from "~/models/db.server";

/**
 * Credentials stay with their owner (issue 11, item 9): an approved
 * psychologist who changes the name or the CRP the admin checked goes back to
 * review, is told so before and after saving, and leaves the public pages at
 * once (their cached copies too, item 12).
 */

const FIELDS = {
  name: "Dra. Helena Prado",
  crp: "06/654321",
  bio: "Atendo adultos há dez anos.",
  shortBio: "Psicóloga clínica",
  specialties: ["anxiety", "depression"],
  languages: ["pt"],
  university: "Universidade de São Paulo",
  graduationYear: "2012",
  education: "Mestrado",
  experience: "Clínica particular",
  approach: "TCC",
  therapeuticApproach: "Terapia Cognitivo-Comportamental",
  certifications: "",
  personalStatement: "",
  price: "180,00",
  pixKey: "",
};

function save(jar: { header(): string }, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return send(new Request(new URL("/psychologist-profile?edit=1", BASE), { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Cookie: jar.header() } }));
}

async function approvedPsychologist() {
  const user = await createBookablePsychologist();
  await db.updateTable("psychologists").set({ name: FIELDS.name, crp: FIELDS.crp, status: "approved", is_approved: true }).where("id", "=", user.psychologistId).execute();
  return { ...user, jar: await signedIn(user) };
}

const statusOf = async (id: string) => (await db.selectFrom("psychologists").select(["status", "is_approved"]).where("id", "=", id).executeTakeFirstOrThrow());

afterEach(async () => {
  delete process.env.PAGE_CACHE_SECONDS;
  await appHandler({ fresh: true });
});

describe("an approved psychologist's credentials", () => {
  it("the edit form says, before saving, that a new name or CRP goes back to review", async () => {
    const { jar } = await approvedPsychologist();
    const html = await (await send(page("/psychologist-profile?edit=1", { Cookie: jar.header() }))).text();
    expect(html).toContain("Alterar o nome ou o CRP envia seu perfil de volta para análise");
  });

  it.each([
    ["the CRP", { crp: "06/111222" }],
    ["the name", { name: "Dra. Helena Prado Souza" }],
  ])("changing %s sends the profile back to review and out of the directory at once", async (_what, change) => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await appHandler({ fresh: true });
    const { jar, psychologistId } = await approvedPsychologist();
    // Listed and kept by the page cache before the change.
    expect(await (await send(page("/psychologists"))).text()).toContain(FIELDS.name);
    expect((await send(page(`/psychologist/${psychologistId}`))).status).toBe(200);
    expect((await send(page(`/psychologist/${psychologistId}`))).headers.get("X-Page-Cache")).toBe("hit");

    const response = await save(jar, { ...FIELDS, ...change });
    expect(response.status).toBe(303);
    expect(await statusOf(psychologistId)).toEqual({ status: "pending", is_approved: false });
    expect((await send(page(`/psychologist/${psychologistId}`))).status).toBe(404);
    expect(await (await send(page("/psychologists"))).text()).not.toContain(`/psychologist/${psychologistId}`);
  });

  it("changing anything else keeps the profile approved, and the public page shows the change at once", async () => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await appHandler({ fresh: true });
    const { jar, psychologistId } = await approvedPsychologist();
    await send(page(`/psychologist/${psychologistId}`));
    expect((await save(jar, { ...FIELDS, bio: "Uma biografia nova, escrita hoje." })).status).toBe(303);
    expect(await statusOf(psychologistId)).toEqual({ status: "approved", is_approved: true });
    expect(await (await send(page(`/psychologist/${psychologistId}`))).text()).toContain("Uma biografia nova, escrita hoje.");
  });
});
