import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

/**
 * The practice's money and reviews (issue 14, items 4 and 5), with
 * JavaScript on and off: the demo psychologist opens 'Faturamento', reads
 * the four cards and the transactions, changes the period; opens
 * 'Avaliações', keeps the negative ones and downloads them as a CSV.
 */

const DEMO = { email: "psicologa@acolhe.dev", password: "acolhe-demo-2026" };

async function signIn(page: Page) {
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(DEMO.email);
  await form.getByLabel("Senha", { exact: true }).fill(DEMO.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard/);
}

test("the demo psychologist reads the billing, changes the period, filters the reviews and downloads them", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const tabs = page.getByRole("navigation", { name: "Abas do painel" });

  // Faturamento: four cards in reais and the month's transactions.
  await tabs.getByRole("link", { name: "Faturamento" }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/billing$/);
  await expect(page.getByRole("heading", { name: "Faturamento", level: 2 })).toBeVisible();
  for (const title of ["Receita total", "Recebido", "Pendente", "Taxa de conversão"]) {
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${title}$`) })).toBeVisible();
  }
  await expect(page.getByRole("definition").filter({ hasText: /^R\$\s?[\d.]+,\d{2}$/ }).first()).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^\d+,\d%$/ })).toBeVisible();

  // The last three months: more consultations, and the demo's three methods.
  await page.getByLabel("Período").selectOption("quarter");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/period=quarter/);
  const rows = page.getByTestId("transaction");
  await expect(rows.first()).toBeVisible();
  await expect(rows).toHaveCount(20);
  const table = page.getByRole("table", { name: "Transações recentes" });
  await expect(table.getByText("PIX").first()).toBeVisible();
  await expect(table.getByText("Cartão de crédito").first()).toBeVisible();
  await expect(table.getByText("Reembolsado", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", "/psychologist-dashboard/billing/export?period=quarter");

  // Avaliações: the statistics, then only the negative ones.
  await tabs.getByRole("link", { name: "Avaliações" }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/evaluations$/);
  await expect(page.getByRole("heading", { name: "Estatísticas" })).toBeVisible();
  await expect(page.getByTestId("evaluations-average")).toHaveText(/^\d,\d$/);
  await page.getByLabel("Mostrar").selectOption("negative");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/filter=negative/);
  await expect(page.getByRole("status").filter({ hasText: /avaliaç/ })).toBeVisible();

  // The CSV of what is shown.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^avaliacoes-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFFData,Nota,Comentário,Paciente\r\n")).toBe(true);
  // Negative only: every row's rating is 1 or 2.
  for (const line of text.slice(1).trim().split("\r\n").slice(1)) expect(line.split(",")[1]).toMatch(/^[12]$/);
});
