import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import remixConfig from "../remix.config.js";

/**
 * The patches in patches/ that trim the browser's copy of Remix and React
 * Router (docs/decisions/013, issue 16): its code for requests without single
 * fetch, the deferred scripts of defer(), view transitions, and the console
 * advice of production builds. They hold only while the app runs as it does now.
 */
const require = createRequire(import.meta.url);
/** A file of a package's browser (ESM) build, as installed. */
const browserFile = (pkg: string, file: string) => readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file), "utf8");

describe("the browser bundle's framework patches", () => {
  it("are installed (npm ci runs patch-package)", () => {
    expect(browserFile("@remix-run/react", "dist/esm/routes.js")).toContain("Acolhe runs with future.v3_singleFetch only");
    expect(browserFile("@remix-run/react", "dist/esm/components.js")).toContain("Acolhe patch (docs/decisions/013)");
    expect(browserFile("react-router-dom", "dist/index.js")).toContain("Acolhe patch (docs/decisions/013)");
    expect(browserFile("react-router", "dist/index.js")).toContain("Acolhe patch (docs/decisions/013)");
    expect(browserFile("@remix-run/router", "dist/router.js")).toContain("Acolhe patch (docs/decisions/013)");
  });

  it("need single fetch: the ?_data requests are gone from the browser", () => {
    expect(remixConfig.future?.v3_singleFetch).toBe(true);
  });

  it("need no view transitions: no link, form or navigation asks for one", () => {
    // The browser's RouterProvider no longer runs them (a viewTransition prop would be ignored).
    const appDir = import.meta.dirname;
    const asking = readdirSync(appDir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts") && !file.endsWith(".test.tsx"))
      .filter((file) => /\bviewTransition\b|\bunstable_viewTransition\b|useViewTransitionState/.test(readFileSync(path.join(appDir, file), "utf8")));
    expect(asking).toEqual([]);
  });
});
