import { expect, test } from "@playwright/test";

/**
 * 'Compartilhar' on a 320 px phone: on the profile pages the button wraps to
 * the start of its row, and its popover, pinned to the button's end, opened
 * off the screen's start edge (its networks unreadable, and untappable).
 */

test.use({ viewport: { width: 320, height: 740 } });

for (const [kind, path] of [
  ["full profile", (id: string) => `/psychologist-details/${id}`],
  ["profile", (id: string) => `/psychologists/${id}`],
] as const) {
  test(`the share popover of the ${kind} stays on a 320 px screen`, async ({ page, javaScriptEnabled }) => {
    await page.goto("/psychologists?q=Renata%20Vasconcelos");
    const step1 = new URL((await page.getByRole("link", { name: "Agendar", exact: true }).first().getAttribute("href"))!, page.url());
    await page.goto(path(step1.searchParams.get("psychologistId")!));
    // This test is about where the popover opens, not about a tap racing the page becoming live.
    if (javaScriptEnabled && kind === "profile") await page.waitForFunction(() => document.querySelector("dialog")?.matches(":modal"));
    await page.locator("[data-share-menu] > summary").first().click();
    const panel = page.locator("[data-share-menu] .share-panel").first();
    await expect(panel.getByRole("button", { name: "Facebook" })).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  });
}
