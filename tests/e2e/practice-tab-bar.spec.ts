import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * The psychologist's ten tabs on a phone scroll sideways in one bar. Opening
 * a tab far along it ('Faturamento', 'Saúde do sistema') showed the bar at its
 * start, the current tab out of sight: the bar now brings it in, left to right
 * and right to left. Without JavaScript nothing can scroll the bar.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the bar is scrolled by the page's script");

/** The tab bar: the one navigation that links to every tab. */
const TAB_BAR = 'nav:has(a[href="/psychologist-dashboard/health"])';

/** The current tab's left and right edges, and the phone's width. */
async function currentTabEdges(page: Page) {
  const tab = page.locator(TAB_BAR).locator('a[aria-current="page"]');
  const box = (await tab.boundingBox())!;
  return { left: Math.round(box.x), right: Math.round(box.x + box.width), width: page.viewportSize()!.width };
}

async function expectCurrentTabInView(page: Page, path: string) {
  await expect(page.locator(TAB_BAR).locator(`a[aria-current="page"][href="${path}"]`)).toBeAttached();
  await expect.poll(async () => {
    const { left, right, width } = await currentTabEdges(page);
    return left >= 0 && right <= width;
  }, { message: path }).toBe(true);
}

for (const lng of ["pt-BR", "ar"]) {
  test(`the current tab is in sight on a phone (${lng})`, async ({ page }) => {
    await signIn(page, "psicologa@acolhe.dev", "acolhe-demo-2026");
    await page.request.post("/set-locale", { form: { lng } });
    for (const path of ["/psychologist-dashboard/billing", "/psychologist-dashboard/health", "/psychologist-dashboard"]) {
      await page.goto(path);
      await expectCurrentTabInView(page, path);
    }
    // Moving between tabs in the page (no new document) brings the new one in too.
    await page.goto("/psychologist-dashboard/health");
    await expectCurrentTabInView(page, "/psychologist-dashboard/health");
    // A click event, not Playwright's click, which would scroll the link into sight itself first.
    await page.locator(TAB_BAR).locator('a[href="/psychologist-dashboard"]').dispatchEvent("click");
    await expectCurrentTabInView(page, "/psychologist-dashboard");
  });
}
