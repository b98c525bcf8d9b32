import { expect, test } from "@playwright/test";
import { bookAndPay, openStep2, signIn, signUpPatient } from "./helpers";

/**
 * The administrator's money, as they would run it (issue 15), with
 * JavaScript on and off: a new patient books and pays a consultation; the
 * admin finds them by e-mail, opens the payment, refunds part of it with a
 * reason — the patient's card says so — then cancels the consultation with
 * everything back, and the patient's dashboard says 'Reembolsado'.
 */

const PASSWORD = "senha-do-paciente-e2e";
const ADMIN = { email: "admin@acolhe.dev", password: "acolhe-demo-2026" };
// Seeded with weekday mornings and afternoons at R$ 110,00; no other journey books her.
const PSYCHOLOGIST = "Renata Vasconcelos";
const DAY = 86_400_000;

const brasiliaDate = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(instant);

test("the admin refunds part of a consultation, then cancels it with everything back; the patient sees 'Reembolsado'", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = `reembolso.${Date.now().toString(36)}${testInfo.project.name === "js" ? "j" : "n"}@exemplo.com.br`;
  await signUpPatient(page, { name: "Otávio Reis Lima", email, password: PASSWORD });

  // The first free 60-minute slot from three days ahead.
  const step2 = await openStep2(page, PSYCHOLOGIST);
  let chosen: string | null = null;
  for (let days = 3; days < 14 && !chosen; days++) {
    step2.searchParams.set("date", brasiliaDate(new Date(Date.now() + days * DAY)));
    step2.searchParams.set("duration", "60");
    await page.goto(step2.pathname + step2.search);
    const slots = page.locator('input[name="startsAt"]');
    if ((await slots.count()) > 0) chosen = await slots.first().getAttribute("value");
  }
  expect(chosen, "a free slot within two weeks").not.toBeNull();
  await bookAndPay(page, chosen!);

  // The admin finds the patient by e-mail and opens the payment.
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: "Pessoas" }).first().click();
  await page.getByLabel("Nome, e-mail ou CPF").fill(email);
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Otávio Reis Lima" }).click();
  await expect(page.getByRole("heading", { name: "Otávio Reis Lima", level: 1 })).toBeVisible();
  await page.getByRole("region", { name: "Pagamentos" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /Pagamento de R\$\s?110,00/ })).toBeVisible();

  // A partial refund: more than is left is refused in Portuguese, then R$ 50,00 with a reason.
  const refund = page.getByRole("form", { name: "Reembolsar" });
  await expect(refund.getByText(/Ainda pode ser reembolsado: R\$\s?110,00\./)).toBeVisible();
  await refund.getByLabel("Valor (R$)").fill("120,00");
  await refund.getByLabel(/Motivo \(obrigatório/).fill("Cobrança em duplicidade informada pelo paciente");
  await refund.getByRole("button", { name: "Reembolsar" }).click();
  await expect(page.getByText("O valor deve ser maior que zero e no máximo o que ainda pode ser reembolsado.")).toBeVisible();
  await refund.getByLabel("Valor (R$)").fill("50,00");
  await refund.getByLabel(/Motivo \(obrigatório/).fill("Cobrança em duplicidade informada pelo paciente");
  await refund.getByRole("button", { name: "Reembolsar" }).click();
  await expect(page.getByText("Reembolso realizado. Paciente e psicólogo(a) foram avisados por e-mail.")).toBeAttached();
  await expect(page.getByText(/Ainda pode ser reembolsado: R\$\s?60,00\./)).toBeVisible();
  const paymentPage = page.url();

  // The patient's card says what came back.
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/patient-dashboard$/);
  const card = page.locator("article").filter({ hasText: PSYCHOLOGIST });
  await expect(card.getByText(/Reembolsado em parte: R\$\s?50,00/)).toBeVisible();

  // The admin cancels the consultation, still ahead, with everything back.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(paymentPage);
  const cancel = page.getByRole("form", { name: "Cancelar consulta com reembolso integral" });
  await cancel.getByLabel(/Motivo do cancelamento/).fill("Profissional indisponível; combinado com o paciente");
  await cancel.getByRole("button", { name: "Cancelar com reembolso integral" }).click();
  await expect(page.getByText("Consulta cancelada. O reembolso integral foi iniciado e os dois foram avisados.")).toBeAttached();

  // The rest goes back by the refund job; the patient's history then says 'Reembolsado'.
  await signIn(page, email, PASSWORD);
  await expect(async () => {
    await page.goto("/patient-dashboard?tab=history");
    await expect(page.locator("article").filter({ hasText: PSYCHOLOGIST }).getByText("Reembolsado", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator("article").filter({ hasText: PSYCHOLOGIST }).getByText("Cancelada")).toBeVisible();
});
