import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { atNightInBrasilia, stopClockInsideTheHour } from "#tests/helpers/clock";
import { db } from "~/models/db.server";
import { loader as rootLoader } from "~/root";
import { action as loginAction } from "~/routes/_auth.login/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_account.settings/route";
import { loader as exportLoader } from "~/routes/_account.settings_.export";
import { action as profileAction, loader as profileLoader } from "~/routes/_patient.patient-profile";
import { action as aliasAction } from "~/routes/_patient.patient.profile";
import { loader as uploadsLoader } from "~/routes/_resources.uploads.$";
import { EXPORTED_USER_COLUMNS } from "~/services/privacy.server";
import { resetEnvForTests } from "~/utils/env.server";
import { verifyPassword } from "~/utils/password.server";
import { createUser, PASSWORD, signedIn, type TestUser } from "#tests/helpers/factories";
import { formPost, page as appPage, send } from "#tests/helpers/app";
import { body, CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";

/**
 * The account pages (/patient-profile, its alias /patient/profile, and
 * /settings) through their actions: every section saves on the server, with
 * the spec's messages, and writes nothing when it refuses.
 */

// A real 4×4 PNG and JPEG (drawn on a canvas by Chromium).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAANElEQVR4AUzIwQkAIAxD0dAFdFK96Qwe3bQbtE2h0MCD8GWcZZ0gpu+D4iIDT8kw7wYxOgAAAP//6vMdNgAAAAZJREFUAwCLyg3RVHjVzQAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAjEAAAAwcFAQAAAAAAAAAAAAAAAQQCBRESFCEkAxMVIiNB/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAYEQACAwAAAAAAAAAAAAAAAAAAAQMxMv/aAAwDAQACEQMRAD8AlXq8eQo8NGlpk7CfG0pN2WPo3fs2cbn9gQAAcqIiXTP/2Q==",
  "base64",
);

// A CPF whose check digits are right (52998224725); changing the last digit breaks it.
const VALID_CPF = "529.982.247-25";
const WRONG_CPF = "529.982.247-26";

let uploadsDir: string;

beforeAll(() => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), "acolhe-settings-uploads-"));
  process.env.UPLOADS_DIR = uploadsDir;
  resetEnvForTests();
});

// The database is emptied before each test; so are the stored photos.
beforeEach(() => rmSync(path.join(uploadsDir, "avatars"), { recursive: true, force: true }));

afterAll(() => {
  rmSync(uploadsDir, { recursive: true, force: true });
  delete process.env.UPLOADS_DIR;
  resetEnvForTests();
});

type Fields = Record<string, string | Blob>;
const ROUTES = {
  "/patient-profile": profileAction,
  "/patient/profile": aliasAction,
  "/settings": settingsAction,
} as const;
type AccountPath = keyof typeof ROUTES;

const post = (jar: CookieJar, fields: Fields, at: AccountPath = "/patient-profile") => run(ROUTES[at], postRequest(at, fields, jar));
const errorsOf = async (response: Response) => ((await body(response)).error ?? {}) as Record<string, string[] | null>;

/** The toast the next page shows, as the root loader reads it. */
async function toastAfter(response: Response, jar: CookieJar) {
  jar.take(response);
  return (await body(await run(rootLoader, getRequest("/", jar)))).toast as { type: string; title: string } | null;
}

const profileOf = (id: string) => db.selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const userRow = (id: string) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sessionIds = async (id: string) => (await db.selectFrom("sessions").select("id").where("user_id", "=", id).execute()).map((row) => row.id);
const signedInUser = async (jar: CookieJar) => (await body(await run(rootLoader, getRequest("/", jar)))).user as { email: string } | null;

