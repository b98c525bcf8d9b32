import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import * as evaluationsModel from "~/models/practice-evaluations.server";
import { loader } from "~/routes/_psychologist.psychologist-dashboard.evaluations/route";
import { loader as exportLoader } from "~/routes/_psychologist.psychologist-dashboard_.evaluations.export";
import { page, send } from "#tests/helpers/app";
import { createAppointment, createPair, HOUR, type Pair } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, location, run, type CookieJar } from "#tests/helpers/http";

/**
 * The evaluations tab (issue 14, item 4): statistics, the filtered and sorted
 * list, anonymity kept in the page and the CSV, the export's file and audit
 * row, the spec's error texts — for the signed-in psychologist only.
 */

// Each model function can be made to fail on demand; otherwise it is the real one.
vi.mock("~/models/practice-evaluations.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/practice-evaluations.server")>();
  return { ...actual, evaluationStats: vi.fn(actual.evaluationStats), listEvaluations: vi.fn(actual.listEvaluations), exportEvaluations: vi.fn(actual.exportEvaluations) };
});

let pair: Pair;
let jar: CookieJar;
let slot = 0;

beforeEach(async () => {
  slot = 0;
  pair = await createPair();
  jar = await signedIn(pair.psychologist);
});

/** One completed consultation and its evaluation, a day apart from the others (older as `daysAgo` grows). */
async function evaluation(options: { rating: number; comment?: string; anonymous?: boolean; patientId?: string; daysAgo: number; psychologistId?: string }) {
  slot += 1;
  const psychologistId = options.psychologistId ?? pair.psychologist.psychologistId;
  const patientId = options.patientId ?? pair.patient.id;
  const startsAt = new Date(Date.now() - options.daysAgo * 24 * HOUR - slot * HOUR);
  const appointmentId = await createAppointment({ patientId, psychologistId, startsAt, status: "completed" });
  await db
    .insertInto("evaluations")
    .values({ appointment_id: appointmentId, psychologist_id: psychologistId, patient_id: patientId, rating: options.rating, comment: options.comment ?? "", is_anonymous: options.anonymous ?? false, created_at: new Date(startsAt.getTime() + 2 * HOUR) })
    .execute();
}

async function tab(query = "", as: CookieJar = jar) {
  const response = await run(loader, getRequest(`/psychologist-dashboard/evaluations${query}`, as));
  expect(response.status).toBe(200);
  return body(response);
}

async function download(query = "", as: CookieJar = jar, headers: Record<string, string> = {}) {
  return run(exportLoader, getRequest(`/psychologist-dashboard/evaluations/export${query}`, as, headers));
}

/** Five reviews of known ratings: 5, 5, 4, 3, 1 (newest first), one of them anonymous. */
async function fiveReviews() {
  const secret = await createUser({ firstName: "Joana", lastName: "Segredo" });
  await evaluation({ rating: 5, comment: "Excelente", daysAgo: 1 });
  await evaluation({ rating: 5, comment: "Me ajudou muito", daysAgo: 2, anonymous: true, patientId: secret.id });
  await evaluation({ rating: 4, comment: "Boa", daysAgo: 3 });
  await evaluation({ rating: 3, comment: "Regular", daysAgo: 4 });
  await evaluation({ rating: 1, comment: "Não gostei", daysAgo: 5 });
}

describe("statistics", () => {
  it("total, average to one decimal with its tone, and the distribution 5 → 1 with percentages", async () => {
    await fiveReviews();
    const data = await tab();
    expect(data.statsError).toBeNull();
    expect(data.stats.total).toBe(5);
    // (5 + 5 + 4 + 3 + 1) / 5 = 3.6: yellow ('Regular').
    expect(data.stats.average).toBe("3,6");
    expect(data.stats.tone).toBe("fair");
    expect(data.stats.distribution.map((row: { rating: number; count: number; percent: string }) => [row.rating, row.count, row.percent])).toEqual([
      [5, 2, "40,0"],
      [4, 1, "20,0"],
      [3, 1, "20,0"],
      [2, 0, "0,0"],
      [1, 1, "20,0"],
    ]);
  });

  it("green at 4 or more, red under 3", async () => {
    await evaluation({ rating: 5, daysAgo: 1 });
    await evaluation({ rating: 3, daysAgo: 2 });
    expect((await tab()).stats).toMatchObject({ average: "4,0", tone: "good" });
    await evaluation({ rating: 1, daysAgo: 3 });
    await evaluation({ rating: 1, daysAgo: 4 });
    // 10 / 4 = 2.5
    expect((await tab()).stats).toMatchObject({ average: "2,5", tone: "poor" });
  });

  it("no reviews: zero, no average, an empty list and no export button's worth of data", async () => {
    const data = await tab();
    expect(data.stats).toMatchObject({ total: 0, average: null, tone: null });
    expect(data.list).toMatchObject({ total: 0, rows: [] });
  });
});

