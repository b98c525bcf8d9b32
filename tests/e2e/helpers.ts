import type { Page } from "@playwright/test";

/** Opens the phone navigation (a <details> disclosure) and returns it. */
export async function openMenu(page: Page) {
  const menu = page.locator("[data-mobile-menu]");
  await menu.getByLabel("Menu", { exact: true }).click();
  return menu;
}
