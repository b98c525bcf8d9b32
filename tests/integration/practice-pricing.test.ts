import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appHandler, formPost, page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, postRequest, run } from "#tests/helpers/http";
import { db } from "~/models/db.server";
import * as policiesModel from "~/models/policies.server";
import { action } from "~/routes/_psychologist.psychologist-dashboard.pricing/route";
import { withRequestLogger } from "~/utils/logger.server";

// The real policy save, which one test makes fail once as a dropped connection would.
vi.mock("~/models/policies.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/policies.server")>();
  return { ...actual, savePolicies: vi.fn(actual.savePolicies) };
});

/** The pricing tab (issue 12, item 4): 30- and 60-minute prices in centavos, history kept. */

const rows = (psychologistId: string) =>
  db
    .selectFrom("psychologist_pricing")
    .select(["price_30_cents", "price_60_cents", "is_active"])
    .where("psychologist_id", "=", psychologistId)
    .orderBy("created_at")
    .execute();

async function psychologist() {
  const user = await createUser({ role: "psychologist" });
  return { ...user, jar: await signedIn(user) };
}

const save = (jar: { header(): string }, fields: Record<string, string>) => send(formPost("/psychologist-dashboard/pricing", fields, { Cookie: jar.header() }));

afterEach(async () => {
  delete process.env.PAGE_CACHE_SECONDS;
  await appHandler({ fresh: true });
});

describe("pricing tab", () => {
  it("shows the fallback prices (profile price for 60 minutes, 75 % of it for 30) until the psychologist saves their own", async () => {
    const { jar, psychologistId } = await psychologist();
    await db.updateTable("psychologists").set({ price_cents: 200_00 }).where("id", "=", psychologistId!).execute();
    const html = await (await send(page("/psychologist-dashboard/pricing", { Cookie: jar.header() }))).text();
    expect(html).toContain('name="price30"');
    expect(html).toContain('value="150.00"');
    expect(html).toContain('value="200.00"');
    expect(html).toContain("valores padrão");
  });

  it("saves both prices as centavos in a new active row, keeping the old ones as history", async () => {
    const { jar, psychologistId } = await psychologist();
    const first = await save(jar, { price30: "120,50", price60: "220" });
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/psychologist-dashboard/pricing");
    expect(await rows(psychologistId!)).toEqual([{ price_30_cents: 12050, price_60_cents: 22000, is_active: true }]);

    await save(jar, { price30: "130.00", price60: "240.99" });
    expect(await rows(psychologistId!)).toEqual([
      { price_30_cents: 12050, price_60_cents: 22000, is_active: false },
      { price_30_cents: 13000, price_60_cents: 24099, is_active: true },
    ]);
    // The toast rides on the redirect; the tab shows the prices in force.
    const html = await (await send(page("/psychologist-dashboard/pricing", { Cookie: [jar.header(), first.headers.get("Set-Cookie")!.split(";")[0]].join("; ") }))).text();
    expect(html).toContain('value="240.99"');
  });

  it.each([
    [{ price30: "0", price60: "200" }, "maior que zero"],
    [{ price30: "-5", price60: "200" }, "Informe um valor em reais"],
    [{ price30: "abc", price60: "200" }, "Informe um valor em reais"],
    // '1,234.56' is an amount as English writes it (typedReaisToCents reads it); a comma group alone is ambiguous.
    [{ price30: "1,234", price60: "200" }, "Informe um valor em reais"],
    [{ price30: "1,234.5.6", price60: "200" }, "Informe um valor em reais"],
    [{ price30: "150", price60: "" }, "Informe um valor em reais"],
    [{ price30: "150" }, "Informe o preço"],
    [{ price30: "150", price60: "10000.01" }, "no máximo"],
  ])("refuses %o with 400 and writes nothing", async (fields, message) => {
    const { jar, psychologistId } = await psychologist();
    await save(jar, { price30: "100", price60: "190" });
    const response = await save(jar, fields as Record<string, string>);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await rows(psychologistId!)).toEqual([{ price_30_cents: 10000, price_60_cents: 19000, is_active: true }]);
  });

  it.each(["policy", "delete", "prices "])("refuses the intent %o with 400 and writes nothing (it is not the price form)", async (intent) => {
    const { jar, psychologistId } = await psychologist();
    await save(jar, { price30: "100", price60: "190" });
    const response = await run(action, postRequest("/psychologist-dashboard/pricing", { intent, price30: "120", price60: "200" }, jar));
    expect(response.status).toBe(400);
    expect((await body(response)).error).toMatchObject({ "": ["Ação desconhecida."] });
    expect(await rows(psychologistId!)).toEqual([{ price_30_cents: 10000, price_60_cents: 19000, is_active: true }]);
  });

  it("takes intent 'prices', or none, as the price form", async () => {
    const { jar, psychologistId } = await psychologist();
    expect((await save(jar, { intent: "prices", price30: "100", price60: "190" })).status).toBe(303);
    expect((await save(jar, { intent: "", price30: "110", price60: "200" })).status).toBe(303);
    expect((await rows(psychologistId!)).filter((row) => row.is_active)).toEqual([{ price_30_cents: 11000, price_60_cents: 20000, is_active: true }]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "saves of one psychologist at once go in turn: one active row, never a 500 (needs PostgreSQL: PGlite is a single session)",
    async () => {
      const { jar, psychologistId } = await psychologist();
      await save(jar, { price30: "90", price60: "140" });
      for (let round = 0; round < 5; round += 1) {
        const responses = await Promise.all(Array.from({ length: 8 }, () => save(jar, { price30: "100", price60: "150" })));
        expect(responses.map((response) => response.status)).toEqual(Array(8).fill(303));
      }
      const saved = await rows(psychologistId!);
      expect(saved).toHaveLength(41);
      expect(saved.filter((row) => row.is_active)).toEqual([{ price_30_cents: 10000, price_60_cents: 15000, is_active: true }]);
    },
    60_000,
  );

  it("makes the 60-minute price the psychologist's own, so the directory shows, filters and sorts by what checkout charges", async () => {
    const { jar, psychologistId } = await psychologist();
    const name = `Preço Único ${psychologistId!.slice(0, 8)}`;
    await db.updateTable("psychologists").set({ name, price_cents: 150_00 }).where("id", "=", psychologistId!).execute();
    expect((await save(jar, { price30: "300", price60: "420" })).status).toBe(303);
    expect(await db.selectFrom("psychologists").select("price_cents").where("id", "=", psychologistId!).executeTakeFirstOrThrow()).toEqual({ price_cents: 420_00 });
    const directory = async (query: string) => (await (await send(page(`/psychologists?q=${encodeURIComponent(name)}${query}`))).text());
    expect(await directory("&price=gt350")).toMatch(/R\$\s420,00/);
    // The search box echoes the name: the empty state says it was not listed.
    expect(await directory("&price=le150")).toContain("Nenhum psicólogo encontrado");
  });

  it("changes only the signed-in psychologist's prices", async () => {
    const a = await psychologist();
    const b = await psychologist();
    await save(a.jar, { price30: "100", price60: "190" });
    await save(b.jar, { price30: "90", price60: "170", psychologistId: a.psychologistId! });
    expect(await rows(a.psychologistId!)).toEqual([{ price_30_cents: 10000, price_60_cents: 19000, is_active: true }]);
    expect(await rows(b.psychologistId!)).toEqual([{ price_30_cents: 9000, price_60_cents: 17000, is_active: true }]);
  });

  it("the public profile shows the new prices at once, even with the page cache on", async () => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await appHandler({ fresh: true });
    const { jar, psychologistId } = await psychologist();
    const profile = `/psychologist/${psychologistId}`;
    expect((await send(page(profile))).headers.get("X-Page-Cache")).toBe("miss");
    expect((await send(page(profile))).headers.get("X-Page-Cache")).toBe("hit");
    await save(jar, { price30: "111", price60: "222" });
    const after = await send(page(profile));
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(await after.text()).toContain("222,00");
  });
});

