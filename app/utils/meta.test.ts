import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildMeta, ogLocale, pageTitle, SITE_IMAGE, type SiteMeta } from "./meta";

const site: SiteMeta = {
  origin: "https://acolhe.com.br",
  pathname: "/psychologists",
  locale: "pt-BR",
  defaultTitle: "Acolhe - Atendimento Psicológico Online",
  defaultDescription: "Descrição padrão",
  defaultKeywords: "psicólogo online",
};

const find = (meta: ReturnType<typeof buildMeta>, predicate: (entry: Record<string, unknown>) => boolean) =>
  meta.find((entry) => predicate(entry as Record<string, unknown>)) as Record<string, unknown> | undefined;

describe("pageTitle", () => {
  it("uses the default title when the page has none", () => {
    expect(pageTitle(undefined, site.defaultTitle)).toBe("Acolhe - Atendimento Psicológico Online");
  });
  it("appends ' | Acolhe' to titles without the product name", () => {
    expect(pageTitle("Escolha seu Psicólogo", site.defaultTitle)).toBe("Escolha seu Psicólogo | Acolhe");
  });
  it("leaves titles that already name the product", () => {
    expect(pageTitle("Acolhe: termos", site.defaultTitle)).toBe("Acolhe: termos");
  });
});

describe("buildMeta", () => {
  const meta = buildMeta(site, { title: "Psicólogos", description: "Lista" });

  it("sets title, description, keywords and canonical", () => {
    expect(find(meta, (e) => "title" in e)?.title).toBe("Psicólogos | Acolhe");
    expect(find(meta, (e) => e.name === "description")?.content).toBe("Lista");
    expect(find(meta, (e) => e.name === "keywords")?.content).toBe("psicólogo online");
    expect(find(meta, (e) => e.rel === "canonical")?.href).toBe("https://acolhe.com.br/psychologists");
  });

  it("sets Open Graph and Twitter tags with og:locale pt_BR", () => {
    expect(find(meta, (e) => e.property === "og:title")?.content).toBe("Psicólogos | Acolhe");
    expect(find(meta, (e) => e.property === "og:url")?.content).toBe("https://acolhe.com.br/psychologists");
    expect(find(meta, (e) => e.property === "og:locale")?.content).toBe("pt_BR");
    expect(find(meta, (e) => e.name === "twitter:card")?.content).toBe("summary_large_image");
  });

  it("previews with the site's 1200×630 image, or the page's own with its size", () => {
    expect(find(meta, (e) => e.property === "og:image")?.content).toBe("https://acolhe.com.br/og-image.png");
    expect(find(meta, (e) => e.property === "og:image:width")?.content).toBe("1200");
    expect(find(meta, (e) => e.property === "og:image:height")?.content).toBe("630");
    const photo = buildMeta(site, { image: "https://acolhe.com.br/uploads/photos/a-512.webp", imageWidth: 512, imageHeight: 512 });
    expect(find(photo, (e) => e.property === "og:image")?.content).toBe("https://acolhe.com.br/uploads/photos/a-512.webp");
    expect(find(photo, (e) => e.property === "og:image:width")?.content).toBe("512");
    expect(find(photo, (e) => e.name === "twitter:image")?.content).toBe("https://acolhe.com.br/uploads/photos/a-512.webp");
    // A photo of unknown size claims none.
    expect(find(buildMeta(site, { image: "https://acolhe.com.br/uploads/a/b.jpg" }), (e) => e.property === "og:image:width")).toBeUndefined();
  });

  it("ships the site's image: a real 1200×630 PNG, small enough for WhatsApp", async () => {
    const file = readFileSync(new URL("../../public/og-image.png", import.meta.url));
    expect(file.length).toBeLessThan(100 * 1024);
    expect(await sharp(file).metadata()).toMatchObject({ format: "png", width: SITE_IMAGE.width, height: SITE_IMAGE.height });
  });

  it("adds Organization JSON-LD and any page JSON-LD", () => {
    const withPerson = buildMeta(site, { jsonLd: [{ "@type": "Person", name: "Ana" }] });
    const scripts = withPerson.filter((entry) => "script:ld+json" in entry).map((entry) => (entry as Record<string, { "@type": string }>)["script:ld+json"]!["@type"]);
    expect(scripts).toEqual(["Organization", "Person"]);
  });

  it("switches robots to noindex, nofollow on request", () => {
    expect(find(meta, (e) => e.name === "robots")?.content).toBe("index, follow");
    expect(find(buildMeta(site, { noindex: true }), (e) => e.name === "robots")?.content).toBe("noindex, nofollow");
  });
});

describe("ogLocale", () => {
  it.each([
    ["pt-BR", "pt_BR"],
    ["zh-CN", "zh_CN"],
    ["ar", "ar"],
  ])("%s → %s", (locale, expected) => expect(ogLocale(locale)).toBe(expected));
});
