import { beforeEach, describe, expect, it, vi } from "vitest";
import * as agendaModel from "~/models/agenda.server";
import * as appointmentsModel from "~/models/practice-appointments.server";
import * as policiesModel from "~/models/policies.server";
import * as pricingModel from "~/models/pricing.server";
import * as overviewService from "~/services/practice-overview.server";
import { db } from "~/models/db.server";
import { formPost, page, send } from "#tests/helpers/app";
import { createPair } from "#tests/helpers/appointments";
import { dayFromToday } from "#tests/helpers/booking";
import { signedIn } from "#tests/helpers/factories";
import type { CookieJar } from "#tests/helpers/http";

/**
 * Spec 02, section 8 ('Dashboard and lists', 'Pricing, agenda'): when the
 * database fails under the overview, consultations, pricing or agenda tab,
 * the tab shows the spec's text in an alert with a 'Tentar novamente' link
 * back to the same URL (status 200), instead of the generic error page; a
 * failed save answers 500 with the spec's text, a generic reason and the
 * values typed, and writes nothing.
 */

vi.mock("~/services/practice-overview.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/practice-overview.server")>();
  return { ...actual, practiceOverview: vi.fn(actual.practiceOverview) };
});
vi.mock("~/models/practice-appointments.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/practice-appointments.server")>();
  return { ...actual, listConsultations: vi.fn(actual.listConsultations), consultationDays: vi.fn(actual.consultationDays) };
});
vi.mock("~/models/pricing.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/pricing.server")>();
  return { ...actual, getPricingState: vi.fn(actual.getPricingState), saveActivePricing: vi.fn(actual.saveActivePricing) };
});
vi.mock("~/models/policies.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/policies.server")>();
  return { ...actual, activePolicies: vi.fn(actual.activePolicies) };
});
vi.mock("~/models/agenda.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/agenda.server")>();
  return { ...actual, weeklyBlocks: vi.fn(actual.weeklyBlocks), insertDatedBlock: vi.fn(actual.insertDatedBlock), deleteDatedBlock: vi.fn(actual.deleteDatedBlock) };
});

const databaseDown = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });

let psychologistId: string;
let jar: CookieJar;

beforeEach(async () => {
  vi.clearAllMocks();
  const pair = await createPair();
  psychologistId = pair.psychologist.psychologistId;
  jar = await signedIn(pair.psychologist);
});

const open = (path: string) => send(page(path, { Cookie: jar.header() }));
const post = (path: string, fields: Record<string, string>) => send(formPost(path, fields, { Cookie: jar.header() }));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The shared LoadError: the spec's text, then a link that loads `href` again. */
function expectLoadError(html: string, text: string, href: string) {
  expect(html).toMatch(new RegExp(`role="alert"[^>]*><p>${escape(text)}</p><p[^>]*><a[^>]*href="${escape(href.replaceAll("&", "&amp;"))}"[^>]*>Tentar novamente</a>`));
  // Not the error page.
  expect(html).not.toContain('id="error-title"');
  expect(html).not.toContain("Connection terminated");
}

describe("overview", () => {
  it("a failed read shows 'Erro ao carregar métricas' with a retry, the calendar card still, and audits no money read", async () => {
    vi.mocked(overviewService.practiceOverview).mockRejectedValueOnce(databaseDown());
    const response = await open("/psychologist-dashboard?period=month");
    expect(response.status).toBe(200);
    const html = await response.text();
    expectLoadError(html, "Erro ao carregar métricas", "/psychologist-dashboard?period=month");
    expect(html).toContain("Agenda no seu calendário");
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "billing.read").where("subject_id", "=", psychologistId).execute()).toEqual([]);
  });
});

describe("consultations", () => {
  it("a failed list shows 'Erro ao carregar lista de consultas' with a retry, and audits no list view", async () => {
    vi.mocked(appointmentsModel.listConsultations).mockRejectedValueOnce(databaseDown());
    const response = await open("/psychologist-dashboard/appointments?view=list");
    expect(response.status).toBe(200);
    expectLoadError(await response.text(), "Erro ao carregar lista de consultas", "/psychologist-dashboard/appointments?view=list");
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "appointment.list").execute()).toEqual([]);
  });

  it("a failed month shows 'Erro ao carregar dados do calendário' with a retry; the list still shows", async () => {
    vi.mocked(appointmentsModel.consultationDays).mockRejectedValueOnce(databaseDown());
    const response = await open("/psychologist-dashboard/appointments?view=calendar");
    expect(response.status).toBe(200);
    const html = await response.text();
    expectLoadError(html, "Erro ao carregar dados do calendário", "/psychologist-dashboard/appointments?view=calendar");
    expect(html).toContain('id="consultation-search"');
    expect(html).not.toContain("<p>Erro ao carregar lista de consultas</p>");
  });
});

