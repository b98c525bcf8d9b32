import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * With JavaScript, pages change without a page load: focus goes to the new
 * page's main content and its title is read out (a polite live region), as a
 * screen reader would get from a page load; a change of the query alone
 * (the directory's filters) leaves focus in the form.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client-side navigation only");

test("a page reached by a link takes focus and is announced; a filter change keeps focus", async ({ page }) => {
  await page.goto("/");
  // A page load starts at the document, as browsers do, and announces nothing.
  await expect(page.locator("main#main")).not.toBeFocused();
  const announcer = page.locator("[data-route-announcer]");
  await expect(announcer).toHaveText("");

  await page.getByRole("main").getByRole("link", { name: "Encontrar um psicólogo" }).click();
  await expect(page).toHaveURL(/\/psychologists$/);
  await expect(page.locator("main#main")).toBeFocused();
  await expect(announcer).toHaveText(await page.title());
  expect(await page.title()).not.toBe("");

  const price = page.getByRole("search", { name: "Filtros" }).getByLabel("Faixa de preço");
  await price.focus();
  await price.selectOption("gt350");
  await expect(page).toHaveURL(/price=gt350/);
  await expect(price).toBeFocused();
});

test("a field the new page focuses keeps its focus", async ({ page }) => {
  await page.goto("/psychologists?sort=name");
  await page.locator("article").first().getByRole("link", { name: "Ver Perfil" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The profile opens as a modal dialog, which takes focus itself.
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
});

test("a dashboard tab link keeps focus when its tab opens, and the tab is announced", async ({ page }) => {
  await signIn(page, "psicologa@acolhe.dev", "acolhe-demo-2026");
  await page.goto("/psychologist-dashboard");
  const pricing = page.getByRole("navigation", { name: "Abas do painel" }).getByRole("link", { name: "Preços" });
  await pricing.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/psychologist-dashboard\/pricing$/);
  // The tab is announced by its own title (the address changes before the title does: wait for the title).
  await expect(page).toHaveTitle("Preços — Dashboard do Psicólogo | Acolhe");
  await expect(page.locator("[data-route-announcer]")).toHaveText("Preços — Dashboard do Psicólogo | Acolhe");
  // Arrowing on through the tabs stays possible: focus is not sent back to the top of the page.
  await expect(pricing).toBeFocused();
});
