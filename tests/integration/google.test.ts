import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { loader as rootLoader } from "~/root";
import { action as googleAction, loader as googleLoader } from "~/routes/_auth.auth.google";
import { loader as callbackLoader } from "~/routes/_auth.auth.google.callback";
import { loader as loginLoader } from "~/routes/_auth.login/route";
import { resetAuthenticator } from "~/services/authenticator.server";
import { resetEnvForTests } from "~/utils/env.server";
import { formPost, page, send } from "#tests/helpers/app";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, BASE, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";

/**
 * 'Continuar com Google' end to end through the two routes, with Google's
 * token and userinfo endpoints faked by msw (the URLs remix-auth-google 2.0.0
 * and remix-auth-oauth2 call).
 */

const AUTHORIZATION_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const TOKEN_URL = "https://oauth2.googleapis.com/token";
const USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";

const CLIENT_ID = "acolhe-teste.apps.googleusercontent.com";
const CLIENT_SECRET = "segredo-do-cliente-google";
const CODE = "4/0codigo-de-autorizacao";
const ACCESS_TOKEN = "ya29.token-de-acesso-falso";
const CALLBACK = `${BASE}/auth/google/callback`;

/** What the fake userinfo endpoint answers, set per test. */
let googleProfile: Record<string, unknown>;
const tokenRequests: Array<{ params: URLSearchParams; contentType: string | null }> = [];
const userinfoRequests: Array<string | null> = [];

const google = setupServer(
  http.post(TOKEN_URL, async ({ request }) => {
    const params = new URLSearchParams(await request.text());
    tokenRequests.push({ params, contentType: request.headers.get("Content-Type") });
    if (params.get("code") !== CODE || params.get("client_secret") !== CLIENT_SECRET) {
      return HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
    }
    return HttpResponse.json({
      access_token: ACCESS_TOKEN,
      refresh_token: "1//token-de-renovacao-falso",
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/calendar.events",
      id_token: "header.payload.signature",
    });
  }),
  http.get(USERINFO_URL, ({ request }) => {
    const authorization = request.headers.get("Authorization");
    userinfoRequests.push(authorization);
    if (authorization !== `Bearer ${ACCESS_TOKEN}`) return HttpResponse.json({ error: "invalid_token" }, { status: 401 });
    return HttpResponse.json(googleProfile);
  }),
);

function configureGoogle(on: boolean) {
  if (on) {
    process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
    process.env.GOOGLE_CLIENT_SECRET = CLIENT_SECRET;
  } else {
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_SECRET;
  }
  resetEnvForTests();
  resetAuthenticator();
}

beforeAll(() => google.listen({ onUnhandledRequest: "error" }));
afterAll(() => google.close());

beforeEach(() => {
  configureGoogle(true);
  tokenRequests.length = 0;
  userinfoRequests.length = 0;
  googleProfile = profile("maria.google@gmail.com");
});

afterEach(() => configureGoogle(false));

function profile(email: string, overrides: Record<string, unknown> = {}) {
  return {
    sub: "109876543210987654321",
    email,
    email_verified: true,
    name: "Maria Google Souza",
    given_name: "Maria",
    family_name: "Google Souza",
    picture: "https://lh3.googleusercontent.com/a/foto",
    locale: "pt-BR",
    ...overrides,
  };
}

/** Presses 'Continuar com Google' (through the app's request handler): returns Google's consent URL (the jar keeps the state cookie). */
async function start(jar: CookieJar, redirectTo = "") {
  const response = await send(formPost("/auth/google", { redirectTo }, { Cookie: jar.header() }));
  jar.take(response);
  return { response, url: new URL(response.headers.get("Location") ?? "", BASE) };
}

/** Google sends the browser back with a code and the state it was given. */
async function callback(jar: CookieJar, params: Record<string, string>) {
  const response = await send(page(`/auth/google/callback?${new URLSearchParams(params)}`, { Cookie: jar.header() }));
  jar.take(response);
  return response;
}

async function signInWithGoogle(jar = new CookieJar(), redirectTo = "") {
  const { url } = await start(jar, redirectTo);
  const response = await callback(jar, { state: url.searchParams.get("state")!, code: CODE, scope: "email profile openid" });
  return { jar, response };
}

const toastOf = async (jar: CookieJar) => (await body(await run(rootLoader, getRequest("/", jar)))).toast;
const signedInAs = async (jar: CookieJar) => (await body(await run(rootLoader, getRequest("/", jar)))).user;
const allUsers = () => db.selectFrom("users").select(["id", "email", "google_sub", "email_verified_at", "password_hash"]).execute();
const allSessions = () => db.selectFrom("sessions").select(["user_id"]).execute();

async function expectRefused(jar: CookieJar, response: Response) {
  expect(response.status).toBe(303);
  expect(location(response)).toBe("/login");
  expect(jar.has("__acolhe_session")).toBe(false);
  expect(await allSessions()).toEqual([]);
  expect(await toastOf(jar)).toEqual({ type: "error", title: "Erro ao iniciar login com Google" });
}

