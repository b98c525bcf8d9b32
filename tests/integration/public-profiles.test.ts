import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import { loader as detailsLoader } from "~/routes/_public.psychologist-details.$id";
import { loader as pageLoader } from "~/routes/_public.psychologist.$id";
import { loader as modalLoader } from "~/routes/_public.psychologists.$id";
import { action as shareAction, loader as shareLoader } from "~/routes/_resources.share.$id";
import { loader as sitemapLoader } from "~/routes/_resources.sitemap[.]xml";
import { body, getRequest, postRequest, run } from "#tests/helpers/http";
import { countStatements, createAppointment, createEvaluation, createPsychologist } from "#tests/helpers/directory-fixtures";

/**
 * The public profile (/psychologists/{id} — the modal — and
 * /psychologist/{id}), the full profile (/psychologist-details/{id}),
 * sharing (/share/{id}) and the sitemap: approved psychologists only.
 */

afterEach(() => vi.useRealTimers());

const PROFILE_LOADERS = [
  ["/psychologists/{id}", modalLoader],
  ["/psychologist/{id}", pageLoader],
  ["/psychologist-details/{id}", detailsLoader],
] as const;

describe("public profiles", () => {
  it.each(PROFILE_LOADERS)("%s shows an approved psychologist, with prices by the pricing rules and Person JSON-LD", async (path, loader) => {
    const id = await createPsychologist({ name: "Helena Prado", price: 200, crp: "06/123456", specialties: ["anxiety"], languages: ["pt", "en"], shortBio: "Clínica há 10 anos." });
    const response = await run(loader, getRequest(path.replace("{id}", id)), { id });
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data.profile).toMatchObject({ id, name: "Helena Prado", crp: "06/123456", prices: { 30: 150_00, 60: 200_00 } });
    expect(data.shareUrl).toBe(`http://localhost:3000/psychologists/${id}`);
    const jsonLd = (data.meta as Array<Record<string, { "@type"?: string }>>).map((tag) => tag["script:ld+json"]).filter(Boolean);
    expect(jsonLd.find((item) => item?.["@type"] === "Person")).toMatchObject({
      "@type": "Person",
      name: "Helena Prado",
      url: `http://localhost:3000/psychologists/${id}`,
      description: "Clínica há 10 anos.",
      knowsLanguage: ["pt", "en"],
      knowsAbout: ["Ansiedade"],
      identifier: { propertyID: "CRP", value: "06/123456" },
    });
    expect(data.profile).toMatchObject({ specialties: ["Ansiedade"], languages: ["Português", "Inglês"] });
    expect(Object.keys(data.translations)).toEqual(["profile"]);
  });

  it.each(PROFILE_LOADERS)("%s words the review count in the page's own texts, not a raw key", async (path, loader) => {
    const id = await createPsychologist({ name: "Helena Prado" });
    await createEvaluation(id, 5, { publish: true, comment: "", startsAt: "2026-01-05T13:00:00Z" });
    await createEvaluation(id, 4, { publish: true, comment: "", startsAt: "2026-01-12T13:00:00Z" });
    const data = await body(await run(loader, getRequest(path.replace("{id}", id)), { id }));
    expect(data.profile).toMatchObject({ ratingText: "4,5", reviewsText: "2 avaliações" });
    const spanish = await body(await run(loader, getRequest(path.replace("{id}", id), undefined, { "Accept-Language": "es" }), { id }));
    expect(spanish.profile.reviewsText).toBe("2 valoraciones");
  });

  it.each(PROFILE_LOADERS)("%s answers 404 'Psicólogo não encontrado' for unknown, pending, rejected and suspended", async (path, loader) => {
    const hidden = await Promise.all((["pending", "rejected", "suspended"] as const).map((status) => createPsychologist({ status })));
    for (const id of [...hidden, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await run(loader, getRequest(path.replace("{id}", id)), { id });
      expect(response.status).toBe(404);
      expect((await body(response)).notFound.title).toBe("Psicólogo não encontrado");
    }
  });

  it.each(PROFILE_LOADERS)("%s previews links with the psychologist's 512 px photo, or the site's image without one", async (path, loader) => {
    const id = await createPsychologist({ name: "Helena Prado" });
    const tags = async () => (await body(await run(loader, getRequest(path.replace("{id}", id)), { id }))).meta as Array<{ property?: string; name?: string; content?: string }>;
    const preview = (meta: Awaited<ReturnType<typeof tags>>) => Object.fromEntries(meta.filter((tag) => tag.property?.startsWith("og:image") || tag.name === "twitter:image").map((tag) => [tag.property ?? tag.name, tag.content]));
    expect(preview(await tags())).toEqual({ "og:image": "http://localhost:3000/og-image.png", "og:image:width": "1200", "og:image:height": "630", "twitter:image": "http://localhost:3000/og-image.png" });

    await db.updateTable("psychologists").set({ photo_url: "/uploads/photos/0a1b2c3d-512.webp" }).where("id", "=", id).execute();
    const photo = "http://localhost:3000/uploads/photos/0a1b2c3d-512.webp";
    expect(preview(await tags())).toEqual({ "og:image": photo, "og:image:width": "512", "og:image:height": "512", "twitter:image": photo });

    // An older single-file photo is used as it is, claiming no size.
    await db.updateTable("psychologists").set({ photo_url: "/uploads/photos/antiga.jpg" }).where("id", "=", id).execute();
    expect(preview(await tags())).toEqual({ "og:image": "http://localhost:3000/uploads/photos/antiga.jpg", "twitter:image": "http://localhost:3000/uploads/photos/antiga.jpg" });
  });

  it("uses the active pricing row when there is one", async () => {
    const id = await createPsychologist({ price: 200, pricing: [130, 210] });
    const data = await body(await run(modalLoader, getRequest(`/psychologists/${id}`), { id }));
    expect(data.profile.prices).toEqual({ 30: 130_00, 60: 210_00 });
  });

  it("the full profile has prices for 30/50/60, weekly hours, ratings, published reviews and the next free slots", async () => {
    // Monday 2 March 2026, 08:00 in São Paulo.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T11:00:00Z") });
    const id = await createPsychologist({
      price: 180,
      weekly: [
        [1, "09:00", "10:00"],
        [1, "13:00", "14:30"],
        [3, "18:00", "20:15"],
      ],
    });
    await createAppointment(id, "2026-03-02T16:00:00Z", 60, "confirmed"); // Monday 13:00–14:00
    await createEvaluation(id, 5, { publish: true, comment: "Excelente.", startsAt: "2026-01-05T13:00:00Z" });
    await createEvaluation(id, 4, { publish: false, comment: "Privado.", startsAt: "2026-01-12T13:00:00Z" });
    await createEvaluation(id, 2, { publish: true, comment: "", startsAt: "2026-01-19T13:00:00Z" });
    const response = await run(detailsLoader, getRequest(`/psychologist-details/${id}`), { id });
    const data = await body(response);
    expect(data.profile).toMatchObject({ rating: 3.67, totalReviews: 3 });
    expect(data.details.pricesByDuration).toEqual([
      { minutes: 30, cents: 135_00 },
      { minutes: 50, cents: 150_00 },
      { minutes: 60, cents: 180_00 },
    ]);
    expect(data.details.weeklyMinutes).toBe(60 + 90 + 135);
    expect(data.details.ratingCounts).toEqual({ 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 });
    expect(data.details.reviews.map((review: { comment: string }) => review.comment)).toEqual(["", "Excelente."]);
    expect(JSON.stringify(data.details.reviews)).not.toContain("patient");
    // 09:00 and 09:30 are within the 2-hour notice; 13:00–14:00 is taken.
    expect(data.details.nextSlots.map((slot: string) => new Date(slot).toISOString())).toEqual([
      "2026-03-02T17:00:00.000Z",
      "2026-03-04T21:00:00.000Z",
      "2026-03-04T21:30:00.000Z",
      "2026-03-04T22:00:00.000Z",
      "2026-03-04T22:30:00.000Z",
      "2026-03-09T12:00:00.000Z",
    ]);
  });

  it("the next free slots skip the weekly hours of a day off, not the hours added for it, in the same statement (ADR 031)", async () => {
    // Monday 2 March 2026, 08:00 in São Paulo.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T11:00:00Z") });
    const id = await createPsychologist({
      weekly: [[3, "18:00", "19:00"]],
      dated: [["2026-03-04", "10:00", "10:30"]],
      // Wednesday the 4th is off, with its own 10:00; the 11th keeps its weekly 18:00.
      daysOff: ["2026-03-04"],
    });
    const { result, count } = await countStatements(() => run(detailsLoader, getRequest(`/psychologist-details/${id}`), { id }));
    const data = await body(result);
    expect(data.details.nextSlots.map((slot: string) => new Date(slot).toISOString())).toEqual(["2026-03-04T13:00:00.000Z", "2026-03-11T21:00:00.000Z", "2026-03-11T21:30:00.000Z"]);
    expect(count).toBe(1);
  });
});

