import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "~/domain/image";
import { resetObjectStore, type ObjectStore, type StoredFile } from "~/providers/storage.server";
import { processPhoto, storePhoto } from "./photo-upload.server";

/** The image pipeline with real sharp on generated images (ADR 017). */

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/** 200×100, left half red, right half blue, with the camera's EXIF: make, GPS position and 'rotate 90° to display'. */
async function phonePhoto(): Promise<Buffer> {
  const blue = await solid(100, 100, "#0000ff").png().toBuffer();
  return solid(200, 100, "#ff0000")
    .composite([{ input: blue, left: 100, top: 0 }])
    .jpeg()
    .withExif({ IFD0: { Make: "AcmePhone" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "23/1 33/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** A HEIC file's opening box (HEVC: this sharp build cannot even encode one). */
function heicHeader(major = "heic", compatible = ["mif1", "heic"]): Buffer {
  const brands = Buffer.from([major, "\0\0\0\0", ...compatible].join(""), "latin1");
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + brands.length);
  return Buffer.concat([size, Buffer.from("ftyp", "latin1"), brands, Buffer.alloc(64)]);
}

describe("processPhoto", () => {
  it("re-encodes a phone JPEG as square WebP renditions of 96, 256 and 512 px, with no EXIF (GPS included) left", async () => {
    const input = await phonePhoto();
    const before = await sharp(input).metadata();
    // The fixture really carries what must go: the make and the GPS IFD pointer (tag 0x8825).
    expect(before.exif?.includes(Buffer.from("AcmePhone"))).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const result = await processPhoto(input);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    expect([...result.renditions.keys()]).toEqual([96, 256, 512]);
    for (const [width, body] of result.renditions) {
      const after = await sharp(body).metadata();
      expect(after).toMatchObject({ format: "webp", width, height: width });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(body.includes(Buffer.from("AcmePhone"))).toBe(false);
    }
  });

  it("honours the orientation before stripping it: the photo stands as the camera meant", async () => {
    const result = await processPhoto(await phonePhoto());
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    const small = result.renditions.get(96)!;
    // Turned 90° clockwise, the red left half is on top, the blue on the bottom.
    const [topRed, , topBlue] = await pixel(small, 20, 8);
    const [bottomRed, , bottomBlue] = await pixel(small, 20, 88);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it.each([
    ["PNG", () => solid(640, 480, "#0f766e").png().toBuffer()],
    ["WebP", () => solid(640, 480, "#0f766e").webp().toBuffer()],
    ["AVIF", () => solid(64, 64, "#0f766e").avif().toBuffer()],
  ])("accepts %s", async (_name, make) => {
    const result = await processPhoto(await make());
    expect(result.ok).toBe(true);
  });

  it("refuses HEIC, whatever the brand layout, naming the format", async () => {
    expect(await processPhoto(heicHeader())).toEqual({ ok: false, reason: "format", format: "HEIC" });
    expect(await processPhoto(heicHeader("mif1", ["heic"]))).toEqual({ ok: false, reason: "format", format: "HEIC" });
  });

  it("refuses GIF and what is no image at all", async () => {
    expect(await processPhoto(await solid(8, 8, "#000").gif().toBuffer())).toEqual({ ok: false, reason: "format", format: "GIF" });
    expect(await processPhoto(Buffer.from("<script>alert(1)</script>"))).toEqual({ ok: false, reason: "not-image" });
  });

  it("refuses a corrupt file that only starts like a JPEG", async () => {
    const real = await solid(64, 64, "#fff").jpeg().toBuffer();
    expect(await processPhoto(Buffer.concat([real.subarray(0, 20), Buffer.alloc(200, 0x41)]))).toEqual({ ok: false, reason: "unreadable" });
  });

  it("refuses more than 5 MB, and a small file claiming gigapixels", async () => {
    const big = Buffer.concat([await solid(16, 16, "#fff").png().toBuffer(), Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect(await processPhoto(big)).toEqual({ ok: false, reason: "too-large" });
    // A PNG whose header claims 100 000 × 100 000 px: the pixel limit stops it before any decoding.
    const bomb = await solid(16, 16, "#000").png().toBuffer();
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    await expect(sharp(bomb, { limitInputPixels: false }).metadata()).resolves.toMatchObject({ width: 100_000 });
    expect(await processPhoto(bomb)).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("storePhoto", () => {
  let objects: Map<string, StoredFile>;
  beforeEach(() => {
    objects = new Map();
    const memory: ObjectStore = {
      name: "local",
      put: async (key, body, contentType) => void objects.set(key, { body, contentType }),
      get: async (key) => objects.get(key) ?? null,
      remove: async (key) => void objects.delete(key),
    };
    resetObjectStore(memory);
  });
  afterEach(() => resetObjectStore());

  it("stores the three renditions under one id and returns the 512 px address", async () => {
    const stored = await storePhoto(new File([new Uint8Array(await phonePhoto())], "IMG_0001.HEIC.jpg", { type: "image/heic" }), "photos");
    if (!stored.ok) throw new Error(`refused: ${stored.reason}`);
    expect(stored.url).toMatch(/^\/uploads\/photos\/[0-9a-f]{32}-512\.webp$/);
    const id = stored.url.slice("/uploads/photos/".length, -"-512.webp".length);
    expect([...objects.keys()].sort()).toEqual([`photos/${id}-256.webp`, `photos/${id}-512.webp`, `photos/${id}-96.webp`]);
    expect([...objects.values()].every((file) => file.contentType === "image/webp")).toBe(true);
  });

  it("writes nothing for a refused photo, and removes a half-stored one when the store fails", async () => {
    expect(await storePhoto(new File([new Uint8Array(heicHeader())], "foto.jpg", { type: "image/jpeg" }), "avatars")).toMatchObject({ ok: false, reason: "format" });
    expect(objects.size).toBe(0);

    let puts = 0;
    resetObjectStore({
      name: "s3",
      put: async (key, body, contentType) => {
        if (++puts === 2) throw new Error("bucket unavailable");
        objects.set(key, { body, contentType });
      },
      get: async (key) => objects.get(key) ?? null,
      remove: async (key) => void objects.delete(key),
    });
    await expect(storePhoto(new File([new Uint8Array(await phonePhoto())], "a.jpg"), "avatars")).rejects.toThrow("bucket unavailable");
    expect(objects.size).toBe(0);
  });
});
