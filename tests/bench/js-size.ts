/**
 * The gzipped JavaScript a first visit to each page route loads, read from a
 * production build's manifest (entry, shared chunks, and the modules of the
 * route and its parents). Shared by `npm run bench:size` and `npm run bench`.
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
export const PUBLIC_BUDGET_KB = 90;
export const FORM_PAGE_BUDGET_KB = 110;
const PUBLIC_ROUTE = /^routes\/_public\./;

export interface RouteJs {
  /** The URL pattern, e.g. /psychologist-details/:id. */
  route: string;
  id: string;
  kb: number;
  budget: number;
  isPublic: boolean;
}

/**
 * One row per page route (a leaf, not a resource route), sorted by path.
 * With `withParentPages`, also the routes that have children of their own
 * but are pages too (they have a path, like /psychologists, whose child is
 * the profile modal); pathless layouts never count. `root` is the app's directory.
 */
export function routeJsSizes(root = process.cwd(), { withParentPages = false } = {}): RouteJs[] {
  const publicDir = path.join(root, "public");
  const buildDir = path.join(publicDir, "build");
  const manifestFile = readdirSync(buildDir).find((file) => /^manifest-.*\.js$/.test(file));
  if (!manifestFile) throw new Error("No build found: run `npm run build` first.");
  const manifest = JSON.parse(
    readFileSync(path.join(buildDir, manifestFile), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""),
  ) as Manifest;

  const gzipCache = new Map<string, number>();
  const gzipped = (url: string): number => {
    let size = gzipCache.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(publicDir, url))).length;
      gzipCache.set(url, size);
    }
    return size;
  };
  const chain = (route: ManifestRoute): ManifestRoute[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent ? [...chain(parent), route] : [route];
  };
  const fullPath = (route: ManifestRoute): string => {
    const parts = chain(route).map((r) => r.path).filter((part): part is string => Boolean(part));
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  };

  const routes = Object.values(manifest.routes);
  const isPage = (route: ManifestRoute) =>
    !routes.some((r) => r.parentId === route.id) || (withParentPages && (Boolean(route.path) || Boolean(route.index)));
  const pages = routes.filter((route) => route.id !== "root" && !route.id.includes("_resources.") && isPage(route));
  return pages
    .map((route) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (const r of chain(route)) [r.module, ...(r.imports ?? [])].forEach((file) => files.add(file));
      const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
      const isPublic = PUBLIC_ROUTE.test(route.id);
      return { route: fullPath(route), id: route.id, kb, budget: isPublic ? PUBLIC_BUDGET_KB : FORM_PAGE_BUDGET_KB, isPublic };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The report line of one route: mark, size, path, budget. */
export function formatRouteJs(row: RouteJs): string {
  const mark = row.kb > row.budget ? "✗" : "✓";
  return `${mark} ${row.kb.toFixed(1).padStart(6)} KB  ${row.route.padEnd(42)} (budget ${row.budget} KB)`;
}
