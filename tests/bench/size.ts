/**
 * `npm run bench:size`: after a production build, the JavaScript (gzip and
 * brotli) a first visit to each page route loads (entry, shared chunks, and the
 * modules of the route and its parents). Exits 1 when a budget is exceeded.
 * The measurement is tests/bench/js-size.ts, shared with `npm run bench`.
 */
import { formatRouteJs, overBudget, routeJsSizes } from "./js-size";

const rows = routeJsSizes();

console.log("JavaScript loaded on a first visit (gzip; brotli as precompressed):\n");
for (const row of rows) console.log(formatRouteJs(row));
if (rows.some(overBudget)) {
  console.error("\nA page is over its JavaScript budget.");
  process.exit(1);
}
