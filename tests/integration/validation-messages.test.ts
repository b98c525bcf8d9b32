import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formPost, page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";
import { SUPPORTED_LOCALES } from "~/i18n/config";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { withRequestLocaleScope } from "~/i18n/request-locale.server";
import { validationErrorMap } from "~/i18n/validation-errors.server";

/**
 * A rule a schema left unworded answers in the request's language
 * (app/i18n/validation-errors.server.ts), never in zod's English.
 */

const schema = z.object({
  name: z.string().max(5),
  nickname: z.string().min(3),
  note: z.string().min(1),
  age: z.number().int().max(120),
  kind: z.enum(["a", "b"]),
  email: z.string().email(),
  tags: z.array(z.string()).max(2),
  own: z.string().max(2, "Mensagem do próprio schema."),
});
const bad = { name: "abcdefgh", nickname: "ab", note: "", age: 300, kind: "c", email: "nope", tags: ["1", "2", "3"], own: "abc" };

/** The field messages of parsing `bad` while serving a request in `acceptLanguage`. */
async function messagesIn(acceptLanguage: string) {
  return withRequestLocaleScope(async () => {
    await getLocale(page("/", { "Accept-Language": acceptLanguage }));
    const result = schema.safeParse(bad);
    return result.success ? {} : result.error.flatten().fieldErrors;
  });
}

describe("zod's fallback messages", () => {
  it("speak the request's language, with the rule's limit", async () => {
    expect(await messagesIn("pt-BR")).toEqual({
      name: ["Use no máximo 5 caracteres."],
      nickname: ["Use ao menos 3 caracteres."],
      note: ["Campo obrigatório."],
      age: ["O valor máximo é 120."],
      kind: ["Opção inválida."],
      email: ["E-mail inválido."],
      tags: ["Escolha no máximo 2."],
      own: ["Mensagem do próprio schema."],
    });
    const english = await messagesIn("en");
    expect(english.name).toEqual(["Use at most 5 characters."]);
    expect(english.own).toEqual(["Mensagem do próprio schema."]);
    expect((await messagesIn("de")).kind).toEqual(["Ungültige Auswahl."]);
  });

  it("names a missing field and a word where a number goes", async () => {
    const required = withRequestLocaleScope(() => z.object({ a: z.string(), b: z.number() }).safeParse({ b: "x" }));
    expect(required.success ? {} : required.error.flatten().fieldErrors).toEqual({ a: ["Campo obrigatório."], b: ["Informe um número."] });
  });

  it("read pt-BR in a request whose language was never asked for", () => {
    const result = withRequestLocaleScope(() => z.string().max(1).safeParse("ab"));
    expect(result.success ? "" : result.error.issues[0]!.message).toBe("Use no máximo 1 caracteres.");
  });

  it("stay zod's English outside a request (start-up checks, jobs)", () => {
    const result = z.string().max(1).safeParse("ab");
    expect(result.success ? "" : result.error.issues[0]!.message).toBe("String must contain at most 1 character(s)");
  });

  it("exist in every language, with the limit's placeholder", () => {
    const keys = ["required", "invalid", "invalidOption", "notANumber", "invalidEmail", "invalidDate", "tooShort", "tooLong", "tooSmall", "tooBig", "tooFew", "tooMany"];
    for (const locale of SUPPORTED_LOCALES) {
      const t = getFixedT(locale, "server");
      for (const key of keys) expect(t(`validation.${key}`), `${locale} ${key}`).not.toBe(`validation.${key}`);
      expect(t("validation.tooLong", { max: "7" }), locale).toContain("7");
      expect(t("validation.tooShort", { min: "7" }), locale).toContain("7");
    }
  });

  it("are what a form through the app answers, in the visitor's language", async () => {
    expect(z.getErrorMap()).toBe(validationErrorMap);
    const jar = await signedIn(await createUser({ role: "patient" }));
    // A tampered checkbox: the browser only ever sends 'on'.
    const response = await send(formPost("/settings.data", { intent: "notifications", emailNotifications: "yes please" }, { Cookie: jar.header(), "Accept-Language": "es" }));
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Valor no válido.");
    expect(body).not.toMatch(/Expected|received/);
  });
});
