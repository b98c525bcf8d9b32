import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * The psychologist's dashboard under axe on a phone: in the dark theme the
 * calendars' weekday headers and the agenda's 'Remover' buttons keep WCAG AA
 * contrast (slate-500 and red-700 on slate-900 were 3.75:1 and 2.75:1), and
 * the billing and report tables, wider than the phone and with nothing
 * focusable inside, can be scrolled from the keyboard (WCAG 2.1.1).
 */

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// axe is injected as a script: the page's CSP would refuse it, and without JavaScript it cannot run.
test.use({ bypassCSP: true });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");

async function violations(page: Page, rules: string[]): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values } });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
  }, rules);
}

test("the agenda and the consultations calendar are readable in the dark theme", async ({ page }) => {
  await signIn(page, "psicologa@acolhe.dev", "acolhe-demo-2026");
  await page.request.post("/set-theme", { form: { theme: "dark" } });
  for (const path of ["/psychologist-dashboard/agenda", "/psychologist-dashboard/appointments?view=calendar"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await violations(page, ["color-contrast"]), path).toEqual([]);
  }
});

test("the billing and report tables scroll sideways from the keyboard", async ({ page }) => {
  await signIn(page, "psicologa@acolhe.dev", "acolhe-demo-2026");
  for (const path of ["/psychologist-dashboard/billing", "/psychologist-dashboard/reports"]) {
    await page.goto(path);
    await expect(page.getByRole("table").first()).toBeVisible();
    expect(await violations(page, ["scrollable-region-focusable"]), path).toEqual([]);
  }
  // Named by what it holds: a screen reader says which table it is in.
  await expect(page.getByRole("region", { name: /Pré-visualização|Relatório financeiro/ }).first()).toBeVisible();
});
