import { describe, expect, it } from "vitest";
import { page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

/**
 * /offline, the page the service worker (public/sw.js) keeps and shows when
 * the network is gone: in the visitor's language, a whole document with no
 * script, and the same for everyone — a signed-in visitor's name, e-mail or
 * session never reach it.
 */

describe("/offline", () => {
  it("is in Portuguese by default, with the retry link and the emergency numbers", async () => {
    const response = await send(page("/offline"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Content-Language")).toBe("pt-BR");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR" dir="ltr">/);
    expect(html).toContain("<title>Você está sem conexão | Acolhe</title>");
    expect(html).toContain("<h1>Você está sem conexão</h1>");
    expect(html).toContain("Verifique sua internet e tente novamente.");
    expect(html).toContain('<a href="">Tentar novamente</a>');
    expect(html).toContain("188 (CVV)");
    // Nothing the worker would have to keep besides this response, and nothing to hydrate.
    expect(html).not.toMatch(/<script|<link rel="stylesheet"/);
  });

  it("follows ?lng, which the worker sends without cookies", async () => {
    const response = await send(page("/offline?lng=en", { "Accept-Language": "pt-BR" }));
    expect(response.headers.get("Content-Language")).toBe("en");
    const html = await response.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("<h1>You are offline</h1>");
    expect(html).toContain('<a href="">Try again</a>');
  });

  it("follows the browser's language without ?lng, and Arabic reads right to left", async () => {
    const english = await send(page("/offline", { "Accept-Language": "en-US,en;q=0.9" }));
    expect(await english.text()).toContain("<h1>You are offline</h1>");
    const arabic = await send(page("/offline?lng=ar"));
    expect(await arabic.text()).toContain('<html lang="ar" dir="rtl">');
  });

  it("ignores a language the site does not offer", async () => {
    const response = await send(page("/offline?lng=xx-evil", { "Accept-Language": "pt-BR" }));
    expect(response.headers.get("Content-Language")).toBe("pt-BR");
  });

  it("shows a signed-in visitor nothing of theirs and sets no cookie", async () => {
    const user = await createUser({ firstName: "Marcela", lastName: "Quintanilha" });
    const jar = await signedIn(user);
    const anonymous = await (await send(page("/offline"))).text();
    const response = await send(page("/offline", { Cookie: jar.header() }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const html = await response.text();
    expect(html).not.toContain("Marcela");
    expect(html).not.toContain("Quintanilha");
    expect(html).not.toContain(user.email);
    // Word for word the page anyone gets.
    expect(html).toBe(anonymous);
  });
});
