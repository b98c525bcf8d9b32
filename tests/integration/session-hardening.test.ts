import { afterEach, describe, expect, it } from "vitest";
import { appHandler, formPost, page, send } from "#tests/helpers/app";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { db } from "~/models/db.server";
import { resetAuthenticator } from "~/services/authenticator.server";
import { resetSessionCookieForTests } from "~/services/session.server";
import { resetEnvForTests } from "~/utils/env.server";

/** Credentials stay with their owner (issue 11, item 9): re-authentication, cookies, lifetimes. */

const saved = { ...process.env };
afterEach(async () => {
  process.env = { ...saved };
  resetEnvForTests();
  resetSessionCookieForTests();
  resetAuthenticator();
  await appHandler({ fresh: true });
});

const ageSessions = (userId: string, minutes: number) =>
  db.updateTable("sessions").set({ created_at: new Date(Date.now() - minutes * 60_000) }).where("user_id", "=", userId).execute();

describe("a Google-only account proves a recent sign-in before sensitive changes", () => {
  it("setting a first password with a sign-in older than 10 minutes is refused, and nothing is written", async () => {
    const user = await createUser({ password: null });
    const jar = await signedIn(user);
    await ageSessions(user.id, 11);
    const refused = await send(formPost("/settings", { intent: "password", newPassword: "uma-senha-nova", confirmPassword: "uma-senha-nova" }, { Cookie: jar.header() }));
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain("entre de novo com o Google");
    expect(html).toContain('action="/auth/google"');
    expect((await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow()).password_hash).toBeNull();

    // Just signed in: allowed.
    const fresh = await signedIn(user);
    const allowed = await send(formPost("/settings", { intent: "password", newPassword: "uma-senha-nova", confirmPassword: "uma-senha-nova" }, { Cookie: fresh.header() }));
    expect(allowed.status).toBe(303);
    expect((await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow()).password_hash).toMatch(/^scrypt\$/);
  });

  it("deleting the account with an old sign-in is refused; the account stays", async () => {
    const user = await createUser({ password: null });
    const jar = await signedIn(user);
    await ageSessions(user.id, 30);
    const refused = await send(formPost("/settings", { intent: "delete-account", email: user.email }, { Cookie: jar.header() }));
    expect(refused.status).toBe(403);
    expect((await db.selectFrom("users").select("deleted_at").where("id", "=", user.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
  });

  it("an account with a password keeps using it as the proof, whatever the session's age", async () => {
    const user = await createUser();
    const jar = await signedIn(user);
    await ageSessions(user.id, 60);
    const response = await send(formPost("/settings", { intent: "password", currentPassword: PASSWORD, newPassword: "outra-senha-boa", confirmPassword: "outra-senha-boa" }, { Cookie: jar.header() }));
    expect(response.status).toBe(303);
  });
});

describe("the session cookie", () => {
  it("over https is Secure and __Host- prefixed, for the whole site, HttpOnly", async () => {
    Object.assign(process.env, { APP_URL: "https://staging.acolhe.com.br", APP_ENV: "staging", SESSION_SECRET: "staging-secret-value-123", MERCADOPAGO_WEBHOOK_SECRET: "staging-webhook-value-123" });
    resetEnvForTests();
    resetSessionCookieForTests();
    resetAuthenticator();
    await appHandler({ fresh: true });
    const user = await createUser();
    const response = await send(formPost("/login", { intent: "login", email: user.email, password: PASSWORD }, { Origin: "https://staging.acolhe.com.br" }));
    expect(response.status).toBe(303);
    const session = response.headers.getSetCookie().find((line) => line.startsWith("__Host-acolhe_session="));
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/Domain=/i);
    // The toast cookie set with it is Secure too.
    expect(response.headers.getSetCookie().every((line) => /; Secure/i.test(line))).toBe(true);
  });

  it("over http (development) is a plain cookie", async () => {
    const user = await createUser();
    const response = await send(formPost("/login", { intent: "login", email: user.email, password: PASSWORD }));
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__acolhe_session=") && !/; Secure/i.test(line))).toBe(true);
  });

  it("signing in again in the same browser ends the session it had, whoever's it was", async () => {
    const first = await createUser();
    const jar = await signedIn(first);
    const before = await db.selectFrom("sessions").select("id").where("user_id", "=", first.id).execute();
    expect(before).toHaveLength(1);
    const second = await createUser();
    const response = await send(formPost("/login", { intent: "login", email: second.email, password: PASSWORD }, { Cookie: jar.header() }));
    expect(response.status).toBe(303);
    // The old cookie no longer opens anything, though it was never sent back cleared.
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", first.id).execute()).toEqual([]);
    expect((await send(page("/settings", { Cookie: jar.header() }))).status).toBe(302);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", second.id).execute()).toHaveLength(1);
  });

  it("a session ends 30 days after its sign-in, however active", async () => {
    const user = await createUser();
    const jar = await signedIn(user);
    expect((await send(page("/settings", { Cookie: jar.header() }))).status).toBe(200);
    await db.updateTable("sessions").set({ created_at: new Date(Date.now() - 31 * 24 * 3_600_000), expires_at: new Date(Date.now() + 3_600_000) }).execute();
    const response = await send(page("/settings", { Cookie: jar.header() }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});
