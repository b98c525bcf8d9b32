import { expect, test, type Page } from "@playwright/test";
import { bookAndPay, openStep2, signIn, signUpPatient } from "./helpers";

/**
 * Rescheduling as both people would (issue 13), with JavaScript on and off:
 * a new patient books and pays a consultation with the demo psychologist;
 * she 'propõe um novo horário', the patient accepts, and the video page now
 * opens at the new time; then the patient 'solicita reagendamento' and she
 * refuses with a reason, so the consultation stays where it was.
 */

const PASSWORD = "senha-do-paciente-e2e";
// The demo psychologist: weekdays 08:00–12:00 and 13:00–18:00.
const PSYCHOLOGIST = { name: "Mariana Albuquerque", email: "psicologa@acolhe.dev", password: "acolhe-demo-2026" };
const HOUR = 3_600_000;
const ZONE = "America/Sao_Paulo";

const brasiliaDate = (instant: number) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(instant);
const clock = (instant: number) => new Intl.DateTimeFormat("pt-BR", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" }).format(instant);
const shortDate = (instant: number) => new Intl.DateTimeFormat("pt-BR", { timeZone: ZONE, day: "2-digit", month: "2-digit", year: "numeric" }).format(instant);
/** A day (yyyy-mm-dd) as the slots' heading says it: '12 de março de 2027'. */
const longDate = (date: string) => new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "2-digit", month: "long", year: "numeric" }).format(new Date(`${date}T12:00:00Z`));

/**
 * On a reschedule page: 'Ver horários' for `date`; the page then shows that day's slots and opens on the first
 * (its group, the day, is read with it), or on the sentence saying there is none — with JavaScript or without.
 */
async function showSlots(page: Page, date: string) {
  await page.getByLabel("Nova data").fill(date);
  await page.getByRole("button", { name: "Ver horários" }).click();
  await expect(page.getByText(`Horários livres em ${longDate(date)}`)).toBeVisible();
  const slots = page.locator('input[name="startsAt"]');
  await expect((await slots.count()) > 0 ? slots.first() : page.getByText("Nenhum horário disponível para esta data")).toBeFocused();
}

/** On a reschedule page: the first free slot from `after` on, over the next days; returns its ISO start. */
async function chooseSlot(page: Page, after: number, avoid: number[]): Promise<number> {
  for (let day = 0; day < 14; day++) {
    await showSlots(page, brasiliaDate(after + day * 24 * HOUR));
    const values = await Promise.all((await page.locator('input[name="startsAt"]').all()).map((input) => input.getAttribute("value")));
    const free = values.map((value) => Date.parse(value ?? "")).find((start) => start >= after && avoid.every((taken) => Math.abs(taken - start) >= 2 * HOUR));
    if (free !== undefined) {
      await page.locator(`input[name="startsAt"][value="${new Date(free).toISOString()}"]`).check();
      return free;
    }
  }
  throw new Error("no free slot for the reschedule");
}

/** A new patient books and pays a consultation with the demo psychologist three days or more ahead; returns its start. */
async function bookAhead(page: Page, patient: { name: string; email: string }): Promise<number> {
  await signUpPatient(page, { name: patient.name, email: patient.email, password: PASSWORD });
  const step2 = await openStep2(page, PSYCHOLOGIST.name);
  let chosen: string | null = null;
  for (let day = 3; day < 14 && !chosen; day++) {
    step2.searchParams.set("date", brasiliaDate(Date.now() + day * 24 * HOUR));
    step2.searchParams.set("duration", "60");
    await page.goto(step2.pathname + step2.search);
    chosen = await page.locator('input[name="startsAt"]').first().getAttribute("value", { timeout: 2_000 }).catch(() => null);
  }
  expect(chosen, "a free slot three days or more ahead").not.toBeNull();
  await bookAndPay(page, chosen!);
  return Date.parse(chosen!);
}

