import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";

/**
 * The prontuário (issue 14), with JavaScript on and off: the demo
 * psychologist opens one of her past consultations from the records tab,
 * writes and saves a note ('Anotações salvas com sucesso') and exports it
 * as a PDF (a plain link: a download with or without JavaScript).
 */

const PSYCHOLOGIST = { email: "psicologa@acolhe.dev", password: "acolhe-demo-2026" };

test("the demo psychologist writes a note on a past consultation, saves it and exports the PDF", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const js = testInfo.project.name === "js";
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(PSYCHOLOGIST.email);
  await form.getByLabel("Senha", { exact: true }).fill(PSYCHOLOGIST.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard$/);

  await page.goto("/psychologist-dashboard/records");
  await expect(page.getByRole("heading", { name: "Prontuários" })).toBeVisible();
  // Each project takes its own consultation, so the two never write the same note at once.
  const card = page.locator("article").filter({ hasText: "Concluída" }).nth(js ? 0 : 1);
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/records\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/Confidencial/)).toBeVisible();

  const save = page.getByRole("button", { name: "Salvar", exact: true });
  // With JavaScript 'Salvar' waits for a change (which also shows the page is hydrated); without it, it is always there.
  if (js) await expect(save).toBeDisabled();
  else await expect(save).toBeEnabled();

  const text = `Nota de teste ${Date.now().toString(36)}: paciente relata melhora do sono e menos ansiedade.`;
  const notes = page.getByLabel("Anotações", { exact: true });
  await notes.fill(text);
  if (js) {
    await expect(page.getByText("Alterações não salvas")).toBeVisible();
    await expect(page.getByText(`${text.length} de 20.000 caracteres`)).toBeVisible();
  }
  await save.click();
  await expect(page.getByText("Anotações salvas com sucesso")).toBeVisible();
  await expect(notes).toHaveValue(text);
  if (js) await expect(page.getByText("Todas as alterações foram salvas")).toBeVisible();
  await expect(page.getByRole("complementary").getByText(/Versão \d+/).first()).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^prontuario-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
});
