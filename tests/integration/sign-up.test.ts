import pg from "pg";
import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { action as forgotAction } from "~/routes/_auth.forgot-password";
import { action as loginAction } from "~/routes/_auth.login/route";
import { action as psychologistRegisterAction } from "~/routes/_auth.psychologist-register";
import { action as registerAction } from "~/routes/_auth.register";
import { action as resetAction, loader as resetLoader } from "~/routes/_auth.reset-password";
import { action as verifyAction, loader as verifyLoader } from "~/routes/_auth.verify-email";
import { formPost, page, send } from "#tests/helpers/app";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";
import { queuedJobs, runQueuedJobs } from "#tests/helpers/jobs";
import { linkToken } from "#tests/helpers/mail";

const VALID = {
  intent: "signup",
  fullName: "Maria da Silva Souza",
  email: "maria.souza@exemplo.com.br",
  password: "uma-senha-boa",
  confirmPassword: "uma-senha-boa",
  role: "patient",
  terms: "on",
};

const signup = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  run(registerAction, postRequest("/register", fields, undefined, headers));

const errorsOf = async (response: Response) => (await body(response)).error as Record<string, string[]>;

/** The text of every statement sent to the database while `task` runs (the queue's own included), in order. */
async function statementsOf(task: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    texts.push(typeof config === "string" ? config : config.text);
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await task();
  } finally {
    pg.Client.prototype.query = original;
  }
  return texts;
}

const usersNamed = (email: string) => db.selectFrom("users").select("id").where("email", "=", email).execute();

describe("sign-up validation (the spec's messages)", () => {
  it.each([
    ["an empty field", { fullName: "" }, "", "Por favor, preencha todos os campos."],
    ["a short password", { password: "curta12", confirmPassword: "curta12" }, "password", "A senha deve ter pelo menos 8 caracteres."],
    ["different passwords", { confirmPassword: "outra-senha" }, "confirmPassword", "As senhas não coincidem."],
    ["terms not accepted", { terms: "" }, "terms", "Você deve aceitar os termos de uso e política de privacidade."],
    ["a malformed e-mail", { email: "maria-arroba-exemplo" }, "email", "Informe um e-mail válido."],
  ])("rejects %s", async (_why, change, field, message) => {
    const fields = { ...VALID, ...change } as Record<string, string>;
    if (fields.terms === "") delete fields.terms;
    const response = await signup(fields);
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[field]).toContain(message);
    expect(await usersNamed(fields.email!)).toEqual([]);
  });

  it("refuses over-long fields in the visitor's language, never with zod's English", async () => {
    const long = (length: number) => "a".repeat(length);
    const cases = [
      [signup({ ...VALID, fullName: long(121) }), "fullName", 120],
      [signup({ ...VALID, email: `${long(250)}@x.co` }), "email", 254],
      [signup({ ...VALID, password: long(201), confirmPassword: long(201) }), "password", 200],
      [run(loginAction, postRequest("/login", { intent: "login", email: `${long(250)}@x.co`, password: "x" })), "email", 254],
      [run(loginAction, postRequest("/login", { intent: "login", email: "a@x.co", password: long(201) })), "password", 200],
      [run(resetAction, postRequest("/reset-password", { token: "t", password: long(201), confirmPassword: long(201) })), "password", 200],
    ] as const;
    for (const [answer, field, max] of cases) {
      const response = await answer;
      expect(response.status).toBe(400);
      expect((await errorsOf(response))[field]).toEqual([`Use no máximo ${max} caracteres.`]);
    }
    const spanish = await signup({ ...VALID, fullName: long(121) }, { "Accept-Language": "es" });
    expect((await errorsOf(spanish)).fullName).toEqual(["Usa como máximo 120 caracteres."]);
  });

  it("can never create an admin", async () => {
    const response = await signup({ ...VALID, role: "admin", email: "quer.ser.admin@exemplo.com.br" });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).role).toEqual(["Escolha entre paciente e psicólogo."]);
    expect(await usersNamed("quer.ser.admin@exemplo.com.br")).toEqual([]);
  });
});

