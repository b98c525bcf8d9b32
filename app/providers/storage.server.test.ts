import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setupServer } from "msw/node";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAKE_S3_ENDPOINT, fakeS3 } from "#tests/helpers/fake-s3";

/**
 * The store the configuration chooses, end to end: a photo uploaded with
 * the object store configured is still served after a restart (fresh
 * modules, nothing kept in memory), as it would be after a deploy.
 */
const BUCKET = "acolhe-uploads";
const S3_ENV = { S3_BUCKET: BUCKET, S3_ENDPOINT: FAKE_S3_ENDPOINT, S3_REGION: "auto", AWS_ACCESS_KEY_ID: "test-key", AWS_SECRET_ACCESS_KEY: "test-secret" };
const server = setupServer();
const saved = { ...process.env };
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  process.env = { ...saved };
});
afterAll(() => server.close());

/** A fresh process: every module loaded again, reading process.env anew. */
async function boot() {
  vi.resetModules();
  const storage = await import("./storage.server");
  const upload = await import("~/services/photo-upload.server");
  const route = await import("~/routes/_resources.uploads.$");
  const serve = (url: string) => route.loader({ params: { "*": url.slice("/uploads/".length) }, request: new Request(`http://localhost:3000${url}`), context: {} });
  return { storage, upload, serve };
}

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();

describe("the configured store", () => {
  it("keeps a photo uploaded before a restart, with the object store configured", async () => {
    const s3 = fakeS3(BUCKET);
    server.use(...s3.handlers);
    Object.assign(process.env, S3_ENV);

    const before = await boot();
    expect(before.storage.objectStore().name).toBe("s3");
    const stored = await before.upload.storePhoto(new File([new Uint8Array(await photo())], "eu.jpg", { type: "image/jpeg" }), "avatars");
    if (!stored.ok) throw new Error(`refused: ${stored.reason}`);
    expect(s3.objects.size).toBe(3);

    const after = await boot();
    const response = await after.serve(stored.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    // A patient's avatar: only the owner's browser may keep it (a psychologist's public photo is public).
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });
    const small = await after.serve(stored.url.replace("-512.webp", "-96.webp"));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(96);

    // Replacing the photo removes every rendition of the old one.
    await after.storage.removeFile(stored.url);
    expect(s3.objects.size).toBe(0);
    await expect(after.serve(stored.url)).rejects.toMatchObject({ status: 404 });
  });

  it("uses the local disk under UPLOADS_DIR when no store is configured, and refuses keys that are not ours", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "acolhe-uploads-"));
    try {
      Object.assign(process.env, { UPLOADS_DIR: dir });
      const first = await boot();
      expect(first.storage.objectStore().name).toBe("local");
      const url = await first.storage.putFile("avatars/abc-96.webp", Buffer.from("webp"));
      expect(url).toBe("/uploads/avatars/abc-96.webp");
      const second = await boot();
      expect(await (await second.serve(url)).text()).toBe("webp");
      await expect(second.serve("/uploads/../package.json")).rejects.toMatchObject({ status: 404 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses to build an S3 store asked for without its settings", async () => {
    Object.assign(process.env, { STORAGE_PROVIDER: "s3" });
    const { storage } = await boot();
    expect(() => storage.objectStore()).toThrow(/S3_BUCKET/);
  });
});
