import { expect, test, type Page } from "@playwright/test";

/** The three public text pages: server-rendered, complete with JavaScript off. */

const PAGES = [
  { path: "/how-it-works", pt: "Como a Acolhe funciona", title: "Como funciona | Acolhe", en: "How Acolhe works" },
  { path: "/terms", pt: "Termos de Uso", title: "Termos de Uso | Acolhe", en: "Terms of Use" },
  { path: "/privacy", pt: "Política de Privacidade", title: "Política de Privacidade | Acolhe", en: "Privacy Policy" },
] as const;

/** What the language selector posts; the cookie lands in the page's browser context. */
async function chooseLanguage(page: Page, lng: string, redirectTo: string) {
  const response = await page.request.post("/set-locale", { form: { lng, redirectTo } });
  expect(response.ok()).toBe(true);
}

test.describe("static pages", () => {
  for (const { path, pt, title } of PAGES) {
    test(`${path} answers 200 with its Portuguese heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(pt);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    });
  }

  test("how it works explains the journey and points to the next step", async ({ page }) => {
    await page.goto("/how-it-works");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { name: "Para pacientes" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Para psicólogos" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Perguntas frequentes" })).toBeVisible();
    await expect(main).toContainText("reservado para você por 30 minutos");
    await expect(main).toContainText("abre 15 minutos antes");
    await expect(main).toContainText("24 horas e 1 hora antes");
    await expect(main.getByRole("link", { name: "Começar agora" }).first()).toHaveAttribute("href", "/psychologists");
    await expect(main.getByRole("link", { name: "Sou Psicólogo" }).first()).toHaveAttribute("href", "/psychologist-register");
    await expect(main.getByRole("link", { name: /CVV – 188/ })).toHaveAttribute("href", "tel:188");
    await expect(main.getByRole("link", { name: /SAMU – 192/ })).toHaveAttribute("href", "tel:192");
  });

  test("the terms show the cancellation and refund policy", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByText("Última atualização: 22 de novembro de 2026")).toBeVisible();
    const refunds = page.locator("section", { has: page.locator("h2#cancellations") });
    await expect(refunds.getByRole("heading", { level: 2 })).toHaveText("7. Cancelamentos e reembolsos");
    await expect(refunds.getByRole("listitem")).toHaveText([
      "24 horas ou mais: reembolso integral (100%);",
      "de 12 a menos de 24 horas: reembolso de 50%;",
      "menos de 12 horas, ou ausência sem aviso: sem reembolso.",
    ]);
    await expect(page.locator("main")).toContainText("no máximo 2 vezes");
    await expect(page.locator("main")).toContainText("Resolução CFP nº 9/2024");
  });

  test("the terms' table of contents links to its sections", async ({ page }) => {
    await page.goto("/terms");
    const toc = page.getByRole("navigation", { name: "Nesta página" });
    await expect(toc.getByRole("link")).toHaveCount(16);
    await toc.getByRole("link", { name: "7. Cancelamentos e reembolsos" }).click();
    await expect(page).toHaveURL(/\/terms#cancellations$/);
    await expect(page.locator("#cancellations")).toBeInViewport();
  });

  test("the privacy policy covers the LGPD, the 20-year record and the data subject's rights", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.locator("main");
    await expect(main).toContainText("LGPD, Lei nº 13.709/2018");
    await expect(main).toContainText("prontuário: 20 anos a partir do último registro, conforme a Lei nº 13.787/2018");
    await expect(main).toContainText("privacidade@acolhe.com.br");
    await expect(main).toContainText("nunca vemos nem guardamos o número do seu cartão");
    // International transfers (LGPD art. 33) and the consent for health data (art. 11).
    await expect(main).toContainText("Daily (Estados Unidos)");
    await expect(main).toContainText("Google (Estados Unidos)");
    await expect(main).toContainText("art. 33 da LGPD");
    await expect(main).toContainText("consentimento específico e destacado para tratar esses dados de saúde");
    await expect(main.getByRole("heading", { name: "9. Os seus direitos" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Ir para Configurações" })).toHaveAttribute("href", "/settings");
    await expect(page.getByRole("navigation", { name: "Nesta página" }).getByRole("link")).toHaveCount(14);
  });

  for (const { path, en } of PAGES) {
    test(`${path} switches to English`, async ({ page }) => {
      await chooseLanguage(page, "en", path);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(en);
    });
  }

  test("the privacy policy reads right-to-left in Arabic", async ({ page }) => {
    await chooseLanguage(page, "ar", "/privacy");
    await page.goto("/privacy");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("سياسة الخصوصية");
  });
});