describe("the policies section (issue 13, item 1)", () => {
  const POLICIES = { intent: "policies", noFeeHours: "48", partialHours: "24", partialPercent: "30", medicalEmergency: "on", maxReschedules: "1", minHoursBefore: "36" };
  const versions = (psychologistId: string) =>
    db
      .selectFrom("cancellation_policies")
      .innerJoin("reschedule_policies", (join) => join.onRef("reschedule_policies.psychologist_id", "=", "cancellation_policies.psychologist_id").onRef("reschedule_policies.is_active", "=", "cancellation_policies.is_active"))
      .where("cancellation_policies.psychologist_id", "=", psychologistId)
      .select([
        "cancellation_policies.no_fee_threshold_hours as noFee",
        "cancellation_policies.partial_refund_threshold_hours as partial",
        "cancellation_policies.partial_refund_percent as percent",
        "cancellation_policies.medical_emergency as medical",
        "cancellation_policies.technical_issues as technical",
        "reschedule_policies.max_reschedules as max",
        "reschedule_policies.min_hours_before as minHours",
        "cancellation_policies.is_active as active",
      ])
      .orderBy("cancellation_policies.created_at")
      .execute();

  it("shows the spec's defaults until the psychologist saves their own, then keeps each earlier version", async () => {
    const { jar, psychologistId } = await psychologist();
    const before = await (await send(page("/psychologist-dashboard/pricing", { Cookie: jar.header() }))).text();
    expect(before).toContain("Políticas de cancelamento e reagendamento");
    expect(before).toMatch(/name="noFeeHours"[^>]*value="24"|value="24"[^>]*name="noFeeHours"/);
    expect(before).toMatch(/name="partialPercent"[^>]*value="50"|value="50"[^>]*name="partialPercent"/);

    const saved = await save(jar, POLICIES);
    expect(saved.status).toBe(303);
    await save(jar, { ...POLICIES, partialPercent: "40", technicalIssues: "on" });
    const all = await versions(psychologistId!);
    expect(all.filter((row) => row.active)).toEqual([{ noFee: 48, partial: 24, percent: 40, medical: true, technical: true, max: 1, minHours: 36, active: true }]);
    expect(await db.selectFrom("cancellation_policies").select("partial_refund_percent").where("psychologist_id", "=", psychologistId!).orderBy("created_at").execute()).toEqual([
      { partial_refund_percent: 30 },
      { partial_refund_percent: 40 },
    ]);
    // The prices were not touched.
    expect(await rows(psychologistId!)).toEqual([]);
  });

  it.each([
    [{ noFeeHours: "12", partialHours: "24" }, "O reembolso parcial deve começar com menos antecedência que o integral."],
    [{ partialPercent: "150" }, "Informe um percentual inteiro entre 0 e 100."],
    [{ noFeeHours: "abc" }, "Informe um número inteiro de horas entre 0 e 720."],
    [{ minHoursBefore: "-1" }, "Informe um número inteiro de horas entre 0 e 720."],
    [{ maxReschedules: "2.5" }, "Informe um número inteiro de reagendamentos entre 0 e 10."],
  ])("refuses %j with a message and writes nothing", async (change, message) => {
    const { jar, psychologistId } = await psychologist();
    const response = await save(jar, { ...POLICIES, ...change });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await versions(psychologistId!)).toEqual([]);
  });

  it("without JavaScript, a refused form comes back with the values typed, not the saved policy", async () => {
    const { jar } = await psychologist();
    expect((await save(jar, { ...POLICIES, technicalIssues: "on" })).status).toBe(303);
    // Typed: other hours and counts, 150 %, the medical exception unticked and the weather one ticked.
    const refused = await save(jar, { intent: "policies", noFeeHours: "72", partialHours: "12", partialPercent: "150", weatherConditions: "on", maxReschedules: "3", minHoursBefore: "48" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Informe um percentual inteiro entre 0 e 100.");
    const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    for (const [name, value] of [["noFeeHours", "72"], ["partialHours", "12"], ["partialPercent", "150"], ["maxReschedules", "3"], ["minHoursBefore", "48"]]) {
      expect(input(name!)).toContain(`value="${value}"`);
    }
    expect(input("medicalEmergency")).not.toContain("checked");
    expect(input("technicalIssues")).not.toContain("checked");
    expect(input("weatherConditions")).toContain('checked=""');
  });

  describe("when the database fails under the save", () => {
    const databaseDown = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
    const TYPED = { intent: "policies", noFeeHours: "72", partialHours: "12", partialPercent: "40", weatherConditions: "on", maxReschedules: "3", minHoursBefore: "48" };

    it("answers 500 with 'Erro ao salvar políticas: …' (no database words) and the policy typed, logged with the request id, changing nothing", async () => {
      const { jar, psychologistId } = await psychologist();
      expect((await save(jar, POLICIES)).status).toBe(303);
      const before = await versions(psychologistId!);
      vi.mocked(policiesModel.savePolicies).mockRejectedValueOnce(databaseDown());
      const lines: Array<{ level: number; requestId?: string; form?: string; err?: { message: string } }> = [];
      const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) }).child({ requestId: "req-policies" });
      const response = await withRequestLogger(logger, () => run(action, postRequest("/psychologist-dashboard/pricing", TYPED, jar)));
      expect(response.status).toBe(500);
      const answer = await body(response);
      expect(answer.policiesErrors).toEqual(["Erro ao salvar políticas: tente novamente em instantes"]);
      expect(answer.policiesValues).toEqual(TYPED);
      expect(JSON.stringify(answer)).not.toContain("Connection terminated");
      expect(await versions(psychologistId!)).toEqual(before);
      const errors = lines.filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ requestId: "req-policies", form: "policies", err: { message: "Connection terminated unexpectedly" } });
      // The same form sent again is saved.
      expect((await save(jar, TYPED)).status).toBe(303);
      expect((await versions(psychologistId!)).filter((row) => row.active)).toMatchObject([{ noFee: 72, partial: 12, percent: 40, medical: false, max: 3, minHours: 48 }]);
    });

    it("without JavaScript, the tab shows the message in the form's alert, filled in with the policy typed, not the error page", async () => {
      const { jar } = await psychologist();
      expect((await save(jar, { ...POLICIES, technicalIssues: "on" })).status).toBe(303);
      vi.mocked(policiesModel.savePolicies).mockRejectedValueOnce(databaseDown());
      const response = await save(jar, TYPED);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toMatch(/role="alert"[^>]*><p>Erro ao salvar políticas: tente novamente em instantes<\/p>/);
      const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
      for (const [name, value] of [["noFeeHours", "72"], ["partialHours", "12"], ["partialPercent", "40"], ["maxReschedules", "3"], ["minHoursBefore", "48"]]) {
        expect(input(name!)).toContain(`value="${value}"`);
      }
      expect(input("medicalEmergency")).not.toContain("checked");
      expect(input("technicalIssues")).not.toContain("checked");
      expect(input("weatherConditions")).toContain('checked=""');
      // The price form beside it is untouched.
      expect(html).toContain('name="price30"');
      expect(html).not.toContain('id="error-title"');
      expect(html).not.toContain("Connection terminated");
    });
  });
});