function avatarFiles(): string[] {
  const dir = path.join(uploadsDir, "avatars");
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function patient(): Promise<{ user: TestUser; jar: CookieJar }> {
  const user = await createUser({ firstName: "Ana", lastName: "Lima" });
  return { user, jar: await signedIn(user) };
}

const PERSONAL = { intent: "profile", firstName: "Beatriz", lastName: "Souza Reis", phone: "(11) 91234-5678", cpf: VALID_CPF, timeZone: "America/Manaus" };

describe("personal data", () => {
  it.each(Object.keys(ROUTES) as AccountPath[])("saves through %s and returns there with the spec's toast", async (at) => {
    const { user, jar } = await patient();
    const response = await post(jar, PERSONAL, at);
    expect(response.status).toBe(303);
    expect(location(response)).toBe(at);
    expect(await profileOf(user.id)).toMatchObject({ first_name: "Beatriz", last_name: "Souza Reis", phone: "(11) 91234-5678", cpf: "52998224725", time_zone: "America/Manaus" });
    expect(await toastAfter(response, jar)).toEqual({ type: "success", title: "Perfil atualizado com sucesso!" });

    const page = await body(await run(at === "/settings" ? settingsLoader : profileLoader, getRequest(at, jar)));
    expect(page.account).toMatchObject({ firstName: "Beatriz", lastName: "Souza Reis", phone: "(11) 91234-5678", cpf: "52998224725", timeZone: "America/Manaus" });
  });

  it("clears the optional fields when they are emptied", async () => {
    const { user, jar } = await patient();
    await post(jar, PERSONAL);
    expect((await post(jar, { ...PERSONAL, phone: "", cpf: "", timeZone: "" })).status).toBe(303);
    expect(await profileOf(user.id)).toMatchObject({ first_name: "Beatriz", phone: null, cpf: null, time_zone: null });
  });

  it.each([
    ["a CPF with a wrong check digit", { cpf: WRONG_CPF }, "cpf", "CPF inválido. Confira os números."],
    ["a CPF of repeated digits", { cpf: "111.111.111-11" }, "cpf", "CPF inválido. Confira os números."],
    ["a CPF too short", { cpf: "529.982.247" }, "cpf", "CPF inválido. Confira os números."],
    ["a phone without DDD", { phone: "91234" }, "phone", "Informe um telefone válido, com DDD."],
    ["a phone with letters", { phone: "(11) 9123A-5678" }, "phone", "Informe um telefone válido, com DDD."],
    ["an unknown time zone", { timeZone: "America/Atlantida" }, "timeZone", "Fuso horário inválido."],
    ["an offset instead of a zone", { timeZone: "+03:00" }, "timeZone", "Fuso horário inválido."],
    ["a name over 80 characters", { firstName: "A".repeat(81) }, "firstName", "Use no máximo 80 caracteres."],
  ])("refuses %s with the translated message (400) and writes nothing", async (_why, change, field, message) => {
    const { user, jar } = await patient();
    const before = await profileOf(user.id);
    const response = await post(jar, { ...PERSONAL, ...change });
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[field]).toEqual([message]);
    expect(await profileOf(user.id)).toEqual(before);
  });

  it("answers an unknown intent with 400", async () => {
    const { jar } = await patient();
    const response = await post(jar, { intent: "hack" });
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[""]).toEqual(["Ação desconhecida."]);
    // Shown on the page, at its top (no section claims it), without JavaScript too.
    const page = await send(formPost("/settings", { intent: "hack" }, { Cookie: jar.header() }));
    expect(page.status).toBe(400);
    expect((await page.text()).replace(/<script[\s\S]*?<\/script>/g, "")).toMatch(/role="alert"[^>]*>(<[^>]+>)*Ação desconhecida\./);
  });

  it("sends a visitor to sign in and keeps other roles out of the patient profile", async () => {
    const anonymous = await run(profileAction, postRequest("/patient-profile", PERSONAL));
    expect(location(anonymous)).toBe("/login?redirectTo=%2Fpatient-profile");
    const psychologist = await createUser({ role: "psychologist" });
    const jar = await signedIn(psychologist);
    expect((await post(jar, PERSONAL)).status).toBe(403);
    // /settings is everyone's.
    expect((await post(jar, PERSONAL, "/settings")).status).toBe(303);
    expect(await profileOf(psychologist.id)).toMatchObject({ first_name: "Beatriz" });
  });
});

