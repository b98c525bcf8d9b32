import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { negotiateEncoding, precompress, precompressedAssets } from "./static-assets.server";

const root = mkdtempSync(path.join(tmpdir(), "acolhe-assets-"));
const build = path.join(root, "build");
// Repetitive enough to compress well, like minified JavaScript.
const script = Array.from({ length: 400 }, (_, i) => `export function f${i}(a){return a+${i}}`).join(";\n");
const style = `.a{color:red}\n`.repeat(300);
const tiny = "x";
let server: Server;
let origin: string;

beforeAll(async () => {
  mkdirSync(path.join(build, "_shared"), { recursive: true });
  writeFileSync(path.join(build, "entry.client-ABC.js"), script);
  writeFileSync(path.join(build, "_shared", "style-DEF.css"), style);
  writeFileSync(path.join(build, "tiny-GHI.js"), tiny);
  writeFileSync(path.join(build, "image.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await precompress(build);

  // As app/server.ts mounts it: compression() first, the pages after.
  const app = express();
  app.use(compression());
  app.use("/build", precompressedAssets(build));
  app.get("/page", (_req, res) => res.type("html").send(`<!doctype html><p>${"Olá, mundo. ".repeat(500)}</p>`));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** fetch() would decode the body: node:http keeps the bytes as sent. */
async function get(pathname: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${origin}${pathname}`, { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompress", () => {
  test("writes brotli and gzip copies that decode to the original", () => {
    const file = path.join(build, "entry.client-ABC.js");
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(gunzipSync(readFileSync(path.join(build, "_shared", "style-DEF.css.gz"))).toString()).toBe(style);
  });

  test("keeps no copy that is not smaller, and leaves images alone", () => {
    expect(existsSync(path.join(build, "tiny-GHI.js.br"))).toBe(false);
    expect(existsSync(path.join(build, "tiny-GHI.js.gz"))).toBe(false);
    expect(existsSync(path.join(build, "image.png.br"))).toBe(false);
  });
});

describe("negotiateEncoding", () => {
  const both = ["br", "gzip"] as const;
  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["gzip;q=0, br;q=0", "identity"],
    ["identity", "identity"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["", "identity"],
    [undefined, "identity"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });
  test("only among the copies that exist", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", [])).toBe("identity");
  });
});

describe("precompressedAssets over HTTP", () => {
  test("brotli when accepted, with immutable caching and Vary", async () => {
    const res = await get("/build/entry.client-ABC.js", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toEqual(readFileSync(path.join(build, "entry.client-ABC.js.br")));
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  test("gzip when brotli is not accepted or refused", async () => {
    for (const header of ["gzip", "br;q=0, gzip"]) {
      const res = await get("/build/_shared/style-DEF.css", header);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers["content-type"]).toMatch(/^text\/css/);
      expect(gunzipSync(res.body).toString()).toBe(style);
    }
  });

  test("the file itself for identity, and where no copy is smaller", async () => {
    const plain = await get("/build/entry.client-ABC.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(script);
    const small = await get("/build/tiny-GHI.js", "br, gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe(tiny);
  });

  test("the brotli and gzip answers carry different validators", async () => {
    const br = await get("/build/entry.client-ABC.js", "br");
    const gz = await get("/build/entry.client-ABC.js", "gzip");
    expect(br.headers.etag).not.toBe(gz.headers.etag);
  });

  test("HEAD answers the headers without a body", async () => {
    const res = await get("/build/entry.client-ABC.js", "br", "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(readFileSync(path.join(build, "entry.client-ABC.js.br")).length);
    expect(res.body.length).toBe(0);
  });

  test("404 for a missing file, a directory or a path outside the build", async () => {
    expect((await get("/build/missing-XYZ.js", "br")).status).toBe(404);
    expect((await get("/build/_shared", "br")).status).toBe(404);
    expect((await get("/build/..%2F..%2Fetc%2Fpasswd", "br")).status).toBe(404);
  });

  test("pages are still compressed on the fly", async () => {
    const br = await get("/page", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toContain("Olá, mundo.");
    const gz = await get("/page", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toContain("Olá, mundo.");
  });
});
