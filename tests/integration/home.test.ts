import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { FEATURED_LIMIT, listFeaturedPsychologists } from "~/models/home.server";
import { loader as homeLoader } from "~/routes/_public._index";
import { body, getRequest, run } from "#tests/helpers/http";
import { countStatements, createEvaluation, createPatient, createPsychologist, type PsychologistFixture } from "#tests/helpers/directory-fixtures";

/**
 * The home page (/) through its loader: the featured psychologists (the
 * spec's carousel rule, order and limit, the cards' texts), testimonials
 * from real published evaluations only, and a page that survives a failing
 * featured query.
 */

const MONDAY_MORNING: Array<[number, string, string]> = [[1, "09:00", "12:00"]];

/** An approved psychologist marked for the carousel, with a weekly block unless told otherwise. */
async function featured(fixture: PsychologistFixture = {}, { featuredInCarousel = true } = {}): Promise<string> {
  const id = await createPsychologist({ weekly: MONDAY_MORNING, ...fixture });
  if (featuredInCarousel) await db.updateTable("psychologists").set({ featured_in_carousel: true }).where("id", "=", id).execute();
  return id;
}

async function home(headers: Record<string, string> = {}) {
  const response = await run(homeLoader, getRequest("/", undefined, headers));
  expect(response.status).toBe(200);
  return body(response);
}

describe("featured psychologists", () => {
  it("lists approved, featured psychologists with a recurring weekly block, and no one else", async () => {
    const shown = await featured({ name: "Destaque" });
    for (const status of ["pending", "rejected", "suspended"] as const) await featured({ name: `Status ${status}`, status });
    await featured({ name: "Sem destaque" }, { featuredInCarousel: false });
    await featured({ name: "Sem agenda", weekly: [] });
    // Only a block that is not recurring: no weekly availability.
    const oneOff = await featured({ name: "Bloco avulso", weekly: [] });
    await db.insertInto("psychologist_availability").values({ psychologist_id: oneOff, weekday: 2, start_time: "09:00", end_time: "10:00", is_recurring: false }).execute();
    // A dated block is not a weekly one either.
    await featured({ name: "Só data", weekly: [], dated: [["2030-01-07", "09:00", "12:00"]] });

    const data = await home();
    expect(data.featured.map((card: { name: string }) => card.name)).toEqual(["Destaque"]);
    expect(data.featured[0].id).toBe(shown);
  });

  it("orders by rating, best first and unrated last, and shows at most 6, in one statement", async () => {
    const ratings: Array<[string, [number, number] | undefined]> = [
      ["Nota 3.0", [3, 1]],
      ["Sem nota A", undefined],
      ["Nota 5.0", [10, 2]],
      ["Nota 4.5", [9, 2]],
      ["Nota 4.0", [8, 2]],
      ["Sem nota B", undefined],
      ["Nota 4.8", [24, 5]],
      ["Nota 3.5", [7, 2]],
    ];
    for (const [name, rating] of ratings) await featured({ name, ratings: rating });
    const { result, count } = await countStatements(() => listFeaturedPsychologists());
    expect(count).toBe(1);
    expect(result).toHaveLength(FEATURED_LIMIT);
    expect(result.map((row) => row.name)).toEqual(["Nota 5.0", "Nota 4.8", "Nota 4.5", "Nota 4.0", "Nota 3.5", "Nota 3.0"]);

    // Unrated psychologists come after every rated one.
    await db.deleteFrom("psychologists").where("name", "in", ["Nota 3.0", "Nota 3.5", "Nota 4.0"]).execute();
    const names = (await home()).featured.map((card: { name: string }) => card.name);
    expect(names.slice(0, 3)).toEqual(["Nota 5.0", "Nota 4.8", "Nota 4.5"]);
    expect(names.slice(3).sort()).toEqual(["Sem nota A", "Sem nota B"]);
  });

  it("gives each card its texts: rating or N/A, labels, weekly hours, 30/60 prices and links", async () => {
    const id = await featured({
      name: "Helena Prado",
      crp: "06/123456",
      shortBio: "Clínica há 10 anos.",
      ratings: [24, 5],
      specialties: ["anxiety", "depression", "grief"],
      languages: ["pt", "en", "es", "fr", "de"],
      price: 200,
      weekly: [
        [1, "09:00", "12:00"],
        [3, "14:00", "16:30"],
      ],
    });
    // A block shorter than a whole minute (seconds round inwards) adds no time.
    const unrated = await featured({ name: "Nova", weekly: [[2, "08:00:10", "08:00:50"]], pricing: [130, 210] });
    const [card, other] = (await home()).featured;
    expect(card).toMatchObject({
      id,
      name: "Helena Prado",
      crp: "06/123456",
      initials: "HP",
      shortBio: "Clínica há 10 anos.",
      rating: "4,8",
      reviews: "5 avaliações",
      specialties: ["Ansiedade", "Depressão", "Luto"],
      languages: ["Português", "Inglês", "Espanhol", "Francês", "Alemão"],
      hours: "5h 30m/semana",
      prices: [
        ["30 min", "R$\u00a0150,00"],
        ["60 min", "R$\u00a0200,00"],
      ],
      href: `/psychologists/${id}`,
      shareUrl: `http://localhost:3000/psychologists/${id}`,
    });
    // No rating yet: 'N/A'; no whole minute a week: '0h 0m/semana'.
    expect(other).toMatchObject({ id: unrated, rating: null, reviews: "N/A", hours: "0h 0m/semana", prices: [["30 min", "R$\u00a0130,00"], ["60 min", "R$\u00a0210,00"]] });
  });

  it("is empty, not an error, when no one qualifies", async () => {
    await featured({ name: "Sem destaque" }, { featuredInCarousel: false });
    const data = await home();
    expect(data.featured).toEqual([]);
  });

  it("keeps the page when the featured query fails, and says so", async () => {
    const psychologist = await featured({ name: "Com depoimento" });
    await createEvaluation(psychologist, 5, { publish: true, comment: "Muito bom." });
    await sql`alter table psychologist_availability rename to psychologist_availability_away`.execute(db);
    try {
      const data = await home();
      expect(data.featured).toBeNull();
      // The rest of the page is there: its texts and the testimonials.
      expect(data.translations.home.featured.error).toBe("Não foi possível carregar os psicólogos em destaque. Tente novamente mais tarde.");
      expect(data.translations.home.featured.retry).toBe("Tentar novamente");
      expect(data.testimonials).toHaveLength(1);
    } finally {
      await sql`alter table psychologist_availability_away rename to psychologist_availability`.execute(db);
    }
  });
});

