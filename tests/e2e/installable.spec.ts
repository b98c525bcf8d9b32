import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type Page } from "@playwright/test";

/**
 * The installable app (issue 16, item 8): the manifest and its icons, the
 * service worker (public/sw.js) controlling the page, Chromium's own
 * installability check (Lighthouse 12 dropped its PWA audits; this is the
 * check they ran), the offline page in the visitor's language, and a cache
 * that holds no page of a signed-in visitor.
 */

const jsOn = () => test.info().project.name === "js";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the worker controls the page and has kept the offline page in `lang`. */
async function controlled(page: Page, lang = "pt-BR") {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? null), { timeout: 20_000 }).toMatch(/\/sw\.js\?v=/);
  await expect
    .poll(() => page.evaluate(async () => (await caches.match("/offline"))?.headers.get("Content-Language") ?? null), { timeout: 20_000 })
    .toBe(lang);
}

/** Every URL the page's origin keeps in the Cache API, with its content type. */
function cacheContents(page: Page) {
  return page.evaluate(async () => {
    const entries: Array<{ url: string; type: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) entries.push({ url: new URL(request.url).pathname + new URL(request.url).search, type: (await cache.match(request))?.headers.get("Content-Type") ?? "" });
    }
    return entries;
  });
}

test("the manifest is linked and names the app, its start page and PNG icons that load", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f766e");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/site.webmanifest");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ id: "/", name: expect.stringContaining("Acolhe"), short_name: "Acolhe", start_url: "/", scope: "/", display: "standalone", lang: "pt-BR", theme_color: "#0f766e" });
  const png = (manifest.icons as Array<{ src: string; sizes: string; type: string; purpose?: string }>).filter((icon) => icon.type === "image/png");
  expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of png) {
    const file = await page.request.get(icon.src);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await file.body())).toBe(icon.sizes);
  }
});

test.describe("with the service worker", () => {
  test.skip(() => !jsOn(), "a service worker needs JavaScript");

  test("controls the page and Chromium finds the app installable", async ({ baseURL, launchOptions }) => {
    // Chromium does not offer to install from an off-the-record profile (a test's browser context): a profile on disk.
    const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), "acolhe-install-")), { ...launchOptions, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      // The check works: a document without a manifest is not installable.
      await page.goto("/robots.txt");
      expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((error) => error.errorId)).toContain("no-manifest");

      await page.goto("/");
      await controlled(page);
      expect((await cdp.send("Page.getAppManifest")).errors).toEqual([]);
      expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("shows the offline page in the visitor's language when the network is gone", async ({ page, context }) => {
    await page.goto("/how-it-works");
    await controlled(page);
    await context.setOffline(true);
    await page.goto("/psychologists");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Você está sem conexão");
    await expect(page.getByText("Verifique sua internet e tente novamente.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Tentar novamente" })).toHaveAttribute("href", "");
    await expect(page).toHaveURL(/\/psychologists$/);

    // Choosing English: the next page tells the worker, which keeps the English page instead.
    await context.setOffline(false);
    expect((await page.request.post("/set-locale", { form: { lng: "en", redirectTo: "/" } })).ok()).toBe(true);
    await page.goto("/");
    await controlled(page, "en");
    await context.setOffline(true);
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
  });

  test("keeps no page of a signed-in visitor: only static files and the offline page", async ({ page }) => {
    await page.goto("/login");
    await controlled(page);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
    await form.getByLabel("E-mail", { exact: true }).fill("paciente@acolhe.dev");
    await form.getByLabel("Senha", { exact: true }).fill("acolhe-demo-2026");
    await form.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    // A full load and a client-side visit of the dashboard, then the settings.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/settings");
    await page.goto("/patient-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const kept = await cacheContents(page);
    expect(kept.some((entry) => entry.url.startsWith("/build/"))).toBe(true);
    expect(kept.filter((entry) => !entry.url.startsWith("/build/") && !/^\/(site\.webmanifest|favicon\.svg|icons\.svg|icons\/[\w-]+\.png|offline)$/.test(entry.url))).toEqual([]);
    expect(kept.filter((entry) => entry.type.startsWith("text/html")).map((entry) => entry.url)).toEqual(["/offline"]);
    // The dashboard's own code is a build file like any other; nothing else of it is kept.
    expect(kept.some((entry) => entry.url.startsWith("/build/routes/_patient.patient-dashboard"))).toBe(true);
    expect(kept.filter((entry) => !entry.url.startsWith("/build/") && /dashboard|settings|\.data/.test(entry.url))).toEqual([]);
  });
});
