import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, signUpPatient } from "./helpers";

/**
 * 'Meu Painel' on a 320 px phone: a long status ('Aguardando pagamento')
 * beside the psychologist's name drops below it instead of squeezing the
 * name into one letter per line.
 */

test.use({ viewport: { width: 320, height: 740 } });

test("an appointment awaiting payment keeps its psychologist's name readable at 320 px", async ({ page }, testInfo) => {
  await signUpPatient(page, {
    name: "Paciente Tela Estreita",
    email: `estreita.${testInfo.project.name}.${Date.now().toString(36)}@exemplo.com.br`,
    password: "senha-da-tela-estreita",
  });

  // A hold on the last free day of next month with a psychologist no other journey books.
  await page.goto("/psychologists?q=Samir%20Haddad");
  const step1 = new URL((await page.getByRole("link", { name: "Agendar", exact: true }).first().getAttribute("href"))!, page.url());
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const month = next.toISOString().slice(0, 7);
  await page.goto(`/schedule/step2?psychologistId=${step1.searchParams.get("psychologistId")}&month=${month}`);
  await page.locator('main a[href*="date="]').last().click();
  await page.locator('input[name="startsAt"]').first().check();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByRole("heading", { name: "Confirme e pague" })).toBeVisible();
  const consent = page.getByRole("checkbox", { name: /dados de saúde/ });
  if ((await consent.count()) > 0) await consent.check();
  await page.getByRole("button", { name: "Pagar com Mercado Pago" }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\//);

  await page.goto("/patient-dashboard");
  const card = page.getByRole("article").filter({ hasText: "Aguardando pagamento" });
  const name = card.getByRole("heading", { name: "Samir Haddad" });
  await expect(name).toBeVisible();
  // Squeezed by the badge, the name had no width left (one letter per line, or none at all).
  const box = (await name.boundingBox())!;
  expect(box.width).toBeGreaterThan(100);
  expect(box.height).toBeLessThan(60);
  await expectNoSidewaysScroll(page);
});
