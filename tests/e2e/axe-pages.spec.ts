import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * Every page of each side passes axe's WCAG 2.1 A/AA rules, and its landmarks
 * have distinct names, on a phone, in Arabic (right to left, where the
 * translations are shortest) and the dark theme. Found this way: tables that
 * scrolled sideways but could not be reached by the keyboard, and two regions
 * named alike ('الاستشارات القادمة' for the list and the side card).
 */

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");

const SIDES: Array<{ side: string; email?: string; pages: string[]; detail?: Array<{ on: string; link: string }> }> = [
  {
    side: "public",
    pages: ["/", "/psychologists", "/how-it-works", "/terms", "/login", "/register", "/psychologist-register", "/forgot-password", "/schedule"],
    detail: [{ on: "/psychologists", link: 'main a[href^="/psychologists/"]' }],
  },
  { side: "patient", email: "paciente@acolhe.dev", pages: ["/patient-dashboard", "/settings", "/patient-profile"] },
  {
    side: "psychologist",
    email: "psicologa@acolhe.dev",
    pages: ["overview", "appointments", "pricing", "agenda", "patients", "records", "evaluations", "billing", "reports", "health"].map((tab) => (tab === "overview" ? "/psychologist-dashboard" : `/psychologist-dashboard/${tab}`)).concat("/psychologist-profile"),
    detail: [{ on: "/psychologist-dashboard/patients", link: 'main a[href^="/psychologist-dashboard/patients/"]' }],
  },
  {
    side: "admin",
    email: "admin@acolhe.dev",
    pages: ["/admin", "/admin/users", "/admin/payments", "/admin/audit", "/admin/configuration"],
    detail: [
      { on: "/admin/users", link: 'main a[href^="/admin/users/"]' },
      { on: "/admin/payments", link: 'main a[href^="/admin/payments/"]' },
    ],
  },
];

async function violations(page: Page) {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, rules: { "landmark-unique": { enabled: true } } });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
  });
}

for (const { side, email, pages, detail = [] } of SIDES) {
  test(`the ${side} pages pass axe in Arabic, dark, on a phone`, async ({ page }) => {
    test.setTimeout(120_000);
    if (email) await signIn(page, email, "acolhe-demo-2026");
    await page.request.post("/set-locale", { form: { lng: "ar" } });
    await page.request.post("/set-theme", { form: { theme: "dark" } });
    const found: string[] = [];
    const visit = async (path: string) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      found.push(...(await violations(page)).map((violation) => `${path} ${violation}`));
    };
    for (const path of pages) {
      await visit(path);
      const next = detail.find((candidate) => candidate.on === path);
      if (next) {
        const href = await page.locator(next.link).first().getAttribute("href");
        expect(href, `a detail link on ${path}`).toBeTruthy();
        await visit(href!);
      }
    }
    expect(found).toEqual([]);
  });
}
