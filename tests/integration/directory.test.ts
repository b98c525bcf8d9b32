import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isAvailableToday, isOnlineSoon } from "~/domain/directory-availability";
import { db } from "~/models/db.server";
import { getDirectoryStats } from "~/models/directory.server";
import { loader as directoryLoader } from "~/routes/_public.psychologists";
import { AVAILABILITY_TTL_MS, DIRECTORY_STATS_TTL_MS, directoryStats } from "~/services/directory.server";
import { purgePublicPages } from "~/utils/page-cache.server";
import { body, getRequest, run } from "#tests/helpers/http";
import { bulkPsychologists, countStatements, createAppointment, createPsychologist } from "#tests/helpers/directory-fixtures";

/**
 * The directory (/psychologists) through its loader: every filter, sort,
 * band boundary and page; only approved psychologists; availability in SQL
 * agreeing with app/domain/slots.ts; and a bounded number of statements
 * whatever the data size.
 */

interface DirectoryBody {
  total: number;
  items: Array<{ id: string; name: string; priceCents: number; rating: number | null; totalReviews: number; specialties: string[]; languages: string[] }>;
  filters: Record<string, unknown>;
  figures: Array<[string, string]>;
  selects: Array<{ name: string; options: Array<[string, string]> }>;
}

async function directory(query = "", headers: Record<string, string> = {}): Promise<DirectoryBody> {
  const response = await run(directoryLoader, getRequest(`/psychologists${query}`, undefined, headers));
  expect(response.status).toBe(200);
  return body<DirectoryBody>(response);
}

const names = (data: DirectoryBody) => data.items.map((item) => item.name);
/** The banner's figure under one label, as shown (pt-BR). */
const figure = (data: DirectoryBody, key: string) => data.figures.find(([, label]) => label === key)?.[0];
/** The codes a filter select offers, its 'all' option left out. */
const choices = (data: DirectoryBody, name: string) => data.selects.find((select) => select.name === name)!.options.map(([value]) => value).filter(Boolean);

afterEach(() => {
  vi.useRealTimers();
});

describe("who is listed", () => {
  it("lists only approved psychologists, in the list and in the figures", async () => {
    await createPsychologist({ name: "Aprovada", specialties: ["grief"], languages: ["pt", "de"] });
    for (const status of ["pending", "rejected", "suspended"] as const) {
      await createPsychologist({ name: `Status ${status}`, status, specialties: ["adhd"], languages: ["ja"], ratings: [5, 1] });
    }
    const data = await directory();
    expect(names(data)).toEqual(["Aprovada"]);
    expect(data.total).toBe(1);
    expect(figure(data, "psychologists")).toBe("1");
    expect(figure(data, "rating")).toBe("—");
    expect(choices(data, "specialty")).toEqual(["grief"]);
    expect(choices(data, "language").sort()).toEqual(["de", "pt"]);
    expect((await directory("?q=Status")).total).toBe(0);
    expect((await directory("?specialty=adhd")).total).toBe(0);
  });

  it("shows the real average rating of every evaluation", async () => {
    await createPsychologist({ ratings: [14, 3] });
    await createPsychologist({ ratings: [5, 1] });
    await createPsychologist({ status: "suspended", ratings: [1, 1] });
    const stats = await getDirectoryStats();
    expect(stats.averageRating).toBeCloseTo(19 / 4, 5);
    expect(stats.totalReviews).toBe(4);
    expect(figure(await directory(), "rating")).toBe("4,8★");
  });
});

