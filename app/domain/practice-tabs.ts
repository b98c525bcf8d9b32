/**
 * The ten tabs of the psychologist's dashboard (spec 02, 2.2), in the spec's
 * order, each a URL under /psychologist-dashboard. `built` says whether its
 * route exists yet; the others show an honest 'em breve' panel.
 */
export const PRACTICE_TABS = [
  { id: "overview", path: "", built: true },
  { id: "pricing", path: "pricing", built: true },
  { id: "agenda", path: "agenda", built: true },
  { id: "patients", path: "patients", built: true },
  { id: "records", path: "records", built: true },
  { id: "evaluations", path: "evaluations", built: true },
  { id: "billing", path: "billing", built: true },
  { id: "reports", path: "reports", built: true },
  { id: "appointments", path: "appointments", built: true },
  { id: "health", path: "health", built: true },
] as const;

export type PracticeTabId = (typeof PRACTICE_TABS)[number]["id"];

export function practiceTabByPath(path: string) {
  return PRACTICE_TABS.find((tab) => tab.path === path);
}

export function practiceTabHref(tab: { path: string }): string {
  return tab.path ? `/psychologist-dashboard/${tab.path}` : "/psychologist-dashboard";
}
