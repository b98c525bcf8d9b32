import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import { expectNoSidewaysScroll } from "./helpers";

/**
 * After the payment: 'Meu Painel' shows the confirmed appointment, its video
 * page lets the patient into the call room at the right time (local mode
 * with JavaScript; an explanation without), refuses another patient, and a
 * completed appointment can be evaluated — with JavaScript on and off.
 *
 * The appointments are written straight to the database (the payment path
 * is tested in booking.spec.ts). The embedded database cannot be shared
 * with the running server, so this file starts a server of its own on a
 * database it prepared first.
 */

const PATIENT = { email: "paciente@acolhe.dev", password: "acolhe-demo-2026" };
const OTHER_PATIENT = { email: "outro.paciente@acolhe.dev", password: "acolhe-demo-2026" };
const PUNCTUAL_PATIENT = { email: "pontual.paciente@acolhe.dev", password: "acolhe-demo-2026" };
const PSYCHOLOGIST = "Mariana Albuquerque";
const PAST_PSYCHOLOGIST = "Rafael Moreira";
const LATER_PSYCHOLOGIST = "Aline Cavalcanti";

interface App {
  url: string;
  soonId: string;
  pastId: string;
  laterId: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Seeds, then writes this file's appointments while no server holds the database. */
async function prepareDatabase(dataDir: string, serverEnv: NodeJS.ProcessEnv): Promise<{ soonId: string; pastId: string; laterId: string }> {
  const seeded = spawnSync(process.execPath, ["build/index.js", "seed"], { env: serverEnv, encoding: "utf8", timeout: 120_000 });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);

  const [{ PGlite }, { citext }, { btree_gist }, { unaccent }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/citext"),
    import("@electric-sql/pglite/contrib/btree_gist"),
    import("@electric-sql/pglite/contrib/unaccent"),
  ]);
  const db = await PGlite.create(dataDir, { extensions: { citext, btree_gist, unaccent } });
  try {
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
    const patient = await one<{ id: string }>("select id from users where email = $1", [PATIENT.email]);
    const psychologist = await one<{ id: string }>("select id from psychologists where name = $1", [PSYCHOLOGIST]);
    const past = await one<{ id: string }>("select id from psychologists where name = $1", [PAST_PSYCHOLOGIST]);

    // Another patient with the demo password.
    const other = await one<{ id: string }>(
      "insert into users (email, password_hash, email_verified_at) select $1, password_hash, now() from users where email = $2 returning id",
      [OTHER_PATIENT.email, PATIENT.email],
    );
    await db.query("insert into profiles (id, first_name, last_name) values ($1, 'Otávio', 'Souza')", [other.id]);

    // Confirmed and paid, starting in 5 minutes: its room is open (15 minutes before the start).
    const startsAt = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
    const soon = await one<{ id: string }>(
      `insert into appointments (patient_id, psychologist_id, starts_at, ends_at, duration_minutes, status, payment_status, price_cents)
       values ($1, $2, $3, $3::timestamptz + interval '50 minutes', 50, 'confirmed', 'paid', 15000) returning id`,
      [patient.id, psychologist.id, startsAt.toISOString()],
    );
    await db.query("update appointments set video_room_name = 'acolhe-' || id, video_room_url = $2 || '/appointment/videocall/' || id where id = $1", [
      soon.id,
      serverEnv.APP_URL,
    ]);

    // Completed yesterday and not evaluated yet.
    const yesterday = new Date(Date.now() - 26 * 3_600_000);
    const done = await one<{ id: string }>(
      `insert into appointments (patient_id, psychologist_id, starts_at, ends_at, duration_minutes, status, payment_status, price_cents)
       values ($1, $2, $3, $3::timestamptz + interval '50 minutes', 50, 'completed', 'paid', 12500) returning id`,
      [patient.id, past.id, yesterday.toISOString()],
    );
    // A third patient whose confirmed consultation starts in about 20 minutes: the room opens in about 5.
    const punctual = await one<{ id: string }>(
      "insert into users (email, password_hash, email_verified_at) select $1, password_hash, now() from users where email = $2 returning id",
      [PUNCTUAL_PATIENT.email, PATIENT.email],
    );
    await db.query("insert into profiles (id, first_name, last_name) values ($1, 'Paula', 'Pontes')", [punctual.id]);
    const laterPsychologist = await one<{ id: string }>("select id from psychologists where name = $1", [LATER_PSYCHOLOGIST]);
    const laterStart = new Date(Math.ceil((Date.now() + 20 * 60_000) / 60_000) * 60_000);
    const later = await one<{ id: string }>(
      `insert into appointments (patient_id, psychologist_id, starts_at, ends_at, duration_minutes, status, payment_status, price_cents)
       values ($1, $2, $3, $3::timestamptz + interval '50 minutes', 50, 'confirmed', 'paid', 15000) returning id`,
      [punctual.id, laterPsychologist.id, laterStart.toISOString()],
    );
    await db.query("update appointments set video_room_name = 'acolhe-' || id, video_room_url = $2 || '/appointment/videocall/' || id where id = $1", [
      later.id,
      serverEnv.APP_URL,
    ]);
    return { soonId: soon.id, pastId: done.id, laterId: later.id };
  } finally {
    await db.close();
  }
}

