import { expect, test, type Page } from "@playwright/test";

/**
 * The supply side, as new people would do it (issue 12, first half of its
 * journey), with JavaScript on and off: a psychologist registers and confirms
 * the address, the admin approves them, they publish weekly hours and prices,
 * and a visitor finds them in the directory.
 */

const PASSWORD = "senha-da-psicologa-e2e";
const ADMIN = { email: "admin@acolhe.dev", password: "acolhe-demo-2026" };

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Senha", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
}

test("a psychologist registers, is approved, publishes hours and prices, and appears in the directory", async ({ page, context }, testInfo) => {
  const unique = `${Date.now().toString(36)}${testInfo.project.name === "js" ? "j" : "n"}`;
  const surname = `Teste${unique}`;
  const name = `Beatriz ${surname}`;
  const email = `psi.${unique}@exemplo.com.br`;
  const crp = `06/${String(Date.now() % 1_000_000).padStart(6, "0")}`;

  // Registers as a psychologist.
  await page.goto("/psychologist-register");
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("CRP").fill(crp);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirmar senha").fill(PASSWORD);
  await page.getByLabel(/Li e aceito os/).check();
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/login\?verify=1$/);

  // Confirms the address in the same browser: signed in, on the professional profile.
  await page.goto("/dev/outbox");
  await page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: "email_verification" }).first().getByRole("link").first().click();
  await page.getByRole("link", { name: "Confirmar e-mail" }).click();
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expect(page).toHaveURL(/\/psychologist-profile$/);

  // The dashboard says it is in review.
  await page.goto("/psychologist-dashboard");
  await expect(page.getByText(/em análise/i).first()).toBeVisible();

  // The admin approves.
  await context.clearCookies();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: "Ver perfil completo" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(crp).first()).toBeVisible();
  await page.getByRole("button", { name: "Aprovar" }).click();
  await expect(page.getByText("Psicólogo aprovado. Ele já aparece para os pacientes.")).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: "Aprovados" })).toBeVisible();

  // The psychologist publishes weekly hours and prices.
  await context.clearCookies();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/psychologist-dashboard$/);
  await page.getByRole("link", { name: "Agenda 24h" }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/agenda$/);
  const weekly = page.getByRole("region", { name: "Horários semanais" });
  await weekly.getByLabel("Dia da semana").selectOption({ label: "Segunda-feira" });
  await weekly.getByLabel("Início").selectOption("09:00");
  await weekly.getByLabel("Fim").selectOption("12:00");
  await weekly.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Horário semanal adicionado com sucesso!")).toBeAttached();
  await expect(weekly.getByText("09:00 - 12:00")).toBeVisible();

  await page.getByRole("link", { name: "Preços" }).click();
  await page.getByLabel("Preço da consulta de 30 minutos").fill("130.00");
  await page.getByLabel("Preço da consulta de 60 minutos").fill("210.00");
  await page.getByRole("button", { name: "Salvar preços" }).click();
  await expect(page.getByText("Preços salvos com sucesso!")).toBeAttached();
  await expect(page.getByLabel("Preço da consulta de 60 minutos")).toHaveValue("210.00");

  // A visitor finds them.
  await context.clearCookies();
  await page.goto(`/psychologists?q=${encodeURIComponent(surname)}`);
  await expect(page.getByText(name).first()).toBeVisible();
});
