import { describe, expect, it } from "vitest";
import { photoSources, photoUrls, renditionKey, renditionUrl, sniffImage } from "./image";

const URL_512 = "/uploads/photos/0a1b2c3d-512.webp";

describe("photo renditions", () => {
  it("names each width beside the stored 512 px one", () => {
    expect(renditionKey("photos", "0a1b2c3d", 96)).toBe("photos/0a1b2c3d-96.webp");
    expect(renditionUrl(URL_512, 256)).toBe("/uploads/photos/0a1b2c3d-256.webp");
    expect(photoUrls(URL_512)).toEqual(["/uploads/photos/0a1b2c3d-96.webp", "/uploads/photos/0a1b2c3d-256.webp", URL_512]);
  });

  it("gives a srcset and the smallest rendition that covers a 2× screen", () => {
    const srcSet = "/uploads/photos/0a1b2c3d-96.webp 96w, /uploads/photos/0a1b2c3d-256.webp 256w, /uploads/photos/0a1b2c3d-512.webp 512w";
    expect(photoSources(URL_512, 32)).toEqual({ src: "/uploads/photos/0a1b2c3d-96.webp", srcSet, sizes: "32px" });
    expect(photoSources(URL_512, 80)).toEqual({ src: "/uploads/photos/0a1b2c3d-256.webp", srcSet, sizes: "80px" });
    expect(photoSources(URL_512, 300).src).toBe(URL_512);
  });

  it("leaves older single-file photos as they are", () => {
    for (const url of ["/uploads/avatars/Xy_9-abc.jpg", "/uploads/photos/abc-256.webp", "https://cdn.example.org/a-512.webp"]) {
      expect(photoSources(url, 48)).toEqual({ src: url });
      expect(renditionUrl(url, 96)).toBeNull();
      expect(photoUrls(url)).toEqual([url]);
    }
  });
});

describe("sniffImage", () => {
  const ftyp = (...brands: string[]) => {
    const body = Buffer.from(`ftyp${brands[0]}\0\0\0\0${brands.slice(1).join("")}`, "latin1");
    const size = Buffer.alloc(4);
    size.writeUInt32BE(body.length + 4);
    return Buffer.concat([size, body, Buffer.alloc(16)]);
  };
  it("tells AVIF from HEIC inside the same HEIF container", () => {
    expect(sniffImage(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    expect(sniffImage(ftyp("mif1", "avif"))).toBe("avif");
    expect(sniffImage(ftyp("heic", "mif1", "heic"))).toBe("heic");
    expect(sniffImage(ftyp("mif1", "heic"))).toBe("heic");
    expect(sniffImage(ftyp("isom", "mp41"))).toBeNull();
  });
  it("knows JPEG, PNG, WebP and GIF by their first bytes", () => {
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImage(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"))).toBe("webp");
    expect(sniffImage(Buffer.from("GIF89a", "latin1"))).toBe("gif");
    expect(sniffImage(Buffer.from("<svg>", "latin1"))).toBeNull();
  });
});