describe("sharing", () => {
  it.each([
    ["facebook", "https://www.facebook.com/sharer/sharer.php?u="],
    ["twitter", "https://twitter.com/intent/tweet?url="],
    ["linkedin", "https://www.linkedin.com/sharing/share-offsite/?url="],
  ])("records a %s share and hands the browser on to the network", async (platform, prefix) => {
    const id = await createPsychologist();
    const response = await run(shareAction, postRequest(`/share/${id}`, { platform }), { id });
    expect(response.status).toBe(200);
    const html = await response.text();
    const target = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1]?.replace(/&#38;/g, "&");
    expect(target?.startsWith(prefix)).toBe(true);
    expect(target).toContain(encodeURIComponent(`http://localhost:3000/psychologists/${id}`));
    expect(html).toContain("Continuar para o ");
    const events = await db.selectFrom("share_events").select(["psychologist_id", "platform"]).execute();
    expect(events).toEqual([{ psychologist_id: id, platform }]);
  });

  it("writes the hand-off page in the visitor's language and its direction (Arabic right to left)", async () => {
    const id = await createPsychologist();
    const html = async (language: string) => (await run(shareAction, postRequest(`/share/${id}`, { platform: "facebook" }, undefined, { "Accept-Language": language }), { id })).text();
    expect(await html("pt-BR")).toContain('<html lang="pt-BR" dir="ltr">');
    expect(await html("ar")).toContain('<html lang="ar" dir="rtl">');
  });

  it("records without redirecting when the page's script asks (mode=record), copy link included", async () => {
    const id = await createPsychologist();
    const response = await run(shareAction, postRequest(`/share/${id}`, { platform: "copy_link", mode: "record" }), { id });
    expect(response.status).toBe(204);
    expect(await db.selectFrom("share_events").select("platform").execute()).toEqual([{ platform: "copy_link" }]);
  });

  it("refuses an unknown platform and a psychologist who is not public, recording nothing", async () => {
    const id = await createPsychologist();
    const pending = await createPsychologist({ status: "pending" });
    expect((await run(shareAction, postRequest(`/share/${id}`, { platform: "orkut" }), { id })).status).toBe(400);
    expect((await run(shareAction, postRequest(`/share/${pending}`, { platform: "facebook" }), { id: pending })).status).toBe(404);
    expect((await run(shareAction, postRequest("/share/nada", { platform: "facebook" }), { id: "nada" })).status).toBe(404);
    expect(await db.selectFrom("share_events").select("id").execute()).toEqual([]);
  });

  it.each([
    [{ platform: "orkut" }],
    [{}],
    [{ platform: ["facebook", "linkedin"] }],
    [{ platform: "facebook", mode: "background" }],
  ])("refuses a malformed share %j with 400 and a message in Portuguese, recording nothing", async (fields) => {
    const id = await createPsychologist();
    const response = await run(shareAction, postRequest(`/share/${id}`, fields), { id });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Não foi possível entender o pedido de compartilhamento. Volte ao perfil e tente novamente.");
    expect(await db.selectFrom("share_events").select("id").execute()).toEqual([]);
  });

  it("sends a visitor who opens the address to the profile", async () => {
    const id = await createPsychologist();
    const response = await run(shareLoader, getRequest(`/share/${id}`), { id });
    expect(response.headers.get("Location")).toBe(`/psychologists/${id}`);
  });
});

describe("sitemap", () => {
  it("lists every public psychologist's profile and full profile, and no one else", async () => {
    const approved = await createPsychologist();
    const pending = await createPsychologist({ status: "pending" });
    const suspended = await createPsychologist({ status: "suspended" });
    const xml = await (await run(sitemapLoader, getRequest("/sitemap.xml"))).text();
    expect(xml).toContain(`<loc>http://localhost:3000/psychologists/${approved}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000/psychologist-details/${approved}</loc>`);
    expect(xml).toContain("<loc>http://localhost:3000/psychologists</loc>");
    for (const hidden of [pending, suspended]) expect(xml).not.toContain(hidden);
  });
});
