import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * Blocking an account ticks its upcoming consultations for 'Cancelar com reembolso integral' (ADR 020), with JavaScript
 * on as without: the page is not reloaded then, and the boxes must not keep the unticked state they were first drawn with.
 */

const ADMIN = { email: "admin@acolhe.dev", password: "acolhe-demo-2026" };
test("blocking an account ticks its upcoming consultations; unblocking unticks them", async ({ page }, testInfo) => {
  // Seeded patients of the demo psychologist with consultations in the next two weeks (signed in by no other journey), one per project as they run at once.
  const PATIENT = testInfo.project.name === "js" ? "pedro.demo@paciente.acolhe.dev" : "miguel.demo@paciente.acolhe.dev";
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/users?q=${encodeURIComponent(PATIENT)}`);
  await page.getByRole("row").filter({ hasText: PATIENT }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const boxes = page.locator('input[name="appointmentId"]');
  await expect(boxes.first()).toBeVisible();
  await expect(boxes.first()).not.toBeChecked();

  await page.getByLabel("Motivo do bloqueio").fill("Contestação de pagamento em análise");
  await page.getByRole("button", { name: "Bloquear conta", exact: true }).click();
  await expect(page.getByRole("button", { name: "Desbloquear conta", exact: true })).toBeVisible();
  const count = await boxes.count();
  for (let index = 0; index < count; index += 1) await expect(boxes.nth(index)).toBeChecked();

  await page.getByRole("button", { name: "Desbloquear conta", exact: true }).click();
  await expect(page.getByRole("button", { name: "Bloquear conta", exact: true })).toBeVisible();
  await expect(boxes.first()).not.toBeChecked();
});