describe("what the CPF is said to be for", () => {
  /** The CPF field's hint on /settings, or null when there is none. */
  const cpfHint = async (jar: CookieJar) => {
    const html = (await (await send(appPage("/settings", { Cookie: jar.header() }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    const input = /<input[^>]*name="cpf"[^>]*>/.exec(html)?.[0] ?? "";
    const hintId = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    return hintId ? (new RegExp(`<p id="${hintId}"[^>]*>([^<]*)</p>`).exec(html)?.[1] ?? null) : null;
  };

  // Receipts print the patient's CPF from this profile, and the psychologist's from the professional profile
  // (app/models/receipts.server.ts): each role is told what is true for it, never 'receipts and invoices'.
  it("a patient's is on their receipts; a psychologist's receipts use the professional profile's; an admin's, nothing", async () => {
    expect(await cpfHint(await signedIn(await createUser()))).toBe("Usado nos recibos das suas consultas e no relatório fiscal do psicólogo que atendeu você.");
    expect(await cpfHint(await signedIn(await createUser({ role: "psychologist" })))).toBe("Os recibos que você emite usam o CPF do seu perfil profissional, não este.");
    expect(await cpfHint(await signedIn(await createUser({ role: "admin" })))).toBeNull();
  });
});

describe("consent dates", () => {
  it("name the day of the viewer's calendar, not the server's", async () => {
    const { user, jar } = await patient();
    // 22:30 on 10 March in Brasília (the zone of a viewer with none set), already the 11th in UTC.
    await db.insertInto("consent_log").values({ user_id: user.id, consent: "marketing", granted: true, created_at: new Date("2026-03-11T01:30:00Z") }).execute();
    const html = await (await send(appPage("/settings", { Cookie: jar.header() }))).text();
    expect(html).toContain("Última alteração: 10 de março de 2026");
  });
});

describe("photo", () => {
  const upload = (jar: CookieJar, file: Blob, at: AccountPath = "/patient-profile") => {
    const form = new FormData();
    form.append("intent", "photo");
    form.append("photo", file);
    return run(ROUTES[at], postRequest(at, form, jar));
  };

  it.each([
    ["PNG", PNG, "image/png", "png"],
    ["JPEG", JPEG, "image/jpeg", "jpg"],
  ] as const)("saves a small %s re-encoded as WebP renditions and serves them", async (_kind, bytes, type, extension) => {
    const { user, jar } = await patient();
    const response = await upload(jar, new File([bytes], `minha-foto.${extension}`, { type }));
    expect(response.status).toBe(303);
    expect(await toastAfter(response, jar)).toEqual({ type: "success", title: "Foto atualizada." });

    const { avatar_url } = await profileOf(user.id);
    expect(avatar_url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}-512\.webp$/);
    for (const width of [96, 256, 512]) {
      const url = avatar_url!.replace("-512.webp", `-${width}.webp`);
      const served = await run(uploadsLoader, getRequest(url), { "*": url.slice("/uploads/".length) });
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      // A patient's face: the browser may keep it, no shared cache may (it would outlive a removal).
      expect(served.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width, height: width });
    }
    // The navigation shows it too.
    expect((await body(await run(rootLoader, getRequest("/", jar)))).user.avatarUrl).toBe(avatar_url);
  });

  it("re-encodes by the content, whatever the browser claims", async () => {
    const { user, jar } = await patient();
    expect((await upload(jar, new File([PNG], "foto.heic", { type: "image/heic" }))).status).toBe(303);
    expect((await profileOf(user.id)).avatar_url).toMatch(/-512\.webp$/);
  });

  it("refuses a HEIC photo saying which formats work (415), and a corrupt one (422), writing nothing", async () => {
    const { user, jar } = await patient();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(64)]);
    const refused = await upload(jar, new File([heic], "IMG_0001.jpg", { type: "image/jpeg" }));
    expect(refused.status).toBe(415);
    expect((await errorsOf(refused)).photo).toEqual(["Formato HEIC não é aceito. Envie uma foto em JPEG, PNG, WebP ou AVIF."]);
    const corrupt = await upload(jar, new File([Buffer.concat([JPEG.subarray(0, 30), Buffer.alloc(100, 7)])], "quebrada.jpg", { type: "image/jpeg" }));
    expect(corrupt.status).toBe(422);
    expect((await errorsOf(corrupt)).photo).toEqual(["Não foi possível ler esta imagem; o arquivo pode estar corrompido. Envie uma foto em JPEG, PNG, WebP ou AVIF."]);
    expect((await profileOf(user.id)).avatar_url).toBeNull();
    expect(avatarFiles()).toEqual([]);
  });

  it("replaces the previous file and removes it on 'Remover foto'", async () => {
    const { user, jar } = await patient();
    await upload(jar, new File([PNG], "a.png", { type: "image/png" }));
    const first = (await profileOf(user.id)).avatar_url!;
    await upload(jar, new File([JPEG], "b.jpg", { type: "image/jpeg" }));
    const second = (await profileOf(user.id)).avatar_url!;
    expect(second).not.toBe(first);
    const id = path.basename(second).replace("-512.webp", "");
    expect(avatarFiles().sort()).toEqual([`${id}-256.webp`, `${id}-512.webp`, `${id}-96.webp`]);

    const removed = await post(jar, { intent: "remove-photo" });
    expect(removed.status).toBe(303);
    expect((await profileOf(user.id)).avatar_url).toBeNull();
    expect(avatarFiles()).toEqual([]);
  });

  it.each([
    ["a text file", new File(["isto não é uma imagem"], "notas.txt", { type: "text/plain" })],
    ["a PDF", new File(["%PDF-1.7\n1 0 obj"], "laudo.pdf", { type: "application/pdf" })],
    ["a script named as a PNG", new File(["<script>alert(1)</script>"], "foto.png", { type: "image/png" })],
    ["an SVG (it can carry scripts)", new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "foto.svg", { type: "image/svg+xml" })],
  ])("refuses %s with 'Por favor, selecione apenas arquivos de imagem.' and writes nothing", async (_why, file) => {
    const { user, jar } = await patient();
    const response = await upload(jar, file);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await errorsOf(response)).photo).toEqual(["Por favor, selecione apenas arquivos de imagem."]);
    expect((await profileOf(user.id)).avatar_url).toBeNull();
    expect(avatarFiles()).toEqual([]);
  });

  it("refuses an image over 5 MB with 'A imagem deve ter no máximo 5MB.' and writes nothing", async () => {
    const { user, jar } = await patient();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    PNG.copy(big);
    const response = await upload(jar, new File([big], "grande.png", { type: "image/png" }));
    expect(response.status).toBe(413);
    expect((await errorsOf(response)).photo).toEqual(["A imagem deve ter no máximo 5MB."]);
    expect((await profileOf(user.id)).avatar_url).toBeNull();
    expect(avatarFiles()).toEqual([]);
  });

  it("accepts an image of exactly 5 MB", async () => {
    const { user, jar } = await patient();
    const limit = Buffer.alloc(5 * 1024 * 1024, 0);
    PNG.copy(limit);
    expect((await upload(jar, new File([limit], "limite.png", { type: "image/png" }))).status).toBe(303);
    expect((await profileOf(user.id)).avatar_url).toMatch(/-512\.webp$/);
  });

  describe("per person, 10 an hour", () => {
    beforeEach(() => stopClockInsideTheHour());
    afterEach(() => vi.useRealTimers());

    it("refuses the 11th with 429 and says so before decoding anything (a corrupt file is not even found corrupt); others still upload", async () => {
      const { user, jar } = await patient();
      for (let index = 0; index < 10; index += 1) {
        const at = index % 2 === 0 ? "/patient-profile" : "/settings";
        expect((await upload(jar, new File([PNG], "eu.png", { type: "image/png" }), at)).status).toBe(303);
      }
      const kept = (await profileOf(user.id)).avatar_url;
      const files = avatarFiles().sort();

      const corrupt = new File([Buffer.concat([JPEG.subarray(0, 30), Buffer.alloc(100, 7)])], "quebrada.jpg", { type: "image/jpeg" });
      for (const [file, at] of [[corrupt, "/patient-profile"], [new File([PNG], "eu.png", { type: "image/png" }), "/settings"]] as const) {
        const refused = await upload(jar, file, at);
        expect(refused.status).toBe(429);
        expect((await errorsOf(refused)).photo).toEqual(["Você enviou muitas fotos em pouco tempo. Tente novamente em até uma hora."]);
      }
      expect((await profileOf(user.id)).avatar_url).toBe(kept);
      expect(avatarFiles().sort()).toEqual(files);

      const other = await patient();
      expect((await upload(other.jar, new File([PNG], "eu.png", { type: "image/png" }))).status).toBe(303);
      // The next hour is a new window.
      vi.setSystemTime(Date.now() + 60 * 60_000);
      expect((await upload(jar, new File([PNG], "eu.png", { type: "image/png" }))).status).toBe(303);
    });
  });

  it("asks for a file when none was chosen", async () => {
    const { user, jar } = await patient();
    const response = await upload(jar, new File([], "", { type: "application/octet-stream" }));
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).photo).toEqual(["Escolha uma imagem."]);
    expect((await profileOf(user.id)).avatar_url).toBeNull();
  });
});

