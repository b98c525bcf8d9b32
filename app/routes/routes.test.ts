import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every route that renders UI exports an error boundary (resource routes have no UI). */
const dir = path.resolve("app/routes");
const uiRoutes = readdirSync(dir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
  .filter((file) => /export default function/.test(readFileSync(path.join(dir, file), "utf8")));

describe("route modules", () => {
  it("exist", () => expect(uiRoutes.length).toBeGreaterThan(0));
  it.each(uiRoutes)("%s exports an ErrorBoundary", (file) => {
    expect(readFileSync(path.join(dir, file), "utf8")).toMatch(/export (function ErrorBoundary|const ErrorBoundary =|\{[^}]*ErrorBoundary[^}]*\})/);
  });
});
