import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * The patient's pages in the dark theme keep WCAG AA text contrast (axe's
 * color-contrast rule): small grey hints written for the light theme alone
 * (slate-500 on slate-900, 3.75:1) were unreadable at night.
 */

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// axe is injected as a script: the page's CSP would refuse it, and without JavaScript it cannot run.
test.use({ bypassCSP: true });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");

test("account settings are readable in the dark theme", async ({ page }) => {
  await signIn(page, "paciente@acolhe.dev", "acolhe-demo-2026");
  await page.request.post("/set-theme", { form: { theme: "dark" } });
  await page.goto("/settings");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] } });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")));
  });
  expect(violations).toEqual([]);
});

/** The admin's person and payment pages: their field labels (dt, slate-500) were 3.75:1 on the dark card. */
for (const { list, detail } of [
  { list: "/admin/users", detail: /^\/admin\/users\/[0-9a-f-]{36}$/ },
  { list: "/admin/payments", detail: /^\/admin\/payments\/[0-9a-f-]{36}$/ },
]) {
  test(`an admin's detail page from ${list} is readable in the dark theme`, async ({ page }) => {
    await signIn(page, "admin@acolhe.dev", "acolhe-demo-2026");
    await page.request.post("/set-theme", { form: { theme: "dark" } });
    await page.goto(list);
    const links = await page.locator("main a[href]").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    const href = links.find((candidate) => detail.test(candidate));
    expect(href, `a detail link on ${list}`).toBeTruthy();
    await page.goto(href!);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("main dt").first()).toBeVisible();
    await page.addScriptTag({ path: axeSource });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: Array<{ nodes: Array<{ target: string[] }> }> }> } }).axe;
      const result = await axe.run(document.querySelector("main")!, { runOnly: { type: "rule", values: ["color-contrast"] } });
      return result.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")));
    });
    expect(violations).toEqual([]);
  });
}
