import { expect, test } from "@playwright/test";
import { openStep2, signUpPatient } from "./helpers";

/**
 * Cancelling as a patient would (issue 13), with JavaScript on and off: a new
 * patient books a consultation 12 to 24 hours ahead, pays, then cancels it
 * from 'Meu Painel' — the dialog (or, without JavaScript, the page) says half
 * goes back before confirming, and afterwards the card says where the refund stands.
 */

const PASSWORD = "senha-da-paciente-e2e";
// Seeded with every day 07:00–23:00, 60 minutes at R$ 200,00; no other journey books her.
const PSYCHOLOGIST = "Ana Beatriz Fonseca";
const HOUR = 3_600_000;

const brasiliaDate = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(instant);

test("a patient cancels 12 to 24 hours ahead and gets half back", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  // A new patient of their own: no other journey's consultation stands in the way.
  const email = `cancela.${Date.now().toString(36)}${testInfo.project.name === "js" ? "j" : "n"}@exemplo.com.br`;
  await signUpPatient(page, { name: "Clara Nunes Prado", email, password: PASSWORD });

  // Step 2 of the psychologist, for the days that hold the window of a 50 % refund, a few minutes inside each end.
  const step2 = await openStep2(page, PSYCHOLOGIST);
  const from = Date.now() + 12 * HOUR + 10 * 60_000;
  const to = Date.now() + 24 * HOUR - 10 * 60_000;
  let chosen: string | null = null;
  for (const day of [...new Set([brasiliaDate(new Date(from)), brasiliaDate(new Date(to))])]) {
    step2.searchParams.set("date", day);
    step2.searchParams.set("duration", "60");
    await page.goto(step2.pathname + step2.search);
    const values = await Promise.all((await page.locator('input[name="startsAt"]').all()).map((input) => input.getAttribute("value")));
    chosen = values.find((value) => value !== null && Date.parse(value) >= from && Date.parse(value) <= to) ?? null;
    if (chosen) break;
  }
  expect(chosen, "a free slot 12 to 24 hours ahead").not.toBeNull();
  await page.locator(`input[name="startsAt"][value="${chosen}"]`).check();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByRole("heading", { name: "Confirme e pague" })).toBeVisible();
  // The policy in force is said before paying.
  await expect(page.getByText(/Cancelamento: reembolso integral com 24 horas/)).toBeVisible();
  const consent = page.getByRole("checkbox", { name: /dados de saúde/ });
  if ((await consent.count()) > 0) await consent.check();
  await page.getByRole("button", { name: "Pagar com Mercado Pago" }).click();
  await page.getByRole("button", { name: "Aprovar pagamento" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento Realizado!" })).toBeVisible();

  // From 'Meu Painel': without JavaScript the cancel page, with it the same form in a dialog; either says what goes back, then cancels.
  await page.goto("/patient-dashboard");
  const card = page.locator("article").filter({ hasText: PSYCHOLOGIST }).filter({ hasText: "Confirmada" }).filter({ has: page.getByRole("link", { name: "Cancelar consulta" }) });
  await card.first().getByRole("link", { name: "Cancelar consulta" }).click();
  const withScript = testInfo.project.name === "js";
  const form = withScript ? page.getByRole("dialog", { name: "Cancelar consulta" }) : page.locator("main");
  if (withScript) {
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
  } else {
    await expect(page).toHaveURL(/\/appointment\/[0-9a-f-]{36}\/cancel$/);
  }
  await expect(form.getByText(/Reembolso de 50%: R\$\s?100,00 voltam para você\./)).toBeVisible();
  // A reason of spaces passes the browser's check but not the server's: said, nothing cancelled, the dialog still open.
  await form.getByLabel("Motivo do cancelamento").fill("   ");
  await form.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(form.getByText("Por favor, informe o motivo do cancelamento")).toBeVisible();
  await form.getByLabel("Motivo do cancelamento").fill("Surgiu um compromisso de trabalho");
  await form.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(page).toHaveURL(/\/patient-dashboard$/);
  await expect(page.getByText("A consulta foi cancelada com sucesso.")).toBeAttached();
  await page.goto("/patient-dashboard?tab=history");
  await expect(page.getByText(/Reembolso de R\$\s?100,00 (em processamento|concluído)\./).first()).toBeVisible();
});
