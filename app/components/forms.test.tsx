import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { errorFocus, FormErrors } from "./forms";

/** Where a form that came back with errors opens (the route tests check the pages; these, the rule). */
describe("errorFocus", () => {
  const names = ["email", "password"] as const;
  const fields = (email?: string[], password?: string[]) => ({ email: { errors: email }, password: { errors: password } });

  it("picks the first invalid field in the order given, even with a form error", () => {
    expect(errorFocus({ errors: ["Por favor, preencha todos os campos."] }, fields(undefined, ["Senha curta"]), names)).toBe("password");
    expect(errorFocus({ errors: undefined }, fields(["E-mail inválido"], ["Senha curta"]), names)).toBe("email");
  });

  it("counts a field marked with a blank message (the form's error says it) as invalid", () => {
    expect(errorFocus({ errors: ["Por favor, preencha todos os campos."] }, fields([""]), names)).toBe("email");
  });

  it("opens on the form's alert when only the whole form is wrong", () => {
    expect(errorFocus({ errors: ["Credenciais inválidas"] }, fields(), names)).toBe("form");
  });

  it("focuses nothing without errors, or with only blank form errors (no alert is shown)", () => {
    expect(errorFocus({ errors: undefined }, fields(), names)).toBeUndefined();
    expect(errorFocus({ errors: [""] }, fields(), names)).toBeUndefined();
  });
});

describe("FormErrors", () => {
  it("can take the focus from script without joining the tab order, and asks for it only when told", () => {
    expect(renderToString(<FormErrors id="login-error" errors={["Credenciais inválidas"]} autoFocus />)).toMatch(/^<div id="login-error" role="alert" tabindex="-1" autofocus=""/);
    expect(renderToString(<FormErrors errors={["Credenciais inválidas"]} />)).not.toContain("autofocus");
  });
});
