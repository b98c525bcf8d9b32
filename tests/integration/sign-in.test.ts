import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { action as loginAction, loader as loginLoader } from "~/routes/_auth.login/route";
import { action as logoutAction } from "~/routes/_auth.logout";
import { loader as rootLoader } from "~/root";
import { resetEnvForTests } from "~/utils/env.server";
import { sha256 } from "~/utils/crypto.server";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";

const login = (fields: Record<string, string>, jar?: CookieJar, clientIp = "203.0.113.7") =>
  run(loginAction, postRequest("/login", { intent: "login", ...fields }, jar), {}, { clientIp });

const formErrors = async (response: Response) => (await body(response)).error?.[""] as string[] | undefined;

afterEach(() => {
  delete process.env.APP_ENV;
  resetEnvForTests();
});

describe("sign-in", () => {
  it("asks for every field with the spec's message", async () => {
    const response = await login({ email: "", password: "" });
    expect(response.status).toBe(400);
    expect(await formErrors(response)).toEqual(["Por favor, preencha todos os campos."]);
  });

  it("says the same thing for a wrong password and for an unknown e-mail", async () => {
    const user = await createUser();
    const wrong = await login({ email: user.email, password: "nao-e-essa" });
    const unknown = await login({ email: "ninguem@exemplo.com.br", password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await formErrors(wrong)).toEqual(["Credenciais inválidas. Verifique seu email e senha."]);
    expect(await formErrors(unknown)).toEqual(["Credenciais inválidas. Verifique seu email e senha."]);
  });

  it("refuses an unconfirmed e-mail with the spec's message", async () => {
    const user = await createUser({ verified: false });
    const response = await login({ email: user.email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(await formErrors(response)).toEqual(["Email não confirmado. Verifique sua caixa de entrada."]);
  });

  it("never echoes the password back", async () => {
    const response = await login({ email: "x@exemplo.com.br", password: "segredo-grande" });
    expect(JSON.stringify(await body(response))).not.toContain("segredo-grande");
  });

  it("starts a database session and sends a patient to their dashboard with a toast", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    const response = await login({ email: user.email.toUpperCase(), password: PASSWORD }, jar);
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/patient-dashboard");
    jar.take(response);
    expect(jar.has("__acolhe_session")).toBe(true);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(1);

    const root = await body(await run(rootLoader, getRequest("/patient-dashboard", jar)));
    expect(root.user).toMatchObject({ email: user.email, role: "patient" });
    expect(root.toast).toEqual({ type: "success", title: "Login realizado com sucesso!" });
  });

  it("gives a new session id at every sign-in (no fixation) and keeps the cookie to an opaque token", async () => {
    const user = await createUser();
    const first = new CookieJar().take(await login({ email: user.email, password: PASSWORD }));
    const second = new CookieJar().take(await login({ email: user.email, password: PASSWORD }));
    expect(first.header()).not.toBe(second.header());
    const token = decodeURIComponent(first.header().match(/__acolhe_session=([^;]+)/)![1]!);
    expect(token).not.toContain(user.id);
    const ids = (await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).map((row) => row.id);
    expect(ids).toHaveLength(2);
    // The table keeps only hashes of what the cookie carries.
    expect(ids.some((id) => token.includes(id))).toBe(false);
  });

  it.each([
    ["admin", undefined, "/admin"],
    ["psychologist", "approved", "/psychologist-dashboard"],
    ["psychologist", "pending", "/psychologist-profile"],
    ["patient", undefined, "/patient-dashboard"],
  ] as const)("sends a %s (%s) to %s", async (role, psychologistStatus, target) => {
    const user = await createUser({ role, psychologistStatus });
    expect(location(await login({ email: user.email, password: PASSWORD }))).toBe(target);
  });

  it("returns to the page that asked for sign-in, never to another site", async () => {
    const user = await createUser();
    expect(location(await login({ email: user.email, password: PASSWORD, redirectTo: "/schedule/step3?x=1" }))).toBe("/schedule/step3?x=1");
    expect(location(await login({ email: user.email, password: PASSWORD, redirectTo: "//evil.example/x" }))).toBe("/patient-dashboard");
    expect(location(await login({ email: user.email, password: PASSWORD, redirectTo: "https://evil.example" }))).toBe("/patient-dashboard");
  });

  it("shows the booking message when a booking page sent the visitor", async () => {
    const data = await body(await run(loginLoader, getRequest("/login?redirectTo=%2Fschedule%2Fstep3&reason=booking")));
    expect(data.reason).toBe("booking");
    expect(data.redirectTo).toBe("/schedule/step3");
    expect(data.translations.auth.bookingRequired).toBe("Você precisa estar logado para agendar uma consulta.");
  });

  it("sends a signed-in visitor away from the sign-in screen", async () => {
    const user = await createUser({ role: "admin" });
    const response = await run(loginLoader, getRequest("/login", await signedIn(user)));
    expect(location(response)).toBe("/admin");
  });
});

describe("throttling", () => {
  it("blocks an e-mail after the environment's limit, without saying whether it exists", async () => {
    process.env.APP_ENV = "staging"; // 10 attempts per 15 minutes
    resetEnvForTests();
    const user = await createUser();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login({ email: user.email, password: "errada" }, undefined, `198.51.100.${attempt}`)).status).toBe(401);
    }
    const blocked = await login({ email: user.email, password: PASSWORD }, undefined, "198.51.100.200");
    expect(blocked.status).toBe(429);
    expect(await formErrors(blocked)).toEqual(["Muitas tentativas de login. Aguarde 15 minutos e tente novamente."]);

    for (let attempt = 0; attempt < 10; attempt += 1) await login({ email: "fantasma@exemplo.com.br", password: "x" }, undefined, `192.0.2.${attempt}`);
    expect((await login({ email: "fantasma@exemplo.com.br", password: "x" }, undefined, "192.0.2.99")).status).toBe(429);
  });

  it("blocks an IP trying many e-mails", async () => {
    process.env.APP_ENV = "staging";
    resetEnvForTests();
    for (let attempt = 0; attempt < 10; attempt += 1) await login({ email: `alvo${attempt}@exemplo.com.br`, password: "x" }, undefined, "203.0.113.50");
    const user = await createUser();
    expect((await login({ email: user.email, password: PASSWORD }, undefined, "203.0.113.50")).status).toBe(429);
    expect((await login({ email: user.email, password: PASSWORD }, undefined, "203.0.113.51")).status).toBe(303);
  });

  it("forgets the window after 15 minutes", async () => {
    process.env.APP_ENV = "staging";
    resetEnvForTests();
    const user = await createUser();
    for (let attempt = 0; attempt < 10; attempt += 1) await login({ email: user.email, password: "errada" }, undefined, `198.18.0.${attempt}`);
    await db.updateTable("login_failures").set({ created_at: new Date(Date.now() - 16 * 60_000) }).execute();
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(303);
  });

  it("stores no e-mail or IP in clear", async () => {
    await login({ email: "rastro@exemplo.com.br", password: "x" }, undefined, "203.0.113.99");
    const keys = (await db.selectFrom("login_failures").select("key_hash").execute()).map((row) => row.key_hash);
    expect(keys).toContain(sha256("email:rastro@exemplo.com.br"));
    expect(JSON.stringify(keys)).not.toMatch(/rastro|203\.0\.113/);
  });
});

describe("sign-out", () => {
  it("deletes the server session, clears the cookie and lands on /", async () => {
    const user = await createUser();
    const jar = await signedIn(user);
    const response = await run(logoutAction, postRequest("/logout", {}, jar));
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__acolhe_session=;"))).toBe(true);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    const root = await body(await run(rootLoader, getRequest("/", jar.take(response))));
    expect(root.user).toBeNull();
  });

  it("still lands on / without a session", async () => {
    const response = await run(logoutAction, postRequest("/logout", {}));
    expect(location(response)).toBe("/");
  });
});

describe("sessions", () => {
  it("expire with the environment's timeout and slide on activity", async () => {
    const user = await createUser();
    const jar = await signedIn(user);
    // Past half the timeout: the next request pushes the expiry out again.
    await db.updateTable("sessions").set({ expires_at: new Date(Date.now() + 60_000) }).where("user_id", "=", user.id).execute();
    expect((await body(await run(rootLoader, getRequest("/", jar)))).user).not.toBeNull();
    const row = await db.selectFrom("sessions").select("expires_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);

    await db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1_000) }).where("user_id", "=", user.id).execute();
    expect((await body(await run(rootLoader, getRequest("/", jar)))).user).toBeNull();
  });
});
