import { expect, test } from "@playwright/test";

/**
 * Cancelling as a patient would (issue 13), with JavaScript on and off: book
 * a consultation for about 18 hours ahead, pay, then cancel it from 'Meu
 * Painel' — the page says half goes back before confirming, and afterwards
 * the card says where the refund stands.
 */

const PATIENT = { email: "paciente@acolhe.dev", password: "acolhe-demo-2026" };
// Seeded with every day 07:00–23:00, 60 minutes at R$ 350,00.
const PSYCHOLOGIST = "Rodrigo Pires";
const HOUR = 3_600_000;

const brasiliaDate = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(instant);

test("a patient cancels 13 to 23 hours ahead and gets half back", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(PATIENT.email);
  await form.getByLabel("Senha", { exact: true }).fill(PATIENT.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/patient-dashboard/);

  // Step 2 of the psychologist, for the days that hold the window [now + 13 h, now + 23 h].
  await page.goto(`/psychologists?q=${encodeURIComponent(PSYCHOLOGIST)}`);
  await page.getByRole("article").filter({ hasText: PSYCHOLOGIST }).first().getByRole("link", { name: "Ver Perfil" }).click();
  await page.getByRole("link", { name: "Agendar Consulta" }).first().click();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page).toHaveURL(/\/schedule\/step2\?/);
  const step2 = new URL(page.url());
  const from = Date.now() + 13 * HOUR;
  const to = Date.now() + 23 * HOUR;
  let chosen: string | null = null;
  for (const day of [...new Set([brasiliaDate(new Date(from)), brasiliaDate(new Date(to))])]) {
    step2.searchParams.set("date", day);
    step2.searchParams.set("duration", "60");
    await page.goto(step2.pathname + step2.search);
    const values = await Promise.all((await page.locator('input[name="startsAt"]').all()).map((input) => input.getAttribute("value")));
    chosen = values.find((value) => value !== null && Date.parse(value) >= from && Date.parse(value) <= to) ?? null;
    if (chosen) break;
  }
  expect(chosen, "a free slot 13 to 23 hours ahead").not.toBeNull();
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

  // From 'Meu Painel': the cancel page says what goes back, then cancels.
  await page.goto("/patient-dashboard");
  const card = page.locator("article").filter({ hasText: PSYCHOLOGIST }).filter({ hasText: "Confirmada" }).filter({ has: page.getByRole("link", { name: "Cancelar consulta" }) });
  await card.first().getByRole("link", { name: "Cancelar consulta" }).click();
  await expect(page).toHaveURL(/\/appointment\/[0-9a-f-]{36}\/cancel$/);
  await expect(page.getByText(/Reembolso de 50%: R\$\s?175,00 voltam para você\./)).toBeVisible();
  // A reason of spaces passes the browser's check but not the server's: said, nothing cancelled.
  await page.getByLabel("Motivo do cancelamento").fill("   ");
  await page.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(page.getByText("Por favor, informe o motivo do cancelamento")).toBeVisible();
  await page.getByLabel("Motivo do cancelamento").fill("Surgiu um compromisso de trabalho");
  await page.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(page).toHaveURL(/\/patient-dashboard$/);
  await expect(page.getByText("A consulta foi cancelada com sucesso.")).toBeAttached();
  await page.goto("/patient-dashboard?tab=history");
  await expect(page.getByText(/Reembolso de R\$\s?175,00 (em processamento|concluído)\./).first()).toBeVisible();
});
