import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, contentTypeOf, type ObjectStore } from "./storage.contract.server";

/**
 * Files on the local disk under `root`: the embedded default. Fine for one
 * machine with a persistent disk; a deploy without a volume loses them,
 * hence the object store in production.
 */
export function createLocalStore(root: string): ObjectStore {
  const base = path.resolve(root);
  const filePath = (key: string) => {
    assertStorageKey(key);
    return path.join(base, key);
  };
  return {
    name: "local",
    async put(key, body) {
      const target = filePath(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async get(key) {
      try {
        return { body: await readFile(filePath(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if (["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(filePath(key), { force: true });
    },
  };
}
