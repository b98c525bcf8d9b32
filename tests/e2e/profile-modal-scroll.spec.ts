import { expect, test } from "@playwright/test";

/**
 * The profile over the directory is sent as an open <dialog> and made modal
 * once the page is live. On a slow phone the visitor may already have scrolled
 * down the profile: becoming modal must not jump back to the top (showModal
 * focuses the close link there), or their next tap lands on something else.
 */

test.use({ viewport: { width: 320, height: 740 } });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the page becoming live");

test("a profile scrolled before the page is live stays where it was when it becomes modal", async ({ page }) => {
  await page.goto("/psychologists?q=Renata%20Vasconcelos");
  const step1 = new URL((await page.getByRole("link", { name: "Agendar", exact: true }).first().getAttribute("href"))!, page.url());

  // Hold the scripts: the page is read and scrolled as a slow phone shows it before JavaScript runs.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/psychologists/${step1.searchParams.get("psychologistId")}`, { waitUntil: "domcontentloaded" });
  const dialog = page.locator("dialog");
  await expect(dialog).toBeVisible();
  const scrolled = await dialog.evaluate((element) => {
    element.scrollTop = 300;
    return element.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(100);

  release();
  await page.waitForFunction(() => document.querySelector("dialog")?.matches(":modal"));
  expect(await dialog.evaluate((element) => element.scrollTop)).toBe(scrolled);
});
