import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { loader as rootLoader } from "~/root";
import { action, loader } from "~/routes/_psychologist.psychologist-profile/route";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, type CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";

const PATH = "/psychologist-profile";

const VALID = {
  name: "  Dra. Helena Prado  ",
  crp: "06/654321",
  bio: "  Atendo adultos há dez anos.  ",
  shortBio: "Psicóloga clínica",
  specialties: ["anxiety", "depression"],
  languages: ["pt", "en"],
  university: "Universidade de São Paulo",
  graduationYear: "2012",
  education: "Mestrado em Psicologia Clínica",
  experience: "Clínica particular desde 2013",
  approach: "TCC",
  therapeuticApproach: "Terapia Cognitivo-Comportamental com foco em ansiedade",
  certifications: "Formação em EMDR",
  personalStatement: "Um espaço seguro para você.",
  price: "180,50",
  pixKey: "helena@exemplo.com.br",
};

type Fields = Record<string, string | string[]>;

const save = (jar: CookieJar, fields: Fields = VALID) => run(action, postRequest(`${PATH}?edit=1`, fields, jar));
const errorsOf = async (response: Response) => (await body(response)).error as Record<string, string[]>;

async function psychologist(status: "pending" | "approved" | "rejected" | "suspended" = "approved") {
  const user = await createUser({ role: "psychologist", psychologistStatus: status });
  return { user, jar: await signedIn(user) };
}

const rowOf = (userId: string) => db.selectFrom("psychologists").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();

describe("/psychologist-profile guard", () => {
  it("sends a visitor to sign in, from the page and from the form", async () => {
    const page = await run(loader, getRequest(PATH));
    expect(page.status).toBe(302);
    expect(location(page)).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    const post = await run(action, postRequest(PATH, VALID));
    expect(location(post)).toMatch(/^\/login\?/);
  });

  it.each(["patient", "admin"] as const)("refuses a %s with 403 and writes nothing", async (role) => {
    const other = await psychologist();
    const before = await rowOf(other.user.id);
    const jar = await signedIn(await createUser({ role }));
    expect((await run(loader, getRequest(PATH, jar))).status).toBe(403);
    expect((await save(jar)).status).toBe(403);
    expect(await rowOf(other.user.id)).toEqual(before);
  });

  it("lets a psychologist of any status in", async () => {
    for (const status of ["pending", "approved", "rejected", "suspended"] as const) {
      const { jar } = await psychologist(status);
      const response = await run(loader, getRequest(PATH, jar));
      expect(response.status).toBe(200);
      expect((await body(response)).profile.status).toBe(status);
    }
  });
});

