import { expect, test } from "@playwright/test";
import sharp from "sharp";

/**
 * Photos and link previews (ADR 017), with JavaScript on and off: the site's
 * preview image exists, and an uploaded photo comes back as WebP renditions
 * offered through srcset.
 */

const PATIENT = { email: "paciente@acolhe.dev", password: "acolhe-demo-2026" };

test("the site's link preview is a real 1200×630 image", async ({ page, request }) => {
  await page.goto("/");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(new URL(image!).pathname).toBe("/og-image.png");
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  const response = await request.get("/og-image.png");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(await sharp(await response.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
});

test("a photo sent from the settings comes back re-encoded, in three sizes", async ({ page, request }) => {
  await page.goto("/login");
  const login = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await login.getByLabel("E-mail", { exact: true }).fill(PATIENT.email);
  await login.getByLabel("Senha", { exact: true }).fill(PATIENT.password);
  await login.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto("/settings");
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
  await page.getByLabel(/Escolha uma imagem/).setInputFiles({ name: "eu.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByText("Foto atualizada.")).toBeVisible();

  // Shown 96 px wide: the 256 px rendition, with the set for other screens.
  const shown = page.locator('img[srcset*="-512.webp 512w"]').first();
  await expect(shown).toHaveAttribute("src", /^\/uploads\/avatars\/[0-9a-f]{32}-\d+\.webp$/);
  const src = (await shown.getAttribute("src"))!;
  const served = await request.get(src);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toContain("immutable");
  const size = (await sharp(await served.body()).metadata()).width;
  expect(src.endsWith(`-${size}.webp`)).toBe(true);
});
