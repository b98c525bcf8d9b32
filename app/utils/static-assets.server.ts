import { statSync } from "node:fs";
import { readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

/**
 * The fingerprinted client build (public/build), compressed once at build
 * time at the highest levels (`npm run build` runs app/precompress.ts after
 * `remix build`) and served as those files: brotli 11 and gzip 9 cost
 * seconds per file, far too much per request, and save ~12 % on brotli 4.
 * Pages and data stay compressed on the fly (compression() in app/server.ts).
 */

const CODINGS = [
  { coding: "br", extension: ".br" },
  { coding: "gzip", extension: ".gz" },
] as const;
type Coding = (typeof CODINGS)[number]["coding"] | "identity";

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|map)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under
 * `directory`, each only where it is smaller than the file (a variant that
 * would not be is removed). Returns the files' total sizes.
 */
export async function precompress(directory: string): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const files = (await filesUnder(directory)).filter((file) => COMPRESSIBLE.test(file));
  const totals = { files: files.length, bytes: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.bytes += body.length;
      for (const [extension, compressed, key] of [[".br", br, "br"], [".gz", gz, "gzip"]] as const) {
        if (compressed.length < body.length) {
          await writeFile(file + extension, compressed);
          totals[key] += compressed.length;
        } else {
          await unlink(file + extension).catch(() => undefined);
          totals[key] += body.length;
        }
      }
    }),
  );
  return totals;
}

/**
 * The coding to answer with among `available` (besides identity), by the
 * client's Accept-Encoding (RFC 9110, 12.5.3): the highest q wins, brotli
 * before gzip on a tie; `q=0` refuses a coding, `*` stands for the unnamed.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: readonly Coding[]): Coding {
  const quality = new Map<string, number>();
  for (const entry of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = entry.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const of = (coding: string) => quality.get(coding) ?? quality.get("*") ?? 0;
  let best: Coding = "identity";
  let bestQ = 0;
  for (const coding of available) {
    if (of(coding) > bestQ) [best, bestQ] = [coding, of(coding)];
  }
  return best;
}

/**
 * Serves `directory` for GET and HEAD with a year of immutable caching (its
 * names are content hashes): the `.br` or `.gz` variant when the client
 * takes it, else the file itself; 404 for anything else. None of the pages'
 * headers (CSP and friends) apply to scripts and styles, so it sends only its own.
 */
export function precompressedAssets(directory: string) {
  const root = path.resolve(directory);
  // What exists, learned once per file: the names are hashes, so a path keeps its content.
  const known = new Map<string, Coding[]>();
  const variantsOf = (file: string): Coding[] | undefined => {
    let available = known.get(file);
    if (available) return available;
    try {
      if (!statSync(file).isFile()) return undefined;
    } catch {
      return undefined; // not kept: unknown paths must not grow the map
    }
    available = CODINGS.filter(({ extension }) => {
      try {
        return statSync(file + extension).isFile();
      } catch {
        return false;
      }
    }).map(({ coding }) => coding);
    known.set(file, available);
    return available;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return res.sendStatus(400);
    }
    const file = path.join(root, relative);
    const available = file.startsWith(root + path.sep) && !relative.includes("\0") ? variantsOf(file) : undefined;
    if (!available) return res.sendStatus(404);

    const coding = negotiateEncoding(req.get("Accept-Encoding"), available);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Content-Type-Options", "nosniff");
    // text/javascript is the type RFC 9239 names; Express still says application/javascript.
    res.type(path.extname(file) === ".js" ? "text/javascript" : path.extname(file));
    if (coding !== "identity") res.setHeader("Content-Encoding", coding);
    const served = coding === "identity" ? file : file + CODINGS.find((c) => c.coding === coding)!.extension;
    res.sendFile(served, { maxAge: "1y", immutable: true, lastModified: false, acceptRanges: false }, (error?: Error & { code?: string }) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