async function waitUntilReady(url: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("server did not become ready");
}

const test = base.extend<object, { app: App }>({
  app: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "acolhe-e2e-video-"));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const serverEnv: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        PGLITE_DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: url,
        APP_ENV: "development",
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        UPLOADS_DIR: path.join(dataDir, "uploads"),
      };
      const ids = await prepareDatabase(dataDir, serverEnv);
      const server = spawn(process.execPath, ["build/index.js", "serve"], { env: serverEnv, stdio: ["ignore", "ignore", "inherit"] });
      try {
        await waitUntilReady(url, server);
        await use({ url, ...ids });
      } finally {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});

// Chromium's fake camera and microphone, so getUserMedia answers in the local call room.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
    ],
  },
});

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(who.email);
  await form.getByLabel("Senha", { exact: true }).fill(who.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
}

test.describe("video call and patient dashboard", () => {
  // First in the file: the room must still be closed when the page is made (it opens about 5 minutes after the set-up).
  test("a consultation not open yet links to its video page, and opens on time without a reload", async ({ page, app, javaScriptEnabled }) => {
    if (javaScriptEnabled) await page.clock.install();
    await signIn(page, PUNCTUAL_PATIENT);
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    const card = page.getByRole("article").filter({ hasText: LATER_PSYCHOLOGIST });
    const videoPage = `/appointment/videocall/${app.laterId}`;
    const waiting = card.getByRole("link", { name: "Aguardar abertura da sala" });
    await expect(waiting).toHaveAttribute("href", videoPage);
    await expect(card.getByText(/^Acesso liberado a partir de \d{2}:\d{2} do dia \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(card.getByRole("link", { name: "Entrar na videochamada" })).toHaveCount(0);

    if (!javaScriptEnabled) {
      // The video page counts down and looks again by itself.
      await waiting.click();
      await expect(page).toHaveURL(new RegExp(`${videoPage}$`));
      await expect(page.getByText(/^Acesso liberado a partir de \d{2}:\d{2} do dia/)).toBeVisible();
      return;
    }

    // The same document throughout: a reload would lose this mark.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await page.clock.fastForward("01:00");
    await expect(card.getByRole("link", { name: "Entrar na videochamada" })).toHaveCount(0);
    await page.clock.fastForward("06:00");
    const join = card.getByRole("link", { name: "Entrar na videochamada" });
    await expect(join).toHaveAttribute("href", videoPage);
    await expect(join).toBeEnabled();
    await expect(waiting).toHaveCount(0);
    await expect(card.getByText(/^Acesso liberado a partir de/)).toHaveCount(0);
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test("the dashboard shows the confirmed appointment and its video page opens the call room", async ({ page, app, javaScriptEnabled }) => {
    await signIn(page, PATIENT);
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await expect(page.getByRole("heading", { name: "Meu Painel", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Próximas \(1\)$/ })).toHaveAttribute("aria-current", "page");

    const card = page.getByRole("article").filter({ hasText: PSYCHOLOGIST });
    await expect(card.getByText("Confirmada")).toBeVisible();
    await expect(card.getByText("50 min")).toBeVisible();
    await expect(card.getByText("R$ 150,00")).toBeVisible();
    await expect(card.getByText(/^\d{2} de [a-zç]+ de \d{4}$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await card.getByRole("link", { name: "Entrar na videochamada" }).click();

    await expect(page).toHaveURL(new RegExp(`/appointment/videocall/${app.soonId}$`));
    await expect(page.getByRole("heading", { name: "Consulta", level: 1 })).toBeVisible();
    await expect(page.getByText("Em andamento")).toBeVisible();
    await expect(page.getByText(`Psicólogo: ${PSYCHOLOGIST}`)).toBeVisible();
    await expect(page.getByText(/^Modo local \(desenvolvimento\)/)).toBeVisible();

    if (!javaScriptEnabled) {
      await expect(page.getByText(/^A videochamada precisa de JavaScript/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Encerrar chamada" })).toHaveCount(0);
      return;
    }

    await expect(page.getByText("Conectando à videochamada...")).toBeHidden();
    await expect(page.getByRole("tab", { name: "Vídeo" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Participantes (2)" })).toBeVisible();
    await expect(page.getByText(/^A videochamada precisa de JavaScript/)).toBeHidden();

    // The fake camera plays in the self view; turning it off shows the overlay.
    await expect(page.getByLabel("Sua câmera")).toBeVisible();
    await page.getByRole("button", { name: "Desligar câmera" }).click();
    await expect(page.getByText("Câmera desligada")).toBeVisible();
    await page.getByRole("button", { name: "Ligar câmera" }).click();
    await expect(page.getByText("Câmera desligada")).toBeHidden();
    await page.getByRole("button", { name: "Desativar microfone" }).click();
    await expect(page.getByRole("button", { name: "Ativar microfone" })).toHaveAttribute("aria-pressed", "true");

    // Chat: Enter sends; blank messages are not sent; own messages show.
    const input = page.getByPlaceholder("Digite sua mensagem...");
    await input.fill("   ");
    await input.press("Enter");
    await expect(page.getByText("Nenhuma mensagem ainda.")).toBeVisible();
    await input.fill("Olá, doutora!");
    await input.press("Enter");
    await expect(page.getByRole("list").getByText("Olá, doutora!")).toBeVisible();
    await expect(input).toHaveValue("");

    await page.getByRole("tab", { name: "Participantes (2)" }).click();
    await expect(page.getByRole("tabpanel").getByText(PSYCHOLOGIST)).toBeVisible();

    await page.getByRole("button", { name: "Encerrar chamada" }).click();
    await expect(page.getByText("Chamada encerrada")).toBeVisible();
    await expect(page).toHaveURL(/\/patient-dashboard$/, { timeout: 10_000 });
  });

  test("another patient is refused", async ({ page, app }) => {
    await signIn(page, OTHER_PATIENT);
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    // Nothing booked yet: the welcome.
    await expect(page.getByRole("link", { name: "Agendar Primeira Consulta" })).toHaveAttribute("href", "/psychologists");

    await page.goto(`/appointment/videocall/${app.soonId}`);
    await expect(page.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
    await expect(page.getByText("Você não tem permissão para acessar esta consulta")).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/patient-dashboard");
    await page.getByRole("link", { name: "Ir para Dashboard" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
  });

  test("a completed appointment can be evaluated once, and the history shows it", async ({ page, app }) => {
    await signIn(page, PATIENT);
    await page.getByRole("link", { name: /^Histórico \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\?tab=history$/);

    // The filters are a GET form.
    await page.getByLabel("Período").selectOption("30");
    await page.getByLabel("Status").selectOption("completed");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/tab=history&period=30&status=completed/);

    const card = page.getByRole("article").filter({ hasText: PAST_PSYCHOLOGIST }).filter({ has: page.getByRole("link", { name: "Avaliar consulta" }) });
    await expect(card.getByText("Concluída")).toBeVisible();
    await card.getByRole("link", { name: "Avaliar consulta" }).click();
    await expect(page).toHaveURL(new RegExp(`/appointment/${app.pastId}/evaluate$`));
    await expect(page.getByRole("heading", { name: "Avaliar consulta" })).toBeVisible();

    // No rating: the server says so, in Portuguese.
    await page.getByRole("button", { name: "Enviar avaliação" }).click();
    await expect(page.getByText("Selecione uma nota de 1 a 5.")).toBeVisible();

    await page.getByLabel("5 estrelas").check();
    await page.getByLabel("Comentário (opcional)").fill("Sessão muito acolhedora.");
    await expect(page.getByLabel(/^Enviar anonimamente/)).toBeChecked();
    await page.getByLabel(/^Autorizo a publicação/).check();
    await page.getByRole("button", { name: "Enviar avaliação" }).click();

    await expect(page).toHaveURL(/\/patient-dashboard\?tab=history$/);
    await expect(page.getByText("Avaliação enviada. Obrigado!")).toBeAttached();
    const evaluated = page.getByRole("article").filter({ hasText: "Sessão muito acolhedora." });
    await expect(evaluated.getByRole("img", { name: "5 de 5 estrelas" })).toBeVisible();
    await expect(evaluated.getByRole("link", { name: "Avaliar consulta" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await page.goto(`/appointment/${app.pastId}/evaluate`);
    await expect(page.getByText("Esta consulta já foi avaliada.")).toBeVisible();
  });
});
