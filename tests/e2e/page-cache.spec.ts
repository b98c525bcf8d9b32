import { expect, test, type Page } from "@playwright/test";
import { openMenu } from "./helpers";

/**
 * The public-page cache (docs/decisions/012-public-page-cache.md) as a
 * visitor meets it: an anonymous visitor is served a kept page that still
 * works (its scripts carry this response's nonce), and a signed-in visitor
 * always gets a page of their own.
 */

const PATIENT = { email: "paciente@acolhe.dev", password: "acolhe-demo-2026" };
const PAGE = "/psychologists?sort=name";

/** The nonce the response's Content-Security-Policy allows, and the ones its HTML's scripts carry. */
async function nonces(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const policy = (await response!.headerValue("content-security-policy")) ?? "";
  const allowed = /'nonce-([^']+)'/.exec(policy)?.[1];
  const carried = [...(await response!.text()).matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1]);
  return { response: response!, allowed, carried };
}

/**
 * The page as kept: each web process keeps its own (on PostgreSQL the server
 * runs one per core, ADR 018), so a visit may first meet a process that has
 * not rendered it yet; within a few visits one answers from what it kept.
 */
async function keptNonces(page: Page, path: string) {
  for (let visit = 1; ; visit += 1) {
    const seen = await nonces(page, path);
    if (seen.response.headers()["x-page-cache"] === "hit" || visit === 6) return seen;
  }
}

test("an anonymous visitor gets a kept page with this response's nonce; a signed-in one never does", async ({ page }) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  // The first visit lets the page set its time-zone cookie (with JavaScript); the second is kept under it.
  await page.goto(PAGE);
  await page.goto(PAGE);
  const kept = await keptNonces(page, PAGE);
  expect(kept.response.headers()["x-page-cache"]).toBe("hit");
  expect(kept.allowed).toBeTruthy();
  expect(kept.carried.length).toBeGreaterThan(0);
  expect(new Set(kept.carried)).toEqual(new Set([kept.allowed]));
  if (test.info().project.name === "js") {
    // Remix's inline scripts ran and the page hydrated: nothing was blocked.
    await expect.poll(() => page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter)).toBe("object");
  }
  const second = await keptNonces(page, PAGE);
  expect(second.response.headers()["x-page-cache"]).toBe("hit");
  expect(second.allowed).not.toBe(kept.allowed);
  expect(blocked).toEqual([]);

  // Signed in: rendered for this visitor, with their own menu.
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(PATIENT.email);
  await form.getByLabel("Senha", { exact: true }).fill(PATIENT.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const own = await page.goto(PAGE);
  expect(own?.headers()["x-page-cache"]).toBeUndefined();
  const menu = await openMenu(page);
  await expect(menu.getByText("Paula", { exact: true })).toBeVisible();

  // Signed out again: the kept anonymous page, which names no one.
  await menu.getByText("Paula", { exact: true }).click();
  await menu.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/$/);
  const anonymous = await keptNonces(page, PAGE);
  expect(anonymous.response.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByText("Paula", { exact: true })).toHaveCount(0);
  const guestMenu = await openMenu(page);
  await expect(guestMenu.getByRole("link", { name: "Entrar" })).toBeVisible();
});

test("every public page is kept for anonymous visitors, and a profile that does not exist is not", async ({ request }) => {
  const directory = await (await request.get("/psychologists")).text();
  const id = /href="\/psychologists\/([0-9a-f-]{36})"/.exec(directory)?.[1];
  expect(id).toBeTruthy();
  const pages = ["/", "/psychologists", `/psychologists/${id}`, `/psychologist/${id}`, `/psychologist-details/${id}`, "/how-it-works", "/terms", "/privacy"];
  for (const path of pages) {
    await request.get(path);
    const again = await request.get(path);
    // A loader that starts setting a cookie for anonymous visitors would silently turn the cache off.
    expect(again.headers()["set-cookie"], path).toBeUndefined();
    expect(again.headers()["x-page-cache"], path).toBe("hit");
  }
  const missing = "/psychologist-details/00000000-0000-4000-8000-000000000000";
  await request.get(missing);
  const again = await request.get(missing);
  expect(again.status()).toBe(404);
  expect(again.headers()["x-page-cache"]).toBeUndefined();
});
