/**
 * `npm run bench:size`: after a production build, the gzipped JavaScript a
 * first visit to each page route loads (entry, shared chunks, and the
 * modules of the route and its parents). Exits 1 when a budget is exceeded.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/**
 * What a visitor reaches before signing in must stay light for a cheap phone
 * on slow mobile data: 90 KB, of which React, React DOM and Remix are ~85.
 * Pages behind a form that validates as you type (conform) may use more.
 */
const PUBLIC_BUDGET_KB = 90;
const FORM_PAGE_BUDGET_KB = 110;
const PUBLIC_ROUTE = /^routes\/_public\./;

const budgetOf = (routeId: string) => (PUBLIC_ROUTE.test(routeId) ? PUBLIC_BUDGET_KB : FORM_PAGE_BUDGET_KB);

const buildDir = path.resolve("public/build");
const manifestFile = readdirSync(buildDir).find((file) => /^manifest-.*\.js$/.test(file));
if (!manifestFile) throw new Error("No build found: run `npm run build` first.");
const manifest = JSON.parse(
  readFileSync(path.join(buildDir, manifestFile), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""),
) as Manifest;

const gzipCache = new Map<string, number>();
function gzipped(url: string): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join("public", url))).length;
    gzipCache.set(url, size);
  }
  return size;
}

function chain(route: ManifestRoute): ManifestRoute[] {
  const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
  return parent ? [...chain(parent), route] : [route];
}

function fullPath(route: ManifestRoute): string {
  const parts = chain(route).map((r) => r.path).filter((part): part is string => Boolean(part));
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

const pages = Object.values(manifest.routes).filter(
  (route) => route.id !== "root" && !route.id.includes("_resources.") && !Object.values(manifest.routes).some((r) => r.parentId === route.id),
);

let failed = false;
const rows = pages
  .map((route) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain(route)) [r.module, ...(r.imports ?? [])].forEach((file) => files.add(file));
    const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
    const budget = budgetOf(route.id);
    if (kb > budget) failed = true;
    return { route: fullPath(route), id: route.id, kb, budget };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log("JavaScript loaded on a first visit (gzip):\n");
for (const row of rows) {
  const mark = row.kb > row.budget ? "✗" : "✓";
  console.log(`${mark} ${row.kb.toFixed(1).padStart(6)} KB  ${row.route.padEnd(42)} (budget ${row.budget} KB)`);
}
if (failed) {
  console.error("\nA page is over its JavaScript budget.");
  process.exit(1);
}
