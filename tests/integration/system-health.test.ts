import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createUser, signedIn } from "#tests/helpers/factories";
import { page, send } from "#tests/helpers/app";
import { body, getRequest, location, postRequest, run, type CookieJar } from "#tests/helpers/http";
import { translationsFor } from "~/i18n/i18n.server";
import { createTranslator } from "~/i18n/translate";
import { db } from "~/models/db.server";
import { databaseRoundTrip } from "~/models/system-health.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { resetVideoProvider } from "~/providers/video.server";
import { enqueue } from "~/services/queue.server";
import { getSessionUser } from "~/services/session.server";
import { runHealthChecks, type HealthCheckId, type HealthLimits, type HealthReport } from "~/services/system-health.server";
import { resetEnvForTests } from "~/utils/env.server";
import { action, loader } from "~/routes/_psychologist.psychologist-dashboard.health/route";

/**
 * 'Saúde do sistema' (issue 14, item 8): every check forced to pass and to
 * fail — the real Mercado Pago and Daily implementations against msw fakes,
 * a broken uploads directory, old mail, stuck and failed jobs — and the tab's
 * loader and action, which never show a secret.
 */

vi.mock("~/models/system-health.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/models/system-health.server")>();
  return { ...original, databaseRoundTrip: vi.fn(original.databaseRoundTrip) };
});

const PATH = "/psychologist-dashboard/health";
const MP_TOKEN = "APP_USR-1234567890123456-112233-abcdefabcdefabcdefabcdefabcdefab-999999999";
const DAILY_KEY = "daily-secret-key-0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c";
const MP_USER = "https://api.mercadopago.com/users/me";
const DAILY_ROOMS = "https://api.daily.co/v1/rooms";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const ENV_KEYS = ["PAYMENT_PROVIDER", "MERCADOPAGO_ACCESS_TOKEN", "VIDEO_PROVIDER", "DAILY_API_KEY", "UPLOADS_DIR"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let uploads: string;

function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  resetPaymentGateway();
  resetVideoProvider();
}

beforeEach(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), "acolhe-health-"));
  setEnv({ PAYMENT_PROVIDER: "local", MERCADOPAGO_ACCESS_TOKEN: undefined, VIDEO_PROVIDER: "local", DAILY_API_KEY: undefined, UPLOADS_DIR: uploads });
  // The job queue's tables are not emptied between tests: this file's jobs are its own.
  await sql`delete from pgboss.job`.execute(db);
});

afterEach(() => {
  server.resetHandlers();
  vi.mocked(databaseRoundTrip).mockReset();
  vi.mocked(databaseRoundTrip).mockImplementation(async () => {
    await sql`select 1`.execute(db);
  });
  setEnv(savedEnv);
  rmSync(uploads, { recursive: true, force: true });
});

/** The real providers, configured as production would be, answering through msw. */
function useRealProviders() {
  setEnv({ PAYMENT_PROVIDER: "mercadopago", MERCADOPAGO_ACCESS_TOKEN: MP_TOKEN, VIDEO_PROVIDER: "daily", DAILY_API_KEY: DAILY_KEY });
}

const seen: { url: string; authorization: string | null }[] = [];
function onMercadoPago(answer: () => Response | Promise<Response>) {
  server.use(
    http.get(MP_USER, ({ request }) => {
      seen.push({ url: request.url, authorization: request.headers.get("authorization") });
      return answer();
    }),
  );
}
function onDaily(answer: () => Response | Promise<Response>) {
  server.use(
    http.get(DAILY_ROOMS, ({ request }) => {
      seen.push({ url: request.url, authorization: request.headers.get("authorization") });
      return answer();
    }),
  );
}
afterEach(() => {
  seen.length = 0;
});

async function psychologistSession(): Promise<{ jar: CookieJar; sessionId: string }> {
  const jar = await signedIn(await createUser({ role: "psychologist" }));
  const user = await getSessionUser(getRequest(PATH, jar));
  return { jar, sessionId: user!.sessionId };
}

async function report(options: { sessionId?: string; limits?: Partial<HealthLimits>; locale?: "pt-BR" | "ar" | "ru" } = {}): Promise<HealthReport> {
  const sessionId = options.sessionId ?? (await psychologistSession()).sessionId;
  const locale = options.locale ?? "pt-BR";
  return runHealthChecks({ t: createTranslator(translationsFor(locale, ["health"]), locale, "health"), locale, sessionId, limits: options.limits });
}

