import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formPost, send } from "#tests/helpers/app";
import { setSleepForTests } from "~/services/throttle.server";
import { hashPassword } from "~/utils/password.server";
import { db } from "~/models/db.server";
import { action as loginAction, loader as loginLoader } from "~/routes/_auth.login/route";
import { action as logoutAction } from "~/routes/_auth.logout";
import { loader as rootLoader } from "~/root";
import { resetEnvForTests } from "~/utils/env.server";
import { sha256 } from "~/utils/crypto.server";
import { stopClockInsideTheHour } from "#tests/helpers/clock";
import { runQueuedJobs } from "#tests/helpers/jobs";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";

const login = (fields: Record<string, string>, jar?: CookieJar, clientIp = "203.0.113.7") =>
  run(loginAction, postRequest("/login", { intent: "login", ...fields }, jar), {}, { clientIp });

const formErrors = async (response: Response) => (await body(response)).error?.[""] as string[] | undefined;

/** Staging refuses to start on the development secrets: it gets its own. */
function asStaging() {
  Object.assign(process.env, { APP_ENV: "staging", SESSION_SECRET: "staging-session-secret-1", MERCADOPAGO_WEBHOOK_SECRET: "staging-webhook-secret-1" });
}

afterEach(() => {
  vi.useRealTimers();
  delete process.env.APP_ENV;
  delete process.env.SESSION_SECRET;
  delete process.env.MERCADOPAGO_WEBHOOK_SECRET;
  process.env.SCRYPT_LOG_N = "12";
  resetEnvForTests();
});

