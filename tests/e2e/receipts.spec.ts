import { expect, test, type Page } from "@playwright/test";

/**
 * Receipts and reports (issue 14), with JavaScript on and off: the demo
 * patient downloads the receipt of her past paid consultation from 'Meu
 * Painel', and the demo psychologist previews and downloads the fiscal report
 * of the last 30 days.
 */

const PASSWORD = "acolhe-demo-2026";

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test("the demo patient downloads a receipt from Meu Painel", async ({ page }) => {
  await signIn(page, "paciente@acolhe.dev");
  await page.goto("/patient-dashboard?tab=history");
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: /recibo/i }) }).first();
  await expect(card).toBeVisible();
  const file = await downloaded(page, () => card.getByRole("link", { name: /recibo/i }).click());
  expect(file.name).toMatch(/^recibo-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/);
  expect(file.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("the demo psychologist previews and downloads the fiscal report of the last 30 days", async ({ page }, testInfo) => {
  await signIn(page, "psicologa@acolhe.dev");
  await page.goto("/psychologist-dashboard");
  await page.getByRole("link", { name: "Relatórios" }).first().click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/reports/);
  await page.getByLabel("Tipo de relatório").selectOption("fiscal");
  await page.getByRole("button", { name: "Pré-visualizar" }).click();
  await expect(page.getByRole("heading", { name: /Pré-visualização: Relatório fiscal/ })).toBeVisible();
  await expect(page.getByRole("table").first().getByRole("row")).not.toHaveCount(1);

  await page.getByLabel("Formato").selectOption("excel");
  const file = await downloaded(page, () => page.getByRole("button", { name: "Gerar relatório" }).click());
  expect(file.name).toMatch(/^relatorio-fiscal-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // An .xlsx is a zip file.
  expect(file.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  if (testInfo.project.name === "js") await expect(page.getByRole("status").filter({ hasText: "Relatório exportado com sucesso!" })).toBeVisible();

  await page.getByLabel("Formato").selectOption("pdf");
  const pdf = await downloaded(page, () => page.getByRole("button", { name: "Gerar relatório" }).click());
  expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // A range that ends before it starts: the tab says why.
  await page.getByLabel("Data inicial").fill("2026-10-31");
  await page.getByLabel("Data final").fill("2026-10-01");
  await page.getByRole("button", { name: "Pré-visualizar" }).click();
  await expect(page.getByText("A data inicial deve ser anterior ou igual à data final")).toBeVisible();
});