describe("sign-up", () => {
  it("creates an unverified patient, a verification e-mail and its delivery job, in one go", async () => {
    const response = await signup(VALID);
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/login?verify=1");
    const user = await db
      .selectFrom("users")
      .innerJoin("profiles", "profiles.id", "users.id")
      .select(["users.id", "users.email_verified_at", "users.password_hash", "profiles.first_name", "profiles.last_name", "profiles.locale"])
      .where("users.email", "=", VALID.email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email_verified_at: null, first_name: "Maria", last_name: "da Silva Souza", locale: "pt-BR" });
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(await db.selectFrom("psychologists").select("id").where("user_id", "=", user.id).execute()).toEqual([]);

    const mail = await db.selectFrom("mail_outbox").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: "email_verification", subject: "Confirme seu e-mail na Acolhe", status: "pending" });
    expect(mail.text).toContain("/verify-email?token=");
    expect((await queuedJobs("mail.deliver")).map((job) => (job.data as { mailId: string }).mailId)).toContain(mail.id);
  });

  it("writes the e-mail in the visitor's language", async () => {
    await signup({ ...VALID, email: "john@example.com" }, { "Accept-Language": "en-US,en;q=0.9" });
    const mail = await db.selectFrom("mail_outbox").select(["locale", "subject"]).where("to_email", "=", "john@example.com").executeTakeFirstOrThrow();
    expect(mail.locale).toBe("en");
    expect(mail.subject).not.toBe("Confirme seu e-mail na Acolhe");
  });

  it("keeps the zone the browser reported (the tz cookie), so e-mails show the times the site showed; a psychologist's practice starts in it", async () => {
    const zoneOf = (email: string) =>
      db.selectFrom("profiles").innerJoin("users", "users.id", "profiles.id").select("profiles.time_zone").where("users.email", "=", email).executeTakeFirstOrThrow();
    await signup({ ...VALID, email: "lisboa@exemplo.com" }, { Cookie: "tz=Europe%2FLisbon" });
    expect(await zoneOf("lisboa@exemplo.com")).toEqual({ time_zone: "Europe/Lisbon" });
    // Without JavaScript there is no cookie; a made-up zone is ignored: Brasília, as before.
    await signup({ ...VALID, email: "semjs@exemplo.com" });
    expect(await zoneOf("semjs@exemplo.com")).toEqual({ time_zone: null });
    await signup({ ...VALID, email: "inventado@exemplo.com" }, { Cookie: "tz=Mars%2FOlympus" });
    expect(await zoneOf("inventado@exemplo.com")).toEqual({ time_zone: null });

    const practiceOf = (email: string) =>
      db.selectFrom("psychologists").innerJoin("users", "users.id", "psychologists.user_id").select("psychologists.time_zone").where("users.email", "=", email).executeTakeFirstOrThrow();
    await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...VALID, email: "psi.manaus@exemplo.com", crp: "06/111222" }, undefined, { Cookie: "tz=America%2FManaus" }));
    expect(await zoneOf("psi.manaus@exemplo.com")).toEqual({ time_zone: "America/Manaus" });
    expect(await practiceOf("psi.manaus@exemplo.com")).toEqual({ time_zone: "America/Manaus" });
    await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...VALID, email: "psi.semjs@exemplo.com", crp: "06/111223" }));
    expect(await practiceOf("psi.semjs@exemplo.com")).toEqual({ time_zone: "America/Sao_Paulo" });
  });

  it("answers the same for an address that already has an account, and tells its owner instead", async () => {
    const owner = await createUser({ email: "ja.existe@exemplo.com.br" });
    const response = await signup({ ...VALID, email: "ja.existe@exemplo.com.br" });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/login?verify=1");
    expect(await usersNamed("ja.existe@exemplo.com.br")).toHaveLength(1);
    const mails = await db.selectFrom("mail_outbox").select("template").where("user_id", "=", owner.id).execute();
    expect(mails).toEqual([{ template: "account_exists" }]);
  });

  it("registers a psychologist as pending, with a CRP that must be well formed and unique", async () => {
    const fields = { ...VALID, email: "psi.nova@exemplo.com.br", crp: "" };
    const missing = await run(psychologistRegisterAction, postRequest("/psychologist-register", fields));
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing))[""]).toEqual(["Por favor, preencha todos os campos."]);

    const malformed = await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...fields, crp: "6/12345" }));
    expect((await errorsOf(malformed)).crp).toEqual(["CRP deve estar no formato XX/XXXXXX"]);

    const ok = await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...fields, crp: "06/654321" }));
    expect(ok.status).toBe(303);
    const row = await db
      .selectFrom("psychologists")
      .innerJoin("users", "users.id", "psychologists.user_id")
      .select(["psychologists.status", "psychologists.is_approved", "psychologists.crp", "psychologists.name"])
      .where("users.email", "=", "psi.nova@exemplo.com.br")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", is_approved: false, crp: "06/654321", name: "Maria da Silva Souza" });

    const taken = await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...fields, email: "outra.psi@exemplo.com.br", crp: "06/654321" }));
    expect(taken.status).toBe(409);
    expect((await errorsOf(taken)).crp?.[0]).toMatch(/já está cadastrado/);
    expect(await usersNamed("outra.psi@exemplo.com.br")).toEqual([]);
  });

  it.each(["06987654", "06 987654", "06-987654", "06.987.654"])("registers a psychologist whose CRP was typed without JavaScript as %j, stored as 06/987654", async (crp) => {
    const ok = await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...VALID, email: "psi.semjs@exemplo.com.br", crp }));
    expect(ok.status).toBe(303);
    const row = await db.selectFrom("psychologists").innerJoin("users", "users.id", "psychologists.user_id").select("psychologists.crp").where("users.email", "=", "psi.semjs@exemplo.com.br").executeTakeFirstOrThrow();
    expect(row.crp).toBe("06/987654");
    // The same number typed another way is the same CRP: already taken.
    const taken = await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...VALID, email: "outra.semjs@exemplo.com.br", crp: "06/987654" }));
    expect(taken.status).toBe(409);
    for (const bad of ["0698765", "06/98765x", "069876543"]) {
      const refused = await run(psychologistRegisterAction, postRequest("/psychologist-register", { ...VALID, email: "mais.uma@exemplo.com.br", crp: bad }));
      expect((await errorsOf(refused)).crp).toEqual(["CRP deve estar no formato XX/XXXXXX"]);
    }
  });
});

