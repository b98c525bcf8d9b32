import { describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { brasilia, dayFromToday } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";

/** The page's markup without its scripts (the hydration data repeats texts and ids). */
async function markup(response: Response): Promise<string> {
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
}

/** Every id an aria-describedby / aria-labelledby / for names that no element on the page has. */
function danglingReferences(html: string): string[] {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  const references = [...html.matchAll(/\s(?:aria-describedby|aria-labelledby|for)="([^"]+)"/g)].flatMap((match) => match[1]!.split(/\s+/));
  return references.filter((id) => !ids.has(id));
}

describe("accessibility of the forms' errors", () => {
  it("ties the fields the sign-in marks as missing to the form's message, not to an error that is not on the page", async () => {
    const html = await markup(await send(formPost("/login", { intent: "login", email: "", password: "" })));
    expect(html).toContain('id="login-error"');
    expect(html).toMatch(/<input id="login-email"[^>]*aria-invalid="true"[^>]*aria-describedby="login-error"/);
    expect(html).toMatch(/<input id="login-password"[^>]*aria-invalid="true"[^>]*aria-describedby="login-error"/);
    expect(danglingReferences(html)).toEqual([]);
  });

  it("does the same on the sign-up form, keeping the password's hint", async () => {
    const html = await markup(await send(formPost("/register", { intent: "signup", fullName: "", email: "", password: "", confirmPassword: "" })));
    expect(html).toContain('id="signup-error"');
    expect(html).toMatch(/<input id="signup-password"[^>]*aria-describedby="signup-error signup-password-hint"/);
    expect(danglingReferences(html)).toEqual([]);
  });
});

describe("focus after a form error without JavaScript", () => {
  it("opens the sign-in page again on the first field to fix", async () => {
    const html = await markup(await send(formPost("/login", { intent: "login", email: "", password: "" })));
    expect(html).toMatch(/<input id="login-email"[^>]*autofocus=""/);
    expect(html).not.toMatch(/<input id="login-password"[^>]*autofocus/);
  });

  it("opens the sign-up page on the first field in the form's order that is wrong", async () => {
    const html = await markup(
      await send(formPost("/register", { intent: "signup", fullName: "Ana Souza", email: "ana@exemplo.com.br", role: "patient", password: "curta", confirmPassword: "outra", terms: "on" })),
    );
    expect(html).toMatch(/<input id="signup-password"[^>]*autofocus=""/);
    expect(html.match(/autofocus=""/g)).toHaveLength(1);
  });

  it("focuses nothing on a first visit", async () => {
    const html = await markup(await send(page("/login")));
    expect(html).not.toContain("autofocus");
  });
});

/** The opening tags that carry `autofocus`: a page should have one at most (the browser focuses the first). */
function autofocused(html: string): string[] {
  return [...html.matchAll(/<(?:input|textarea|select|div)\b[^>]*\sautofocus=""[^>]*>/g)].map((match) => match[0]);
}

describe("focus on the form's own error without JavaScript", () => {
  it("opens the sign-in page on its alert when only the whole form is wrong ('Credenciais inválidas')", async () => {
    const user = await createUser();
    const html = await markup(await send(formPost("/login", { intent: "login", email: user.email, password: "não-é-a-senha" })));
    const focused = autofocused(html);
    expect(focused).toHaveLength(1);
    expect(focused[0]).toMatch(/^<div id="login-error" role="alert" tabindex="-1"/);
  });

  it("keeps the focus on the first invalid field when the form has an error too", async () => {
    const html = await markup(await send(formPost("/login", { intent: "login", email: "", password: "" })));
    expect(html).toMatch(/<div id="login-error" role="alert" tabindex="-1"/);
    expect(autofocused(html)).toEqual([expect.stringMatching(/^<input id="login-email"/)]);
  });

  it("opens the forgotten-password page on the e-mail to fix", async () => {
    const html = await markup(await send(formPost("/forgot-password", { email: "não é e-mail" })));
    expect(autofocused(html)).toEqual([expect.stringMatching(/^<input[^>]*name="email"/)]);
  });

  it("opens the account settings on the first field the profile form has wrong", async () => {
    const user = await createUser();
    const jar = await signedIn(user);
    const html = await markup(await send(formPost("/settings", { intent: "profile", firstName: "Ana", lastName: "Souza", phone: "", cpf: "111.111.111-11", timeZone: "" }, { Cookie: jar.header() })));
    expect(autofocused(html)).toEqual([expect.stringMatching(/^<input[^>]*name="cpf"/)]);
  });

  it("opens the pricing tab on the price to fix, and on the policies' alert when they are refused", async () => {
    const { psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    const post = (fields: Record<string, string>) => send(formPost("/psychologist-dashboard/pricing", fields, { Cookie: jar.header() })).then(markup);
    const prices = await post({ price30: "100", price60: "-5" });
    expect(autofocused(prices)).toEqual([expect.stringMatching(/^<input[^>]*name="price60"/)]);
    const policies = await post({ intent: "policies", noFeeHours: "72", partialHours: "12", partialPercent: "150", maxReschedules: "3", minHoursBefore: "48" });
    expect(autofocused(policies)).toEqual([expect.stringMatching(/^<div role="alert" tabindex="-1"/)]);
  });

  it("opens the agenda's refused block on its alert, inside the open dialog", async () => {
    const { patient, psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    const date = dayFromToday(4);
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: brasilia(date, "18:00"), status: "confirmed" });
    const html = await markup(await send(formPost("/psychologist-dashboard/agenda", { intent: "add-block", date, startTime: "17:00", endTime: "19:00" }, { Cookie: jar.header() })));
    const dialog = /<dialog[^>]*open=""[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? "";
    expect(autofocused(html)).toHaveLength(1);
    expect(autofocused(dialog)).toEqual([expect.stringMatching(/^<div role="alert" tabindex="-1"/)]);
  });

  it("opens an admin's refused block on its reason, and a cancellation with nothing ticked on the first consultation", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const { patient, psychologist } = await createPair();
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + 48 * 3_600_000), status: "confirmed" });
    const post = (fields: Record<string, string>) => send(formPost(`/admin/users/${patient.id}`, fields, { Cookie: admin.header() })).then(markup);
    expect(autofocused(await post({ intent: "block", reason: `Fraude ${"x".repeat(500)}` }))).toEqual([expect.stringMatching(/^<textarea id="block-reason"/)]);
    expect(autofocused(await post({ intent: "cancel-appointments", reason: "Conta sob investigação" }))).toEqual([expect.stringMatching(/^<input type="checkbox" name="appointmentId"/)]);
  });

  it("focuses nothing on a first visit to a page with forms", async () => {
    const user = await createUser();
    const jar = await signedIn(user);
    expect(autofocused(await markup(await send(page("/settings", { Cookie: jar.header() }))))).toEqual([]);
    expect(autofocused(await markup(await send(page("/forgot-password"))))).toEqual([]);
  });
});

describe("the language button's name", () => {
  it("begins with the language code it shows (label in name)", async () => {
    const html = await markup(await send(page("/")));
    const summary = /<summary class="btn-ghost"[^>]*>[\s\S]*?<\/summary>/.exec(html)?.[0] ?? "";
    expect(summary).toMatch(/<span class="text-xs uppercase">pt-BR<\/span>/);
    expect(summary).toMatch(/aria-label="pt-BR, Escolher idioma"/);
  });
});

describe("accessibility of the psychologist's agenda", () => {
  it("names the month's calendar table by the month heading above it", async () => {
    const psychologist = await createUser({ role: "psychologist" });
    const jar = await signedIn(psychologist);
    const html = await markup(await send(page("/psychologist-dashboard/agenda?month=2099-03", { Cookie: jar.header() })));
    expect(html).toMatch(/<h3 id="month-title"[^>]*>[^<]*2099/);
    expect(html).toMatch(/<table[^>]*aria-labelledby="month-title"/);
    expect(danglingReferences(html)).toEqual([]);
  });
});
