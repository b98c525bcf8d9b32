import pino from "pino";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as profileModel from "~/models/profile.server";
import * as psychologistAccountModel from "~/models/psychologist-account.server";
import * as psychologistProfileModel from "~/models/psychologist-profile.server";
import * as userModel from "~/models/user.server";
import { db } from "~/models/db.server";
import { action as loginAction } from "~/routes/_auth.login/route";
import { action as psychologistRegisterAction } from "~/routes/_auth.psychologist-register";
import { action as registerAction } from "~/routes/_auth.register";
import { action as settingsAction } from "~/routes/_account.settings/route";
import { action as patientProfileAction } from "~/routes/_patient.patient-profile";
import { action as psychologistProfileAction } from "~/routes/_psychologist.psychologist-profile/route";
import { withRequestLogger } from "~/utils/logger.server";
import { formPost, send } from "#tests/helpers/app";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, postRequest, run } from "#tests/helpers/http";

/**
 * Issue 16, item 6: sign-in, sign-up and the profile saves, when the
 * database fails under them, answer in the form — the spec's message, the
 * typed values back (never a password), status 500, nothing half-written —
 * and leave an error line carrying the request id.
 */

vi.mock("~/models/user.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/user.server")>();
  return { ...actual, findCredentialsByEmail: vi.fn(actual.findCredentialsByEmail) };
});
vi.mock("~/models/profile.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/profile.server")>();
  return { ...actual, recordConsent: vi.fn(actual.recordConsent), updatePersonalData: vi.fn(actual.updatePersonalData) };
});
vi.mock("~/models/psychologist-account.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/psychologist-account.server")>();
  return { ...actual, insertPendingPsychologist: vi.fn(actual.insertPendingPsychologist) };
});
vi.mock("~/models/psychologist-profile.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/psychologist-profile.server")>();
  return { ...actual, updateOwnProfessionalProfile: vi.fn(actual.updateOwnProfessionalProfile) };
});

const databaseDown = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });

interface LogLine {
  level: number;
  requestId?: string;
  form?: string;
  err?: { message: string };
}

/** Runs `work` as server.ts runs a request: under a logger bound to the request id; returns what it logged. */
async function asRequest(requestId: string, work: () => Promise<Response>) {
  const lines: LogLine[] = [];
  const captured = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  const response = await withRequestLogger(captured.child({ requestId }), work);
  return { response, errors: lines.filter((line) => line.level >= 50) };
}

function expectLogged(errors: LogLine[], requestId: string, form: string) {
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ requestId, form, err: { message: "Connection terminated unexpectedly" } });
}

const usersWith = (email: string) => db.selectFrom("users").select("id").where("email", "=", email).execute();

beforeEach(() => {
  vi.clearAllMocks();
});

const SIGNUP = {
  intent: "signup",
  fullName: "Maria da Silva Souza",
  email: "maria.inesperado@exemplo.com.br",
  password: "uma-senha-boa",
  confirmPassword: "uma-senha-boa",
  role: "patient",
  terms: "on",
};

describe("sign-in", () => {
  it("a database failure answers in the form with the spec's messages and the e-mail typed, and starts no session", async () => {
    const user = await createUser();
    vi.mocked(userModel.findCredentialsByEmail).mockRejectedValueOnce(databaseDown());
    const { response, errors } = await asRequest("req-login", () =>
      run(loginAction, postRequest("/login", { intent: "login", email: user.email, password: PASSWORD }), {}, { clientIp: "203.0.113.70" }),
    );
    expect(response.status).toBe(500);
    const result = await body(response);
    expect(result.error[""]).toEqual(["Erro ao fazer login", "Erro inesperado. Tente novamente."]);
    expect(result.initialValue).toMatchObject({ intent: "login", email: user.email });
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expectLogged(errors, "req-login", "login");
  });

  it("wrong credentials stay a 401 with their own message, and log no error", async () => {
    const user = await createUser();
    const { response, errors } = await asRequest("req-login-wrong", () =>
      run(loginAction, postRequest("/login", { intent: "login", email: user.email, password: "nao-e-essa" }), {}, { clientIp: "203.0.113.71" }),
    );
    expect(response.status).toBe(401);
    expect((await body(response)).error[""]).toEqual(["Credenciais inválidas. Verifique seu email e senha."]);
    expect(errors).toEqual([]);
  });
});

