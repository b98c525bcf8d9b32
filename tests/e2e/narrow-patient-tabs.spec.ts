import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, signIn } from "./helpers";

/**
 * 'Meu Painel' at 320 px: its three tabs ('Próximas', 'Histórico', 'Meu
 * Perfil') are all on screen, none cut off at the edge of a tab bar that
 * scrolled sideways; the bar wraps instead.
 */

test.use({ viewport: { width: 320, height: 740 } });

test("every tab of the patient dashboard is visible and reachable at 320 px", async ({ page }) => {
  await signIn(page, "paciente@acolhe.dev", "acolhe-demo-2026");
  await page.goto("/patient-dashboard");
  const bar = page.getByRole("navigation", { name: "Seções do painel" });
  const tabs = bar.getByRole("link");
  await expect(tabs).toHaveCount(3);
  for (const tab of await tabs.all()) {
    await expect(tab).toBeVisible();
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  }
  // Nothing hidden in a sideways scroll of the bar itself.
  const list = bar.locator("ul");
  expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await bar.getByRole("link", { name: "Meu Perfil" }).click();
  await expect(page).toHaveURL(/tab=profile/);
  await expectNoSidewaysScroll(page);
});
