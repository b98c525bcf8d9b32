import { expect, test } from "@playwright/test";

/**
 * The patients tab (issue 14, item 1), with JavaScript on and off: the demo
 * psychologist opens 'Pacientes', sees a patient of her seeded practice with
 * the total and status, searches by name without the accent, and opens the
 * patient's page with the history and the privacy notice.
 */

const PSYCHOLOGIST = { email: "psicologa@acolhe.dev", password: "acolhe-demo-2026" };
// A seeded patient of the demo practice with consultations every few days; no journey signs in as him.
const PATIENT = "João Ferreira";

test("the demo psychologist finds a patient of her practice and opens his page", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(PSYCHOLOGIST.email);
  await form.getByLabel("Senha", { exact: true }).fill(PSYCHOLOGIST.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard$/);

  await page.getByRole("link", { name: "Pacientes", exact: true }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/patients$/);
  await expect(page.getByRole("heading", { name: "Pacientes", level: 2 })).toBeVisible();
  await expect(page.getByText(/dados sensíveis ficam ocultos/)).toBeVisible();

  // His row: a total of consultations and 'Ativo' (the seeded practice saw him in the last weeks).
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: PATIENT }) });
  await expect(row).toBeVisible();
  const total = Number(await row.locator("td").nth(1).innerText());
  expect(total).toBeGreaterThan(1);
  await expect(row.getByText("Ativo", { exact: true })).toBeVisible();

  // Searching without the accent finds him and only the matching patients.
  await page.getByLabel("Nome ou e-mail").fill("joao ferr");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/[?&]q=joao\+ferr/);
  await expect(page.getByRole("rowheader")).toHaveCount(1);
  await expect(page.getByRole("rowheader", { name: PATIENT })).toBeVisible();
  await expect(page.getByText("1 paciente", { exact: true })).toBeVisible();

  // His page: the same total, the history with this psychologist, the notice, links to consultations and the records.
  await page.getByRole("link", { name: `Ver detalhes de ${PATIENT}` }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/patients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: PATIENT, level: 2 })).toBeVisible();
  await expect(page.getByText(/dados sensíveis ficam ocultos/)).toBeVisible();
  await expect(page.getByText(`${total} consultas`, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Abrir prontuário" })).toHaveAttribute("href", /\/psychologist-dashboard\/records\?patient=[0-9a-f-]{36}$/);
  const history = page.getByRole("region", { name: "Histórico de consultas com você" });
  await expect(history.getByRole("link", { name: "Ver consulta" }).first()).toBeVisible();

  // A consultation of the history opens its own page.
  await history.getByRole("link", { name: "Ver consulta" }).first().click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: new RegExp(PATIENT) })).toBeVisible();
});
