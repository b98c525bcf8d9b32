import { expect, test, type Page } from "@playwright/test";

/**
 * The money path, with JavaScript on and off: from the directory to a
 * profile, 'Agendar', the three steps (signing in on the way), the local
 * checkout, and the return page showing what the server knows. Refusing
 * the payment frees the slot again.
 */

const PATIENT = { email: "paciente@acolhe.dev", password: "acolhe-demo-2026" };
// Seeded with every day 07:00–23:00, 60 minutes at R$ 350,00.
const PSYCHOLOGIST = "Rodrigo Pires";

/** Directory → profile → 'Agendar Consulta' → step 1 → step 2 with a date, 60 minutes and the first free slot. */
async function chooseSlot(page: Page): Promise<{ startsAt: string; step2: string }> {
  await page.goto(`/psychologists?q=${encodeURIComponent(PSYCHOLOGIST)}`);
  const card = page.getByRole("article").filter({ hasText: PSYCHOLOGIST }).first();
  await card.getByRole("link", { name: "Ver Perfil" }).click();
  await page.getByRole("link", { name: "Agendar Consulta" }).first().click();

  await expect(page).toHaveURL(/\/schedule\/step1\?psychologistId=/);
  await expect(page.getByRole("heading", { name: "Escolha o psicólogo" })).toBeVisible();
  await expect(page.getByRole("radio", { name: new RegExp(PSYCHOLOGIST) })).toBeChecked();
  await page.getByRole("button", { name: "Próximo" }).click();

  await expect(page).toHaveURL(/\/schedule\/step2\?/);
  await expect(page.getByRole("heading", { name: "Escolha data, duração e horário" })).toBeVisible();
  let freeDays = page.getByRole("link", { name: /com horários livres/ });
  if ((await freeDays.count()) < 2) {
    await page.getByRole("link", { name: "Próximo mês" }).click();
    await expect(page).toHaveURL(/month=/);
    freeDays = page.getByRole("link", { name: /com horários livres/ });
  }
  // Not today: tomorrow or later has the whole day free.
  await freeDays.nth(1).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await page.getByRole("link", { name: /60 min/ }).click();
  await expect(page).toHaveURL(/duration=60/);
  await expect(page.getByText("Horários em")).toBeVisible();

  const slot = page.getByRole("radio").first();
  const startsAt = (await slot.getAttribute("value"))!;
  await slot.check();
  const step2 = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByRole("button", { name: "Próximo" }).click();
  return { startsAt, step2 };
}

async function signInForBooking(page: Page) {
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fschedule%2Fstep3/);
  await expect(page.getByText("Você precisa estar logado para agendar uma consulta.")).toBeVisible();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(PATIENT.email);
  await form.getByLabel("Senha", { exact: true }).fill(PATIENT.password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function payAtLocalCheckout(page: Page, button: "Aprovar pagamento" | "Recusar pagamento") {
  await expect(page).toHaveURL(/\/schedule\/step3\?/);
  await expect(page.getByRole("heading", { name: "Confirme e pague" })).toBeVisible();
  await expect(page.getByText(PSYCHOLOGIST)).toBeVisible();
  await expect(page.getByText("60 minutos")).toBeVisible();
  await expect(page.getByText(/R\$\s?350,00/)).toBeVisible();
  // The specific consent for health data is asked before the patient's first booking only.
  const consent = page.getByRole("checkbox", { name: /dados de saúde/ });
  if ((await consent.count()) > 0) await consent.check();
  await page.getByRole("button", { name: "Pagar com Mercado Pago" }).click();

  await expect(page).toHaveURL(/\/dev\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("amount")).toHaveText(/R\$\s?350,00/);
  await page.getByRole("button", { name: button }).click();
}

test.describe("booking and payment", () => {
  test("directory → profile → steps 1–3 with sign-in → local checkout 'Aprovar pagamento' → confirmed", async ({ page }) => {
    await chooseSlot(page);
    await signInForBooking(page);
    await payAtLocalCheckout(page, "Aprovar pagamento");

    await expect(page).toHaveURL(/\/appointment\/success\/[0-9a-f-]{36}\?.*status=approved/);
    await expect(page.getByRole("heading", { name: "Pagamento Realizado!" })).toBeVisible();
    await expect(page.getByText("Sua consulta foi agendada com sucesso")).toBeVisible();
    await expect(page.getByText("Pagamento aprovado! Sua consulta foi confirmada.")).toBeVisible();
    await expect(page.getByText("Confirmada", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver Minhas Consultas" })).toHaveAttribute("href", "/patient-dashboard");
    await expect(page.getByRole("link", { name: "Agendar Nova Consulta" })).toHaveAttribute("href", "/schedule");

    // The dashboard shows the paid appointment among the upcoming ones, confirmed.
    await page.getByRole("link", { name: "Ver Minhas Consultas" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard/);
    const card = page.locator("article").filter({ hasText: PSYCHOLOGIST }).filter({ hasText: "Confirmada" });
    await expect(card.first()).toBeVisible();
  });

  test("'Recusar pagamento' → failure page, and the slot is free again on step 2", async ({ page }) => {
    const { startsAt, step2 } = await chooseSlot(page);
    await signInForBooking(page);
    await payAtLocalCheckout(page, "Recusar pagamento");

    await expect(page).toHaveURL(/\/payment\/failure\?.*status=rejected/);
    await expect(page.getByRole("heading", { name: "Pagamento não aprovado" })).toBeVisible();
    await expect(page.getByText("Cartão bloqueado ou vencido")).toBeVisible();
    await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tentar Novamente" })).toHaveAttribute("href", "/patient-dashboard");
    await expect(page.getByRole("link", { name: "Nova Consulta" })).toHaveAttribute("href", "/schedule");

    await page.goto(step2);
    await expect(page.locator(`input[name="startsAt"][value="${startsAt}"]`)).toBeVisible();
  });
});
