import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll } from "./helpers";

/**
 * 'Saúde do Sistema' (issue 14, item 8), with JavaScript on and off: the
 * demo psychologist opens the tab, the server has already run every check,
 * and 'Verificar Novamente' runs them again and answers with the toast.
 */

const PSYCHOLOGIST = { email: "psicologa@acolhe.dev", password: "acolhe-demo-2026" };
const CHECKS = ["Banco de dados", "Autenticação", "Pagamentos", "Videochamadas", "Armazenamento de arquivos", "E-mails", "Fila de tarefas"];

test("the psychologist checks the system's health and checks again", async ({ page }) => {
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(PSYCHOLOGIST.email);
  await form.getByLabel("Senha", { exact: true }).fill(PSYCHOLOGIST.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard$/);

  await page.getByRole("link", { name: "Saúde do Sistema" }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/health$/);
  await expect(page.getByRole("heading", { name: "Saúde do Sistema", level: 2 })).toBeVisible();

  // Every check ran on the server before the page came: a name, a badge, a detail and a time each.
  const rows = page.locator("[data-check]");
  await expect(rows).toHaveCount(CHECKS.length);
  for (const [index, name] of CHECKS.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(name);
    await expect(row.locator("[data-status]")).toHaveText(/^(OK|Aviso|Erro)$/);
    await expect(row).toContainText(/\d+ ms/);
  }
  await expect(rows.filter({ hasText: "Banco de dados" }).locator("[data-status]")).toHaveText("OK");
  await expect(rows.filter({ hasText: "Armazenamento de arquivos" }).locator("[data-status]")).toHaveText("OK");
  // The development server runs the local providers, and says so.
  await expect(rows.filter({ hasText: "Pagamentos" })).toContainText("Modo local (desenvolvimento)");
  await expect(rows.filter({ hasText: "Pagamentos" }).locator("[data-status]")).toHaveText("Aviso");

  await page.getByRole("button", { name: "Verificar Novamente" }).click();
  await expect(page.locator(".toast")).toHaveText(/^(Todos os testes passaram!|\d+ teste\(s\) falharam)$/);
  await expect(page).toHaveURL(/\/psychologist-dashboard\/health$/);
  await expect(rows).toHaveCount(CHECKS.length);
  await expect(rows.filter({ hasText: "Banco de dados" }).locator("[data-status]")).toHaveText("OK");
  await expectNoSidewaysScroll(page);
});
