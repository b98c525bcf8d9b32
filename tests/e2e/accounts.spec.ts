import { expect, test, type Page } from "@playwright/test";
import { openMenu } from "./helpers";

/**
 * The account journey, with JavaScript on and off: sign up, confirm the
 * address from the development outbox, sign in, change the profile and see
 * it kept, sign out.
 */

const PASSWORD = "senha-do-teste-e2e";
const NEW_PASSWORD = "outra-senha-do-teste";

function uniqueEmail(project: string): string {
  return `paciente.${project}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@exemplo.com.br`;
}

/** The sign-in form (the screen may also hold the 'resend the e-mail' form, with its own 'E-mail'). */
const loginForm = (page: Page) => page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });

async function fillLogin(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Senha", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await fillLogin(page, email, password);
}

test.describe("accounts", () => {
  test("register → verify from the outbox → sign in → profile changes persist → sign out", async ({ page, context }, testInfo) => {
    const email = uniqueEmail(testInfo.project.name);

    // Sign up at /register, by the labels the visitor reads.
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Crie sua conta" })).toBeVisible();
    await page.getByLabel("Nome completo").fill("Carla Mendes Rocha");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await expect(page.getByLabel("Paciente – quero marcar consultas")).toBeChecked();
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmar senha").fill(PASSWORD);
    await page.getByLabel(/Li e aceito os/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page).toHaveURL(/\/login\?verify=1$/);
    await expect(page.getByText("Conta criada com sucesso! Verifique seu email.")).toBeAttached();
    await expect(page.getByText("Verifique seu e-mail", { exact: true })).toBeVisible();

    // Until confirmed, the account cannot sign in.
    await fillLogin(page, email, PASSWORD);
    await expect(page.getByText("Email não confirmado. Verifique sua caixa de entrada.")).toBeVisible();

    // The verification e-mail, newest first in the development outbox.
    await page.goto("/dev/outbox");
    const message = page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: "email_verification" }).first();
    await message.getByRole("link", { name: "Confirme seu e-mail na Acolhe" }).click();
    await expect(page.getByRole("heading", { name: "Confirme seu e-mail" })).toBeVisible();
    await expect(page.getByText("Olá, Carla!")).toBeVisible();
    await page.getByRole("link", { name: "Confirmar e-mail" }).click();

    // The link opens a confirmation page; the button confirms and signs in.
    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await page.getByRole("button", { name: "Confirmar e-mail" }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await expect(page.getByText("E-mail confirmado! Bem-vindo à Acolhe.")).toBeAttached();

    // Another device: sign in with e-mail and password.
    await context.clearCookies();
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await expect(page.getByText("Login realizado com sucesso!")).toBeAttached();

    // The profile: personal data.
    await page.goto("/patient-profile");
    await expect(page.getByRole("heading", { name: "Meu Perfil", level: 1 })).toBeVisible();
    const firstName = page.getByLabel("Nome", { exact: true });
    await expect(firstName).toHaveValue("Carla");
    await expect(page.getByLabel("Sobrenome")).toHaveValue("Mendes Rocha");
    await firstName.fill("Carolina");
    await page.getByLabel("Telefone").fill("(21) 99876-5432");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByText("Perfil atualizado com sucesso!")).toBeAttached();
    await expect(page).toHaveURL(/\/patient-profile$/);

    // Notifications: SMS on, e-mail off.
    const sms = page.getByLabel("Receber notificações por SMS");
    const byEmail = page.getByLabel("Receber notificações por e-mail");
    await expect(sms).not.toBeChecked();
    await expect(byEmail).toBeChecked();
    await sms.check();
    await byEmail.uncheck();
    await page.getByRole("button", { name: "Salvar preferências" }).click();
    await expect(page.getByText("Preferências salvas.")).toBeAttached();

    // Everything is still there after a reload (it came from the server).
    await page.reload();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Carolina");
    await expect(page.getByLabel("Telefone")).toHaveValue("(21) 99876-5432");
    await expect(page.getByLabel("Receber notificações por SMS")).toBeChecked();
    await expect(page.getByLabel("Receber notificações por e-mail")).not.toBeChecked();
    await expect(page.getByLabel("Lembretes antes das consultas")).toBeChecked();
    // What the law makes us keep is said on the screen.
    await expect(page.getByText(/Lei 13\.787\/2018/)).toBeVisible();

    // A new password, confirmed with the current one.
    await page.getByLabel("Senha atual").fill(PASSWORD);
    await page.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirmar nova senha").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expect(page.getByText("Senha alterada. As outras sessões foram encerradas.")).toBeAttached();
    await expect(page).toHaveURL(/\/patient-profile$/);

    // Sign out through the user menu, which now shows the new name.
    const menu = await openMenu(page);
    await menu.getByText("Carolina", { exact: true }).click();
    await menu.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Logout realizado com sucesso!")).toBeAttached();
    const guestMenu = await openMenu(page);
    await expect(guestMenu.getByRole("link", { name: "Entrar" })).toBeVisible();

    // Signed out for real: the profile asks for sign-in again.
    await page.goto("/patient-profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpatient-profile$/);
    await expect(page.getByRole("heading", { name: "Bem-vindo de volta" })).toBeVisible();

    // The old password no longer works; the new one does, and returns to the profile.
    await fillLogin(page, email, PASSWORD);
    await expect(page.getByRole("alert").filter({ hasText: "Credenciais inválidas. Verifique seu email e senha." })).toBeVisible();
    await fillLogin(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/patient-profile$/);
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Carolina");
  });

  test("a wrong password shows 'Credenciais inválidas. Verifique seu email e senha.'", async ({ page }, testInfo) => {
    // The seeded demo patient exists; its password is not this one.
    await signIn(page, "paciente@acolhe.dev", "nao-e-a-senha-certa");
    await expect(page.getByRole("alert").filter({ hasText: "Credenciais inválidas. Verifique seu email e senha." })).toBeVisible();
    // The form's own error takes the focus (no field is to blame), with JavaScript as on the page the server sends without it.
    await expect(page.getByRole("alert").filter({ hasText: "Credenciais inválidas. Verifique seu email e senha." })).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginForm(page).getByLabel("E-mail", { exact: true })).toHaveValue("paciente@acolhe.dev");
    // Without JavaScript the page is the server's answer: the password is never sent back.
    if (testInfo.project.name === "no-js") await expect(loginForm(page).getByLabel("Senha", { exact: true })).toHaveValue("");
    // Still signed out.
    await page.goto("/patient-profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpatient-profile$/);
  });
});
