import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { appHandler, formPost, page, send } from "#tests/helpers/app";
import { createAppointment, createPair, HOUR } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { BASE } from "#tests/helpers/http";
import { db } from "~/models/db.server";
import { ANALYTICS_RATE_LIMIT } from "~/services/analytics.server";
import { resetSessionCookieForTests } from "~/services/session.server";
import { resetEnvForTests } from "~/utils/env.server";
import { FORM_BODY_LIMIT, MAX_MULTIPART_PARTS, UPLOAD_BODY_LIMIT } from "~/utils/body-limit.server";

/**
 * What the request handler decides for every route (app/request-handler.server.ts),
 * through the same handler the server runs.
 */

const saved = { ...process.env };
afterEach(async () => {
  process.env = { ...saved };
  resetEnvForTests();
  resetSessionCookieForTests();
  await appHandler({ fresh: true });
});

/** Runs the rest of a test as a production process (every required secret set). */
async function asProduction() {
  Object.assign(process.env, {
    APP_ENV: "production",
    APP_URL: "https://acolhe.com.br",
    DATABASE_URL: process.env.DATABASE_URL ?? "postgres://unused@127.0.0.1/unused",
    SESSION_SECRET: "a-real-secret-value-1234",
    MERCADOPAGO_ACCESS_TOKEN: "APP_USR-1",
    MERCADOPAGO_PUBLIC_KEY: "APP_USR-pk",
    MERCADOPAGO_WEBHOOK_SECRET: "a-real-webhook-secret",
    DAILY_API_KEY: "daily-key",
    SMTP_URL: "smtp://mail.acolhe.com.br:587",
    NOTES_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
    S3_BUCKET: "acolhe-uploads",
    AWS_ACCESS_KEY_ID: "uploads-key-id",
    AWS_SECRET_ACCESS_KEY: "uploads-secret-key",
  });
  resetEnvForTests();
  resetSessionCookieForTests();
  await appHandler({ fresh: true });
}

