import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { confirmFromOutbox, signUpPatient } from "./helpers";

/**
 * The supply side, as new people would do it (issue 12's journey), with
 * JavaScript on and off: a psychologist registers and confirms the address,
 * completes the profile and sends it for review, the admin approves them, they publish weekly hours and prices, a visitor
 * finds them in the directory, a new patient books and pays, and the psychologist
 * sees the consultation in the list, the calendar, the next three and the
 * notifications box.
 */

const PASSWORD = "senha-da-psicologa-e2e";
const ADMIN = { email: "admin@acolhe.dev", password: "acolhe-demo-2026" };

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await fillSignIn(page, email, password);
}

/** The sign-in form of the page at hand (e.g. /login?redirectTo=… on the way to booking). */
async function fillSignIn(page: Page, email: string, password: string) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Entrar", exact: true }) });
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Senha", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar", exact: true }).click();
}

test("a psychologist registers, is approved, publishes hours and prices, is booked and paid, and sees the consultation", async ({ page, context, javaScriptEnabled }, testInfo) => {
  test.setTimeout(180_000);
  const unique = `${Date.now().toString(36)}${testInfo.project.name === "js" ? "j" : "n"}`;
  const surname = `Teste${unique}`;
  const name = `Beatriz ${surname}`;
  const email = `psi.${unique}@exemplo.com.br`;
  const crp = `06/${String(Date.now() % 1_000_000).padStart(6, "0")}`;
  // A patient of this test alone: the demo patient's hours are booked by other files, on dates that move with the day.
  const patient = { name: `Paula Pratica${unique}`, email: `paciente.${unique}@exemplo.com.br`, password: "senha-da-paciente-e2e" };

  // Registers as a psychologist.
  await page.goto("/psychologist-register");
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("CRP").fill(crp);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirmar senha").fill(PASSWORD);
  await page.getByLabel(/Li e aceito os/).check();
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/login\?verify=1$/);

  // Confirms the address in the same browser: signed in, on the professional profile.
  await confirmFromOutbox(page, email);
  await expect(page).toHaveURL(/\/psychologist-profile$/);

  // Completes the profile (what review asks: about, specialties, languages, education, photo) and sends it.
  await page.goto("/psychologist-profile?edit=1");
  await page.getByLabel("Sobre mim").fill("Atendo adultos com ansiedade e estresse no trabalho.");
  await page.getByRole("group", { name: /Especialidades/ }).getByLabel("Ansiedade").check();
  await page.getByRole("group", { name: /Idiomas de atendimento/ }).getByLabel("Português").check();
  await page.getByLabel("Formação acadêmica").fill("Psicologia, Universidade de São Paulo");
  await page.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page).toHaveURL(/\/psychologist-profile$/);
  const portrait = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
  await page.getByLabel("Adicionar foto").setInputFiles({ name: "retrato.jpg", mimeType: "image/jpeg", buffer: portrait });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await page.getByRole("button", { name: "Enviar para análise" }).click();
  await expect(page.getByText(/Perfil enviado para análise/).first()).toBeVisible();

  // The dashboard says it is in review.
  await page.goto("/psychologist-dashboard");
  await expect(page.getByText(/em análise/i).first()).toBeVisible();

  // The admin approves.
  await context.clearCookies();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: "Ver perfil completo" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(crp).first()).toBeVisible();
  await page.getByRole("button", { name: "Aprovar" }).click();
  await expect(page.getByText("Psicólogo aprovado. Ele já aparece para os pacientes.")).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: "Aprovados" })).toBeVisible();
  // With JavaScript, the 'Aprovar' button is gone once approved: focus goes to the page's main content, not the document.
  if (javaScriptEnabled) await expect(page.locator("main#main")).toBeFocused();

  // The psychologist publishes weekly hours and prices.
  await context.clearCookies();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/psychologist-dashboard$/);
  await page.getByRole("link", { name: "Agenda 24h" }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/agenda$/);
  const weekly = page.getByRole("region", { name: "Horários semanais" });
  await weekly.getByLabel("Dia da semana").selectOption({ label: "Segunda-feira" });
  await weekly.getByLabel("Início").selectOption("09:00");
  await weekly.getByLabel("Fim").selectOption("12:00");
  await weekly.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("Horário semanal adicionado com sucesso!")).toBeAttached();
  await expect(weekly.getByText("09:00 - 12:00")).toBeVisible();
  // A dated block early next month, through the dialog: once saved, the dialog is gone (with JavaScript it stayed open over the message).
  await page.getByRole("link", { name: "Próximo mês" }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await page.getByRole("table").getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-02/);
  await page.getByRole("link", { name: "Adicionar horário" }).click();
  const block = page.getByRole("dialog");
  await block.getByLabel("Início").selectOption("14:00");
  await block.getByLabel("Fim").selectOption("15:00");
  await block.getByRole("button", { name: "Salvar horário" }).click();
  await expect(page.getByText("Horário configurado com sucesso!")).toBeAttached();
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByRole("link", { name: "Preços" }).click();
  // A refused price, then a good one: the refusal's message goes with it.
  await page.getByLabel("Preço da consulta de 30 minutos").fill("0");
  await page.getByRole("button", { name: "Salvar preços" }).click();
  await expect(page.getByText("O preço deve ser maior que zero.")).toBeVisible();
  await page.getByLabel("Preço da consulta de 30 minutos").fill("130.00");
  await page.getByLabel("Preço da consulta de 60 minutos").fill("210.00");
  await page.getByRole("button", { name: "Salvar preços" }).click();
  await expect(page.getByText("Preços salvos com sucesso!")).toBeAttached();
  await expect(page.getByText("O preço deve ser maior que zero.")).toHaveCount(0);
  await expect(page.getByLabel("Preço da consulta de 60 minutos")).toHaveValue("210.00");

  // A patient signs up; then, signed out, finds them as a visitor.
  await context.clearCookies();
  await signUpPatient(page, patient);
  await context.clearCookies();
  await page.goto(`/psychologists?q=${encodeURIComponent(surname)}`);
  await expect(page.getByText(name).first()).toBeVisible();

  // The patient books a Monday hour and pays.
  const card = page.getByRole("article").filter({ hasText: name }).first();
  await card.getByRole("link", { name: "Ver Perfil" }).click();
  await page.getByRole("link", { name: "Agendar Consulta" }).first().click();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page).toHaveURL(/\/schedule\/step2\?/);
  if ((await page.getByRole("link", { name: /com horários livres/ }).count()) === 0) await page.getByRole("link", { name: "Próximo mês" }).click();
  // The month's last Monday with hours is a whole free morning.
  await page.getByRole("link", { name: /com horários livres/ }).last().click();
  // With JavaScript the day is a client navigation: wait for it, or the duration link still lacks the date.
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await page.getByRole("link", { name: /60 min/ }).click();
  await expect(page).toHaveURL(/duration=60/);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fschedule%2Fstep3/);
  await fillSignIn(page, patient.email, patient.password);
  await expect(page).toHaveURL(/\/schedule\/step3\?/);
  await expect(page.getByRole("heading", { name: "Confirme e pague" })).toBeVisible();
  await expect(page.getByText(/R\$\s?210,00/).first()).toBeVisible();
  const consent = page.getByRole("checkbox", { name: /dados de saúde/ });
  if ((await consent.count()) > 0) await consent.check();
  await page.getByRole("button", { name: "Pagar com Mercado Pago" }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Aprovar pagamento" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento Realizado!" })).toBeVisible();

  // The psychologist sees it: in the list, the calendar, the next three and the notifications box.
  await context.clearCookies();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/psychologist-dashboard$/);
  await page.getByRole("link", { name: "Consultas", exact: true }).click();
  await expect(page).toHaveURL(/\/psychologist-dashboard\/appointments$/);
  await expect(page.getByRole("heading", { name: "Próximas Consultas", exact: true })).toBeVisible();
  const consultation = page.getByRole("article").filter({ hasText: patient.name });
  await expect(consultation).toHaveCount(1);
  await expect(consultation.getByText("Confirmada")).toBeVisible();
  await expect(consultation.getByText(/ · 60 min/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Próximos atendimentos" }).getByText(patient.name)).toBeVisible();
  const box = page.getByRole("region", { name: /Notificações/ });
  await expect(box.getByText(`Nova consulta paga: Paula`, { exact: false })).toBeVisible();
  await box.getByRole("button", { name: "Marcar como lida" }).click();
  await expect(page.getByText("Notificação marcada como lida.")).toBeAttached();
  await expect(page.getByRole("region", { name: /Notificações/ }).getByRole("button", { name: "Marcar como não lida" })).toBeVisible();

  // The search finds the patient; the calendar marks the day and lists it when chosen.
  await page.getByPlaceholder("Buscar paciente...").fill("paula");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/q=paula/);
  await expect(page.getByRole("article").filter({ hasText: patient.name })).toHaveCount(1);
  await page.getByRole("link", { name: "Calendário" }).click();
  await expect(page).toHaveURL(/view=calendar/);
  const markedDay = page.getByRole("link", { name: /1 consulta \(1 confirmadas/ });
  if ((await markedDay.count()) === 0) await page.getByRole("link", { name: "Próximo mês" }).click();
  await markedDay.first().click();
  await expect(page.getByRole("heading", { name: /^Consultas em / })).toBeVisible();
  await page.getByRole("article").filter({ hasText: patient.name }).getByRole("link", { name: patient.name }).click();
  await expect(page.getByRole("heading", { name: `Consulta com ${patient.name}` })).toBeVisible();
  await expect(page.getByText("Horário reservado pelo paciente, aguardando pagamento")).toBeVisible();
  await expect(page.getByText("Pagamento aprovado")).toBeVisible();
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a psychologist takes a day off and undoes it (ADR 031)", async ({ page, javaScriptEnabled }) => {
    await signIn(page, "psicologa@acolhe.dev", "acolhe-demo-2026");
    await expect(page).not.toHaveURL(/\/login/);
    // A day well ahead, a different one with and without JavaScript (the two runs share the seeded practice).
    const date = new Date(Date.now() + (javaScriptEnabled ? 10 : 11) * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/psychologist-dashboard/agenda?date=${date}`);
    await page.getByRole("button", { name: "Marcar folga neste dia" }).click();
    await expect(page.getByText("Folga marcada com sucesso!")).toBeAttached();
    await expect(page.getByText("Folga: o horário semanal não vale neste dia.")).toBeVisible();
    // The calendar names the day off, not only by its outline; the weekly pattern is not the day's.
    await expect(page.getByRole("table").getByRole("link", { name: `${Number(date.slice(8))} (Folga)`, exact: true })).toBeVisible();
    await expect(page.getByText("(semanal)")).toHaveCount(0);
    await page.getByRole("button", { name: "Desfazer folga" }).click();
    await expect(page.getByText("Folga desfeita com sucesso!")).toBeAttached();
    await expect(page.getByRole("button", { name: "Marcar folga neste dia" })).toBeVisible();
    await expect(page.getByText("Folga: o horário semanal não vale neste dia.")).toHaveCount(0);
  });

  test("the notifications box's unread count stays one pill beside its heading", async ({ page }) => {
    // The seeded practice has consultations paid in the last days, still unread.
    await signIn(page, "psicologa@acolhe.dev", "acolhe-demo-2026");
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/psychologist-dashboard/appointments");
    const pill = page.locator("#notifications-title span");
    await expect(pill).toHaveText(/^\d+ novas?$/);
    // In the narrow side column it wrapped: 'N' on one line and 'novas' on the next, as two pieces of teal.
    expect(await pill.evaluate((element) => element.getClientRects().length)).toBe(1);
  });
});