describe("e-mail verification", () => {
  /** Signs up through the app in a browser of its own (the jar keeps what the app sets). */
  async function signupIn(jar: CookieJar, fields: Record<string, string> = VALID, path = "/register") {
    const response = await send(formPost(path, fields, { Cookie: jar.header() }));
    jar.take(response);
    return response;
  }
  const verifyIn = async (jar: CookieJar, token: string) => {
    const response = await send(formPost("/verify-email", { token }, { Cookie: jar.header() }));
    jar.take(response);
    return response;
  };

  it("in the browser that signed up: confirms once, signs the person in, and refuses the link afterwards", async () => {
    const jar = new CookieJar();
    await signupIn(jar);
    const token = await linkToken(VALID.email, "email_verification");

    expect((await body(await run(verifyLoader, getRequest(`/verify-email?token=${token}`)))).valid).toBe(true);
    // Opening the link spends nothing (mail scanners open links too).
    expect((await body(await run(verifyLoader, getRequest(`/verify-email?token=${token}`)))).valid).toBe(true);

    const response = await verifyIn(jar, token);
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/patient-dashboard");
    expect(jar.has("__acolhe_session")).toBe(true);
    const user = await db.selectFrom("users").select(["email_verified_at", "password_hash"]).where("email", "=", VALID.email).executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(user.password_hash).toMatch(/^scrypt\$/);

    expect((await verifyIn(new CookieJar(), token)).status).toBe(400);
    expect((await body(await run(verifyLoader, getRequest(`/verify-email?token=${token}`)))).valid).toBe(false);
  });

  it("opened in another browser: confirms the address but signs nobody in, and the chosen password no longer opens the account", async () => {
    // Someone registers another person's address with a password of their own.
    const squatter = new CookieJar();
    await signupIn(squatter);
    const token = await linkToken(VALID.email, "email_verification");
    const account = await db.selectFrom("users").select("id").where("email", "=", VALID.email).executeTakeFirstOrThrow();
    const squatterSession = await signedIn(account);

    // The address's owner opens the link from their own mailbox.
    const owner = new CookieJar();
    const response = await verifyIn(owner, token);
    expect(response.status).toBe(303);
    expect(location(response)).toMatch(/^\/reset-password\?token=/);
    expect(owner.has("__acolhe_session")).toBe(false);
    const user = await db.selectFrom("users").select(["email_verified_at", "password_hash"]).where("id", "=", account.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ password_hash: null });
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", account.id).execute()).toEqual([]);
    expect((await send(page("/settings", { Cookie: squatterSession.header() }))).status).toBe(302);
    expect((await send(formPost("/login", { intent: "login", email: VALID.email, password: VALID.password }))).status).toBe(401);

    // The owner chooses their password with the link they were sent to, and signs in with it.
    const resetToken = new URL(location(response)!, "http://x").searchParams.get("token")!;
    const reset = await send(formPost("/reset-password", { token: resetToken, password: "a-senha-da-dona", confirmPassword: "a-senha-da-dona" }));
    expect(location(reset)).toBe("/login");
    expect((await send(formPost("/login", { intent: "login", email: VALID.email, password: "a-senha-da-dona" }))).status).toBe(303);
  });

  it("brings a visitor who chose a slot before signing up back to that booking step once the address is verified", async () => {
    const step3 = "/schedule/step3?psychologistId=00000000-0000-4000-8000-000000000001&date=2026-12-03&startsAt=2026-12-03T12%3A00%3A00.000Z&duration=50";
    const jar = new CookieJar();
    await signupIn(jar, { ...VALID, email: "vinda.da.agenda@exemplo.com.br", redirectTo: step3 });
    const token = await linkToken("vinda.da.agenda@exemplo.com.br", "email_verification");
    expect(location(await verifyIn(jar, token))).toBe(step3);
    // Spent with the verification: the next sign-in lands on the dashboard as usual.
    expect(jar.has("acolhe_after_login")).toBe(false);

    // A sign-in screen, or another site, is no place to come back to.
    const other = new CookieJar();
    await signupIn(other, { ...VALID, email: "sem.destino@exemplo.com.br", redirectTo: "https://evil.example/x" });
    expect(location(await verifyIn(other, await linkToken("sem.destino@exemplo.com.br", "email_verification")))).toBe("/patient-dashboard");
  });

  it("takes a new psychologist to the professional profile", async () => {
    const jar = new CookieJar();
    await signupIn(jar, { ...VALID, email: "psi.verifica@exemplo.com.br", crp: "05/111222" }, "/psychologist-register");
    const token = await linkToken("psi.verifica@exemplo.com.br", "email_verification");
    expect(location(await verifyIn(jar, token))).toBe("/psychologist-profile");
  });

  it("refuses an expired link (24 h)", async () => {
    await signup(VALID);
    const token = await linkToken(VALID.email, "email_verification");
    await db.updateTable("auth_tokens").set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await run(verifyAction, postRequest("/verify-email", { token }))).status).toBe(400);
  });

  it.each([
    ["no token", {}],
    ["a token that is no link of ours", { token: "' OR 1=1 --" }],
    ["an overlong token", { token: "a".repeat(201) }],
  ])("refuses %s with 400 and the Portuguese message", async (_, fields) => {
    const response = await run(verifyAction, postRequest("/verify-email", fields));
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ failed: true, error: "Este link é inválido, já foi usado ou expirou. Peça um novo." });
  });

  it("refuses a token sent twice in one form without spending it", async () => {
    await signup(VALID);
    const token = await linkToken(VALID.email, "email_verification");
    const response = await run(verifyAction, postRequest("/verify-email", { token: [token, token] }));
    expect(response.status).toBe(400);
    expect((await body(await run(verifyLoader, getRequest(`/verify-email?token=${token}`)))).valid).toBe(true);
    expect((await usersNamed(VALID.email)).length).toBe(1);
    expect((await db.selectFrom("users").select("email_verified_at").where("email", "=", VALID.email).executeTakeFirstOrThrow()).email_verified_at).toBeNull();
  });

  it("lets the person ask for a new link, which replaces the old one, at most once a minute", async () => {
    await signup(VALID);
    const first = await linkToken(VALID.email, "email_verification");
    await db.updateTable("auth_tokens").set({ created_at: new Date(Date.now() - 2 * 60_000) }).execute();
    const resend = await run(loginAction, postRequest("/login", { intent: "resend-verification", email: VALID.email }));
    expect(resend.status).toBe(303);
    const second = await linkToken(VALID.email, "email_verification");
    expect(second).not.toBe(first);
    expect((await run(verifyAction, postRequest("/verify-email", { token: first }))).status).toBe(400);
    const tooSoon = await run(loginAction, postRequest("/login", { intent: "resend-verification", email: VALID.email }));
    expect(tooSoon.status).toBe(429);
    expect((await run(verifyAction, postRequest("/verify-email", { token: second }))).status).toBe(303);
  });
});