describe("private responses are never stored", () => {
  it("every page for a signed-in visitor is private, no-store", async () => {
    const jar = await signedIn(await createUser({ role: "patient" }));
    for (const path of ["/", "/psychologists", "/settings", "/patient-dashboard", "/patient-dashboard.data"]) {
      const response = await send(page(path, { Cookie: jar.header() }));
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("the video page, which carries a meeting token, reaches the browser as no-store", async () => {
    const jar = await signedIn(await createUser({ role: "patient" }));
    const response = await send(page("/appointment/videocall/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", { Cookie: jar.header() }));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a response that sets a cookie is private, no-store, even for an anonymous visitor", async () => {
    const response = await send(formPost("/set-theme", { theme: "dark", redirectTo: "/" }));
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("an anonymous visitor's public page stays cacheable", async () => {
    const response = await send(page("/how-it-works"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control") ?? "").not.toMatch(/no-store|private/);
  });
});

describe("bodies are bounded", () => {
  it("refuses a form declared over 64 KB at once with 413, before reading it", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    const request = new Request(new URL("/login", BASE), {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(FORM_BODY_LIMIT * 100), Origin: BASE },
      duplex: "half",
    } as RequestInit);
    const response = await send(request);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await response.text()).toBe("Envio grande demais.");
    expect(response.headers.get("Content-Language")).toBe("pt-BR");
  });

  it("says so in the visitor's language", async () => {
    const big = (headers: Record<string, string>) =>
      formPost("/login", { intent: "login", email: "x@exemplo.com.br", password: "x".repeat(FORM_BODY_LIMIT + 1) }, headers);
    const english = await send(big({ "Accept-Language": "en-US,en;q=0.9" }));
    expect(english.status).toBe(413);
    expect(english.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(english.headers.get("Content-Language")).toBe("en");
    expect(await english.text()).toBe("Upload too large.");
    // The language chosen in the menu (the cookie) wins over the browser's, as on the pages.
    const chosen = await send(big({ "Accept-Language": "en", Cookie: "acolhe_lng=ImRlIg%3D%3D" }));
    expect(await chosen.text()).toBe("Übertragung zu groß.");
  });

  it("stops reading an undeclared (chunked) body once it passes the limit", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 8 * 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(8 * 1024)));
      },
    });
    const request = new Request(new URL("/login", BASE), {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
      duplex: "half",
    } as RequestInit);
    const response = await send(request);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(FORM_BODY_LIMIT + 64 * 1024);
  });

  it("takes an ordinary form under the limit", async () => {
    const response = await send(formPost("/login", { intent: "login", email: "ninguem@exemplo.com.br", password: "x".repeat(20) }));
    expect(response.status).toBe(401);
  });

  it("the photo form takes one 5 MB image, refuses more bytes and too many parts", async () => {
    const jar = await signedIn(await createUser({ role: "patient" }));
    const post = (form: FormData) => send(new Request(new URL("/settings", BASE), { method: "POST", body: form, headers: { Cookie: jar.header(), Origin: BASE } }));

    const big = new FormData();
    big.append("intent", "photo");
    big.append("photo", new File([new Uint8Array(UPLOAD_BODY_LIMIT + 1)], "foto.jpg", { type: "image/jpeg" }));
    expect((await post(big)).status).toBe(413);

    const many = new FormData();
    many.append("intent", "photo");
    for (let index = 0; index <= MAX_MULTIPART_PARTS; index += 1) many.append(`field${index}`, "x");
    expect((await post(many)).status).toBe(413);

    // A form elsewhere is held to the small limit even when multipart.
    const elsewhere = new FormData();
    elsewhere.append("intent", "login");
    elsewhere.append("blob", new File([new Uint8Array(FORM_BODY_LIMIT + 1)], "x.bin"));
    expect((await send(new Request(new URL("/login", BASE), { method: "POST", body: elsewhere, headers: { Origin: BASE } }))).status).toBe(413);
  });

  it("answers a photo over the body limit (a 6 MB phone picture) with its page and the photo's message, not a bare text page", async () => {
    const jar = await signedIn(await createUser({ role: "psychologist", psychologistStatus: "approved" }));
    const form = () => {
      const big = new FormData();
      big.append("intent", "photo");
      big.append("photo", new File([new Uint8Array(6 * 1024 * 1024)], "foto.png", { type: "image/png" }));
      return big;
    };
    const post = (path: string) => send(new Request(new URL(path, BASE), { method: "POST", body: form(), headers: { Cookie: jar.header(), Origin: BASE } }));

    // Without JavaScript: the profile page itself, the message by the photo field.
    const response = await post("/psychologist-profile");
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("Meu Perfil Profissional");
    expect(html).toContain("A imagem deve ter no máximo 5MB.");

    // With JavaScript (single fetch): the action's answer, not an error.
    const data = await post("/psychologist-profile.data");
    expect(data.status).toBe(413);
    expect(await data.text()).toContain("A imagem deve ter no máximo 5MB.");
  });
});

describe("posts from another site", () => {
  const crossSite = (headers: Record<string, string> = {}) =>
    formPost("/login", { intent: "login", email: "x@exemplo.com.br", password: "x" }, { Origin: "https://evil.example", ...headers });

  it("are refused with 403, in Portuguese by default", async () => {
    const response = await send(crossSite());
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Requisição de outra origem recusada.");
  });

  it("in the visitor's language", async () => {
    const english = await send(crossSite({ "Accept-Language": "en" }));
    expect(english.status).toBe(403);
    expect(english.headers.get("Content-Language")).toBe("en");
    expect(await english.text()).toBe("Cross-origin request refused.");
    const spanish = await send(crossSite({ "Accept-Language": "es-AR,es;q=0.8" }));
    expect(await spanish.text()).toBe("Solicitud de otro origen rechazada.");
  });
});