describe("the detailed list", () => {
  it("filters positive (4–5) and negative (1–2), newest first by default", async () => {
    await fiveReviews();
    expect((await tab()).list.rows.map((row: { rating: number }) => row.rating)).toEqual([5, 5, 4, 3, 1]);
    const positive = await tab("?filter=positive");
    expect(positive.list.total).toBe(3);
    expect(positive.list.rows.map((row: { comment: string }) => row.comment)).toEqual(["Excelente", "Me ajudou muito", "Boa"]);
    const negative = await tab("?filter=negative");
    expect(negative.list.rows.map((row: { rating: number }) => row.rating)).toEqual([1]);
  });

  it("sorts by highest and lowest rating, the newest first among equals", async () => {
    await evaluation({ rating: 3, comment: "c", daysAgo: 1 });
    await evaluation({ rating: 5, comment: "old five", daysAgo: 9 });
    await evaluation({ rating: 1, comment: "a", daysAgo: 2 });
    await evaluation({ rating: 5, comment: "new five", daysAgo: 3 });
    expect((await tab("?sort=highest")).list.rows.map((row: { comment: string }) => row.comment)).toEqual(["new five", "old five", "c", "a"]);
    expect((await tab("?sort=lowest")).list.rows.map((row: { comment: string }) => row.comment)).toEqual(["a", "c", "new five", "old five"]);
    expect((await tab("?sort=recent")).list.rows.map((row: { comment: string }) => row.comment)).toEqual(["c", "a", "new five", "old five"]);
  });

  it("falls back to the defaults on nonsense parameters", async () => {
    await fiveReviews();
    const data = await tab("?filter=evil&sort=drop%20table&page=-3");
    expect(data.query).toEqual({ filter: "all", sort: "recent", page: 1 });
    expect(data.list.total).toBe(5);
  });

  it("shows the patient's name, or 'Anônimo' without ever sending the name", async () => {
    await fiveReviews();
    const response = await run(loader, getRequest("/psychologist-dashboard/evaluations", jar));
    const text = await response.clone().text();
    expect(text).not.toContain("Segredo");
    expect(text).not.toContain("Joana");
    const data = await body(response);
    const rows = data.list.rows as { comment: string; patient: string | null; date: string }[];
    expect(rows.find((row) => row.comment === "Me ajudou muito")!.patient).toBeNull();
    expect(rows.find((row) => row.comment === "Excelente")!.patient).toBe("Paula Pereira");
    expect(rows[0]!.date).toMatch(/^\d{2} de \p{L}+ de \d{4}$/u);
  });

  it("pages by 50", async () => {
    for (let index = 0; index < 53; index += 1) await evaluation({ rating: (index % 5) + 1, daysAgo: index });
    const first = await tab();
    expect(first.list).toMatchObject({ total: 53, page: 1, pages: 2 });
    expect(first.list.rows).toHaveLength(50);
    const second = await tab("?page=2");
    expect(second.list.rows).toHaveLength(3);
    const beyond = await tab("?page=9");
    expect(beyond.list).toMatchObject({ total: 53, rows: [] });
  });

  it("never shows another psychologist's reviews", async () => {
    await fiveReviews();
    const other = await createPair();
    const data = await tab("", await signedIn(other.psychologist));
    expect(data.stats.total).toBe(0);
    expect(data.list.total).toBe(0);
    const csv = await (await download("", await signedIn(other.psychologist))).text();
    expect(csv.trim().split("\r\n")).toHaveLength(1);
  });
});