describe("/psychologist-profile page", () => {
  it("shows the own row in view mode, with its translations; ?edit=1 is edit mode", async () => {
    const { user, jar } = await psychologist("pending");
    const view = await body(await run(loader, getRequest(PATH, jar)));
    const row = await rowOf(user.id);
    expect(view.editing).toBe(false);
    expect(view.profile).toMatchObject({ name: row.name, email: user.email, priceCents: 15000, priceInput: "150,00", status: "pending" });
    expect(view.translations.professional.heading).toBe("Meu Perfil Profissional");
    expect(view.translations.professional.buttons).toMatchObject({ edit: "Editar Perfil", save: "Salvar Alterações", saving: "Salvando..." });
    expect(view.translations.professional.status.pending).toMatch(/^Seu cadastro está em análise/);
    expect((await body(await run(loader, getRequest(`${PATH}?edit=1`, jar)))).editing).toBe(true);
  });

  it("fills in the price, and writes its example, as the reader's language writes decimals; what it fills in saves as it was", async () => {
    const { user, jar } = await psychologist("pending");
    await db.updateTable("psychologists").set({ price_cents: 180_50 }).where("user_id", "=", user.id).execute();
    const english = await body(await run(loader, getRequest(`${PATH}?edit=1`, jar, { "Accept-Language": "en" })));
    // Beside amounts written 'R$180.50', never '180,50'.
    expect(english.profile.priceInput).toBe("180.50");
    expect(english.priceExample).toBe("150.00");
    expect(english.translations.professional.fields.priceHint).toBe("60-minute session, for example {{example}}.");
    const portuguese = await body(await run(loader, getRequest(`${PATH}?edit=1`, jar, { "Accept-Language": "pt-BR" })));
    expect(portuguese.profile.priceInput).toBe("180,50");
    expect(portuguese.priceExample).toBe("150,00");

    const refused = await run(action, postRequest(`${PATH}?edit=1`, { ...VALID, price: "0" }, jar, { "Accept-Language": "en" }));
    expect((await errorsOf(refused)).price).toEqual(["Enter an amount greater than zero, for example 150.00"]);
    const saved = await run(action, postRequest(`${PATH}?edit=1`, { ...VALID, price: english.profile.priceInput }, jar, { "Accept-Language": "en" }));
    expect(saved.status).toBe(303);
    expect((await rowOf(user.id)).price_cents).toBe(180_50);
  });

  it("computes the statistics from data", async () => {
    const { user, jar } = await psychologist();
    const stats = async () => (await body(await run(loader, getRequest(PATH, jar)))).statistics;
    expect(await stats()).toEqual({ consultationsDone: 0, activePatients: 0, rating: null, totalReviews: 0 });

    const psychologistId = user.psychologistId!;
    const patient = await createUser();
    const otherPatient = await createUser();
    const at = (daysAgo: number) => {
      const startsAt = new Date(Date.now() - daysAgo * 86_400_000);
      return { starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 50 * 60_000), duration_minutes: 50, price_cents: 15000 };
    };
    await db
      .insertInto("appointments")
      .values({ patient_id: patient.id, psychologist_id: psychologistId, status: "completed", ...at(10) })
      .execute();
    expect(await stats()).toMatchObject({ consultationsDone: 1, activePatients: 1 });

    // Another completed one of the same patient, long ago: one more consultation, still one active patient.
    await db
      .insertInto("appointments")
      .values({ patient_id: patient.id, psychologist_id: psychologistId, status: "completed", ...at(200) })
      .execute();
    // A patient whose only appointment was cancelled is not active.
    await db
      .insertInto("appointments")
      .values({ patient_id: otherPatient.id, psychologist_id: psychologistId, status: "cancelled", ...at(5) })
      .execute();
    expect(await stats()).toMatchObject({ consultationsDone: 2, activePatients: 1 });

    // A confirmed upcoming appointment makes its patient active.
    await db
      .insertInto("appointments")
      .values({ patient_id: otherPatient.id, psychologist_id: psychologistId, status: "confirmed", ...at(-3) })
      .execute();
    expect(await stats()).toMatchObject({ consultationsDone: 2, activePatients: 2 });

    // Another psychologist's appointments never count here.
    const other = await psychologist();
    await db
      .insertInto("appointments")
      .values({ patient_id: patient.id, psychologist_id: other.user.psychologistId!, status: "completed", ...at(1) })
      .execute();
    expect(await stats()).toMatchObject({ consultationsDone: 2, activePatients: 2 });

    await db.updateTable("psychologists").set({ rating_sum: 9, total_reviews: 2 }).where("id", "=", psychologistId).execute();
    expect(await stats()).toMatchObject({ rating: 4.5, totalReviews: 2 });
  });
});