describe("password change", () => {
  const NEW = "nova-senha-forte-456";

  async function twoDevices() {
    const user = await createUser();
    const here = await signedIn(user);
    const elsewhere = await signedIn(user);
    return { user, here, elsewhere };
  }

  it("refuses a wrong current password (400) and changes nothing", async () => {
    const { user, here, elsewhere } = await twoDevices();
    const before = (await userRow(user.id)).password_hash;
    const response = await post(here, { intent: "password", currentPassword: "nao-e-essa", newPassword: NEW, confirmPassword: NEW });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).currentPassword).toEqual(["Senha atual incorreta."]);
    expect((await userRow(user.id)).password_hash).toBe(before);
    expect(await sessionIds(user.id)).toHaveLength(2);
    expect(await signedInUser(elsewhere)).not.toBeNull();
    expect(await db.selectFrom("mail_outbox").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("refuses an over-long new password in the visitor's language and changes nothing", async () => {
    const { user, here } = await twoDevices();
    const before = (await userRow(user.id)).password_hash;
    const long = "a".repeat(201);
    const response = await post(here, { intent: "password", currentPassword: PASSWORD, newPassword: long, confirmPassword: long });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).newPassword).toEqual(["Use no máximo 200 caracteres."]);
    expect((await userRow(user.id)).password_hash).toBe(before);
  });

  it("requires the current password", async () => {
    const { user, here } = await twoDevices();
    const before = (await userRow(user.id)).password_hash;
    const response = await post(here, { intent: "password", newPassword: NEW, confirmPassword: NEW });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).currentPassword).toEqual(["Este campo é obrigatório."]);
    expect((await userRow(user.id)).password_hash).toBe(before);
  });

  it("says 'As novas senhas não coincidem.' for different new passwords", async () => {
    const { user, here } = await twoDevices();
    const before = (await userRow(user.id)).password_hash;
    const response = await post(here, { intent: "password", currentPassword: PASSWORD, newPassword: NEW, confirmPassword: "outra-senha-789" });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).confirmPassword).toEqual(["As novas senhas não coincidem."]);
    expect((await userRow(user.id)).password_hash).toBe(before);
    expect(await sessionIds(user.id)).toHaveLength(2);
  });

  it("refuses a short new password", async () => {
    const { here } = await twoDevices();
    const response = await post(here, { intent: "password", currentPassword: PASSWORD, newPassword: "curta", confirmPassword: "curta" });
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).newPassword).toEqual(["A senha deve ter pelo menos 8 caracteres."]);
  });

  it("never echoes a password back", async () => {
    const { here } = await twoDevices();
    const response = await post(here, { intent: "password", currentPassword: "segredo-atual-x", newPassword: "segredo-novo-y", confirmPassword: "segredo-novo-z" });
    const text = JSON.stringify(await body(response));
    expect(text).not.toMatch(/segredo-(atual|novo)/);
  });

  it("changes it, ends the other sessions but keeps this one, and tells the owner by e-mail", async () => {
    const { user, here, elsewhere } = await twoDevices();
    const response = await post(here, { intent: "password", currentPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/patient-profile");

    const { password_hash } = await userRow(user.id);
    expect(await verifyPassword(NEW, password_hash!)).toBe(true);
    expect(await verifyPassword(PASSWORD, password_hash!)).toBe(false);

    expect(await sessionIds(user.id)).toHaveLength(1);
    expect(await signedInUser(here)).toMatchObject({ email: user.email });
    expect(await signedInUser(elsewhere)).toBeNull();
    expect(await toastAfter(response, here)).toEqual({ type: "success", title: "Senha alterada. As outras sessões foram encerradas." });

    const mails = await db.selectFrom("mail_outbox").select(["template", "to_email", "subject", "text"]).where("user_id", "=", user.id).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "password_changed", to_email: user.email, subject: "Sua senha da Acolhe foi alterada" });
    expect(mails[0]!.text).not.toContain(NEW);

    // The new password signs in; the old one no longer does.
    const login = (password: string) => run(loginAction, postRequest("/login", { intent: "login", email: user.email, password }), {}, { clientIp: "203.0.113.10" });
    expect((await login(NEW)).status).toBe(303);
    expect((await login(PASSWORD)).status).toBe(401);
  });

  describe("wrong current passwords, 5 per person in 15 minutes", () => {
    beforeEach(() => stopClockInsideTheHour());
    afterEach(() => vi.useRealTimers());
    const change = (jar: CookieJar, currentPassword: string, newPassword = NEW) =>
      post(jar, { intent: "password", currentPassword, newPassword, confirmPassword: newPassword }, "/settings");

    it("count only failures; past them even the right password is refused (429) and changes nothing until the window ends", async () => {
      const { user, here } = await twoDevices();
      for (let index = 0; index < 4; index += 1) expect((await change(here, `palpite-${index}`)).status).toBe(400);
      // A right one in between is not a failure: the password changes, and the count stays at 4.
      expect((await change(here, PASSWORD)).status).toBe(303);
      expect((await change(here, "palpite-5")).status).toBe(400);

      const before = (await userRow(user.id)).password_hash;
      const mailsBefore = (await db.selectFrom("mail_outbox").select("id").where("user_id", "=", user.id).execute()).length;
      for (const guess of ["palpite-6", NEW]) {
        const refused = await change(here, guess, "terceira-senha-789");
        expect(refused.status).toBe(429);
        expect((await errorsOf(refused)).currentPassword).toEqual(["Muitas tentativas com a senha atual incorreta. Aguarde até 15 minutos e tente novamente."]);
      }
      expect((await userRow(user.id)).password_hash).toBe(before);
      expect(await db.selectFrom("mail_outbox").select("id").where("user_id", "=", user.id).execute()).toHaveLength(mailsBefore);
      expect(await signedInUser(here)).not.toBeNull();

      // Another person is not limited by these.
      const other = await twoDevices();
      expect((await change(other.here, PASSWORD)).status).toBe(303);

      // The next window takes the right password again.
      vi.setSystemTime(Date.now() + 15 * 60_000);
      expect((await change(here, NEW, "terceira-senha-789")).status).toBe(303);
      expect(await verifyPassword("terceira-senha-789", (await userRow(user.id)).password_hash!)).toBe(true);
    });
  });

  it("lets a Google-only account set its first password without a current one", async () => {
    const user = await createUser({ password: null });
    const jar = await signedIn(user);
    const response = await post(jar, { intent: "password", newPassword: NEW, confirmPassword: NEW }, "/settings");
    expect(response.status).toBe(303);
    expect(await verifyPassword(NEW, (await userRow(user.id)).password_hash!)).toBe(true);
  });
});