describe("the page", () => {
  it("renders the statistics, the list with 'Anônimo', and the export link; with no reviews the button is disabled", async () => {
    const empty = await (await send(page("/psychologist-dashboard/evaluations", { Cookie: jar.header() }))).text();
    expect(empty).toMatch(/<button type="button" class="btn-secondary" disabled="" title="[^"]+">Exportar CSV<\/button>/);
    expect(empty).toContain("Você ainda não recebeu avaliações.");

    await fiveReviews();
    const response = await send(page("/psychologist-dashboard/evaluations?filter=positive", { Cookie: jar.header() }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/psychologist-dashboard/evaluations/export?filter=positive&amp;sort=recent"');
    expect(html).toContain('data-tone="fair"');
    expect(html).toContain(">Regular<");
    expect(html).toContain("Anônimo");
    expect(html).not.toContain("Segredo");
    expect(html).toContain("2 (40,0%)");
  }, 60_000);
});

describe("the CSV export", () => {
  it("a dated attachment with a BOM, the filter and sort applied, anonymous rows without a name, and an audit row", async () => {
    await fiveReviews();
    const response = await download("?filter=positive&sort=lowest");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="avaliacoes-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Data,Nota,Comentário,Paciente");
    expect(lines.slice(1).map((line) => line.split(",").slice(1))).toEqual([
      ["4", "Boa", "Paula Pereira"],
      ["5", "Excelente", "Paula Pereira"],
      ["5", "Me ajudou muito", "Anônimo"],
    ]);
    expect(text).not.toContain("Segredo");

    const rows = await db.selectFrom("audit_log").selectAll().where("action", "=", "evaluations.export").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: pair.psychologist.id, subject_id: pair.psychologist.psychologistId, details: { filter: "positive", sort: "lowest", rows: 3 } });
    // Named in the visitor's language, as its header row is written.
    expect((await download("", jar, { "Accept-Language": "en" })).headers.get("Content-Disposition")).toMatch(/^attachment; filename="reviews-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it("escapes quotes, commas and line breaks, and defuses formulas", async () => {
    await evaluation({ rating: 5, comment: 'Ótima, "de verdade"\nvoltarei', daysAgo: 1 });
    await evaluation({ rating: 4, comment: '=HYPERLINK("http://mal.example","clique")', daysAgo: 2 });
    const text = (await (await download()).text()).replace(/^\uFEFF/, "");
    expect(text).toContain('"Ótima, ""de verdade""\nvoltarei"');
    expect(text).toContain(`"'=HYPERLINK(""http://mal.example"",""clique"")"`);
  });
});

describe("when a query fails", () => {
  it("the statistics show the spec's text and a retry, the list still loads", async () => {
    await fiveReviews();
    vi.mocked(evaluationsModel.evaluationStats).mockRejectedValueOnce(new Error("connection lost"));
    const data = await tab();
    expect(data.statsError).toBe("Erro ao carregar estatísticas. Tente novamente.");
    expect(data.stats).toBeNull();
    expect(data.list.total).toBe(5);
  });

  it("the list shows 'Erro ao carregar avaliações'", async () => {
    vi.mocked(evaluationsModel.listEvaluations).mockRejectedValueOnce(new Error("timeout"));
    const data = await tab();
    expect(data.listError).toBe("Erro ao carregar avaliações");
    expect(data.list).toBeNull();
    expect(data.stats.total).toBe(0);
  });

  it("a failed export goes back to the tab, which says 'Erro ao exportar avaliações'", async () => {
    vi.mocked(evaluationsModel.exportEvaluations).mockRejectedValueOnce(new Error("timeout"));
    const response = await download("?filter=negative");
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/psychologist-dashboard/evaluations?filter=negative&sort=recent&error=export");
    expect((await tab("?filter=negative&sort=recent&error=export")).exportError).toBe("Erro ao exportar avaliações");
    expect(await db.selectFrom("audit_log").selectAll().where("action", "=", "evaluations.export").execute()).toHaveLength(0);
  });
});