describe("/psychologist-profile save", () => {
  it("persists every field, trimmed, the price in centavos, and returns to view mode with the toast", async () => {
    const { user, jar } = await psychologist();
    const response = await save(jar);
    expect(response.status).toBe(303);
    expect(location(response)).toBe(PATH);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({
      name: "Dra. Helena Prado",
      crp: "06/654321",
      bio: "Atendo adultos há dez anos.",
      short_bio: "Psicóloga clínica",
      specialties: ["anxiety", "depression"],
      languages: ["pt", "en"],
      university: "Universidade de São Paulo",
      graduation_year: 2012,
      education: "Mestrado em Psicologia Clínica",
      experience: "Clínica particular desde 2013",
      approach: "TCC",
      therapeutic_approach: "Terapia Cognitivo-Comportamental com foco em ansiedade",
      certifications: "Formação em EMDR",
      personal_statement: "Um espaço seguro para você.",
      price_cents: 18050,
      pix_key: "helena@exemplo.com.br",
      // The approved profile got a new name and CRP: back to review (tests/integration/credentials-review.test.ts).
      status: "pending",
      is_approved: false,
    });
    const root = await body(await run(rootLoader, getRequest(PATH, jar.take(response))));
    expect(root.toast).toEqual({ type: "info", title: "Perfil salvo. Como o nome ou o CRP mudou, ele voltou para análise e sai da lista até ser aprovado novamente." });
  });

  it.each([
    ["150.00", 15000],
    ["150", 15000],
    ["99,9", 9990],
    ["1.500,00", 150000],
    ["R$ 200,00", 20000],
    ["10.000,00", 1_000_000],
  ])("reads the price %s as %i centavos", async (price, cents) => {
    const { user, jar } = await psychologist();
    expect((await save(jar, { ...VALID, price })).status).toBe(303);
    expect((await rowOf(user.id)).price_cents).toBe(cents);
  });

  it("with saved prices in force, a new 'Valor da sessão' becomes the active 60-minute price, the 30-minute one kept", async () => {
    const { user, jar } = await psychologist();
    const { id } = await rowOf(user.id);
    await db.insertInto("psychologist_pricing").values({ psychologist_id: id, price_30_cents: 120_00, price_60_cents: 180_00 }).execute();
    const pricing = () => db.selectFrom("psychologist_pricing").select(["price_30_cents", "price_60_cents", "is_active"]).where("psychologist_id", "=", id).orderBy("created_at").orderBy("is_active").execute();

    // The same price: no new row.
    expect((await save(jar, { ...VALID, price: "180,00" })).status).toBe(303);
    expect(await pricing()).toEqual([{ price_30_cents: 120_00, price_60_cents: 180_00, is_active: true }]);

    expect((await save(jar, { ...VALID, price: "210,00" })).status).toBe(303);
    expect((await rowOf(user.id)).price_cents).toBe(210_00);
    expect(await pricing()).toEqual([
      { price_30_cents: 120_00, price_60_cents: 180_00, is_active: false },
      { price_30_cents: 120_00, price_60_cents: 210_00, is_active: true },
    ]);
  });

  it("without saved prices, 'Valor da sessão' is only the profile's price (the fallback rule reads it)", async () => {
    const { user, jar } = await psychologist();
    expect((await save(jar, { ...VALID, price: "210,00" })).status).toBe(303);
    const { id, price_cents } = await rowOf(user.id);
    expect(price_cents).toBe(210_00);
    expect(await db.selectFrom("psychologist_pricing").select("id").where("psychologist_id", "=", id).execute()).toEqual([]);
  });

  it("empties optional text and the graduation year; a single specialty is a list of one", async () => {
    const { user, jar } = await psychologist();
    const response = await save(jar, {
      name: "Helena",
      crp: "06/654321",
      specialties: "grief",
      price: "150,00",
      bio: "   ",
      graduationYear: "",
      pixKey: "",
    });
    expect(response.status).toBe(303);
    expect(await rowOf(user.id)).toMatchObject({
      name: "Helena",
      bio: "",
      short_bio: "",
      specialties: ["grief"],
      languages: [],
      university: "",
      graduation_year: null,
      personal_statement: "",
      pix_key: null,
    });
  });

  it.each<[string, Fields, string, string]>([
    ["no CRP", { crp: "" }, "crp", "CRP é obrigatório"],
    ["a blank CRP", { crp: "   " }, "crp", "CRP é obrigatório"],
    ["a CRP out of format", { crp: "06/12345a" }, "crp", "CRP deve estar no formato XX/XXXXXX"],
    ["a CRP of 7 digits", { crp: "0612345" }, "crp", "CRP deve estar no formato XX/XXXXXX"],
    ["a CRP of 9 digits", { crp: "061234567" }, "crp", "CRP deve estar no formato XX/XXXXXX"],
    ["a CRP too short", { crp: "06/12345" }, "crp", "CRP deve estar no formato XX/XXXXXX"],
    ["no specialty", { specialties: [] }, "specialties", "Selecione pelo menos uma especialidade"],
    ["six specialties", { specialties: ["anxiety", "depression", "grief", "adhd", "autism", "ocd"] }, "specialties", "Selecione no máximo 5 especialidades"],
    ["an unknown specialty", { specialties: ["anxiety", "astrologia"] }, "specialties", "Especialidade desconhecida"],
    ["seven languages", { languages: ["pt", "en", "es", "fr", "it", "de", "ja"] }, "languages", "Selecione no máximo 6 idiomas"],
    ["an unknown language", { languages: ["pt", "klingon"] }, "languages", "Idioma desconhecido"],
    ["a graduation year before 1950", { graduationYear: "1949" }, "graduationYear", "Ano de formação inválido"],
    ["a graduation year in the future", { graduationYear: String(new Date().getFullYear() + 1) }, "graduationYear", "Ano de formação inválido"],
    ["a graduation year that is not a number", { graduationYear: "dois mil" }, "graduationYear", "Ano de formação inválido"],
    ["a zero price", { price: "0,00" }, "price", "Informe um valor maior que zero, por exemplo 150,00"],
    ["a price that is not an amount", { price: "cento e cinquenta" }, "price", "Informe um valor maior que zero, por exemplo 150,00"],
    ["no price", { price: "" }, "price", "Informe o valor da sessão"],
    // The pricing tab keeps this 60-minute price and refuses more than R$ 10.000,00: the profile may not save what it would then refuse.
    ["a price above the pricing tab's bound", { price: "10.000,01" }, "price", "O valor da sessão deve ser no máximo R$ 10.000,00"],
    ["no name", { name: "   " }, "name", "Nome é obrigatório"],
    ["a summary too long", { shortBio: "a".repeat(301) }, "shortBio", "Use no máximo 300 caracteres"],
  ])("refuses %s with the field's message and writes nothing", async (_case, change, field, message) => {
    const { user, jar } = await psychologist();
    const before = await rowOf(user.id);
    const response = await save(jar, { ...VALID, ...change });
    expect(response.status).toBe(400);
    const errors = await errorsOf(response);
    expect(errors[field]).toEqual([message]);
    expect(errors[""]).toEqual([message]);
    expect(await rowOf(user.id)).toEqual(before);
  });

  it("joins every error into one message, in the form's order, and keeps each under its field", async () => {
    const { jar } = await psychologist();
    const response = await save(jar, { ...VALID, crp: "", specialties: [], graduationYear: "1900" });
    const result = await body(response);
    const errors = result.error as Record<string, string[]>;
    expect(errors.crp).toEqual(["CRP é obrigatório"]);
    expect(errors.specialties).toEqual(["Selecione pelo menos uma especialidade"]);
    expect(errors.graduationYear).toEqual(["Ano de formação inválido"]);
    expect(errors[""]).toEqual(["CRP é obrigatório, Selecione pelo menos uma especialidade, Ano de formação inválido"]);
    // What was typed comes back for the form.
    expect(result.initialValue).toMatchObject({ name: VALID.name, graduationYear: "1900" });
  });

  it.each(["06654321", "06 654321", "06-654321", "06.654.321"])("takes the CRP typed without JavaScript as %j and stores it as 06/654321", async (crp) => {
    const { user, jar } = await psychologist();
    expect((await save(jar, { ...VALID, crp })).status).toBe(303);
    expect((await rowOf(user.id)).crp).toBe("06/654321");
  });

  it("a CRP another psychologist holds is refused however its digits are separated", async () => {
    const other = await psychologist();
    await db.updateTable("psychologists").set({ crp: "06/654321" }).where("user_id", "=", other.user.id).execute();
    const { jar } = await psychologist();
    const response = await save(jar, { ...VALID, crp: "06654321" });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).crp?.[0]).toMatch(/já está cadastrado/);
  });

  it("refuses a CRP another psychologist holds with a 400 on the CRP field, writing nothing", async () => {
    const other = await psychologist();
    await db.updateTable("psychologists").set({ crp: "06/654321" }).where("user_id", "=", other.user.id).execute();
    const { user, jar } = await psychologist();
    const before = await rowOf(user.id);
    const response = await save(jar);
    expect(response.status).toBe(400);
    const errors = await errorsOf(response);
    expect(errors.crp).toEqual(["Este CRP já está cadastrado para outro psicólogo. Confira o número ou fale com o suporte."]);
    expect(errors[""]).toEqual(errors.crp);
    expect(await rowOf(user.id)).toEqual(before);
    expect((await rowOf(other.user.id)).crp).toBe("06/654321");
  });

  it("keeps one's own CRP on a second save", async () => {
    const { jar } = await psychologist();
    expect((await save(jar)).status).toBe(303);
    expect((await save(jar, { ...VALID, bio: "Outra bio" })).status).toBe(303);
  });

  it("only ever writes the signed-in psychologist's row, whatever the form carries", async () => {
    const other = await psychologist();
    const otherBefore = await rowOf(other.user.id);
    const { user, jar } = await psychologist();
    const response = await save(jar, {
      ...VALID,
      id: other.user.psychologistId!,
      psychologistId: other.user.psychologistId!,
      userId: other.user.id,
      user_id: other.user.id,
      status: "approved",
    });
    expect(response.status).toBe(303);
    expect(await rowOf(other.user.id)).toEqual(otherBefore);
    const mine = await rowOf(user.id);
    expect(mine.name).toBe("Dra. Helena Prado");
    expect(mine.id).toBe(user.psychologistId);
    expect(mine.user_id).toBe(user.id);
  });

  it("never changes the approval status: a pending psychologist stays pending", async () => {
    const { user, jar } = await psychologist("pending");
    expect((await save(jar, { ...VALID, status: "approved", isApproved: "on" })).status).toBe(303);
    expect(await rowOf(user.id)).toMatchObject({ status: "pending", is_approved: false });
  });

  it("answers in the visitor's language", async () => {
    const { jar } = await psychologist();
    const response = await run(action, postRequest(PATH, { ...VALID, crp: "" }, jar, { "Accept-Language": "en" }));
    expect((await errorsOf(response)).crp).toEqual(["CRP is required"]);
  });
});
