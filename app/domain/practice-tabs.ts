/**
 * The ten tabs of the psychologist's dashboard (spec 02, 2.2), in the spec's
 * order, each a URL under /psychologist-dashboard with a route module of its own.
 */
export const PRACTICE_TABS = [
  { id: "overview", path: "" },
  { id: "pricing", path: "pricing" },
  { id: "agenda", path: "agenda" },
  { id: "patients", path: "patients" },
  { id: "records", path: "records" },
  { id: "evaluations", path: "evaluations" },
  { id: "billing", path: "billing" },
  { id: "reports", path: "reports" },
  { id: "appointments", path: "appointments" },
  { id: "health", path: "health" },
] as const;

export type PracticeTabId = (typeof PRACTICE_TABS)[number]["id"];

export function practiceTabByPath(path: string) {
  return PRACTICE_TABS.find((tab) => tab.path === path);
}

export function practiceTabHref(tab: { path: string }): string {
  return tab.path ? `/psychologist-dashboard/${tab.path}` : "/psychologist-dashboard";
}

/** The tab a dashboard address belongs to: its first segment after /psychologist-dashboard ('appointments/…' is the appointments tab's). */
export function practiceTabAt(pathname: string) {
  const rest = pathname.replace(/^\/psychologist-dashboard\/?/, "");
  if (rest === pathname) return undefined;
  return practiceTabByPath(rest.split("/")[0] ?? "");
}
