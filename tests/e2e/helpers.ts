import { expect, type Page } from "@playwright/test";

/** Opens the phone navigation (a <details> disclosure) and returns it. */
export async function openMenu(page: Page) {
  const menu = page.locator("[data-mobile-menu]");
  // A click that lands while the page hydrates can be undone by it: click until the disclosure stays open.
  await expect(async () => {
    if ((await menu.getAttribute("open")) === null) await menu.getByLabel("Menu", { exact: true }).click();
    await expect(menu).toHaveAttribute("open", "", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}

/** Opens the newest verification e-mail for `email` in the development outbox and confirms the address in this browser. */
export async function confirmFromOutbox(page: Page, email: string) {
  await page.goto("/dev/outbox");
  await page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: "email_verification" }).first().getByRole("link").first().click();
  await page.getByRole("link", { name: "Confirmar e-mail" }).click();
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
}

/** Signs up a new patient through /register and confirms the address: signed in, on 'Meu Painel'. */
export async function signUpPatient(page: Page, patient: { name: string; email: string; password: string }) {
  await page.goto("/register");
  await page.getByLabel("Nome completo").fill(patient.name);
  await page.getByLabel("E-mail", { exact: true }).fill(patient.email);
  await page.getByLabel("Senha", { exact: true }).fill(patient.password);
  await page.getByLabel("Confirmar senha").fill(patient.password);
  await page.getByLabel(/Li e aceito os/).check();
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/login\?verify=1$/);
  await confirmFromOutbox(page, patient.email);
  await expect(page).toHaveURL(/\/patient-dashboard$/);
}

/** From step 2 of booking: picks the slot starting at `startsAt` (ISO), goes on to 'Confirme e pague' and pays at the local checkout. */
export async function bookAndPay(page: Page, startsAt: string) {
  await page.locator(`input[name="startsAt"][value="${startsAt}"]`).check();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByRole("heading", { name: "Confirme e pague" })).toBeVisible();
  const consent = page.getByRole("checkbox", { name: /dados de saúde/ });
  if ((await consent.count()) > 0) await consent.check();
  await page.getByRole("button", { name: "Pagar com Mercado Pago" }).click();
  await page.getByRole("button", { name: "Aprovar pagamento" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento Realizado!" })).toBeVisible();
}

/** Signs in through /login (any earlier session's cookies cleared) and waits until the form has left /login. */
export async function signIn(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Senha", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
  // With JavaScript the post is a fetch: wait for it before navigating on.
  await expect(page).not.toHaveURL(/\/login/);
}

/** From the directory, a psychologist's profile, 'Agendar Consulta' and step 1's 'Próximo': the URL of booking step 2. */
export async function openStep2(page: Page, psychologist: string): Promise<URL> {
  await page.goto(`/psychologists?q=${encodeURIComponent(psychologist)}`);
  await page.getByRole("article").filter({ hasText: psychologist }).first().getByRole("link", { name: "Ver Perfil" }).click();
  await page.getByRole("link", { name: "Agendar Consulta" }).first().click();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page).toHaveURL(/\/schedule\/step2\?/);
  return new URL(page.url());
}

/**
 * Nothing wider than the phone. Against the viewport's set width, not
 * innerWidth: on a mobile device the layout viewport grows with what overflows.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const { width } = page.viewportSize()!;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