test("the psychologist proposes a new time and the patient accepts; the patient asks for another and the psychologist refuses", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const unique = `${Date.now().toString(36)}${testInfo.project.name === "js" ? "j" : "n"}`;
  const patient = { name: `Rui Reagenda${unique}`, email: `reagenda.${unique}@exemplo.com.br` };
  let original = 0;
  let moved = 0;
  let appointmentPath = "";

  await test.step("a new patient books and pays, three days or more ahead", async () => {
    original = await bookAhead(page, patient);
  });
  await test.step("the psychologist proposes a new time from the consultation's page", async () => {
    await signIn(page, PSYCHOLOGIST.email, PSYCHOLOGIST.password);
    await page.goto(`/psychologist-dashboard/appointments?q=${encodeURIComponent(`Reagenda${unique}`)}`);
    await page.getByRole("article").filter({ hasText: patient.name }).getByRole("link", { name: patient.name }).click();
    await expect(page.getByRole("heading", { name: `Consulta com ${patient.name}` })).toBeVisible();
    appointmentPath = new URL(page.url()).pathname;
    await page.getByRole("link", { name: "Propor novo horário" }).click();
    await expect(page.getByRole("heading", { name: "Propor novo horário" })).toBeVisible();
    // A day later, at another hour: nobody else can take it while the patient decides.
    moved = await chooseSlot(page, original + 24 * HOUR, [original]);
    await page.getByLabel("Motivo do reagendamento").fill("Congresso de psicologia nesta data");
    await page.getByRole("button", { name: "Propor novo horário" }).click();
    await expect(page.getByText("Pedido de reagendamento enviado.")).toBeAttached();
    await page.goto(appointmentPath);
    await expect(page.getByText("Aguardando Reagendamento").first()).toBeVisible();
  });

  await test.step("the patient accepts, and the video page opens at the new time", async () => {
    await signIn(page, patient.email, PASSWORD);
    await page.goto("/patient-dashboard");
    const card = page.getByRole("article").filter({ hasText: PSYCHOLOGIST.name });
    await expect(card.getByText("Aguardando Reagendamento")).toBeVisible();
    await card.getByRole("link", { name: "Ver pedido de reagendamento" }).click();
    await expect(page.getByText(`O psicólogo propõe um novo horário:`)).toBeVisible();
    await expect(page.getByText(clock(moved)).first()).toBeVisible();
    await expect(page.getByText("Motivo: Congresso de psicologia nesta data")).toBeVisible();
    const id = /\/appointment\/([0-9a-f-]{36})\/reschedule/.exec(page.url())![1];
    await page.getByRole("button", { name: "Aceitar novo horário" }).click();
    await expect(page.getByText("Consulta reagendada para o novo horário.")).toBeAttached();
    await expect(page).toHaveURL(/\/patient-dashboard/);
    await expect(page.getByRole("article").filter({ hasText: PSYCHOLOGIST.name }).getByText("Confirmada")).toBeVisible();

    // The room follows the new time through a job: until it has run the page says the link will come
    // (with JavaScript it checks again by itself; without, the patient reloads, as here).
    const opens = moved - 15 * 60_000;
    await expect(async () => {
      await page.goto(`/appointment/videocall/${id}`);
      await expect(page.getByText(`Acesso liberado a partir de ${clock(opens)} do dia ${shortDate(opens)}`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });

  await test.step("the patient asks for another time; the psychologist refuses it with a reason", async () => {
    await page.goto("/patient-dashboard");
    await page.getByRole("article").filter({ hasText: PSYCHOLOGIST.name }).getByRole("link", { name: "Solicitar reagendamento" }).click();
    await expect(page.getByRole("heading", { name: "Solicitar reagendamento" })).toBeVisible();
    // The reason is required, said in the spec's words, nothing sent.
    await chooseSlot(page, moved + 24 * HOUR, [original, moved]);
    await page.getByLabel("Motivo do reagendamento").fill("   ");
    await page.getByRole("button", { name: "Solicitar reagendamento" }).click();
    await expect(page.getByText("Por favor, informe o motivo do reagendamento")).toBeVisible();
    await chooseSlot(page, moved + 24 * HOUR, [original, moved]);
    await page.getByLabel("Motivo do reagendamento").fill("Viagem a trabalho");
    await page.getByRole("button", { name: "Solicitar reagendamento" }).click();
    await expect(page.getByText("Pedido de reagendamento enviado.")).toBeAttached();

    await signIn(page, PSYCHOLOGIST.email, PSYCHOLOGIST.password);
    await page.goto("/psychologist-dashboard/appointments");
    await expect(page.getByRole("region", { name: /Notificações/ }).getByText(new RegExp(`Pedido de reagendamento: Rui, consulta de .+ às ${clock(moved)}`)).first()).toBeVisible();
    await page.goto(appointmentPath);
    await page.getByRole("link", { name: "Ver pedido de reagendamento" }).click();
    await expect(page.getByText("O paciente solicita reagendamento para")).toBeVisible();
    await page.getByLabel("Motivo da recusa").fill("Não tenho agenda nesse dia");
    await page.getByRole("button", { name: "Recusar novo horário" }).click();
    await expect(page.getByText("Novo horário recusado; a consulta continua no horário original.")).toBeAttached();

    // The consultation stays at the time agreed before, confirmed; the timeline tells the story.
    await page.goto(appointmentPath);
    await expect(page.getByText("Confirmada").first()).toBeVisible();
    await expect(page.getByText(clock(moved)).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Histórico da consulta" }).getByText("Novo horário recusado").first()).toBeVisible();
  });
});

test("a reason typed before choosing the day stays through 'Ver horários', never in the URL, and goes with the request", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const unique = `${Date.now().toString(36)}${testInfo.project.name === "js" ? "j" : "n"}`;
  const patient = { name: `Rita Motivo${unique}`, email: `motivo.${unique}@exemplo.com.br` };
  // A reason that speaks of health: it must reach the psychologist, and no address bar, history or log.
  const reason = "Exame de saúde: biópsia marcada";
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));

  const original = await bookAhead(page, patient);
  await page.goto("/patient-dashboard");
  await page.getByRole("article").filter({ hasText: PSYCHOLOGIST.name }).getByRole("link", { name: "Solicitar reagendamento" }).click();
  await expect(page.getByRole("heading", { name: "Solicitar reagendamento" })).toBeVisible();
  const reschedulePath = new URL(page.url()).pathname;

  // The reason first, then the day: the slots of each day come, the reason stays.
  await page.getByLabel("Motivo do reagendamento").fill(reason);
  await showSlots(page, brasiliaDate(original + 2 * 24 * HOUR));
  await expect(page.getByLabel("Motivo do reagendamento")).toHaveValue(reason);
  const moved = await chooseSlot(page, original + 24 * HOUR, [original]);
  await expect(page.getByLabel("Motivo do reagendamento")).toHaveValue(reason);
  for (const address of [page.url(), ...addresses]) {
    expect(address).not.toMatch(/reason=|Exame|bi%C3%B3psia|sa%C3%BAde/);
  }

  // Then the request, as before: the slot chosen, the reason typed first.
  await expect(page.locator(`input[name="startsAt"][value="${new Date(moved).toISOString()}"]`)).toBeChecked();
  await page.getByRole("button", { name: "Solicitar reagendamento" }).click();
  await expect(page.getByText("Pedido de reagendamento enviado.")).toBeAttached();
  await expect(page).toHaveURL(/\/patient-dashboard/);
  await page.goto(reschedulePath);
  await expect(page.getByText(`Motivo: ${reason}`)).toBeVisible();
  await expect(page.getByText(clock(moved)).first()).toBeVisible();
  for (const address of addresses) expect(address).not.toMatch(/reason=|Exame|bi%C3%B3psia|sa%C3%BAde/);
});