describe("starting the Google sign-in", () => {
  it("sends the visitor to Google's consent page with code flow and state, asking only who they are", async () => {
    const jar = new CookieJar();
    const { response, url } = await start(jar);
    expect(response.status).toBe(302);
    expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZATION_URL);
    const params = url.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(CLIENT_ID);
    expect(params.get("redirect_uri")).toBe(CALLBACK);
    // Nothing is used beyond identity, so nothing more is asked: no calendar, no offline access, no forced consent.
    expect(params.get("scope")!.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(params.get("access_type")).toBe("online");
    expect(params.get("prompt")).toBeNull();
    expect(params.get("state")).toMatch(/^[0-9a-f-]{16,}$/);
    // The state is kept server-side-signed in a cookie of ours, never the client secret in the URL.
    expect(jar.has("__acolhe_auth")).toBe(true);
    expect(url.toString()).not.toContain(CLIENT_SECRET);
    // Nothing is asked of Google yet.
    expect(tokenRequests).toEqual([]);
  });

  it("gives every attempt its own state", async () => {
    const first = (await start(new CookieJar())).url.searchParams.get("state");
    const second = (await start(new CookieJar())).url.searchParams.get("state");
    expect(first).not.toBe(second);
  });

  it("offers the button on the sign-in screen only when Google is configured", async () => {
    expect((await body(await run(loginLoader, getRequest("/login")))).google).toBe(true);
    configureGoogle(false);
    expect((await body(await run(loginLoader, getRequest("/login")))).google).toBe(false);
  });

  it("without Google configured, returns to /login with 'Erro ao iniciar login com Google'", async () => {
    configureGoogle(false);
    const jar = new CookieJar();
    const { response } = await start(jar);
    expect(response.headers.get("Location")).not.toContain("accounts.google.com");
    await expectRefused(jar, response);

    const back = await callback(jar, { state: "qualquer", code: CODE });
    await expectRefused(jar, back);
    expect(tokenRequests).toEqual([]);
  });

  it("a plain GET of /auth/google goes to /login", async () => {
    expect(location(await run(googleLoader, getRequest("/auth/google")))).toBe("/login");
  });
});

