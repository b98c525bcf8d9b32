import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appHandler, formPost, page, send } from "#tests/helpers/app";
import { createAppointment, HOUR } from "#tests/helpers/appointments";
import { createBookablePsychologist, dayFromToday } from "#tests/helpers/booking";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { deleteAccount } from "~/services/privacy.server";
import { db } from "~/models/db.server";

/** The admin's approval queue (issue 12, item 1), through the request handler. */

afterEach(async () => {
  delete process.env.PAGE_CACHE_SECONDS;
  await appHandler({ fresh: true });
});

const admin = async () => {
  const user = await createUser({ role: "admin" });
  return { ...user, jar: await signedIn(user) };
};
const decide = (jar: { header(): string }, id: string, fields: Record<string, string>) => send(formPost(`/admin/psychologists/${id}`, fields, { Cookie: jar.header() }));
const rowOf = (id: string) => db.selectFrom("psychologists").select(["status", "is_approved", "status_reason", "status_changed_by"]).where("id", "=", id).executeTakeFirstOrThrow();
const historyOf = (id: string) => db.selectFrom("psychologist_status_history").select(["from_status", "to_status", "reason", "changed_by"]).where("psychologist_id", "=", id).orderBy("id").execute();
/** Everything the profile page asks before sending a profile for review (missingForReview), and sent. */
let crpSequence = 100_000;
const completeProfile = (id: string) =>
  db
    .updateTable("psychologists")
    .set({ crp: `06/${(crpSequence += 1)}`, bio: "Atendo adultos há dez anos.", specialties: ["anxiety"], languages: ["pt"], photo_url: "/uploads/photos/abc-512.webp", education: "Psicologia — USP", submitted_for_review_at: new Date() })
    .where("id", "=", id)
    .execute();
const mailsTo = (email: string) => db.selectFrom("mail_outbox").select(["template", "locale", "subject", "text"]).where("to_email", "=", email).execute();

