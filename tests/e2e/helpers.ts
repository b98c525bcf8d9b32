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
