/**
 * The JavaScript a first visit to each page route loads, gzipped and as
 * brotli (what browsers are sent: the build's `.br` files, ADR 019), read from
 * a production build's manifest (entry, shared chunks, and the modules of the
 * route and its parents). Shared by `npm run bench:size` and `npm run bench`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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
 * on slow mobile data: 80 KB as transferred (brotli, the build's `.br` files;
 * issue 16, it was 90 KB gzip), of which React, React DOM and Remix are ~68
 * (72 before the patches of ADR 013).
 * Pages behind a form that validates as you type (conform) may use more: 110 KB gzip.
 */
export const PUBLIC_BROTLI_BUDGET_KB = 80;
export const FORM_PAGE_BUDGET_KB = 110;
const PUBLIC_ROUTE = /^routes\/_public\./;

export interface RouteJs {
  /** The URL pattern, e.g. /psychologist-details/:id. */
  route: string;
  id: string;
  /** gzip (level 6) */
  kb: number;
  /** brotli 11, as precompressed */
  brKb: number;
  /** KB, of brotli for public pages, of gzip for the others */
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

  const sizeCache = new Map<string, { gz: number; br: number }>();
  const compressed = (url: string) => {
    let size = sizeCache.get(url);
    if (size === undefined) {
      const file = path.join(publicDir, url);
      const body = readFileSync(file);
      // The .br file as served; compressed here as app/precompress.ts would where the build was not precompressed.
      const br = existsSync(`${file}.br`)
        ? readFileSync(`${file}.br`).length
        : Math.min(body.length, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length);
      size = { gz: gzipSync(body).length, br };
      sizeCache.set(url, size);
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
      const kb = [...files].reduce((sum, file) => sum + compressed(file).gz, 0) / 1024;
      const brKb = [...files].reduce((sum, file) => sum + compressed(file).br, 0) / 1024;
      const isPublic = PUBLIC_ROUTE.test(route.id);
      const budget = isPublic ? PUBLIC_BROTLI_BUDGET_KB : FORM_PAGE_BUDGET_KB;
      return { route: fullPath(route), id: route.id, kb, brKb, budget, isPublic };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export const overBudget = (row: RouteJs) => (row.isPublic ? row.brKb : row.kb) > row.budget;

/** The report line of one route: mark, sizes, path, budget. */
export function formatRouteJs(row: RouteJs): string {
  const mark = overBudget(row) ? "✗" : "✓";
  return `${mark} ${row.kb.toFixed(1).padStart(6)} KB gz ${row.brKb.toFixed(1).padStart(6)} KB br  ${row.route.padEnd(42)} (budget ${row.budget} KB ${row.isPublic ? "br" : "gz"})`;
}
