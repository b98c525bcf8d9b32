import { describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

/** The page's markup without its scripts (the hydration data repeats texts and ids). */
async function markup(response: Response): Promise<string> {
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
}

/** Every id an aria-describedby / aria-labelledby / for names that no element on the page has. */
function danglingReferences(html: string): string[] {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  const references = [...html.matchAll(/\s(?:aria-describedby|aria-labelledby|for)="([^"]+)"/g)].flatMap((match) => match[1]!.split(/\s+/));
  return references.filter((id) => !ids.has(id));
}

describe("accessibility of the forms' errors", () => {
  it("ties the fields the sign-in marks as missing to the form's message, not to an error that is not on the page", async () => {
    const html = await markup(await send(formPost("/login", { intent: "login", email: "", password: "" })));
    expect(html).toContain('id="login-error"');
    expect(html).toMatch(/<input id="login-email"[^>]*aria-invalid="true"[^>]*aria-describedby="login-error"/);
    expect(html).toMatch(/<input id="login-password"[^>]*aria-invalid="true"[^>]*aria-describedby="login-error"/);
    expect(danglingReferences(html)).toEqual([]);
  });

  it("does the same on the sign-up form, keeping the password's hint", async () => {
    const html = await markup(await send(formPost("/register", { intent: "signup", fullName: "", email: "", password: "", confirmPassword: "" })));
    expect(html).toContain('id="signup-error"');
    expect(html).toMatch(/<input id="signup-password"[^>]*aria-describedby="signup-error signup-password-hint"/);
    expect(danglingReferences(html)).toEqual([]);
  });
});

describe("focus after a form error without JavaScript", () => {
  it("opens the sign-in page again on the first field to fix", async () => {
    const html = await markup(await send(formPost("/login", { intent: "login", email: "", password: "" })));
    expect(html).toMatch(/<input id="login-email"[^>]*autofocus=""/);
    expect(html).not.toMatch(/<input id="login-password"[^>]*autofocus/);
  });

  it("opens the sign-up page on the first field in the form's order that is wrong", async () => {
    const html = await markup(
      await send(formPost("/register", { intent: "signup", fullName: "Ana Souza", email: "ana@exemplo.com.br", role: "patient", password: "curta", confirmPassword: "outra", terms: "on" })),
    );
    expect(html).toMatch(/<input id="signup-password"[^>]*autofocus=""/);
    expect(html.match(/autofocus=""/g)).toHaveLength(1);
  });

  it("focuses nothing on a first visit", async () => {
    const html = await markup(await send(page("/login")));
    expect(html).not.toContain("autofocus");
  });
});

describe("accessibility of the psychologist's agenda", () => {
  it("names the month's calendar table by the month heading above it", async () => {
    const psychologist = await createUser({ role: "psychologist" });
    const jar = await signedIn(psychologist);
    const html = await markup(await send(page("/psychologist-dashboard/agenda?month=2099-03", { Cookie: jar.header() })));
    expect(html).toMatch(/<h3 id="month-title"[^>]*>[^<]*2099/);
    expect(html).toMatch(/<table[^>]*aria-labelledby="month-title"/);
    expect(danglingReferences(html)).toEqual([]);
  });
});
