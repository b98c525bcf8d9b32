import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * The react-dom patch in patches/ (docs/decisions/022): the server renderer
 * gathers a page as one string and encodes it in 16K-character pieces, where
 * it encoded each of thousands of fragments into its own 2 KB view. The bytes
 * sent must be exactly what React rendered, in both of its builds: React
 * 18.3.1's own writer sent NUL bytes where a multi-byte character did not fit
 * at the end of a view (react/react#31134), so a page in Portuguese, Chinese
 * or Arabic could carry '\0' at random places.
 */

const require = createRequire(import.meta.url);
// Each build by its file: the package's exports pick one by NODE_ENV.
const reactDom = path.dirname(require.resolve("react-dom/package.json"));
const BUILDS = {
  production: path.join(reactDom, "cjs/react-dom-server.node.production.min.js"),
  development: path.join(reactDom, "cjs/react-dom-server.node.development.js"),
} as const;

type PipeableStream = { pipe: (destination: Writable) => void };
type Render = (element: ReactNode, options: { onAllReady: () => void; onError: (error: unknown) => void }) => PipeableStream;

/** Renders with one build, waits for everything (as app/entry.server.tsx does) and keeps each write. */
async function renderWith(build: keyof typeof BUILDS, element: ReactNode): Promise<{ html: string; writes: number }> {
  const { renderToPipeableStream } = require(BUILDS[build]) as { renderToPipeableStream: Render };
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve();
        done();
      },
    });
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onError: reject });
  });
  return { html: Buffer.concat(chunks).toString("utf8"), writes: chunks.length };
}

/** A page of many small fragments, with multi-byte text (accents, CJK, a flag) falling across every piece boundary. */
function page(rows: number) {
  return createElement(
    "main",
    { className: "page" },
    Array.from({ length: rows }, (_, i) =>
      createElement(
        "article",
        { key: i, "data-row": i, title: `Psicóloga nº ${i} "aspas" & <sinais>` },
        createElement("h2", null, "Atenção, ", `ação ${i}`),
        createElement("p", null, "简体中文 · 🇧🇷 · العربية · ", i % 2 ? "ímpar" : "par"),
      ),
    ),
  );
}

describe.each(Object.keys(BUILDS) as Array<keyof typeof BUILDS>)("the %s server renderer", (build) => {
  it("sends exactly what React renders, multi-byte characters whole and no NUL bytes", async () => {
    const element = page(1_500);
    const { html } = await renderWith(build, element);
    expect(html.length).toBeGreaterThan(200_000);
    expect(html).toBe(renderToString(element));
    expect(html).not.toContain("\uFFFD");
    expect(html).not.toContain("\0");
  });

  it("writes a large page in a few large pieces, not one per 2 KB", async () => {
    const { html, writes } = await renderWith(build, page(1_500));
    const bytes = Buffer.byteLength(html);
    expect(writes).toBeLessThanOrEqual(Math.ceil(html.length / 16_384) + 2);
    expect(writes).toBeLessThan(bytes / 2_048 / 4);
  });

  it("still streams a suspended part after the shell, in order", async () => {
    let ready = false;
    let resolveLater!: () => void;
    const later = new Promise<void>((resolve) => (resolveLater = resolve));
    function Late() {
      if (!ready) throw later;
      return createElement("p", null, "Consulta confirmada às 14h — até já");
    }
    setTimeout(() => {
      ready = true;
      resolveLater();
    }, 10);
    const { html } = await renderWith(build, createElement("div", null, createElement("h1", null, "Início"), createElement(Suspense, { fallback: createElement("span", null, "Carregando...") }, createElement(Late))));
    expect(html).toContain("<h1>Início</h1>");
    expect(html).toContain("Consulta confirmada às 14h — até já");
    expect(html.indexOf("Carregando...")).toBeLessThan(html.indexOf("Consulta confirmada"));
  });
});