describe("sign-in", () => {
  it("answers an unknown intent in the visitor's language", async () => {
    const response = await run(loginAction, postRequest("/login", { intent: "fly" }, undefined, { "Accept-Language": "de" }), {}, { clientIp: "203.0.113.7" });
    expect(response.status).toBe(400);
    expect((await body(response)).error).toEqual({ "": ["Unbekannte Aktion."] });
  });

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

describe("throttling (through the request handler, the IP being the socket's)", () => {
  const attempt = (email: string, password: string, ip: string) => send(formPost("/login", { intent: "login", email, password }), { socketAddress: ip });
  const waits: number[] = [];
  beforeEach(() => {
    stopClockInsideTheHour();
    asStaging(); // 10 attempts per 15 minutes
    resetEnvForTests();
    waits.length = 0;
    setSleepForTests(async (ms) => void waits.push(ms));
  });

  it("a stranger who knows the e-mail cannot lock its owner out: the pair is limited, the e-mail only slowed", async () => {
    const user = await createUser();
    for (let index = 0; index < 10; index += 1) expect((await attempt(user.email, "errada", "198.51.100.7")).status).toBe(401);
    const blocked = await attempt(user.email, "errada", "198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Muitas tentativas de login. Aguarde 15 minutos e tente novamente.");
    // Even the right password from that IP waits out the window…
    expect((await attempt(user.email, PASSWORD, "198.51.100.7")).status).toBe(429);
    // A second address keeps trying; each answer for that e-mail now waits longer.
    for (let index = 0; index < 3; index += 1) expect((await attempt(user.email, "errada", "198.51.100.9")).status).toBe(401);
    expect(waits).toEqual([250, 500]);
    // The owner, elsewhere, signs in — after a delay, never a refusal.
    expect((await attempt(user.email, PASSWORD, "203.0.113.20")).status).toBe(303);
    expect(waits.at(-1)).toBe(1_000);
    expect(waits.every((ms) => ms <= 5_000)).toBe(true);
  });

  it("parallel attempts cannot pass the limit: the attempt is counted before the password is checked", async () => {
    const user = await createUser();
    const statuses = await Promise.all(Array.from({ length: 25 }, () => attempt(user.email, "errada", "198.51.100.8").then((response) => response.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("limits an IP trying many e-mails (ten times the pair's limit)", async () => {
    for (let index = 0; index < 100; index += 1) await attempt(`alvo${index}@exemplo.com.br`, "x", "203.0.113.50");
    const user = await createUser();
    expect((await attempt(user.email, PASSWORD, "203.0.113.50")).status).toBe(429);
    expect((await attempt(user.email, PASSWORD, "203.0.113.51")).status).toBe(303);
  });

  it("is the same for an e-mail without an account", async () => {
    for (let index = 0; index < 10; index += 1) expect((await attempt("fantasma@exemplo.com.br", "x", "192.0.2.9")).status).toBe(401);
    expect((await attempt("fantasma@exemplo.com.br", "x", "192.0.2.9")).status).toBe(429);
  });

  it("forgets the window after 15 minutes, and a right password forgives the e-mail's failures", async () => {
    const user = await createUser();
    for (let index = 0; index < 10; index += 1) await attempt(user.email, "errada", "198.18.0.1");
    await db.updateTable("rate_limit_hits").set({ window_start: new Date(Date.now() - 16 * 60_000) }).execute();
    expect((await attempt(user.email, PASSWORD, "198.18.0.1")).status).toBe(303);
    waits.length = 0;
    expect((await attempt(user.email, PASSWORD, "198.18.0.1")).status).toBe(303);
    expect(waits.filter((ms) => ms > 0)).toEqual([]);
  });

  it("stores no e-mail or IP in clear", async () => {
    await attempt("rastro@exemplo.com.br", "x", "203.0.113.99");
    const keys = (await db.selectFrom("rate_limit_hits").select("key_hash").execute()).map((row) => row.key_hash);
    expect(keys).toContain(sha256("login:email:rastro@exemplo.com.br"));
    expect(JSON.stringify(keys)).not.toMatch(/rastro|203\.0\.113/);
  });

  it("upgrades an old, cheaper password hash at sign-in", async () => {
    const user = await createUser();
    process.env.SCRYPT_LOG_N = "10";
    await db.updateTable("users").set({ password_hash: await hashPassword(PASSWORD) }).where("id", "=", user.id).execute();
    process.env.SCRYPT_LOG_N = "12";
    expect((await attempt(user.email, PASSWORD, "198.18.0.2")).status).toBe(303);
    const stored = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$4096\$/);
    expect((await attempt(user.email, PASSWORD, "198.18.0.2")).status).toBe(303);
  });
});

describe("the other account forms are throttled per address and IP, and answer alike for every address", () => {
  beforeEach(() => {
    stopClockInsideTheHour();
    asStaging();
    resetEnvForTests();
  });
  const resend = (email: string, ip = "192.0.2.30") => send(formPost("/login", { intent: "resend-verification", email }), { socketAddress: ip });

  it("resend-verification answers byte for byte the same for unknown, verified and unverified addresses", async () => {
    const unverified = await createUser({ verified: false });
    const verified = await createUser();
    const answers = [];
    for (const email of [unverified.email, verified.email, "ninguem.mesmo@exemplo.com.br"]) {
      const first = await resend(email);
      const second = await resend(email);
      answers.push([first.status, first.headers.get("Location"), second.status, (await second.text()).replace(email, "EMAIL")]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]![0]).toBe(303);
    expect(answers[0]![2]).toBe(429);
    const mails = await db.selectFrom("mail_outbox").select("to_email").where("template", "=", "email_verification").execute();
    expect(mails.map((mail) => mail.to_email)).toEqual([unverified.email]);
  });

  it("sign-up: three per address an hour, then 429 and no more account-exists e-mails to its owner", async () => {
    const owner = await createUser();
    const fields = { intent: "signup", fullName: "Alguém", email: owner.email, password: "senha-longa-1", confirmPassword: "senha-longa-1", terms: "on" };
    const statuses = [];
    for (let index = 0; index < 5; index += 1) statuses.push((await send(formPost("/register", fields), { socketAddress: `198.51.100.${index}` })).status);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect(await db.selectFrom("mail_outbox").select("id").where("to_email", "=", owner.email).execute()).toHaveLength(3);
  });

  it("sign-up: an IP is limited whatever the addresses", async () => {
    const statuses = [];
    for (let index = 0; index < 21; index += 1) {
      const email = `novo${index}@exemplo.com.br`;
      statuses.push((await send(formPost("/register", { intent: "signup", fullName: "Pessoa Nova", email, password: "senha-longa-1", confirmPassword: "senha-longa-1", terms: "on" }), { socketAddress: "203.0.113.77" })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 303)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("forgot-password: the same answer with or without an account, limited per address", async () => {
    const user = await createUser();
    const forgot = (email: string) => send(formPost("/forgot-password", { email }), { socketAddress: "192.0.2.40" });
    const known = [];
    const unknown = [];
    for (let index = 0; index < 4; index += 1) known.push((await forgot(user.email)).status);
    for (let index = 0; index < 4; index += 1) unknown.push((await forgot("sem.conta@exemplo.com.br")).status);
    expect(known).toEqual([303, 303, 303, 429]);
    expect(unknown).toEqual(known);
    // Six requests got through and queued their job; only the known address's three write mail.
    expect(await runQueuedJobs(["accounts.password-reset"])).toBe(6);
    expect(await db.selectFrom("mail_outbox").select("id").where("template", "=", "password_reset").execute()).toHaveLength(3);
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