describe("pricing", () => {
  it("failed prices show 'Erro ao carregar preços' with a retry; the policies form still shows", async () => {
    vi.mocked(pricingModel.getPricingState).mockRejectedValueOnce(databaseDown());
    const response = await open("/psychologist-dashboard/pricing");
    expect(response.status).toBe(200);
    const html = await response.text();
    expectLoadError(html, "Erro ao carregar preços", "/psychologist-dashboard/pricing");
    expect(html).not.toContain('name="price30"');
    expect(html).toContain('name="noFeeHours"');
  });

  it("failed policies show the spec's text with a retry; the price form still shows", async () => {
    vi.mocked(policiesModel.activePolicies).mockRejectedValueOnce(databaseDown());
    const response = await open("/psychologist-dashboard/pricing");
    expect(response.status).toBe(200);
    const html = await response.text();
    expectLoadError(html, "Não foi possível carregar as políticas de cancelamento e reagendamento.", "/psychologist-dashboard/pricing");
    expect(html).toContain('name="price30"');
    expect(html).not.toContain('name="noFeeHours"');
  });

  it("a failed save answers 500 with 'Erro ao salvar preços: …' (no database words), the prices typed, and saves nothing", async () => {
    vi.mocked(pricingModel.saveActivePricing).mockRejectedValueOnce(databaseDown());
    const response = await post("/psychologist-dashboard/pricing", { price30: "123.45", price60: "234.56" });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/role="alert"[^>]*><p>Erro ao salvar preços: tente novamente em instantes<\/p>/);
    expect(html).toMatch(/<input[^>]*name="price30"[^>]*value="123.45"/);
    expect(html).toMatch(/<input[^>]*name="price60"[^>]*value="234.56"/);
    expect(html).not.toContain("Connection terminated");
    expect(html).not.toContain('id="error-title"');
    expect(await db.selectFrom("psychologist_pricing").select("id").where("psychologist_id", "=", psychologistId).execute()).toEqual([]);
  });
});

describe("agenda", () => {
  const datedOf = () => db.selectFrom("psychologist_schedule").select(["id", "date", "start_time"]).where("psychologist_id", "=", psychologistId).execute();

  it("a failed read shows 'Erro ao carregar horários disponíveis' with a retry", async () => {
    vi.mocked(agendaModel.weeklyBlocks).mockRejectedValueOnce(databaseDown());
    const date = dayFromToday(3);
    const response = await open(`/psychologist-dashboard/agenda?date=${date}`);
    expect(response.status).toBe(200);
    expectLoadError(await response.text(), "Erro ao carregar horários disponíveis", `/psychologist-dashboard/agenda?date=${date}`);
  });

  it("a save failing inside its transaction answers 500 with 'Erro ao salvar horário: …', the times chosen, and writes nothing", async () => {
    vi.mocked(agendaModel.insertDatedBlock).mockRejectedValueOnce(databaseDown());
    const date = dayFromToday(3);
    const response = await post(`/psychologist-dashboard/agenda?date=${date}`, { intent: "add-block", date, startTime: "14:00", endTime: "16:00" });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/role="alert"[^>]*><p>Erro ao salvar horário: tente novamente em instantes<\/p>/);
    expect(html).toMatch(/<select name="startTime"[^>]*>.*?<option value="14:00" selected="">/s);
    expect(html).toMatch(/<select name="endTime"[^>]*>.*?<option value="16:00" selected="">/s);
    expect(html).not.toContain("Connection terminated");
    expect(html).not.toContain('id="error-title"');
    expect(await datedOf()).toEqual([]);
  });

  it("a removal failing inside its transaction answers 500 with 'Erro ao remover período: …' and the period stays", async () => {
    const date = dayFromToday(3);
    expect((await post("/psychologist-dashboard/agenda", { intent: "add-block", date, startTime: "14:00", endTime: "16:00" })).status).toBe(303);
    const [block] = await datedOf();
    vi.mocked(agendaModel.deleteDatedBlock).mockRejectedValueOnce(databaseDown());
    const response = await post(`/psychologist-dashboard/agenda?date=${date}`, { intent: "delete-block", blockId: block!.id });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/role="alert"[^>]*><p>Erro ao remover período: tente novamente em instantes<\/p>/);
    expect(html).not.toContain("Connection terminated");
    expect(await datedOf()).toEqual([block]);
  });
});
