import { describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { BASE } from "#tests/helpers/http";
import { resetAuthenticator } from "~/services/authenticator.server";
import { resetEnvForTests } from "~/utils/env.server";

/**
 * No open redirect (issue 11, item 3): every `redirectTo` the app follows
 * lands on this site, whatever a link puts in it. Checked the way a browser
 * reads a Location: resolved against the page, tabs and newlines dropped.
 */

const HOSTILE = [
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "//evil.example",
  "///evil.example",
  "https://evil.example/x",
  "javascript:alert(1)",
  "/\t\t//evil.example/%2F..",
];

/** Where a browser would go with this response's Location. */
function browserTarget(response: Response): URL {
  const location = response.headers.get("Location") ?? "";
  return new URL(location.replace(/[\t\n\r]/g, ""), BASE);
}

describe.each(HOSTILE)("redirectTo %j", (target) => {
  it("a signed-in visitor opening /login?redirectTo= stays on the site", async () => {
    const jar = await signedIn(await createUser());
    const response = await send(page(`/login?${new URLSearchParams({ redirectTo: target })}`, { Cookie: jar.header() }));
    expect(response.status).toBe(302);
    expect(browserTarget(response).origin).toBe(new URL(BASE).origin);
  });

  it("signing in with it stays on the site", async () => {
    const user = await createUser();
    const response = await send(formPost("/login", { intent: "login", email: user.email, password: PASSWORD, redirectTo: target }));
    expect(response.status).toBe(303);
    expect(browserTarget(response).origin).toBe(new URL(BASE).origin);
  });

  it("the theme and language forms stay on the site", async () => {
    for (const [path, fields] of [
      ["/set-theme", { theme: "dark" }],
      ["/set-locale", { lng: "en" }],
    ] as const) {
      const response = await send(formPost(path, { ...fields, redirectTo: target }));
      expect(response.status, path).toBeGreaterThanOrEqual(300);
      expect(browserTarget(response).origin, path).toBe(new URL(BASE).origin);
    }
  });

  it("the Google start keeps no hostile target for after the callback (a safe one it keeps)", async () => {
    Object.assign(process.env, { GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "segredo" });
    resetEnvForTests();
    resetAuthenticator();
    try {
      const kept = async (redirectTo: string) =>
        (await send(formPost("/auth/google", { redirectTo }))).headers.getSetCookie().some((line) => line.startsWith("acolhe_after_login=") && !line.startsWith("acolhe_after_login=;"));
      expect(await kept("/settings")).toBe(true);
      expect(await kept(target)).toBe(false);
    } finally {
      delete process.env.GOOGLE_CLIENT_ID;
      delete process.env.GOOGLE_CLIENT_SECRET;
      resetEnvForTests();
      resetAuthenticator();
    }
  });
});