describe("the banner's figures, kept a minute", () => {
  const statsQueries = (statements: string[]) => statements.filter((text) => /array_agg\(distinct code/.test(text)).length;

  it("asks the database once a minute: not again within it, again after it", async () => {
    await createPsychologist({ name: "Primeira", specialties: ["grief"] });
    const start = Date.parse("2026-03-10T12:00:00Z");
    const first = await countStatements(() => directoryStats(start));
    expect(first.result.psychologists).toBe(1);
    expect(statsQueries(first.statements)).toBe(1);

    // A psychologist added behind the cache's back (no purge) is not counted within the minute…
    await createPsychologist({ name: "Segunda", specialties: ["adhd"] });
    const within = await countStatements(() => directoryStats(start + DIRECTORY_STATS_TTL_MS - 1));
    expect(within.count).toBe(0);
    expect(within.result.psychologists).toBe(1);

    // …and is once it has passed.
    const after = await countStatements(() => directoryStats(start + DIRECTORY_STATS_TTL_MS));
    expect(statsQueries(after.statements)).toBe(1);
    expect(after.result).toMatchObject({ psychologists: 2, specialties: ["adhd", "grief"] });
  });

  it("serves concurrent requests with one query, keeps no failure, and is forgotten with the public pages", async () => {
    await createPsychologist({ name: "Primeira" });
    const start = Date.parse("2026-03-10T12:00:00Z");
    const together = await countStatements(() => Promise.all([directoryStats(start), directoryStats(start + 1), directoryStats(start + 2)]));
    expect(statsQueries(together.statements)).toBe(1);

    await createPsychologist({ name: "Segunda" });
    purgePublicPages(); // what approving, editing or suspending a psychologist does
    expect((await directoryStats(start + 3)).psychologists).toBe(2);

    purgePublicPages();
    await sql`alter table psychologists rename to psychologists_away`.execute(db);
    try {
      await expect(directoryStats(start + 4)).rejects.toThrow();
    } finally {
      await sql`alter table psychologists_away rename to psychologists`.execute(db);
    }
    const retried = await countStatements(() => directoryStats(start + 5));
    expect(statsQueries(retried.statements)).toBe(1);
    expect(retried.result.psychologists).toBe(2);
  });

  it("the page shows the kept figures: a rendered request within the minute sends no statistics statement", async () => {
    await createPsychologist({ name: "Primeira" });
    const first = await countStatements(() => directory());
    const second = await countStatements(() => directory());
    expect(statsQueries(first.statements)).toBe(1);
    expect(statsQueries(second.statements)).toBe(0);
    expect(figure(second.result, "psychologists")).toBe("1");
  });
});

describe("the cards' texts", () => {
  it("are in the visitor's language for every count, even one whose plural form the language's file lacks", async () => {
    await createPsychologist({ name: "Ana", specialties: ["grief"], languages: ["pt", "en"], ratings: [23, 5] });
    const card = async (language: string) => (await directory("", { "Accept-Language": language })).items[0] as unknown as Record<string, unknown>;
    expect(await card("pt-BR")).toMatchObject({ reviews: "5 avaliações", specialties: ["Luto"], languages: ["Português", "Inglês"], rating: "4,6" });
    // Russian's 5 is "many" and Arabic's 5 "few": their files have _one and _other only (i18next fell back to Portuguese here).
    expect(await card("ru")).toMatchObject({ reviews: "Отзывов: 5" });
    expect(await card("ar")).toMatchObject({ reviews: "عدد التقييمات: 5" });
    expect(await card("en")).toMatchObject({ reviews: "5 reviews", rating: "4.6" });
  });
});

describe("when the query fails", () => {
  it("answers 500 with the spec's message for the route's error boundary", async () => {
    await sql`alter table psychologists rename to psychologists_away`.execute(db);
    try {
      const response = await run(directoryLoader, getRequest("/psychologists"));
      expect(response.status).toBe(500);
      expect((await body(response)).directoryError.message).toBe("Erro ao carregar a lista de psicólogos. Tente recarregar a página.");
    } finally {
      await sql`alter table psychologists_away rename to psychologists`.execute(db);
    }
  });
});

describe("text search", () => {
  it("matches names without regard to accents or case", async () => {
    await createPsychologist({ name: "José Araújo" });
    await createPsychologist({ name: "Maria Souza" });
    expect(names(await directory("?q=jose"))).toEqual(["José Araújo"]);
    expect(names(await directory("?q=ARAUJO"))).toEqual(["José Araújo"]);
    expect(names(await directory("?q=%20%20souza%20"))).toEqual(["Maria Souza"]);
  });

  it("matches specialties by their labels, in the visitor's language and in Portuguese", async () => {
    await createPsychologist({ name: "Ana", specialties: ["anxiety"] });
    await createPsychologist({ name: "Bia", specialties: ["grief", "depression"] });
    expect(names(await directory("?q=ansiedade"))).toEqual(["Ana"]);
    expect(names(await directory("?q=DEPRESSAO"))).toEqual(["Bia"]);
    expect(names(await directory("?q=anxiety", { "Accept-Language": "en" }))).toEqual(["Ana"]);
    // Portuguese labels still match for a visitor reading English.
    expect(names(await directory("?q=luto", { "Accept-Language": "en" }))).toEqual(["Bia"]);
  });

  it("takes LIKE wildcards literally", async () => {
    await createPsychologist({ name: "Carla" });
    expect((await directory("?q=%25")).total).toBe(0);
    expect((await directory("?q=_")).total).toBe(0);
    expect((await directory("?q=C_rla")).total).toBe(0);
  });
});

describe("filters", () => {
  it("filters by specialty and by language", async () => {
    await createPsychologist({ name: "A", specialties: ["anxiety", "grief"], languages: ["pt", "en"] });
    await createPsychologist({ name: "B", specialties: ["grief"], languages: ["pt", "es"] });
    await createPsychologist({ name: "C", specialties: ["adhd"], languages: ["pt"] });
    expect(names(await directory("?specialty=grief&sort=name"))).toEqual(["A", "B"]);
    expect(names(await directory("?language=es"))).toEqual(["B"]);
    expect(names(await directory("?specialty=grief&language=en"))).toEqual(["A"]);
  });

  it.each([
    ["le150", ["R$ 100,00", "R$ 150,00"]],
    ["150-250", ["R$ 150,01", "R$ 250,00"]],
    ["250-350", ["R$ 250,01", "R$ 350,00"]],
    ["gt350", ["R$ 350,01", "R$ 900,00"]],
  ])("puts each price in one band: %s", async (band, expected) => {
    for (const price of [100, 150, 150.01, 250, 250.01, 350, 350.01, 900]) {
      await createPsychologist({ name: `R$ ${price.toFixed(2).replace(".", ",")}`, price });
    }
    expect(names(await directory(`?price=${band}&sort=price-low`))).toEqual(expected);
    expect((await directory("?price=all")).total).toBe(8);
  });

  it("falls back to the defaults for bad parameters, never an error", async () => {
    await createPsychologist({ name: "Única" });
    const data = await directory("?price=barato&availability=sempre&sort=idade&view=mosaico&page=-3&specialty=astrologia&language=xx");
    expect(data.filters).toEqual({ q: "", specialty: null, price: "all", availability: "all", language: null, sort: "rating", view: "grid", page: 1 });
    expect(names(data)).toEqual(["Única"]);
    expect((await directory("?page=abc")).filters.page).toBe(1);
    expect((await directory(`?q=${"x".repeat(500)}`)).filters.q).toHaveLength(100);
  });
});

describe("sorts", () => {
  async function fixtures() {
    await createPsychologist({ name: "Bruno", price: 200, ratings: [9, 2] }); // 4.5, 2 reviews
    await createPsychologist({ name: "Ana", price: 120, ratings: [0, 0] }); // no rating
    await createPsychologist({ name: "Carla", price: 380, ratings: [48, 10] }); // 4.8, 10 reviews
    await createPsychologist({ name: "Davi", price: 150, ratings: [20, 5] }); // 4.0, 5 reviews
  }

  it.each([
    ["", ["Carla", "Bruno", "Davi", "Ana"]],
    ["?sort=rating", ["Carla", "Bruno", "Davi", "Ana"]],
    ["?sort=price-low", ["Ana", "Davi", "Bruno", "Carla"]],
    ["?sort=price-high", ["Carla", "Bruno", "Davi", "Ana"]],
    ["?sort=name", ["Ana", "Bruno", "Carla", "Davi"]],
    ["?sort=experience", ["Carla", "Davi", "Bruno", "Ana"]],
  ])("orders %s", async (query, expected) => {
    await fixtures();
    expect(names(await directory(query))).toEqual(expected);
  });
});

describe("pagination", () => {
  it("pages by 12 with the total on every page, even past the end", async () => {
    for (let index = 1; index <= 14; index += 1) await createPsychologist({ name: `P${String(index).padStart(2, "0")}` });
    const first = await directory("?sort=name");
    expect(first.total).toBe(14);
    expect(names(first)).toEqual(Array.from({ length: 12 }, (_, index) => `P${String(index + 1).padStart(2, "0")}`));
    const second = await directory("?sort=name&page=2");
    expect(names(second)).toEqual(["P13", "P14"]);
    expect(second.total).toBe(14);
    const beyond = await directory("?sort=name&page=9");
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(14);
  });

  it("keeps pages apart when sort keys tie", async () => {
    for (let index = 0; index < 13; index += 1) await createPsychologist({ name: "Mesmo Nome", price: 150 });
    const ids = [...(await directory("?sort=name")).items, ...(await directory("?sort=name&page=2")).items].map((item) => item.id);
    expect(new Set(ids).size).toBe(13);
  });
});

describe("availability ('today', 'online')", () => {
  // Tuesday 10 March 2026, 09:00 in São Paulo (UTC−3): the 2-hour notice makes 11:00 the first bookable start.
  const NOW = new Date("2026-03-10T12:00:00Z");
  const TUESDAY = 2;

  async function at(now: Date, query: string) {
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      return names(await directory(`${query}&sort=name`)).sort();
    } finally {
      vi.useRealTimers();
    }
  }

  it("'today' is a free slot today at least 2 hours ahead; 'online' one in the first bookable hour", async () => {
    await createPsychologist({ name: "a-soon", weekly: [[TUESDAY, "11:00", "12:00"]] });
    await createPsychologist({ name: "b-afternoon", weekly: [[TUESDAY, "15:00", "16:00"]] });
    await createPsychologist({ name: "c-too-early", weekly: [[TUESDAY, "09:00", "10:30"]] });
    await createPsychologist({ name: "d-tomorrow", weekly: [[TUESDAY + 1, "11:00", "12:00"]] });
    await createPsychologist({ name: "e-dated", dated: [["2026-03-10", "11:30", "12:00"]] });
    await createPsychologist({ name: "f-too-short", weekly: [[TUESDAY, "11:00", "11:20"]] });
    await createPsychologist({ name: "g-merged", weekly: [[TUESDAY, "11:00", "11:20"]], dated: [["2026-03-10", "11:20", "11:40"]] });
    await createPsychologist({ name: "h-pending", status: "pending", weekly: [[TUESDAY, "11:00", "12:00"]] });
    expect(await at(NOW, "?availability=today")).toEqual(["a-soon", "b-afternoon", "e-dated", "g-merged"]);
    expect(await at(NOW, "?availability=online")).toEqual(["a-soon", "e-dated", "g-merged"]);
    expect(await at(NOW, "?availability=all")).toHaveLength(7);
  });

  it("leaves out slots a slot-holding appointment overlaps, not cancelled ones", async () => {
    const busy = await createPsychologist({ name: "busy", weekly: [[TUESDAY, "11:00", "12:00"]] });
    const freed = await createPsychologist({ name: "freed", weekly: [[TUESDAY, "11:00", "12:00"]] });
    const half = await createPsychologist({ name: "half", weekly: [[TUESDAY, "11:00", "12:00"]] });
    await createAppointment(busy, "2026-03-10T14:00:00Z", 60, "pending_payment");
    await createAppointment(freed, "2026-03-10T14:00:00Z", 60, "cancelled");
    await createAppointment(half, "2026-03-10T14:00:00Z", 30, "confirmed"); // 11:30 stays free
    expect(await at(NOW, "?availability=today")).toEqual(["freed", "half"]);
  });

  it("looks at the psychologist's own day and zone, and past midnight for 'online'", async () => {
    // 23:30 on Tuesday in São Paulo: 'today' is over; 01:30–02:30 on Wednesday is the first bookable hour.
    const lateNight = new Date("2026-03-11T02:30:00Z");
    await createPsychologist({ name: "night-owl", weekly: [[TUESDAY + 1, "01:00", "03:00"]] });
    await createPsychologist({ name: "tuesday-late", weekly: [[TUESDAY, "22:00", "24:00"]] });
    // In Manaus (UTC−4) it is 22:30 on Tuesday: 00:30 Wednesday is the first bookable start there.
    await createPsychologist({ name: "manaus", timeZone: "America/Manaus", weekly: [[TUESDAY + 1, "00:30", "01:00"]] });
    expect(await at(lateNight, "?availability=today")).toEqual([]);
    expect(await at(lateNight, "?availability=online")).toEqual(["manaus", "night-owl"]);
  });

  it("leaves out, on a day off, a psychologist whose only hours that day are weekly; hours added for the day still count (ADR 031)", async () => {
    const off = await createPsychologist({ name: "off-weekly", weekly: [[TUESDAY, "11:00", "18:00"]], daysOff: ["2026-03-10"] });
    await createPsychologist({ name: "off-with-dated", weekly: [[TUESDAY, "11:00", "18:00"]], dated: [["2026-03-10", "15:00", "16:00"]], daysOff: ["2026-03-10"] });
    await createPsychologist({ name: "off-tomorrow", weekly: [[TUESDAY, "15:00", "16:00"]], daysOff: ["2026-03-11"] });
    await createPsychologist({ name: "working", weekly: [[TUESDAY, "15:00", "16:00"]] });
    expect(await at(NOW, "?availability=today")).toEqual(["off-tomorrow", "off-with-dated", "working"]);
    expect(await at(NOW, "?availability=online")).toEqual([]);
    // The pure twin says the same of the day-off psychologist, and the opposite without the day off.
    const agenda = { weeklyBlocks: [{ weekday: TUESDAY, startTime: "11:00", endTime: "18:00" }], timeZone: "America/Sao_Paulo", now: NOW };
    expect(isAvailableToday({ ...agenda, daysOff: ["2026-03-10"] })).toBe(false);
    expect(isAvailableToday(agenda)).toBe(true);
    // Undone (the row gone, the pages purged as the agenda does): listed again.
    await db.deleteFrom("psychologist_days_off").where("psychologist_id", "=", off).execute();
    purgePublicPages();
    expect(await at(NOW, "?availability=today")).toEqual(["off-tomorrow", "off-weekly", "off-with-dated", "working"]);
  });

  it("keeps who is free ten seconds, each filter apart, and forgets it with an agenda change", async () => {
    const later = (ms: number) => new Date(NOW.getTime() + ms);
    await createPsychologist({ name: "first", weekly: [[TUESDAY, "15:00", "16:00"]] });
    expect(await at(NOW, "?availability=today")).toEqual(["first"]);

    // Free behind the cache's back (no purge): not seen within the ten seconds, by the filter that asked already…
    await createPsychologist({ name: "second", weekly: [[TUESDAY, "11:00", "12:00"]] });
    const within = await countStatements(() => at(later(AVAILABILITY_TTL_MS - 1), "?availability=today"));
    expect(within.result).toEqual(["first"]);
    expect(within.statements.filter((text) => text.includes("generate_series"))).toHaveLength(0);
    // …while the other filter asks for itself…
    expect(await at(later(AVAILABILITY_TTL_MS - 1), "?availability=online")).toEqual(["second"]);
    // …and once they have passed, both are seen.
    expect(await at(later(AVAILABILITY_TTL_MS), "?availability=today")).toEqual(["first", "second"]);

    // An agenda change (app/services/agenda.server.ts) empties it at once.
    await createPsychologist({ name: "third", weekly: [[TUESDAY, "17:00", "18:00"]] });
    purgePublicPages();
    expect(await at(later(AVAILABILITY_TTL_MS), "?availability=today")).toEqual(["first", "second", "third"]);
  });

  /** An agenda for the comparisons below: weekly and dated blocks, in the psychologist's zone (São Paulo unless said). */
  type Fixture = {
    name: string;
    timeZone?: string;
    weekly?: ReadonlyArray<readonly [number, string, string]>;
    dated?: ReadonlyArray<readonly [string, string, string]>;
    daysOff?: readonly string[];
  };

  async function createFixtures(fixtures: readonly Fixture[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const fixture of fixtures) {
      ids.set(
        fixture.name,
        await createPsychologist({
          name: fixture.name,
          timeZone: fixture.timeZone,
          weekly: fixture.weekly?.map((block) => [...block] as [number, string, string]),
          dated: fixture.dated?.map((block) => [...block] as [string, string, string]),
          daysOff: fixture.daysOff ? [...fixture.daysOff] : undefined,
        }),
      );
    }
    return ids;
  }

  /** At each moment, the directory's SQL answers what app/domain/slots.ts answers on the same agendas, read back from the database. */
  async function expectSameAnswers(fixtures: readonly Fixture[], ids: Map<string, string>, moments: Date[]) {
    const weekly = await db.selectFrom("psychologist_availability").select(["psychologist_id", "weekday", "start_time", "end_time"]).execute();
    const dated = await db.selectFrom("psychologist_schedule").select(["psychologist_id", "date", "start_time", "end_time"]).execute();
    const busy = await db.selectFrom("appointments").select(["psychologist_id", "starts_at", "ends_at"]).execute();
    const daysOff = await db.selectFrom("psychologist_days_off").select(["psychologist_id", "day"]).execute();
    const search = (fixture: Fixture, now: Date) => {
      const id = ids.get(fixture.name)!;
      return {
        weeklyBlocks: weekly.filter((b) => b.psychologist_id === id).map((b) => ({ weekday: b.weekday, startTime: b.start_time, endTime: b.end_time })),
        datedBlocks: dated.filter((b) => b.psychologist_id === id).map((b) => ({ date: b.date, startTime: b.start_time, endTime: b.end_time })),
        busy: busy.filter((a) => a.psychologist_id === id).map((a) => ({ startsAt: a.starts_at, endsAt: a.ends_at })),
        daysOff: daysOff.filter((o) => o.psychologist_id === id).map((o) => o.day),
        timeZone: fixture.timeZone ?? "America/Sao_Paulo",
        now,
      };
    };
    for (const now of moments) {
      const expectedToday = fixtures.filter((f) => isAvailableToday(search(f, now))).map((f) => f.name);
      const expectedOnline = fixtures.filter((f) => isOnlineSoon(search(f, now))).map((f) => f.name);
      expect({ now, today: await at(now, "?availability=today") }).toEqual({ now, today: [...expectedToday].sort() });
      expect({ now, online: await at(now, "?availability=online") }).toEqual({ now, online: [...expectedOnline].sort() });
    }
  }

  it("agrees with app/domain/slots.ts on every fixture at every hour of a day", async () => {
    const fixtures: Fixture[] = [
      { name: "mornings", weekly: [[1, "08:00", "12:00"], [2, "08:00", "12:00"], [3, "08:00", "12:00"]] },
      { name: "evenings", weekly: [[2, "18:00", "22:00"], [3, "18:00", "22:00"]] },
      { name: "odd-minutes", weekly: [[2, "09:10:30", "10:05"], [2, "13:45", "14:20:59"]] },
      { name: "touching", weekly: [[2, "10:00", "10:20"]], dated: [["2026-03-10", "10:20", "10:40"]] },
      { name: "dated-only", dated: [["2026-03-10", "16:00", "17:00"], ["2026-03-11", "07:00", "08:00"]] },
      { name: "lisbon", timeZone: "Europe/Lisbon", weekly: [[2, "14:00", "20:00"], [3, "00:00", "06:00"]] },
      { name: "tokyo", timeZone: "Asia/Tokyo", weekly: [[3, "00:00", "24:00"]] },
      { name: "busy", weekly: [[2, "10:00", "18:00"]] },
      // Days off (ADR 031): the weekly pattern does not count on them, the day's dated blocks do.
      { name: "off-today", weekly: [[2, "08:00", "20:00"], [3, "08:00", "12:00"]], daysOff: ["2026-03-10"] },
      { name: "off-with-dated", weekly: [[2, "08:00", "12:00"]], dated: [["2026-03-10", "15:00", "16:00"]], daysOff: ["2026-03-10"] },
      { name: "off-without-weekly", dated: [["2026-03-10", "18:00", "19:00"]], daysOff: ["2026-03-10"] },
      { name: "off-tomorrow", weekly: [[2, "22:00", "24:00"], [3, "00:00", "03:00"]], daysOff: ["2026-03-11"] },
      { name: "off-lisbon", timeZone: "Europe/Lisbon", weekly: [[2, "14:00", "20:00"], [3, "00:00", "06:00"]], daysOff: ["2026-03-11"] },
      { name: "off-tokyo", timeZone: "Asia/Tokyo", weekly: [[2, "00:00", "24:00"], [3, "00:00", "24:00"]], daysOff: ["2026-03-11"] },
    ];
    const ids = await createFixtures(fixtures);
    await createAppointment(ids.get("busy")!, "2026-03-10T13:00:00Z", 180, "confirmed");
    await createAppointment(ids.get("busy")!, "2026-03-10T17:30:00Z", 50, "pending");
    const moments = Array.from({ length: 24 }, (_, hour) => [0, 20].map((minute) => new Date(Date.UTC(2026, 2, 10, hour, minute)))).flat();
    await expectSameAnswers(fixtures, ids, moments);
  }, 120_000);

  it("agrees with app/domain/slots.ts on the nights clocks change, a repeated wall time being its first occurrence", async () => {
    // New York springs forward on Sunday 8 March 2026 at 07:00 UTC (02:00 EST → 03:00 EDT) and falls back on
    // Sunday 1 November at 06:00 UTC (02:00 EDT → 01:00 EST); Troll (Antarctica) falls back two hours on
    // 25 October at 01:00 UTC (03:00 → 01:00). PostgreSQL's own 'at time zone' reads a repeated wall time
    // as its second occurrence; booking (and so the directory) takes the first.
    const SUNDAY = 0;
    const fixtures: Fixture[] = [
      { name: "ny-night", timeZone: "America/New_York", weekly: [[SUNDAY, "00:00", "01:00"], [SUNDAY, "02:00", "04:00"]] },
      { name: "ny-repeated", timeZone: "America/New_York", weekly: [[SUNDAY, "01:00", "01:30"]] },
      { name: "ny-gap", timeZone: "America/New_York", dated: [["2026-03-08", "01:30", "03:30"]] },
      { name: "ny-morning", timeZone: "America/New_York", weekly: [[SUNDAY, "03:00", "05:00"]] },
      { name: "troll", timeZone: "Antarctica/Troll", weekly: [[SUNDAY, "00:00", "01:00"], [SUNDAY, "03:00", "05:00"]] },
      { name: "troll-repeated", timeZone: "Antarctica/Troll", weekly: [[SUNDAY, "01:00", "01:30"], [SUNDAY, "02:30", "03:00"]] },
    ];
    const ids = await createFixtures(fixtures);
    const moments = [Date.UTC(2026, 9, 24, 20), Date.UTC(2026, 9, 31, 22), Date.UTC(2026, 2, 8, 1)].flatMap((start) =>
      Array.from({ length: 36 }, (_, i) => new Date(start + i * 15 * 60_000)),
    );
    await expectSameAnswers(fixtures, ids, moments);
  }, 120_000);
});

describe("cost of a directory request", () => {
  const QUERIES = [
    "",
    "?q=ansiedade&price=150-250&language=en&sort=price-low&page=2",
    "?specialty=grief&availability=today&sort=experience&view=list",
    "?q=profissional&availability=online&price=gt350&sort=name",
  ];

  it("sends the same number of statements, at most 3, for 50 and for 2,000 psychologists", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-10T12:00:00Z") });
    const countAll = async () => {
      const counts: number[] = [];
      for (const query of QUERIES) {
        const { count, result } = await countStatements(() => directory(query));
        expect(result.total).toBeGreaterThan(0);
        counts.push(count);
      }
      return counts;
    };
    // Each count starts with the figures not kept (the first request of the minute), as a writer of public data leaves them.
    await bulkPsychologists(1, 50);
    purgePublicPages();
    const small = await countAll();
    await bulkPsychologists(51, 2000);
    purgePublicPages();
    const large = await countAll();
    expect(figure(await directory(), "psychologists")).toBe("2.000");
    expect(large).toEqual(small);
    for (const count of large) expect(count).toBeLessThanOrEqual(3);
  }, 120_000);
});