describe("notification preferences", () => {
  it("persist every combination (an unticked box is false)", async () => {
    const { user, jar } = await patient();
    // Defaults: e-mail and reminders on, SMS off.
    expect(await profileOf(user.id)).toMatchObject({ email_notifications: true, sms_notifications: false, appointment_reminders: true });

    const response = await post(jar, { intent: "notifications", smsNotifications: "on", appointmentReminders: "on" });
    expect(response.status).toBe(303);
    expect(await toastAfter(response, jar)).toEqual({ type: "success", title: "Preferências salvas." });
    expect(await profileOf(user.id)).toMatchObject({ email_notifications: false, sms_notifications: true, appointment_reminders: true });

    await post(jar, { intent: "notifications", emailNotifications: "on" }, "/settings");
    expect(await profileOf(user.id)).toMatchObject({ email_notifications: true, sms_notifications: false, appointment_reminders: false });

    const page = await body(await run(profileLoader, getRequest("/patient-profile", jar)));
    expect(page.account).toMatchObject({ emailNotifications: true, smsNotifications: false, appointmentReminders: false });
  });
});

describe("LGPD consents", () => {
  const consentRows = (id: string) =>
    db.selectFrom("consent_log").select(["consent", "granted", "created_at"]).where("user_id", "=", id).orderBy("id").execute();

  it("keeps a dated log with a row only for what changed", async () => {
    const { user, jar } = await patient();
    const before = await body(await run(profileLoader, getRequest("/patient-profile", jar)));
    expect(before.consents).toEqual({ marketing: null, cookies: null, data_processing: null, third_parties: null });

    // First decision: every consent is recorded, granted or not.
    const first = await post(jar, { intent: "consents", marketing: "on", cookies: "on" });
    expect(first.status).toBe(303);
    expect(await toastAfter(first, jar)).toEqual({ type: "success", title: "Consentimentos salvos." });
    const initial = await consentRows(user.id);
    expect(initial.map(({ consent, granted }) => [consent, granted]).sort()).toEqual([
      ["cookies", true],
      ["data_processing", false],
      ["marketing", true],
      ["third_parties", false],
    ]);
    for (const row of initial) expect(Math.abs(row.created_at.getTime() - Date.now())).toBeLessThan(60_000);

    // A day later only marketing is withdrawn and data processing granted.
    const yesterday = new Date(Date.now() - 24 * 60 * 60_000);
    await db.updateTable("consent_log").set({ created_at: yesterday }).where("user_id", "=", user.id).execute();
    await post(jar, { intent: "consents", cookies: "on", dataProcessing: "on" });
    const after = await consentRows(user.id);
    expect(after).toHaveLength(6);
    expect(after.slice(4).map(({ consent, granted }) => [consent, granted])).toEqual([
      ["marketing", false],
      ["data_processing", true],
    ]);

    // Saving the same choices again writes nothing.
    await post(jar, { intent: "consents", cookies: "on", dataProcessing: "on" }, "/settings");
    expect(await consentRows(user.id)).toHaveLength(6);

    const page = await body(await run(profileLoader, getRequest("/patient-profile", jar)));
    expect(page.consents.marketing.granted).toBe(false);
    expect(page.consents.data_processing.granted).toBe(true);
    expect(page.consents.cookies.granted).toBe(true);
    expect(page.consents.third_parties.granted).toBe(false);
    // Each shows the date of its own last change.
    expect(new Date(page.consents.marketing.at).getTime()).toBeGreaterThan(yesterday.getTime() + 60_000);
    expect(new Date(page.consents.cookies.at).getTime()).toBe(yesterday.getTime());
  });
});

