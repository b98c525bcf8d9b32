import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StorageError } from "./storage.contract.server";
import { createLocalStore } from "./storage.local.server";

/** The local disk store, for real on a temporary folder. */
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "acolhe-storage-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the local store", () => {
  it("puts, gets and removes a file under its folder", async () => {
    const store = createLocalStore(root);
    await store.put("avatars/abc-96.webp", Buffer.from("webp bytes"), "image/webp");
    expect(readdirSync(path.join(root, "avatars"))).toEqual(["abc-96.webp"]);
    expect(await store.get("avatars/abc-96.webp")).toEqual({ body: Buffer.from("webp bytes"), contentType: "image/webp" });
    await store.remove("avatars/abc-96.webp");
    expect(await store.get("avatars/abc-96.webp")).toBeNull();
    // Removing twice is not an error.
    await expect(store.remove("avatars/abc-96.webp")).resolves.toBeUndefined();
  });

  it("keeps files across a restart: a new store on the same folder reads them", async () => {
    await createLocalStore(root).put("photos/xyz-512.webp", Buffer.from("kept"), "image/webp");
    expect((await createLocalStore(root).get("photos/xyz-512.webp"))?.body.toString()).toBe("kept");
  });

  it("refuses keys that are not ours, so nothing climbs out of the folder", async () => {
    const store = createLocalStore(root);
    for (const key of ["../etc/passwd.png", "avatars/../../x.png", "avatars/a.svg", "/abs/a.png", "avatars/sub/a.png"]) {
      await expect(store.put(key, Buffer.from("x"), "image/png")).rejects.toBeInstanceOf(StorageError);
    }
    expect(readdirSync(root)).toEqual([]);
  });
});
