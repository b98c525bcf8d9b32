import { describe, expect, it } from "vitest";
import { passwordResetEmail } from "./emails.server";

/** The account e-mails' plain-text twin, as a reader whose mail app shows no HTML reads it. */

describe("the plain-text link line", () => {
  it("joins the button's label and its address the language's way", () => {
    const line = (locale: Parameters<typeof passwordResetEmail>[0]) => passwordResetEmail(locale, { name: "Paula", token: "abc" }).text.split("\n").find((text) => text.includes("/reset-password?token=abc"));
    expect(line("pt-BR")).toBe("Criar nova senha: http://localhost:3000/reset-password?token=abc");
    // French spaces its colon; Chinese writes the full-width one, with no space.
    expect(line("fr")).toMatch(/^[^:]+[^ ] : http:\/\/localhost:3000\/reset-password\?token=abc$/);
    expect(line("zh-CN")).toMatch(/^[^:：]+：http:\/\/localhost:3000\/reset-password\?token=abc$/);
  });
});