describe("data download", () => {
  /** Where each table of EXPORTED_USER_COLUMNS appears in the download. */
  const EXPORT_KEY: Record<string, string | null> = {
    users: "account",
    profiles: "profile",
    psychologists: "psychologist",
    consent_log: "consents",
    sessions: "sessions",
    appointments: "appointments",
    evaluations: "evaluations",
    mail_outbox: "emails",
    psychologist_status_history: "review_decisions",
    clinical_notes: "clinical_records",
    record_requests: "clinical_records",
    clinical_note_versions: "notes_written",
    manual_refunds: "refunds_made",
    // users.blocked_by shares the users table's key above; its rows are under "account_blocks".
    // One-time links are secrets: listed, deleted with the account, never downloaded.
    auth_tokens: null,
  };

  it("lists every column of the schema that points at users(id)", async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select kcu.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
        and ccu.table_schema = 'public' and ccu.table_name = 'users' and ccu.column_name = 'id'`.execute(db);
    const referencing = rows.map((row) => `${row.table_name}.${row.column_name}`);
    // The query finds what we know is there, so an empty answer cannot pass.
    expect(referencing).toEqual(expect.arrayContaining(["profiles.id", "sessions.user_id", "appointments.patient_id"]));
    const missing = referencing.filter((column) => !EXPORTED_USER_COLUMNS.includes(column));
    expect(missing, "columns referencing users(id) not covered by the data download").toEqual([]);
    expect(EXPORTED_USER_COLUMNS).toContain("users.id");
    // And the download has a place for each listed table.
    expect([...new Set(EXPORTED_USER_COLUMNS.map((column) => column.split(".")[0]))].sort()).toEqual(Object.keys(EXPORT_KEY).sort());
  });

  it("returns a JSON attachment with everything held about the person", async () => {
    const { user, jar } = await patient();
    await post(jar, PERSONAL);
    await post(jar, { intent: "consents", marketing: "on" });
    const psychologist = await createUser({ role: "psychologist" });
    const startsAt = new Date(Date.now() - 7 * 24 * 60 * 60_000);
    const appointment = await db
      .insertInto("appointments")
      .values({
        patient_id: user.id,
        psychologist_id: psychologist.psychologistId!,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 50 * 60_000),
        duration_minutes: 50,
        status: "completed",
        payment_status: "paid",
        price_cents: 18000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("evaluations")
      .values({ appointment_id: appointment.id, psychologist_id: psychologist.psychologistId!, patient_id: user.id, rating: 5, comment: "Me senti acolhida." })
      .execute();
    await db
      .insertInto("mail_outbox")
      .values({ user_id: user.id, to_email: user.email, template: "email_verification", locale: "pt-BR", subject: "Confirme seu e-mail na Acolhe", html: "<p>x</p>", text: "x" })
      .execute();
    await db.insertInto("auth_tokens").values({ user_id: user.id, purpose: "password_reset", token_hash: "hash-secreto-do-token", expires_at: new Date(Date.now() + 3_600_000) }).execute();

    // Named by the person's own date (Brasília by default), also at night when UTC's is the next day.
    const { result: response, today } = await atNightInBrasilia(() => run(exportLoader, getRequest("/settings/export", jar)));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="acolhe-meus-dados-${today}.json"`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text);

    for (const key of Object.values(EXPORT_KEY)) if (key) expect(data, `download lacks "${key}"`).toHaveProperty(key);
    // The request is logged, so the platform can show when it answered.
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "action", "subject_id"]).where("action", "=", "user.export").execute()).toEqual([{ actor_user_id: user.id, action: "user.export", subject_id: user.id }]);
    expect(data.account).toMatchObject({ id: user.id, email: user.email, google_linked: false });
    expect(data.profile).toMatchObject({ id: user.id, first_name: "Beatriz", phone: "(11) 91234-5678", cpf: "52998224725", time_zone: "America/Manaus" });
    expect(data.psychologist).toBeNull();
    expect(data.consents.map((row: { consent: string; granted: boolean }) => [row.consent, row.granted])).toContainEqual(["marketing", true]);
    expect(data.consents.every((row: { created_at: string }) => !Number.isNaN(Date.parse(row.created_at)))).toBe(true);
    expect(data.sessions).toHaveLength(1);
    expect(data.appointments).toEqual([expect.objectContaining({ status: "completed", price_cents: 18000, payment_status: "paid" })]);
    expect(data.evaluations).toEqual([expect.objectContaining({ appointment_id: appointment.id, rating: 5, comment: "Me senti acolhida." })]);
    expect(data.emails).toEqual([expect.objectContaining({ template: "email_verification" })]);
    // No secrets: no password hash, no token, no session id.
    expect(text).not.toContain("scrypt$");
    expect(text).not.toContain("hash-secreto-do-token");
    for (const id of await sessionIds(user.id)) expect(text).not.toContain(id);
    // The file is named in the visitor's language; a name in another script comes with an ASCII one (RFC 5987).
    const { result: english, today: englishToday } = await atNightInBrasilia(() => run(exportLoader, getRequest("/settings/export", jar, { "Accept-Language": "en" })));
    expect(english.headers.get("Content-Disposition")).toBe(`attachment; filename="acolhe-my-data-${englishToday}.json"`);
    const { result: russian, today: russianToday } = await atNightInBrasilia(() => run(exportLoader, getRequest("/settings/export", jar, { "Accept-Language": "ru" })));
    expect(russian.headers.get("Content-Disposition")).toBe(
      `attachment; filename="acolhe-${russianToday}.json"; filename*=UTF-8''${encodeURIComponent(`acolhe-мои-данные-${russianToday}.json`)}`,
    );
  });

  it("writes its explanations in the account's language, not the visitor's", async () => {
    const user = await createUser({ locale: "en" });
    const request = getRequest("/settings/export", await signedIn(user), { "Accept-Language": "pt-BR" });
    const data = JSON.parse(await (await run(exportLoader, request)).text());
    expect(data.clinical_records.how_to_get_a_copy).toBe("The record's content is released by the psychologist in charge: use 'Request a copy of my record' on your dashboard.");
    expect(data.login_failures).toMatch(/^Sign-in attempts are counted only by a cryptographic digest/);
  });

  it("includes a psychologist's professional record", async () => {
    const psychologist = await createUser({ role: "psychologist" });
    const data = JSON.parse(await (await run(exportLoader, getRequest("/settings/export", await signedIn(psychologist)))).text());
    expect(data.psychologist).toMatchObject({ id: psychologist.psychologistId, user_id: psychologist.id });
  });

  it("is only for the signed-in owner", async () => {
    const response = await run(exportLoader, getRequest("/settings/export"));
    expect(location(response)).toBe("/login?redirectTo=%2Fsettings%2Fexport");
  });
});