describe("testimonials", () => {
  it("shows only published evaluations of 4 or 5 stars with a comment, of public psychologists, newest first, at most 3", async () => {
    const id = await createPsychologist({ name: "Ana Souza" });
    const suspended = await createPsychologist({ name: "Suspensa" });
    await createEvaluation(id, 5, { publish: true, comment: "Primeira.", startsAt: "2025-01-06T13:00:00Z" });
    await createEvaluation(id, 4, { publish: true, comment: "Segunda.", startsAt: "2025-02-03T13:00:00Z" });
    await createEvaluation(id, 5, { publish: false, comment: "Privada.", startsAt: "2025-03-03T13:00:00Z" });
    await createEvaluation(id, 3, { publish: true, comment: "Três estrelas.", startsAt: "2025-04-07T13:00:00Z" });
    await createEvaluation(id, 5, { publish: true, comment: "  ", startsAt: "2025-05-05T13:00:00Z" });
    await createEvaluation(id, 4, { publish: true, comment: "Terceira.", startsAt: "2025-06-02T13:00:00Z" });
    await createEvaluation(suspended, 5, { publish: true, comment: "De quem saiu.", startsAt: "2025-07-07T13:00:00Z" });
    await db.updateTable("psychologists").set({ status: "suspended", is_approved: false }).where("id", "=", suspended).execute();

    let data = await home();
    expect(data.testimonials.map((item: { comment: string }) => item.comment)).toEqual(["Terceira.", "Segunda.", "Primeira."]);
    expect(data.testimonials[0]).toEqual({ rating: 4, label: "Avaliação 4 de 5", comment: "Terceira.", caption: "Paciente — consulta com Ana Souza" });

    await createEvaluation(id, 5, { publish: true, comment: "Quarta.", startsAt: "2025-08-04T13:00:00Z" });
    data = await home();
    expect(data.testimonials.map((item: { comment: string }) => item.comment)).toEqual(["Quarta.", "Terceira.", "Segunda."]);
  });

  it("is anonymous: at most the first initial, and only when the patient did not ask to stay anonymous", async () => {
    const id = await createPsychologist({ name: "Ana Souza" });
    await createEvaluation(id, 5, { publish: true, comment: "Com nome.", startsAt: "2025-02-03T13:00:00Z" });
    await createEvaluation(id, 5, { publish: true, comment: "Anônima.", startsAt: "2025-01-06T13:00:00Z" });
    const named = await db.selectFrom("evaluations").select("patient_id").where("comment", "=", "Com nome.").executeTakeFirstOrThrow();
    await db.insertInto("profiles").values({ id: named.patient_id!, first_name: "mariana", last_name: "Lima" }).execute();
    await db.updateTable("evaluations").set({ is_anonymous: false }).where("comment", "=", "Com nome.").execute();
    // An account without a first name stays 'Paciente' even when it allowed its name.
    const nameless = await createPatient();
    await db.insertInto("profiles").values({ id: nameless, first_name: "", last_name: "" }).execute();

    const data = await home();
    expect(data.testimonials.map((item: { caption: string }) => item.caption)).toEqual(["M. — consulta com Ana Souza", "Paciente — consulta com Ana Souza"]);
    expect(JSON.stringify(data)).not.toMatch(/mariana|Lima/i);
  });

  it("is empty when there are none: the page invents nothing", async () => {
    const id = await createPsychologist();
    await createEvaluation(id, 5, { publish: false, comment: "Privada." });
    expect((await home()).testimonials).toEqual([]);
  });
});

describe("the page", () => {
  it("sends its texts, the cards' buttons and the share menu's texts, in the visitor's language", async () => {
    const data = await home({ "Accept-Language": "en" });
    expect(Object.keys(data.translations).sort()).toEqual(["directory", "home", "profile"]);
    expect(data.translations.home.chooser.title).toBe("Choose how you want to sign up");
    expect(Object.keys(data.translations.profile)).toEqual(["share"]);
    expect(data.translations.directory.card).toEqual({ viewProfile: "View Profile", book: "Book" });
  });
});