function check(result: HealthReport, id: HealthCheckId) {
  const found = result.checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
}

describe("the checks", () => {
  it("all pass on a healthy development setup, the local providers said plainly", async () => {
    const result = await report();
    expect(result.checks.map((entry) => entry.id)).toEqual(["database", "authentication", "payments", "video", "storage", "mail", "jobs"]);
    expect(result.failed).toBe(0);
    expect(check(result, "database")).toMatchObject({ status: "ok", detail: expect.stringMatching(/^Respondeu em \d+ ms\.$/) });
    expect(check(result, "authentication")).toMatchObject({ status: "ok", detail: "Sessão válida; 1 sessão ativa no total." });
    expect(check(result, "payments")).toMatchObject({ status: "warning", detail: expect.stringMatching(/^Modo local \(desenvolvimento\)/) });
    expect(check(result, "video")).toMatchObject({ status: "warning", detail: expect.stringMatching(/^Modo local \(desenvolvimento\)/) });
    expect(check(result, "storage")).toMatchObject({ status: "ok", detail: "Arquivo de teste gravado, lido e apagado." });
    expect(check(result, "mail")).toMatchObject({ status: "ok", detail: "Nenhuma mensagem aguardando envio." });
    expect(check(result, "jobs")).toMatchObject({ status: "ok", detail: "Fila em dia: nada aguardando, nenhuma falha." });
    expect(result.warnings).toBe(2);
    for (const entry of result.checks) expect(entry.durationMs).toBeGreaterThanOrEqual(0);
  });

  describe("database", () => {
    it("warns when the round trip is slow", async () => {
      vi.mocked(databaseRoundTrip).mockImplementationOnce(() => delay(60));
      const result = await report({ limits: { slowDatabaseMs: 20 } });
      expect(check(result, "database")).toMatchObject({ status: "warning", detail: expect.stringMatching(/^Resposta lenta: \d+ ms\.$/) });
      expect(result.failed).toBe(0);
    });

    it("fails with a summary, never the driver's message", async () => {
      vi.mocked(databaseRoundTrip).mockRejectedValueOnce(new Error("connect ECONNREFUSED postgres://acolhe:s3cr3t-pw@db.internal:5432/acolhe"));
      const result = await report();
      expect(check(result, "database")).toMatchObject({ status: "error", detail: "A verificação falhou; os detalhes estão no registro do servidor." });
      expect(JSON.stringify(result)).not.toContain("s3cr3t");
      expect(result.failed).toBe(1);
    });

    it("fails within its time limit when the database hangs, and the other checks still answer", async () => {
      vi.mocked(databaseRoundTrip).mockImplementationOnce(() => new Promise(() => {}));
      const started = Date.now();
      const result = await report({ limits: { checkTimeoutMs: 300 } });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(check(result, "database")).toMatchObject({ status: "error", detail: "Sem resposta em 0,3 s." });
      expect(check(result, "storage").status).toBe("ok");
    });
  });

  describe("authentication", () => {
    it("fails with the spec's message when the session is not in the store", async () => {
      const result = await report({ sessionId: "0".repeat(64) });
      expect(check(result, "authentication")).toMatchObject({ status: "error", detail: "Usuário não autenticado" });
    });
  });

  describe("payments (Mercado Pago, the real implementation against a fake)", () => {
    it("passes when GET /users/me accepts the access token", async () => {
      useRealProviders();
      onMercadoPago(() => HttpResponse.json({ id: 999999999, nickname: "ACOLHE", site_id: "MLB" }));
      onDaily(() => HttpResponse.json({ total_count: 0, data: [] }));
      const result = await report();
      expect(check(result, "payments")).toMatchObject({ status: "ok", detail: "Mercado Pago respondeu com as credenciais configuradas." });
      expect(seen.find((request) => request.url.startsWith(MP_USER))?.authorization).toBe(`Bearer ${MP_TOKEN}`);
    });

    it("fails when the token is refused (401)", async () => {
      useRealProviders();
      onMercadoPago(() => HttpResponse.json({ message: "invalid access token", error: "unauthorized", status: 401 }, { status: 401 }));
      onDaily(() => HttpResponse.json({ data: [] }));
      const result = await report();
      expect(check(result, "payments")).toMatchObject({ status: "error", detail: "Mercado Pago recusou as credenciais (HTTP 401)." });
      expect(result.failed).toBe(1);
    });

    it("fails when Mercado Pago cannot be reached", async () => {
      useRealProviders();
      onMercadoPago(() => HttpResponse.error());
      onDaily(() => HttpResponse.json({ data: [] }));
      const result = await report({ limits: { pingTimeoutMs: 1_000 } });
      expect(check(result, "payments")).toMatchObject({ status: "error", detail: "Mercado Pago não respondeu em 1 s." });
    });

    it("fails when Mercado Pago does not answer in time, without holding the page", async () => {
      useRealProviders();
      onMercadoPago(async () => {
        await delay(5_000);
        return HttpResponse.json({});
      });
      onDaily(() => HttpResponse.json({ data: [] }));
      const started = Date.now();
      const result = await report({ limits: { pingTimeoutMs: 200 } });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(check(result, "payments")).toMatchObject({ status: "error", detail: "Mercado Pago não respondeu em 0,2 s." });
    });

    it("fails when Mercado Pago is chosen but has no access token", async () => {
      setEnv({ PAYMENT_PROVIDER: "mercadopago", MERCADOPAGO_ACCESS_TOKEN: undefined });
      const result = await report();
      expect(check(result, "payments")).toMatchObject({ status: "error", detail: "Mercado Pago não está configurado: faltam credenciais." });
    });
  });

  describe("video (Daily, the real implementation against a fake)", () => {
    it("passes when GET /rooms accepts the API key", async () => {
      useRealProviders();
      onMercadoPago(() => HttpResponse.json({ id: 1 }));
      onDaily(() => HttpResponse.json({ total_count: 0, data: [] }));
      const result = await report();
      expect(check(result, "video")).toMatchObject({ status: "ok", detail: "Daily respondeu com as credenciais configuradas." });
      const daily = seen.find((request) => request.url.startsWith(DAILY_ROOMS));
      expect(daily?.authorization).toBe(`Bearer ${DAILY_KEY}`);
      expect(new URL(daily!.url).searchParams.get("limit")).toBe("1");
      expect(result.failed).toBe(0);
      expect(result.warnings).toBe(0);
    });

    it("fails when the key is refused (401)", async () => {
      useRealProviders();
      onMercadoPago(() => HttpResponse.json({ id: 1 }));
      onDaily(() => HttpResponse.json({ error: "authentication-error", info: "bad key" }, { status: 401 }));
      const result = await report();
      expect(check(result, "video")).toMatchObject({ status: "error", detail: "Daily recusou as credenciais (HTTP 401)." });
    });

    it("fails when Daily is down (503) or unreachable", async () => {
      useRealProviders();
      onMercadoPago(() => HttpResponse.json({ id: 1 }));
      onDaily(() => new HttpResponse(null, { status: 503 }));
      expect(check(await report(), "video")).toMatchObject({ status: "error", detail: "Daily está indisponível (HTTP 503)." });

      server.resetHandlers();
      onMercadoPago(() => HttpResponse.json({ id: 1 }));
      onDaily(() => HttpResponse.error());
      expect(check(await report({ limits: { pingTimeoutMs: 1_000 } }), "video")).toMatchObject({ status: "error", detail: "Daily não respondeu em 1 s." });
    });

    it("a hanging provider is cut off by the check's own time limit", async () => {
      useRealProviders();
      onMercadoPago(() => HttpResponse.json({ id: 1 }));
      onDaily(async () => {
        await delay(5_000);
        return HttpResponse.json({ data: [] });
      });
      const started = Date.now();
      const result = await report({ limits: { checkTimeoutMs: 300, pingTimeoutMs: 4_000 } });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(check(result, "video")).toMatchObject({ status: "error", detail: "Sem resposta em 0,3 s." });
      expect(check(result, "payments").status).toBe("ok");
    });
  });

  describe("file storage", () => {
    it("writes, reads back and deletes its probe, leaving no file behind", async () => {
      expect(check(await report(), "storage").status).toBe("ok");
      const left = readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(left).toEqual([]);
    });

    it("fails when the uploads directory cannot be written", async () => {
      // A path through a plain file: no directory can be made there, whoever runs the test (root included).
      const blocker = path.join(uploads, "not-a-directory");
      writeFileSync(blocker, "x");
      setEnv({ UPLOADS_DIR: path.join(blocker, "uploads") });
      const result = await report();
      expect(check(result, "storage")).toMatchObject({ status: "error", detail: "Não foi possível gravar no diretório de arquivos." });
      expect(JSON.stringify(result)).not.toContain(uploads);
    });
  });

  describe("mail outbox", () => {
    async function mail(status: "pending" | "sent" | "failed", minutesAgo: number) {
      await db
        .insertInto("mail_outbox")
        .values({ to_email: "pessoa@exemplo.com.br", template: "test", locale: "pt-BR", subject: "Teste", html: "<p>Teste</p>", text: "Teste", status, created_at: new Date(Date.now() - minutesAgo * 60_000) })
        .execute();
    }

    it("passes with a fresh backlog, counting it", async () => {
      await mail("pending", 2);
      await mail("sent", 300);
      expect(check(await report(), "mail")).toMatchObject({ status: "ok", detail: "1 mensagem aguardando envio; a mais antiga há 2 min." });
    });

    it("warns when the oldest pending message waits over 15 minutes", async () => {
      await mail("pending", 20);
      await mail("pending", 1);
      expect(check(await report(), "mail")).toMatchObject({ status: "warning", detail: "2 mensagens aguardando envio; a mais antiga há 20 min." });
    });

    it("says the counts in languages with more plural forms than the files hold", async () => {
      for (let index = 0; index < 3; index++) await mail("pending", 1);
      expect(check(await report({ locale: "ru" }), "mail").detail).toBe("Писем в очереди на отправку: 3; самое старое ждёт 1 мин.");
      expect(check(await report({ locale: "ar" }), "mail").detail).toBe("رسائل بانتظار الإرسال: 3؛ أقدمها منذ 1 دقيقة.");
    });

    it("fails when it waits over 2 hours", async () => {
      await mail("pending", 180);
      const result = await report();
      expect(check(result, "mail")).toMatchObject({ status: "error", detail: "1 mensagem aguardando envio; a mais antiga há 3 h." });
      expect(result.failed).toBe(1);
    });

    it("warns about messages that failed in the last 24 hours, not older ones", async () => {
      await mail("failed", 60);
      await mail("failed", 60 * 30);
      expect(check(await report(), "mail")).toMatchObject({ status: "warning", detail: "1 mensagem falhou nas últimas 24 h." });
    });
  });

  describe("job queue", () => {
    async function job(state: "created" | "active" | "failed", set: { startedMinutesAgo?: number; dueMinutesAgo?: number } = {}) {
      const id = await enqueue("sessions.purge-expired", {});
      const minutes = (value: number) => new Date(Date.now() - value * 60_000);
      await sql`update pgboss.job set
          state = ${state}::pgboss.job_state,
          start_after = ${minutes(set.dueMinutesAgo ?? 0)},
          started_on = ${set.startedMinutesAgo === undefined ? null : minutes(set.startedMinutesAgo)},
          completed_on = ${state === "failed" ? new Date() : null}
        where id = ${id}`.execute(db);
    }

    it("passes with a job just queued", async () => {
      await job("created");
      expect(check(await report(), "jobs")).toMatchObject({ status: "ok", detail: "1 tarefa na fila; aguarda há 0 min." });
    });

    it("warns when a due job waits over 15 minutes: no worker is running", async () => {
      await job("created", { dueMinutesAgo: 40 });
      expect(check(await report(), "jobs")).toMatchObject({ status: "warning", detail: "1 tarefa na fila; aguarda há 40 min." });
    });

    it("warns about a job that failed in the last 24 hours", async () => {
      await job("failed");
      expect(check(await report(), "jobs")).toMatchObject({ status: "warning", detail: "1 tarefa falhou nas últimas 24 h." });
    });

    it("fails when a job is stuck (active for over 30 minutes)", async () => {
      await job("active", { startedMinutesAgo: 90 });
      await job("active", { startedMinutesAgo: 1 });
      await job("failed");
      const result = await report();
      expect(check(result, "jobs")).toMatchObject({
        status: "error",
        detail: "1 tarefa em execução há mais de 30 min (travada). · 1 tarefa falhou nas últimas 24 h.",
      });
      expect(result.failed).toBe(1);
    });
  });
});