describe("sign out everywhere", () => {
  it("deletes every session, this one included, and lands on /login", async () => {
    const user = await createUser();
    const here = await signedIn(user);
    const phone = await signedIn(user);
    const other = await createUser();
    const othersJar = await signedIn(other);
    expect((await body(await run(profileLoader, getRequest("/patient-profile", here)))).sessions).toBe(2);

    const response = await post(here, { intent: "sign-out-everywhere" });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/login");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__acolhe_session=;"))).toBe(true);
    expect(await sessionIds(user.id)).toEqual([]);
    expect(await signedInUser(phone)).toBeNull();
    expect(await toastAfter(response, here)).toEqual({ type: "success", title: "Você saiu de todos os dispositivos." });
    expect(await signedInUser(here)).toBeNull();
    // Nobody else is signed out.
    expect(await signedInUser(othersJar)).toMatchObject({ email: other.email });
  });
});

describe("account deletion", () => {
  async function withHistory() {
    const { user, jar } = await patient();
    await post(jar, PERSONAL);
    const form = new FormData();
    form.append("intent", "photo");
    form.append("photo", new File([PNG], "eu.png", { type: "image/png" }));
    await run(profileAction, postRequest("/patient-profile", form, jar));
    const psychologist = await createUser({ role: "psychologist" });
    const startsAt = new Date(Date.now() - 30 * 24 * 60 * 60_000);
    const appointment = await db
      .insertInto("appointments")
      .values({
        patient_id: user.id,
        psychologist_id: psychologist.psychologistId!,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 50 * 60_000),
        duration_minutes: 50,
        status: "completed",
        payment_status: "paid",
        payment_method: "pix",
        price_cents: 15000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("evaluations")
      .values({ appointment_id: appointment.id, psychologist_id: psychologist.psychologistId!, patient_id: user.id, rating: 4, comment: "Boa escuta." })
      .execute();
    await db
      .insertInto("mail_outbox")
      .values({ user_id: user.id, to_email: user.email, template: "email_verification", locale: "pt-BR", subject: "Confirme seu e-mail na Acolhe", html: "<p>Olá, Beatriz</p>", text: "Olá, Beatriz" })
      .execute();
    await db.insertInto("auth_tokens").values({ user_id: user.id, purpose: "password_reset", token_hash: "um-hash-qualquer", expires_at: new Date(Date.now() + 3_600_000) }).execute();
    const other = await signedIn(user);
    return { user, jar, other, psychologist, appointmentId: appointment.id };
  }

  it("tells, on the screen, what the law makes us keep", async () => {
    const { jar } = await patient();
    const page = await body(await run(profileLoader, getRequest("/patient-profile", jar)));
    expect(page.translations.settings.text.deleteRetention).toContain("Lei 13.787/2018");
    expect(page.translations.settings.text.deleteRetention).toContain("registros de pagamento");
  });

  it("refuses a wrong password (400) and changes nothing", async () => {
    const { user, jar, other } = await withHistory();
    const before = { user: await userRow(user.id), profile: await profileOf(user.id), sessions: await sessionIds(user.id) };
    const response = await post(jar, { intent: "delete-account", password: "nao-e-essa" });
    expect(response.status).toBe(400);
    const reply = await body(response);
    expect(reply.error[""]).toEqual(["A confirmação não confere. Nada foi excluído."]);
    expect(JSON.stringify(reply)).not.toContain("nao-e-essa");
    expect(await userRow(user.id)).toEqual(before.user);
    expect(await profileOf(user.id)).toEqual(before.profile);
    expect(await sessionIds(user.id)).toEqual(before.sessions);
    expect(await signedInUser(other)).not.toBeNull();
    // The photo's three renditions are all still there.
    expect(avatarFiles()).toHaveLength(3);
  });

  it("shares the password change's budget of 5 wrong passwords: past it even the right one is refused (429) and nothing is deleted", async () => {
    stopClockInsideTheHour();
    try {
      const { user, jar } = await withHistory();
      for (let index = 0; index < 3; index += 1) expect((await post(jar, { intent: "delete-account", password: `palpite-${index}` })).status).toBe(400);
      for (let index = 3; index < 5; index += 1) {
        const changed = await post(jar, { intent: "password", currentPassword: `palpite-${index}`, newPassword: "outra-senha-456", confirmPassword: "outra-senha-456" });
        expect(changed.status).toBe(400);
      }
      const refused = await post(jar, { intent: "delete-account", password: PASSWORD });
      expect(refused.status).toBe(429);
      expect((await body(refused)).error[""]).toEqual(["Muitas tentativas com a senha atual incorreta. Aguarde até 15 minutos e tente novamente."]);
      expect((await userRow(user.id)).deleted_at).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a missing password", async () => {
    const { user, jar } = await withHistory();
    const response = await post(jar, { intent: "delete-account" });
    expect(response.status).toBe(400);
    expect((await userRow(user.id)).deleted_at).toBeNull();
  });

  it("anonymises the person, ends every session and keeps the records the law requires", async () => {
    const { user, jar, other, psychologist, appointmentId } = await withHistory();
    const avatar = (await profileOf(user.id)).avatar_url!;

    const response = await post(jar, { intent: "delete-account", password: PASSWORD });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__acolhe_session=;"))).toBe(true);
    expect(await toastAfter(response, jar)).toEqual({ type: "success", title: "Sua conta foi excluída." });

    // The account row stays (records point at it) without anything personal.
    const account = await userRow(user.id);
    expect(account.email).not.toBe(user.email);
    expect(account.email).not.toContain(user.email.split("@")[0]);
    expect(account).toMatchObject({ password_hash: null, google_sub: null, email_verified_at: null });
    expect(account.deleted_at).toBeInstanceOf(Date);
    expect(await profileOf(user.id)).toMatchObject({ first_name: "", last_name: "", phone: null, cpf: null, avatar_url: null, time_zone: null, email_notifications: false, sms_notifications: false, appointment_reminders: false });
    // The request is in the data-subject request log, with its date.
    expect(await db.selectFrom("audit_log").select(["action", "subject_id"]).where("action", "=", "user.delete").execute()).toEqual([{ action: "user.delete", subject_id: user.id }]);

    // The photo file is gone.
    expect(avatarFiles()).toEqual([]);
    expect((await run(uploadsLoader, getRequest(avatar), { "*": avatar.slice("/uploads/".length) })).status).toBe(404);

    // Every session ended, on every device.
    expect(await sessionIds(user.id)).toEqual([]);
    expect(await signedInUser(jar)).toBeNull();
    expect(await signedInUser(other)).toBeNull();
    expect(await db.selectFrom("auth_tokens").select("id").where("user_id", "=", user.id).execute()).toEqual([]);

    // The clinical and payment record survives, with its price.
    const kept = await db.selectFrom("appointments").selectAll().where("id", "=", appointmentId).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ patient_id: user.id, status: "completed", payment_status: "paid", payment_method: "pix", price_cents: 15000 });
    // The evaluation stays (it feeds the psychologist's rating), no longer tied to the person.
    const evaluation = await db.selectFrom("evaluations").selectAll().where("appointment_id", "=", appointmentId).executeTakeFirstOrThrow();
    expect(evaluation).toMatchObject({ patient_id: null, rating: 4 });
    expect((await db.selectFrom("psychologists").select("total_reviews").where("id", "=", psychologist.psychologistId!).executeTakeFirstOrThrow()).total_reviews).toBe(1);

    // Old e-mails keep only the fact they were sent; a goodbye goes to the erased address, unlinked.
    const mails = await db.selectFrom("mail_outbox").selectAll().execute();
    expect(mails.filter((mail) => mail.user_id === user.id)).toEqual([]);
    expect(mails.find((mail) => mail.template === "email_verification")).toMatchObject({ to_email: "removido", html: "", text: "" });
    expect(JSON.stringify(mails.filter((mail) => mail.template !== "account_deleted"))).not.toContain("Beatriz");
    expect(mails.find((mail) => mail.template === "account_deleted")).toMatchObject({ to_email: user.email, user_id: null, subject: "Sua conta na Acolhe foi excluída" });

    // The address can no longer sign in, and is free for a new account.
    const login = await run(loginAction, postRequest("/login", { intent: "login", email: user.email, password: PASSWORD }), {}, { clientIp: "203.0.113.11" });
    expect(login.status).toBe(401);
    expect(await db.selectFrom("users").select("id").where("email", "=", user.email).execute()).toEqual([]);
  });

  it("refuses (409) while a future appointment holds a slot, and changes nothing", async () => {
    const { user, jar } = await withHistory();
    const psychologist = await createUser({ role: "psychologist" });
    const startsAt = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    await db
      .insertInto("appointments")
      .values({
        patient_id: user.id,
        psychologist_id: psychologist.psychologistId!,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 50 * 60_000),
        duration_minutes: 50,
        status: "scheduled",
        payment_status: "paid",
        price_cents: 15000,
      })
      .execute();
    const before = { user: await userRow(user.id), profile: await profileOf(user.id), sessions: await sessionIds(user.id) };

    const response = await post(jar, { intent: "delete-account", password: PASSWORD });
    expect(response.status).toBe(409);
    expect((await errorsOf(response))[""]).toEqual(["Você tem consultas agendadas. Cancele-as antes de excluir a conta."]);
    expect(await userRow(user.id)).toEqual(before.user);
    expect(await profileOf(user.id)).toEqual(before.profile);
    expect(await sessionIds(user.id)).toEqual(before.sessions);
  });

  it("confirms a Google-only account by its e-mail typed back", async () => {
    const user = await createUser({ password: null });
    const jar = await signedIn(user);
    const wrong = await post(jar, { intent: "delete-account", email: "outra@exemplo.com.br" }, "/settings");
    expect(wrong.status).toBe(400);
    expect((await userRow(user.id)).deleted_at).toBeNull();
    const right = await post(jar, { intent: "delete-account", email: ` ${user.email.toUpperCase()} ` }, "/settings");
    expect(right.status).toBe(303);
    expect((await userRow(user.id)).deleted_at).toBeInstanceOf(Date);
  });
});
