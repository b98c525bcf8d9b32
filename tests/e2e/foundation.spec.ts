import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, openMenu } from "./helpers";

test.describe("foundation", () => {
  test("home renders with the navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Acolhe - Atendimento Psicológico Online");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await openMenu(page);
    const menu = page.locator("[data-mobile-menu]");
    await expect(menu.getByRole("link", { name: "Início" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Psicólogos" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Entrar" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Cadastrar" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Começar agora" })).toBeVisible();
  });

  test("switching to Arabic turns the page right-to-left", async ({ page }) => {
    await page.goto("/?origem=teste");
    await openMenu(page);
    const menu = page.locator("[data-mobile-menu]");
    await menu.getByLabel("Escolher idioma").click();
    await menu.getByRole("button", { name: /العربية/ }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page).toHaveURL(/\/\?origem=teste$/);
  });

  test("on a 360 px phone the menus open inside the screen and German titles wrap", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const fits = async () => {
      await expectNoSidewaysScroll(page);
      for (const panel of await page.locator("details[open] > :not(summary)").all()) {
        const box = (await panel.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
    };
    await page.goto("/");
    await fits();
    const menu = await openMenu(page);
    await menu.getByLabel("Escolher idioma").click();
    await expect(menu.getByRole("button", { name: /Deutsch/ })).toBeVisible();
    await fits();
    await menu.getByRole("button", { name: /Deutsch/ }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    // 'Nutzungsbedingungen' in the title is wider than the phone at its size.
    await page.goto("/terms");
    await fits();
  });

  test("the theme toggle switches to dark and back", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    await page.locator("[data-mobile-menu]").getByRole("button", { name: "Ativar tema escuro" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await openMenu(page);
    await page.locator("[data-mobile-menu]").getByRole("button", { name: "Ativar tema claro" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("an unknown address is a Portuguese 404 inside the layout", async ({ page }) => {
    const response = await page.goto("/nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar ao Início" })).toBeVisible();
  });

  test("health endpoints answer", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.text()).toBe("ready");
  });

  test("responses carry the security headers", async ({ request }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["x-request-id"]).toBeTruthy();
  });

  test("robots.txt and sitemap.xml are served", async ({ request }) => {
    expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    expect(await sitemap.text()).toContain("/psychologists</loc>");
  });

  test("the page's scripts arrive precompressed with brotli and cached for good", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "scripts load with JavaScript on");
    const scripts: Array<Record<string, string>> = [];
    page.on("response", async (response) => {
      if (/\/build\/.*\.js$/.test(new URL(response.url()).pathname)) scripts.push(await response.allHeaders());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // The entry, React and Remix at least; files too small to gain from compression come as they are.
    const compressed = scripts.filter((headers) => headers["content-encoding"]);
    expect(compressed.length).toBeGreaterThanOrEqual(3);
    for (const headers of compressed) {
      expect(headers["content-encoding"]).toBe("br");
      // A Content-Length: the file compressed at build time (compressing on the fly streams it chunked).
      expect(Number(headers["content-length"])).toBeGreaterThan(0);
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(headers.vary).toBe("Accept-Encoding");
    }
  });
});

test("production refuses to start with missing secrets", async () => {
  test.skip(test.info().project.name !== "js", "a process check, not a page: once is enough");
  const result = spawnSync(process.execPath, ["build/index.js", "serve"], {
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", APP_ENV: "production", APP_URL: "https://acolhe.com.br", SESSION_SECRET: "a-real-secret-value-1234" } as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Configuração inválida para produção");
  expect(result.stderr).toContain("MERCADOPAGO_ACCESS_TOKEN");
  expect(result.stderr).not.toContain("SESSION_SECRET");
});