describe("Google's callback", () => {
  it("exchanges the code at Google's token endpoint with the client credentials and the callback URL", async () => {
    await signInWithGoogle();
    expect(tokenRequests).toHaveLength(1);
    const [{ params, contentType }] = tokenRequests as [(typeof tokenRequests)[number]];
    expect(contentType).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(params)).toMatchObject({
      grant_type: "authorization_code",
      code: CODE,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: CALLBACK,
    });
    expect(userinfoRequests).toEqual([`Bearer ${ACCESS_TOKEN}`]);
  });

  it("creates a patient with a verified e-mail for an unknown address, and signs them in", async () => {
    const { jar, response } = await signInWithGoogle();
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/patient-dashboard");

    const users = await allUsers();
    expect(users).toHaveLength(1);
    const [user] = users as [(typeof users)[number]];
    expect(user).toMatchObject({ email: "maria.google@gmail.com", google_sub: "109876543210987654321", password_hash: null });
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(await db.selectFrom("profiles").select(["first_name", "last_name", "locale"]).where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({
      first_name: "Maria",
      last_name: "Google Souza",
      locale: "pt-BR",
    });
    expect(await db.selectFrom("psychologists").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    // No browser zone was sent: e-mails fall back to Brasília.
    expect(await db.selectFrom("profiles").select("time_zone").where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({ time_zone: null });

    expect(jar.has("__acolhe_session")).toBe(true);
    expect(await allSessions()).toEqual([{ user_id: user.id }]);
    const root = await body(await run(rootLoader, getRequest("/", jar)));
    expect(root.user).toMatchObject({ email: "maria.google@gmail.com", role: "patient" });
    expect(root.toast).toEqual({ type: "success", title: "Login realizado com sucesso!" });
  });

  it("keeps the zone the browser reported (the tz cookie) on the new account, so e-mails show the times the site showed", async () => {
    const jar = new CookieJar();
    jar.take(new Headers({ "Set-Cookie": "tz=Europe%2FLisbon; Path=/" }));
    const { response } = await signInWithGoogle(jar);
    expect(response.status).toBe(303);
    const [user] = await allUsers();
    expect(await db.selectFrom("profiles").select("time_zone").where("id", "=", user!.id).executeTakeFirstOrThrow()).toEqual({ time_zone: "Europe/Lisbon" });
  });

  it("takes an unverified account back from whoever opened it with the owner's address: their password and sessions go", async () => {
    // Someone registers the owner's address with a password of their own; it was never verified.
    const squatter = await createUser({ email: "vitima@gmail.com", verified: false, firstName: "Invasor" });
    const squatterJar = await signedIn(squatter);
    googleProfile = profile("vitima@gmail.com");
    const { jar, response } = await signInWithGoogle();
    expect(location(response)).toBe("/patient-dashboard");

    const [account] = await allUsers();
    expect(account).toMatchObject({ id: squatter.id, google_sub: "109876543210987654321", password_hash: null });
    expect(account!.email_verified_at).toBeInstanceOf(Date);
    // Only the Google session is left; the squatter's is gone and their password no longer opens the account.
    expect(await allSessions()).toEqual([{ user_id: squatter.id }]);
    expect(await signedInAs(squatterJar)).toBeNull();
    expect(await signedInAs(jar)).toMatchObject({ email: "vitima@gmail.com" });
    const attempt = await send(formPost("/login", { intent: "login", email: "vitima@gmail.com", password: PASSWORD }));
    expect(attempt.status).toBe(401);
  });

  it("links an existing verified account with the same e-mail instead of creating another", async () => {
    const existing = await createUser({ email: "Maria.Google@gmail.com", firstName: "Maria", lastName: "Antiga" });
    googleProfile = profile("maria.google@gmail.com");
    const { jar, response } = await signInWithGoogle();
    expect(location(response)).toBe("/patient-dashboard");

    const users = await allUsers();
    expect(users.map((user) => user.id)).toEqual([existing.id]);
    expect(users[0]!.google_sub).toBe("109876543210987654321");
    // A verified account's owner proved the address before: the password still works; the profile is not overwritten by Google's.
    expect(users[0]!.password_hash).toMatch(/^scrypt\$/);
    expect((await db.selectFrom("profiles").select("last_name").where("id", "=", existing.id).executeTakeFirstOrThrow()).last_name).toBe("Antiga");
    expect(await allSessions()).toEqual([{ user_id: existing.id }]);
    expect(await signedInAs(jar)).toMatchObject({ email: existing.email });

    // The next time, the Google id alone finds the account, even after the Gmail address changes.
    googleProfile = profile("maria.nova@gmail.com");
    const again = await signInWithGoogle();
    expect(location(again.response)).toBe("/patient-dashboard");
    expect((await allUsers()).map((user) => user.id)).toEqual([existing.id]);
    expect(await signedInAs(again.jar)).toMatchObject({ email: existing.email });
  });

  it("links a psychologist's account and lands on their dashboard", async () => {
    const psychologist = await createUser({ role: "psychologist", email: "psi.google@gmail.com" });
    googleProfile = profile("psi.google@gmail.com");
    const { response } = await signInWithGoogle();
    expect(location(response)).toBe("/psychologist-dashboard");
    expect((await allUsers()).map((user) => user.id)).toEqual([psychologist.id]);
  });

  it("refuses an e-mail Google has not verified, creating and linking nothing", async () => {
    const existing = await createUser({ email: "nao.verificado@gmail.com" });
    googleProfile = profile("nao.verificado@gmail.com", { email_verified: false });
    const { jar, response } = await signInWithGoogle();
    await expectRefused(jar, response);
    expect(await allUsers()).toEqual([expect.objectContaining({ id: existing.id, google_sub: null })]);

    googleProfile = profile("desconhecido@gmail.com", { email_verified: false, sub: "222" });
    const unknown = await signInWithGoogle();
    await expectRefused(unknown.jar, unknown.response);
    expect(await db.selectFrom("users").select("id").where("email", "=", "desconhecido@gmail.com").execute()).toEqual([]);
  });

  it("refuses a wrong state with the toast, asks Google nothing and starts no session", async () => {
    const jar = new CookieJar();
    await start(jar);
    const response = await callback(jar, { state: "00000000-0000-4000-8000-000000000000", code: CODE });
    await expectRefused(jar, response);
    expect(tokenRequests).toEqual([]);
    expect(await allUsers()).toEqual([]);
  });

  it("refuses a callback nobody started (no state cookie)", async () => {
    const { url } = await start(new CookieJar());
    const stranger = new CookieJar();
    const response = await callback(stranger, { state: url.searchParams.get("state")!, code: CODE });
    await expectRefused(stranger, response);
    expect(tokenRequests).toEqual([]);
  });

  it("refuses a callback without a code, or with a code Google rejects", async () => {
    const jar = new CookieJar();
    const { url } = await start(jar);
    await expectRefused(jar, await callback(jar, { state: url.searchParams.get("state")!, error: "access_denied" }));

    const other = new CookieJar();
    const started = await start(other);
    const response = await callback(other, { state: started.url.searchParams.get("state")!, code: "codigo-falso" });
    await expectRefused(other, response);
    expect(tokenRequests.map(({ params }) => params.get("code"))).toEqual(["codigo-falso"]);
    expect(await allUsers()).toEqual([]);
  });

  it("returns to the page that asked for sign-in, never to another site", async () => {
    const { response } = await signInWithGoogle(new CookieJar(), "/psychologists?especialidade=ansiedade");
    expect(location(response)).toBe("/psychologists?especialidade=ansiedade");

    const evil = await signInWithGoogle(new CookieJar(), "//evil.example/roubo");
    expect(location(evil.response)).toBe("/patient-dashboard");
  });
});