describe("password reset", () => {
  /** The form's answer, then the job it queued, as the worker would run it. */
  const forgot = async (email: string) => {
    const response = await run(forgotAction, postRequest("/forgot-password", { email }));
    await runQueuedJobs(["accounts.password-reset"]);
    return response;
  };

  it("answers the same whether or not the e-mail exists, writing mail only for a real account", async () => {
    const user = await createUser();
    const known = await forgot(user.email);
    const unknown = await forgot("nao.existe@exemplo.com.br");
    expect([known.status, unknown.status]).toEqual([303, 303]);
    expect(location(known)).toBe(location(unknown));
    expect(await db.selectFrom("mail_outbox").select("template").where("to_email", "=", "nao.existe@exemplo.com.br").execute()).toEqual([]);
    expect(await db.selectFrom("mail_outbox").select("template").where("to_email", "=", user.email).execute()).toEqual([{ template: "password_reset" }]);
  });

  it("does the same work on the request for a known and an unknown address (no timing tells them apart); the job mails only the known one", async () => {
    const user = await createUser();
    const request = (email: string) => run(forgotAction, postRequest("/forgot-password", { email }));
    // The first request starts the queue; what is compared is the work of one request after that.
    await request("aquecimento@exemplo.com.br");
    await runQueuedJobs(["accounts.password-reset"]);

    const known = await statementsOf(() => request(user.email));
    const unknown = await statementsOf(() => request("nao.existe@exemplo.com.br"));
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    // Nothing about the account happened on the request: no token, no mail yet, only the job.
    expect(await db.selectFrom("auth_tokens").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    expect((await queuedJobs("accounts.password-reset")).map((job) => job.data)).toEqual(
      expect.arrayContaining([{ email: user.email }, { email: "nao.existe@exemplo.com.br" }]),
    );

    expect(await runQueuedJobs(["accounts.password-reset"])).toBe(2);
    expect(await db.selectFrom("mail_outbox").select(["template", "to_email"]).execute()).toEqual([{ template: "password_reset", to_email: user.email }]);
    expect(await db.selectFrom("auth_tokens").select("purpose").where("user_id", "=", user.id).execute()).toEqual([{ purpose: "password_reset" }]);
  });

  it("validates the e-mail", async () => {
    const response = await forgot("sem-arroba");
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).email).toEqual(["Informe um e-mail válido."]);
  });

  it("sets the new password once, ends every session and tells the owner", async () => {
    const user = await createUser();
    const elsewhere = await signedIn(user);
    await forgot(user.email);
    const token = await linkToken(user.email, "password_reset");
    expect((await body(await run(resetLoader, getRequest(`/reset-password?token=${token}`)))).valid).toBe(true);

    const mismatch = await run(resetAction, postRequest("/reset-password", { token, password: "nova-senha-1", confirmPassword: "nova-senha-2" }));
    expect((await errorsOf(mismatch)).confirmPassword).toEqual(["As senhas não coincidem."]);

    const ok = await run(resetAction, postRequest("/reset-password", { token, password: "nova-senha-1", confirmPassword: "nova-senha-1" }));
    expect(location(ok)).toBe("/login");
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(elsewhere.has("__acolhe_session")).toBe(true);
    expect(await db.selectFrom("mail_outbox").select("template").where("user_id", "=", user.id).where("template", "=", "password_changed").execute()).toHaveLength(1);

    const login = (password: string) => run(loginAction, postRequest("/login", { intent: "login", email: user.email, password }), {}, { clientIp: "192.0.2.1" });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login("nova-senha-1")).status).toBe(303);

    const reuse = await run(resetAction, postRequest("/reset-password", { token, password: "outra-senha-3", confirmPassword: "outra-senha-3" }));
    expect(reuse.status).toBe(400);
    expect((await errorsOf(reuse))[""]).toEqual(["Este link é inválido, já foi usado ou expirou. Peça um novo."]);
  });

  it("expires after an hour", async () => {
    const user = await createUser();
    await forgot(user.email);
    const token = await linkToken(user.email, "password_reset");
    await db.updateTable("auth_tokens").set({ expires_at: new Date(Date.now() - 1) }).where("user_id", "=", user.id).execute();
    expect((await body(await run(resetLoader, getRequest(`/reset-password?token=${token}`)))).valid).toBe(false);
    expect((await run(resetAction, postRequest("/reset-password", { token, password: "nova-senha-1", confirmPassword: "nova-senha-1" }))).status).toBe(400);
  });

  it("issues links that last exactly the promised time", async () => {
    const user = await createUser();
    const before = Date.now();
    await forgot(user.email);
    await run(registerAction, postRequest("/register", { ...VALID, email: "tempo@exemplo.com.br" }));
    const rows = await db
      .selectFrom("auth_tokens")
      .innerJoin("users", "users.id", "auth_tokens.user_id")
      .select(["purpose", "expires_at", "token_hash"])
      .where("users.email", "in", [user.email, "tempo@exemplo.com.br"])
      .execute();
    const lifetime = (purpose: string) => rows.find((row) => row.purpose === purpose)!.expires_at.getTime() - before;
    expect(lifetime("password_reset")).toBeGreaterThanOrEqual(60 * 60_000 - 5_000);
    expect(lifetime("password_reset")).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    expect(lifetime("email_verification")).toBeGreaterThanOrEqual(24 * 60 * 60_000 - 5_000);
    // Only hashes are stored.
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});