describe("the queue", () => {
  it("lists psychologists by status with counts, oldest first, with name, CRP, e-mail and date", async () => {
    const { jar } = await admin();
    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    await createUser({ role: "psychologist", psychologistStatus: "approved" });
    await completeProfile(pending.psychologistId!);
    await db.updateTable("psychologists").set({ crp: "06/777888" }).where("id", "=", pending.psychologistId!).execute();
    // Signed up, never sent for review: still filling the profile in, not waiting for the admin.
    const unsent = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const html = (await (await send(page("/admin", { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    expect(html).not.toContain(unsent.email);
    expect(html).toMatch(/aria-current="page"[^>]*>Em análise \(1\)/);
    expect(html).toContain("Aprovados (1)");
    expect(html).toContain("06/777888");
    expect(html).toContain(pending.email);
    expect(html).toContain(`/admin/psychologists/${pending.psychologistId}`);
    // The name itself opens the review (on a phone the row's 'Ver perfil completo' is scrolled out of sight).
    const name = (await db.selectFrom("psychologists").select("name").where("id", "=", pending.psychologistId!).executeTakeFirstOrThrow()).name;
    expect(html).toMatch(new RegExp(`<a[^>]*href="/admin/psychologists/${pending.psychologistId}"[^>]*>${name}</a>`));
    const approved = await (await send(page("/admin?status=approved", { Cookie: jar.header() }))).text();
    expect(approved).not.toContain(pending.email);
  });

  it("the review page names the specialties and languages as the directory does, not by their codes", async () => {
    const { jar } = await admin();
    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    await completeProfile(pending.psychologistId!);
    await db.updateTable("psychologists").set({ specialties: ["child-psychology", "anxiety"], languages: ["pt", "en"] }).where("id", "=", pending.psychologistId!).execute();
    const html = (await (await send(page(`/admin/psychologists/${pending.psychologistId}`, { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    // In the rendered list, not only in the loader's data.
    expect(html).toContain(">Psicologia Infantil e Ansiedade</dd>");
    expect(html).toContain(">Português e Inglês</dd>");
    expect(html).not.toContain("child-psychology, anxiety");
    const english = (await (await send(page(`/admin/psychologists/${pending.psychologistId}`, { Cookie: jar.header(), "Accept-Language": "en" }))).text()).replaceAll("<!-- -->", "");
    expect(english).toContain(">Portuguese and English</dd>");
    // Arabic joins with its own 'و', not a Latin comma.
    const arabic = (await (await send(page(`/admin/psychologists/${pending.psychologistId}`, { Cookie: jar.header(), "Accept-Language": "ar" }))).text()).replaceAll("<!-- -->", "");
    const catalog = JSON.parse(readFileSync(path.resolve("public/locales/ar/catalog.json"), "utf8")) as { specialties: Record<string, string> };
    expect(arabic).toContain(`>${catalog.specialties["child-psychology"]} و${catalog.specialties.anxiety}</dd>`);
    expect(arabic).not.toContain(`${catalog.specialties["child-psychology"]}, `);
  });

  it("pages by 50", async () => {
    const { jar } = await admin();
    for (let index = 0; index < 51; index += 1) await completeProfile((await createUser({ role: "psychologist", psychologistStatus: "pending" })).psychologistId!);
    const first = await (await send(page("/admin?status=pending", { Cookie: jar.header() }))).text();
    expect(first).toContain("Página 1 de 2");
    // Each row links its name and its 'Ver perfil completo' to the same review.
    const reviews = (html: string) => new Set(html.match(/\/admin\/psychologists\/[0-9a-f-]{36}/g));
    expect(reviews(first).size).toBe(50);
    const second = await (await send(page("/admin?status=pending&page=2", { Cookie: jar.header() }))).text();
    expect(reviews(second).size).toBe(1);
  });
});

describe("decisions", () => {
  it("approve: status, who, when, history and one e-mail in the psychologist's language; then listed publicly", async () => {
    const { jar, id: adminId } = await admin();
    const psychologist = await createBookablePsychologist({ locale: "en" });
    await db.updateTable("psychologists").set({ status: "pending", is_approved: false }).where("id", "=", psychologist.psychologistId).execute();
    await completeProfile(psychologist.psychologistId);
    expect((await send(page(`/psychologist/${psychologist.psychologistId}`))).status).toBe(404);

    const response = await decide(jar, psychologist.psychologistId, { intent: "approve" });
    expect(response.status).toBe(303);
    expect(await rowOf(psychologist.psychologistId)).toMatchObject({ status: "approved", is_approved: true, status_changed_by: adminId, status_reason: null });
    expect(await historyOf(psychologist.psychologistId)).toEqual([{ from_status: "pending", to_status: "approved", reason: null, changed_by: adminId }]);
    expect(await mailsTo(psychologist.email)).toEqual([expect.objectContaining({ template: "psychologist_approved", locale: "en", subject: "Your Acolhe profile has been approved" })]);
    expect((await send(page(`/psychologist/${psychologist.psychologistId}`))).status).toBe(200);
    // The decision is in the audit log: who, what, on whom.
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "action", "subject_type", "subject_id", "details"]).execute()).toEqual([
      { actor_user_id: adminId, action: "psychologist.review", subject_type: "psychologist", subject_id: psychologist.psychologistId, details: { from: "pending", to: "approved", reason: null } },
    ]);
  });

  it.each([
    ["reject", "pending"],
    ["suspend", "approved"],
  ] as const)("%s without a reason is refused with 400 and nothing is written", async (intent, status) => {
    const { jar } = await admin();
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: status });
    for (const reason of [undefined, "", "  ", "ok"]) {
      const response = await decide(jar, psychologist.psychologistId!, reason === undefined ? { intent } : { intent, reason });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Informe o motivo");
    }
    expect((await rowOf(psychologist.psychologistId!)).status).toBe(status);
    expect(await historyOf(psychologist.psychologistId!)).toEqual([]);
    expect(await mailsTo(psychologist.email)).toEqual([]);
  });

  it("reject with a reason: the psychologist is told why, and sees it on their dashboard", async () => {
    const { jar } = await admin();
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    expect((await decide(jar, psychologist.psychologistId!, { intent: "reject", reason: "CRP não confere com o cadastro do conselho." })).status).toBe(303);
    expect(await rowOf(psychologist.psychologistId!)).toMatchObject({ status: "rejected", status_reason: "CRP não confere com o cadastro do conselho." });
    const [mail] = await mailsTo(psychologist.email);
    expect(mail).toMatchObject({ template: "psychologist_rejected" });
    expect(mail!.text).toContain("Motivo: CRP não confere com o cadastro do conselho.");
    const dashboard = await (await send(page("/psychologist-dashboard", { Cookie: (await signedIn(psychologist)).header() }))).text();
    expect(dashboard).toContain("Motivo: CRP não confere com o cadastro do conselho.");
  });

  it("marks only the reason box of the decision that was sent, described by its message", async () => {
    const { jar } = await admin();
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const markup = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    const REQUIRED = "Informe o motivo";
    // The reject form's own reason, refused: its box is marked and described by the message beside it.
    const rejected = await markup(await decide(jar, psychologist.psychologistId!, { intent: "reject", reason: "" }));
    expect(rejected).toMatch(/<textarea id="reason-reject"[^>]*aria-invalid="true"[^>]*aria-describedby="reason-reject-error"/);
    expect(rejected).toMatch(/<ul id="reason-reject-error"[^>]*><li>Informe o motivo/);
    // A suspension sent from a page opened before (the psychologist is pending now, the page has no suspend box):
    // its reason's error is said above the forms, and the reject box that was not sent is not marked.
    const suspended = await markup(await decide(jar, psychologist.psychologistId!, { intent: "suspend", reason: "" }));
    expect(suspended).toMatch(/<textarea id="reason-reject"/);
    expect(suspended).not.toMatch(/<textarea id="reason-reject"[^>]*aria-invalid/);
    expect(suspended).not.toContain('id="reason-reject-error"');
    expect(suspended).toMatch(new RegExp(`role="alert" tabindex="-1" autofocus=""[^>]*><p>${REQUIRED}`));
    expect((await rowOf(psychologist.psychologistId!)).status).toBe("pending");
  });

  it("without JavaScript, a refused reason comes back typed in its own form", async () => {
    const { jar } = await admin();
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    for (const reason of ["ok", `Documento ilegível ${"x".repeat(1000)}`]) {
      const response = await decide(jar, psychologist.psychologistId!, { intent: "reject", reason });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<textarea id="reason-reject"[^>]*>${reason}</textarea>`));
      // Only the form that was sent: any other reason box stays empty.
      expect(html.match(/<textarea[^>]*>[^<]+<\/textarea>/g)).toHaveLength(1);
    }
    expect((await rowOf(psychologist.psychologistId!)).status).toBe("pending");
  });

  it.each([
    ["approve", "approved"],
    ["reject", "approved"],
    ["reject", "suspended"],
    ["suspend", "pending"],
    ["suspend", "rejected"],
  ] as const)("%s from %s is refused with 409", async (intent, status) => {
    const { jar } = await admin();
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: status });
    const response = await decide(jar, psychologist.psychologistId!, { intent, reason: "Um motivo qualquer" });
    expect(response.status).toBe(409);
    expect((await rowOf(psychologist.psychologistId!)).status).toBe(status);
  });

  it("suspend: the future appointments are listed first; then the psychologist leaves every public page at once, cache included", async () => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await appHandler({ fresh: true });
    const { jar } = await admin();
    const psychologist = await createBookablePsychologist();
    await completeProfile(psychologist.psychologistId);
    const patient = await createUser({ firstName: "Renata" });
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + 48 * HOUR), status: "confirmed" });
    const review = await (await send(page(`/admin/psychologists/${psychologist.psychologistId}`, { Cookie: jar.header() }))).text();
    expect(review).toContain("1 consulta futura");
    expect(review).toContain("Renata");

    const profile = `/psychologist/${psychologist.psychologistId}`;
    await send(page(profile));
    expect((await send(page(profile))).headers.get("X-Page-Cache")).toBe("hit");
    expect(await (await send(page("/psychologists"))).text()).toContain(psychologist.psychologistId);

    expect((await decide(jar, psychologist.psychologistId, { intent: "suspend", reason: "Denúncia em apuração." })).status).toBe(303);
    expect((await send(page(profile))).status).toBe(404);
    expect(await (await send(page("/psychologists"))).text()).not.toContain(psychologist.psychologistId);
    expect(await (await send(page("/"))).text()).not.toContain(psychologist.psychologistId);
    const step2 = await send(page(`/schedule/step2?psychologistId=${psychologist.psychologistId}&date=${dayFromToday(2)}&duration=50`));
    expect(step2.status).toBe(404);

    // Reinstated, they are back.
    expect((await decide(jar, psychologist.psychologistId, { intent: "approve" })).status).toBe(303);
    expect((await send(page(profile))).status).toBe(200);
    expect((await mailsTo(psychologist.email)).map((mail) => mail.template)).toEqual(["psychologist_suspended", "psychologist_approved"]);
    // The approval after a suspension says it is a reinstatement, not a first approval.
    const [, reinstated] = await mailsTo(psychologist.email);
    expect(reinstated).toMatchObject({ subject: "Seu perfil foi reativado na Acolhe" });
    expect(reinstated!.text).toContain("Perfil reativado");
    expect(reinstated!.text).toContain("Seu perfil foi reativado e voltou a aparecer para os pacientes.");
  });

  it("only an admin decides: patients and psychologists are refused and nothing changes", async () => {
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    for (const role of ["patient", "psychologist"] as const) {
      const jar = await signedIn(await createUser({ role }));
      expect((await decide(jar, psychologist.psychologistId!, { intent: "approve" })).status).toBe(403);
    }
    expect((await rowOf(psychologist.psychologistId!)).status).toBe("pending");
  });

  it("a deleted account's profile cannot be approved back into the directory: no decision is offered, and a posted one changes nothing", async () => {
    const { jar } = await admin();
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: "approved" });
    await deleteAccount(psychologist.id, { password: PASSWORD });
    expect((await rowOf(psychologist.psychologistId!)).status).toBe("suspended");
    const html = await (await send(page(`/admin/psychologists/${psychologist.psychologistId}`, { Cookie: jar.header() }))).text();
    expect(html).not.toContain('name="intent" value="approve"');
    expect(html).toContain("A conta deste(a) psicólogo(a) foi excluída");
    const response = await decide(jar, psychologist.psychologistId!, { intent: "approve" });
    expect(response.status).toBe(409);
    expect(await rowOf(psychologist.psychologistId!)).toMatchObject({ status: "suspended", is_approved: false });
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "psychologist.review").execute()).toEqual([]);
  });
});

describe("an incomplete profile", () => {
  it("is not offered for approval, and an approval posted anyway is refused naming what is missing, nothing written; rejecting stays possible", async () => {
    const { jar } = await admin();
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const id = psychologist.psychologistId!;
    await completeProfile(id);
    await db.updateTable("psychologists").set({ crp: null, photo_url: null, bio: " " }).where("id", "=", id).execute();

    const html = (await (await send(page(`/admin/psychologists/${id}`, { Cookie: jar.header(), "Accept-Language": "pt-BR" }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(html).not.toContain('name="intent" value="approve"');
    expect(html).toContain('name="intent" value="reject"');
    expect(html).toContain("Perfil incompleto");
    expect(html).toContain("CRP, Sobre mim e Foto");
    expect(html).toContain("Recusar continua possível.");

    const refused = await decide(jar, id, { intent: "approve" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Perfil incompleto: falta CRP, Sobre mim e Foto.");
    expect(await rowOf(id)).toMatchObject({ status: "pending", is_approved: false });
    expect(await historyOf(id)).toEqual([]);
    expect(await mailsTo(psychologist.email)).toEqual([]);
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "psychologist.review").execute()).toEqual([]);

    // In English, in the words of the English profile form.
    const english = await send(formPost(`/admin/psychologists/${id}`, { intent: "approve" }, { Cookie: jar.header(), "Accept-Language": "en" }));
    expect(english.status).toBe(409);
    expect(await english.text()).toContain("Incomplete profile: missing CRP, About me, and Photo.");

    // Suspended without a photo (an approved profile from before the rule): 'Reativar' is not offered, and neither is refusing, so the note does not promise it.
    await db.updateTable("psychologists").set({ status: "suspended", is_approved: false }).where("id", "=", id).execute();
    const suspended = (await (await send(page(`/admin/psychologists/${id}`, { Cookie: jar.header(), "Accept-Language": "pt-BR" }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(suspended).toContain("Perfil incompleto");
    expect(suspended).not.toContain('name="intent" value="reject"');
    expect(suspended).not.toContain("Recusar continua possível");

    // Completed, it is approved.
    await completeProfile(id);
    expect((await decide(jar, id, { intent: "approve" })).status).toBe(303);
    expect(await rowOf(id)).toMatchObject({ status: "approved", is_approved: true });
  });
});

describe("featuring on the home page", () => {
  it("features an approved psychologist and stops featuring them, each change audited; a pending one cannot be featured", async () => {
    const { jar, id: adminId } = await admin();
    const approved = await createUser({ role: "psychologist", psychologistStatus: "approved" });
    const featured = () => db.selectFrom("psychologists").select("featured_in_carousel").where("id", "=", approved.psychologistId!).executeTakeFirstOrThrow();
    expect(await (await send(page(`/admin/psychologists/${approved.psychologistId}`, { Cookie: jar.header() }))).text()).toContain("Destacar na página inicial");
    expect((await decide(jar, approved.psychologistId!, { intent: "feature", featured: "true" })).status).toBe(303);
    expect((await featured()).featured_in_carousel).toBe(true);
    expect(await (await send(page(`/admin/psychologists/${approved.psychologistId}`, { Cookie: jar.header() }))).text()).toContain("Tirar do destaque");
    expect((await decide(jar, approved.psychologistId!, { intent: "feature", featured: "false" })).status).toBe(303);
    expect((await featured()).featured_in_carousel).toBe(false);
    const rows = await db.selectFrom("audit_log").select(["actor_user_id", "action", "subject_id", "details"]).orderBy("id").execute();
    expect(rows).toEqual([
      { actor_user_id: adminId, action: "psychologist.feature", subject_id: approved.psychologistId, details: { featured: true } },
      { actor_user_id: adminId, action: "psychologist.feature", subject_id: approved.psychologistId, details: { featured: false } },
    ]);

    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const refused = await decide(jar, pending.psychologistId!, { intent: "feature", featured: "true" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Só um psicólogo aprovado pode ficar em destaque.");
    expect((await db.selectFrom("psychologists").select("featured_in_carousel").where("id", "=", pending.psychologistId!).executeTakeFirstOrThrow()).featured_in_carousel).toBe(false);
    // A patient cannot feature anyone.
    const patient = await signedIn(await createUser());
    expect((await decide(patient, approved.psychologistId!, { intent: "feature", featured: "true" })).status).toBe(403);
    expect((await featured()).featured_in_carousel).toBe(false);
  });

  it("refuses a hand-made feature post (no or an odd 'featured', no or an unknown intent) with 400 and the reason on the page, changing nothing", async () => {
    const { jar } = await admin();
    const approved = await createUser({ role: "psychologist", psychologistStatus: "approved" });
    const id = approved.psychologistId!;
    await db.updateTable("psychologists").set({ featured_in_carousel: true }).where("id", "=", id).execute();
    for (const [fields, message] of [
      [{ intent: "feature", featured: "banana" }, "Não foi possível entender o pedido de destaque."],
      [{ intent: "feature" }, "Não foi possível entender o pedido de destaque."],
      [{ intent: "feature-everyone", featured: "false" }, "Ação desconhecida."],
      [{ featured: "false" }, "Ação desconhecida."],
    ] as const) {
      const response = await decide(jar, id, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await db.selectFrom("psychologists").select(["featured_in_carousel", "status"]).where("id", "=", id).executeTakeFirstOrThrow())).toEqual({ featured_in_carousel: true, status: "approved" });
    expect(await db.selectFrom("audit_log").select("id").execute()).toEqual([]);
  });
});

describe("the psychologist's own view", () => {
  it("in review: says what is still missing from the profile", async () => {
    const psychologist = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const html = await (await send(page("/psychologist-dashboard", { Cookie: (await signedIn(psychologist)).header() }))).text();
    expect(html).toContain("Para a análise, complete no seu perfil:");
    expect(html).toContain("biografia");
  });
});