describe("sign-up", () => {
  it("a failure inside the account's transaction answers in the form, keeps name and e-mail, and writes no account", async () => {
    vi.mocked(profileModel.recordConsent).mockRejectedValueOnce(databaseDown());
    const { response, errors } = await asRequest("req-signup", () => run(registerAction, postRequest("/register", SIGNUP), {}, { clientIp: "203.0.113.72" }));
    expect(response.status).toBe(500);
    const result = await body(response);
    expect(result.error[""]).toEqual(["Erro ao criar conta. Tente novamente."]);
    expect(result.initialValue).toMatchObject({ fullName: SIGNUP.fullName, email: SIGNUP.email, role: "patient" });
    expect(JSON.stringify(result)).not.toContain(SIGNUP.password);
    // The user row was inserted before the failure: the transaction took it back, and its e-mail.
    expect(profileModel.recordConsent).toHaveBeenCalledTimes(1);
    expect(await usersWith(SIGNUP.email)).toEqual([]);
    expect(await db.selectFrom("mail_outbox").select("id").where("to_email", "=", SIGNUP.email).execute()).toEqual([]);
    expectLogged(errors, "req-signup", "signup");
  });

  it("as a psychologist: the CRP is kept too, and neither the user nor the psychologist row is written", async () => {
    vi.mocked(psychologistAccountModel.insertPendingPsychologist).mockRejectedValueOnce(databaseDown());
    const fields = { ...SIGNUP, email: "dra.inesperado@exemplo.com.br", role: "psychologist", crp: "06/765432" };
    const { response, errors } = await asRequest("req-psy-signup", () =>
      run(psychologistRegisterAction, postRequest("/psychologist-register", fields), {}, { clientIp: "203.0.113.73" }),
    );
    expect(response.status).toBe(500);
    const result = await body(response);
    expect(result.error[""]).toEqual(["Erro ao criar conta. Tente novamente."]);
    expect(result.initialValue).toMatchObject({ fullName: fields.fullName, email: fields.email, crp: "06/765432" });
    expect(JSON.stringify(result)).not.toContain(fields.password);
    expect(await usersWith(fields.email)).toEqual([]);
    expect(await db.selectFrom("psychologists").select("id").where("crp", "=", "06/765432").execute()).toEqual([]);
    expectLogged(errors, "req-psy-signup", "signup");
  });

  it("the page itself shows the message in the form's alert, filled in with what was typed (no JavaScript)", async () => {
    vi.mocked(profileModel.recordConsent).mockRejectedValueOnce(databaseDown());
    const { response, errors } = await asRequest("req-signup-page", () => send(formPost("/register", SIGNUP)));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/<div id="[^"]+" role="alert"[^>]*><p>Erro ao criar conta. Tente novamente.<\/p><\/div>/);
    expect(html).toMatch(new RegExp(`<input[^>]*name="fullName"[^>]*value="${SIGNUP.fullName}"`));
    expect(html).toMatch(new RegExp(`<input[^>]*name="email"[^>]*value="${SIGNUP.email}"`));
    expect(html).not.toContain(SIGNUP.password);
    // Not the error page.
    expect(html).not.toContain('id="error-title"');
    expect(errors.some((line) => line.requestId === "req-signup-page" && line.form === "signup")).toBe(true);
  });
});

describe("patient profile and settings", () => {
  it.each([
    ["/patient-profile", patientProfileAction],
    ["/settings", settingsAction],
  ])("%s: a failed save answers 'Erro ao atualizar perfil' with the values typed, and changes nothing", async (path, action) => {
    const user = await createUser({ firstName: "Ana", lastName: "Antiga" });
    const jar = await signedIn(user);
    vi.mocked(profileModel.updatePersonalData).mockRejectedValueOnce(databaseDown());
    const fields = { intent: "profile", firstName: "Ana Clara", lastName: "Nova", phone: "(11) 98765-4321" };
    const { response, errors } = await asRequest(`req-${path}`, () => run(action, postRequest(path, fields, jar)));
    expect(response.status).toBe(500);
    const result = await body(response);
    expect(result.error[""]).toEqual(["Erro ao atualizar perfil"]);
    expect(result.initialValue).toMatchObject(fields);
    const row = await db.selectFrom("profiles").select(["first_name", "last_name", "phone"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: "Ana", last_name: "Antiga", phone: null });
    expectLogged(errors, `req-${path}`, "profile");
  });
});

describe("psychologist profile", () => {
  const FIELDS = {
    intent: "profile",
    name: "Dra. Helena Prado",
    crp: "06/654321",
    shortBio: "Psicóloga clínica",
    specialties: ["anxiety", "depression"],
    price: "180,50",
  };

  it("a failed save answers the spec's fallback with the values typed, and changes nothing", async () => {
    const user = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const jar = await signedIn(user);
    const before = await db.selectFrom("psychologists").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    vi.mocked(psychologistProfileModel.updateOwnProfessionalProfile).mockRejectedValueOnce(databaseDown());
    const { response, errors } = await asRequest("req-psy-profile", () => run(psychologistProfileAction, postRequest("/psychologist-profile?edit=1", FIELDS, jar)));
    expect(response.status).toBe(500);
    const result = await body(response);
    expect(result.error[""]).toEqual(["Erro inesperado ao salvar perfil"]);
    expect(result.initialValue).toMatchObject({ name: FIELDS.name, crp: FIELDS.crp, price: "180,50", specialties: ["anxiety", "depression"] });
    // The database's own words never reach the page.
    expect(JSON.stringify(result)).not.toContain("Connection terminated");
    expect(await db.selectFrom("psychologists").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow()).toEqual(before);
    expectLogged(errors, "req-psy-profile", "professional-profile");
  });

  it("the page shows the edit form again, filled in, with the message in its alert", async () => {
    const user = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const jar = await signedIn(user);
    vi.mocked(psychologistProfileModel.updateOwnProfessionalProfile).mockRejectedValueOnce(databaseDown());
    const form = new URLSearchParams(Object.entries(FIELDS).flatMap(([name, value]) => (Array.isArray(value) ? value.map((item) => [name, item]) : [[name, value]])));
    const { response } = await asRequest("req-psy-page", () =>
      send(
        new Request("http://localhost:3000/psychologist-profile?edit=1", {
          method: "POST",
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000", Cookie: jar.header() },
        }),
      ),
    );
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/role="alert"[^>]*><p>Erro inesperado ao salvar perfil<\/p>/);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Dra. Helena Prado"/);
    expect(html).toMatch(/<input[^>]*name="price"[^>]*value="180,50"/);
    expect(html).not.toContain('id="error-title"');
  });
});