describe("the tab", () => {
  it("runs the checks when it opens, in the reader's language, with its translations", async () => {
    const { jar } = await psychologistSession();
    const response = await run(loader, getRequest(PATH, jar));
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data.report.checks).toHaveLength(7);
    expect(data.report.failed).toBe(0);
    expect(data.translations.health.recheck).toBe("Verificar Novamente");
    expect(data.translations.health.status).toEqual({ ok: "OK", warning: "Aviso", error: "Erro", checking: "Verificando" });

    const english = await body(await run(loader, getRequest(PATH, jar, { "Accept-Language": "en" })));
    expect(english.report.checks[0].detail).toMatch(/^Answered in \d+ ms\.$/);
  });

  it("'Verificar Novamente' answers 'Todos os testes passaram!' when nothing is in error", async () => {
    const { jar } = await psychologistSession();
    const response = await run(action, postRequest(PATH, {}, jar));
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data.toast).toEqual({ type: "success", title: "Todos os testes passaram!" });
    expect(data.report.checks).toHaveLength(7);
  });

  it("'Verificar Novamente' answers 'N testes falharam' with the number in error", async () => {
    useRealProviders();
    onMercadoPago(() => HttpResponse.json({ message: "invalid token" }, { status: 401 }));
    onDaily(() => HttpResponse.json({ info: "invalid key" }, { status: 403 }));
    const { jar } = await psychologistSession();
    const data = await body(await run(action, postRequest(PATH, {}, jar)));
    expect(data.toast).toEqual({ type: "error", title: "2 testes falharam" });
    expect(data.report.failed).toBe(2);
  });

  it("words its counts with real plurals, never 'aviso(s)' or 'erro(s)'", async () => {
    const { jar } = await psychologistSession();
    const html = (await (await send(page(PATH, { Cookie: jar.header() }))).text()).replaceAll("<!-- -->", "");
    expect(html).toMatch(/\d+ OK · (nenhum aviso|1 aviso|\d+ avisos) · (nenhum erro|1 erro|\d+ erros) · \d+ ms/);
    expect(html).not.toMatch(/aviso\(s\)|erro\(s\)|teste\(s\)/);
    const t = createTranslator(translationsFor("pt-BR", ["health"]), "pt-BR", "health");
    expect([0, 1, 2].map((count) => t("summary.warnings", { count }))).toEqual(["nenhum aviso", "1 aviso", "2 avisos"]);
    expect([0, 1, 2].map((count) => t("summary.errors", { count }))).toEqual(["nenhum erro", "1 erro", "2 erros"]);
    expect([1, 2].map((count) => t("toast.failed", { count }))).toEqual(["1 teste falhou", "2 testes falharam"]);
  });

  it("never shows a secret: tokens, keys, the session or the database's address", async () => {
    useRealProviders();
    const { jar, sessionId } = await psychologistSession();
    for (const [mp, daily] of [
      [() => HttpResponse.json({ id: 1 }), () => HttpResponse.json({ data: [] })],
      [() => HttpResponse.json({ message: `bad token ${MP_TOKEN}` }, { status: 401 }), () => HttpResponse.json({ info: `bad key ${DAILY_KEY}` }, { status: 401 })],
    ] as const) {
      server.resetHandlers();
      onMercadoPago(mp);
      onDaily(daily);
      for (const response of [await run(loader, getRequest(PATH, jar)), await run(action, postRequest(PATH, {}, jar))]) {
        const text = await response.text();
        for (const secret of [MP_TOKEN, DAILY_KEY, sessionId, jar.header().split("=")[1]!, process.env.DATABASE_URL, process.env.SESSION_SECRET]) {
          if (secret) expect(text).not.toContain(secret);
        }
        expect(text).not.toContain("api.mercadopago.com");
        expect(text).not.toContain("api.daily.co");
      }
    }
  });

  it("is the psychologist's: anonymous visitors go to /login, patients and admins get 403", async () => {
    const anonymous = await run(loader, getRequest(PATH));
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    expect(location(await run(action, postRequest(PATH, {})))).toMatch(/^\/login\?/);
    for (const role of ["patient", "admin"] as const) {
      const jar = await signedIn(await createUser({ role }));
      expect((await run(loader, getRequest(PATH, jar))).status).toBe(403);
      expect((await run(action, postRequest(PATH, {}, jar))).status).toBe(403);
    }
  });
});
