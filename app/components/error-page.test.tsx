import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { getFixedT } from "~/i18n/i18n.server";
import ErrorPage from "./error-page";

/**
 * An error page shows a 4xx body as its description, so a body must be
 * translated for the visitor or empty: an empty one shows the page's own
 * translated text, never a fixed-language 'Acesso negado' or 'Not Found'.
 */

function render(status: number, data: unknown, locale: "en" | "de" = "en") {
  const response = { status, statusText: "", data, internal: false };
  return renderToString(
    <MemoryRouter>
      <ErrorPage response={response} t={getFixedT(locale, "common")} />
    </MemoryRouter>,
  );
}

describe("the error page", () => {
  it("shows the translated description for an empty 403 or 404 body (a Response(null) parses as '')", () => {
    expect(render(403, "")).toContain("You don&#x27;t have permission to view this page.");
    expect(render(404, "", "de")).toContain(getFixedT("de", "common")("errors.notFound.description"));
  });

  it("keeps a page's own translated text", () => {
    expect(render(404, "Consultation not found")).toContain("Consultation not found");
  });
});

const APP = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("4xx responses in app/", () => {
  it("carry no fixed-language literal body (translate it with t(...) or send null)", () => {
    const literal = /new Response\(\s*(["'`])[^"'`]*\1\s*,\s*\{[^}]*status:\s*4\d\d/g;
    const found = sourceFiles(APP).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(literal)].map((match) => `${path.relative(APP, file)}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });
});