describe("NUL characters (PostgreSQL cannot store one in text)", () => {
  const INVALID = "O envio contém caracteres inválidos. Revise o texto e tente novamente.";
  const multipart = (path: string, form: FormData, headers: Record<string, string> = {}) =>
    new Request(new URL(path, BASE), { method: "POST", body: form, headers: { Origin: BASE, ...headers } });

  /** A consultation completed yesterday, and its patient signed in. */
  async function consultations() {
    const pair = await createPair();
    const past = await createAppointment({ patientId: pair.patient.id, psychologistId: pair.psychologist.psychologistId, startsAt: new Date(Date.now() - 24 * HOUR), status: "completed" });
    return { past, patientId: pair.patient.id, jar: await signedIn(pair.patient) };
  }

  it("a urlencoded form with one, encoded or raw, is refused with the 400 page in Portuguese, writing nothing", async () => {
    const email = `nul-${Date.now()}@exemplo.com.br`;
    const fields = { name: "Carla\u0000 Mendes", email, password: "senha-segura-123", confirmPassword: "senha-segura-123", role: "patient", terms: "on" };
    const encoded = await send(formPost("/register", fields));
    expect(encoded.status).toBe(400);
    expect(encoded.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await encoded.text();
    expect(html).toContain(INVALID);
    expect(html).toContain('<html lang="pt-BR"');

    // Raw: the byte itself, not '%00'.
    const raw = new Request(new URL("/register", BASE), {
      method: "POST",
      body: new URLSearchParams(fields).toString().replace("%00", "\u0000"),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    });
    expect((await send(raw)).status).toBe(400);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("a multipart form's text field with one is refused the same way: a profile's name, an evaluation's comment", async () => {
    const { past, jar, patientId } = await consultations();
    const profile = new FormData();
    for (const [name, value] of Object.entries({ intent: "profile", firstName: "Bia\u0000", lastName: "Souza", phone: "(11) 91234-5678", timeZone: "America/Manaus" })) profile.append(name, value);
    const response = await send(multipart("/settings", profile, { Cookie: jar.header() }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INVALID);
    expect(await db.selectFrom("profiles").select("first_name").where("id", "=", patientId).executeTakeFirstOrThrow()).toEqual({ first_name: "Paula" });

    const evaluation = new FormData();
    evaluation.append("rating", "5");
    evaluation.append("comment", "\u0000");
    expect((await send(multipart(`/appointment/${past}/evaluate`, evaluation, { Cookie: jar.header() }))).status).toBe(400);
    expect(await db.selectFrom("evaluations").select("id").execute()).toEqual([]);
  });

  it("in another language, the page says it in that language", async () => {
    const response = await send(formPost("/login", { intent: "login", email: "a\u0000@exemplo.com.br", password: "x" }, { "Accept-Language": "en" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The submission contains invalid characters.");
  });

  it("a single-fetch submission (.data) gets the 400 as its action's error", async () => {
    const response = await send(formPost("/login.data", { intent: "login", email: "a\u0000@exemplo.com.br", password: "x" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INVALID);
  });

  it("a photo's bytes may hold NULs: the upload still saves", async () => {
    const uploads = mkdtempSync(path.join(tmpdir(), "acolhe-nul-uploads-"));
    process.env.UPLOADS_DIR = uploads;
    resetEnvForTests();
    await appHandler({ fresh: true });
    try {
      const user = await createUser({ role: "patient" });
      const jar = await signedIn(user);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2a9d8f" } }).png().toBuffer();
      expect(png.includes(0)).toBe(true);
      const form = new FormData();
      form.append("intent", "photo");
      form.append("photo", new File([png], "foto.png", { type: "image/png" }));
      const response = await send(multipart("/settings", form, { Cookie: jar.header() }));
      expect(response.status).toBe(303);
      const profile = await db.selectFrom("profiles").select("avatar_url").where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(profile.avatar_url).toMatch(/-512\.webp$/);
    } finally {
      rmSync(uploads, { recursive: true, force: true });
    }
  });

  it("in the address it is dropped: the directory searched for '%00' opens as without it", async () => {
    for (const query of ["?q=%00", "?q=a%00b", "?q=%%0000"]) {
      const response = await send(page(`/psychologists${query}`));
      expect(response.status, query).toBe(200);
    }
  });
});

describe("the client's address", () => {
  const beacon = (headers: Record<string, string>) =>
    new Request(new URL("/api/analytics/events", BASE), {
      method: "POST",
      body: JSON.stringify({ event: "carousel_impression", timestamp: new Date().toISOString(), psychologist_count: 0, psychologist_ids: [] }),
      headers: { "Content-Type": "text/plain", ...headers },
    });

  it("is the socket's peer: a client rotating X-Forwarded-For stays one client for the limits", async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= ANALYTICS_RATE_LIMIT; index += 1) {
      statuses.push((await send(beacon({ "X-Forwarded-For": `198.51.100.${index % 250}` }), { socketAddress: "203.0.113.9" })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    // Another peer is another client.
    expect((await send(beacon({}), { socketAddress: "203.0.113.10" })).status).not.toBe(429);
  });

  it("in production is Fly-Client-IP (Fly's proxy is the one trusted hop), never X-Forwarded-For", async () => {
    await asProduction();
    const { clientIp } = await import("~/request-handler.server");
    const request = new Request(`${BASE}/`, { headers: { "Fly-Client-IP": "203.0.113.50", "X-Forwarded-For": "198.51.100.1" } });
    expect(clientIp(request, "10.0.0.1")).toBe("203.0.113.50");
    expect(clientIp(new Request(`${BASE}/`, { headers: { "X-Forwarded-For": "198.51.100.1" } }), "10.0.0.1")).toBe("10.0.0.1");
  });

  it("in staging is Fly-Client-IP too (behind the same proxy, every visitor would be the proxy's address); in development the socket's peer", async () => {
    Object.assign(process.env, { APP_ENV: "staging", APP_URL: "https://staging.acolhe.com.br", SESSION_SECRET: "a-staging-secret-1234", MERCADOPAGO_WEBHOOK_SECRET: "a-staging-webhook-secret" });
    resetEnvForTests();
    const { clientIp } = await import("~/request-handler.server");
    const proxied = () => new Request(`${BASE}/`, { headers: { "Fly-Client-IP": "203.0.113.51", "X-Forwarded-For": "198.51.100.1" } });
    expect(clientIp(proxied(), "10.0.0.1")).toBe("203.0.113.51");
    Object.assign(process.env, { APP_ENV: "development" });
    resetEnvForTests();
    expect(clientIp(proxied(), "10.0.0.1")).toBe("10.0.0.1");
  });
});

describe("one origin", () => {
  it("a kept public page is keyed by path alone: a forged Host neither splits nor poisons it", async () => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await asProduction();
    const first = await send(page("/how-it-works", { Host: "evil.example", "X-Forwarded-Host": "evil.example" }));
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const html = await first.text();
    expect(html).not.toContain("evil.example");
    const second = await send(page("/how-it-works", { Host: "acolhe.com.br" }));
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
  });

  it("visitors whose headers mean the same language share a page, as the server decides it", async () => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await appHandler({ fresh: true });
    expect((await send(page("/terms", { "Accept-Language": "pt-BR,pt;q=0.9" }))).headers.get("X-Page-Cache")).toBe("miss");
    expect((await send(page("/terms", { "Accept-Language": "pt" }))).headers.get("X-Page-Cache")).toBe("hit");
    expect((await send(page("/terms", { "Accept-Language": "en-US,en;q=0.8" }))).headers.get("X-Page-Cache")).toBe("miss");
    expect((await send(page("/terms", { "Accept-Language": "en" }))).headers.get("X-Page-Cache")).toBe("hit");
    // A language cookie someone edited is not an error.
    expect((await send(page("/terms", { Cookie: "acolhe_lng=%%%" }))).status).toBe(200);
  });
});

describe("development tools", () => {
  const DEV_PATHS = ["/dev/outbox", "/dev/outbox/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", "/dev/checkout/3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69"];

  it.each(["production", "staging"])("answer 404 in %s, for GET and POST", async (appEnv) => {
    await asProduction();
    if (appEnv === "staging") {
      Object.assign(process.env, { APP_ENV: "staging", APP_URL: "https://staging.acolhe.com.br" });
      resetEnvForTests();
      resetSessionCookieForTests();
      await appHandler({ fresh: true });
    }
    const jar = await signedIn(await createUser({ role: "patient" }));
    for (const path of DEV_PATHS) expect((await send(page(path, { Cookie: jar.header() }))).status, path).toBe(404);
    // The local checkout's buttons would confirm an appointment unpaid.
    const checkout = formPost(DEV_PATHS[2]!, { decision: "approved" }, { Cookie: jar.header(), Origin: new URL(process.env.APP_URL!).origin });
    expect((await send(checkout)).status).toBe(404);
  });

  it("open in development", async () => {
    expect((await send(page("/dev/outbox"))).status).toBe(200);
  });
});
