import { describe, expect, it } from "vitest";
import { page, send } from "#tests/helpers/app";
import { countStatements } from "#tests/helpers/directory-fixtures";
import { createUser, signedIn } from "#tests/helpers/factories";
import { db } from "~/models/db.server";
import { PRACTICE_TABS, practiceTabHref } from "~/domain/practice-tabs";

/** The psychologist's dashboard shell (issue 12, item 2): ten tabs, each a URL of its own. */
describe("psychologist dashboard shell", () => {
  it("opens every tab as its own page, with the header, the tab bar and the active tab marked", async () => {
    const psychologist = await createUser({ role: "psychologist", firstName: "Ana" });
    const jar = await signedIn(psychologist);
    for (const tab of PRACTICE_TABS) {
      const response = await send(page(practiceTabHref(tab), { Cookie: jar.header() }));
      expect(response.status, tab.id).toBe(200);
      const html = await response.text();
      expect(html).toContain("Dashboard do Psicólogo");
      // Each tab's title names it, so a tab change is announced by name and history tells tabs apart.
      const label = { overview: "Visão Geral", pricing: "Preços", agenda: "Agenda 24h", patients: "Pacientes", records: "Prontuários", evaluations: "Avaliações", billing: "Faturamento", reports: "Relatórios", appointments: "Consultas", health: "Saúde do Sistema" }[tab.id];
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1], tab.id).toBe(`${label} — Dashboard do Psicólogo | Acolhe`);
      expect(html).toContain("Atualizar");
      // Every tab is linked from every tab.
      for (const other of PRACTICE_TABS) expect(html).toContain(`href="${practiceTabHref(other)}"`);
      const tabBar = html.slice(html.indexOf('<nav aria-label="Abas do painel"'), html.indexOf("</nav>", html.indexOf('<nav aria-label="Abas do painel"')));
      const current = [...tabBar.matchAll(/<a [^>]*aria-current="page"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
      expect(current).toEqual([practiceTabHref(tab)]);
      // Every tab is built: none says 'em breve'.
      expect(html).not.toContain("Em breve");
      // The layout sends only the texts it renders: not the administrator's, nor the pricing tab's to the tabs
      // other than the two whose own loaders send the 'practice' namespace.
      expect(html).not.toContain("Informe o motivo (pelo menos 3 caracteres).");
      if (!["overview", "pricing"].includes(tab.id)) expect(html, tab.id).not.toContain("Você ainda não definiu suas políticas");
    }
  });

  it("greets an approved practice by its listed name from the session alone; one in review reads its row to say what is missing", async () => {
    // The review row is the only statement that reads the psychologist's status reason.
    const missingShown = (html: string) => html.includes('<p class="mt-1">Para a análise, complete no seu perfil:');
    const reviewReads = (statements: string[]) => statements.filter((text) => text.includes('"status_reason"')).length;
    const approved = await createUser({ role: "psychologist" });
    await db.updateTable("psychologists").set({ name: "Dra. Beatriz Lima" }).where("user_id", "=", approved.id).execute();
    const approvedJar = await signedIn(approved);
    const shown = await countStatements(async () => (await send(page("/psychologist-dashboard/agenda", { Cookie: approvedJar.header() }))).text());
    expect(shown.result).toContain("Bem-vindo, Dra. Beatriz Lima");
    expect(missingShown(shown.result)).toBe(false);
    expect(reviewReads(shown.statements)).toBe(0);

    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    const pendingJar = await signedIn(pending);
    const inReview = await countStatements(async () => (await send(page("/psychologist-dashboard/agenda", { Cookie: pendingJar.header() }))).text());
    expect(missingShown(inReview.result)).toBe(true);
    expect(reviewReads(inReview.statements)).toBe(1);
  });

  it("says a pending profile not yet sent is not in review, and that it is once sent", async () => {
    // The banner's paragraph as rendered (the page's translations carry every status text).
    const banner = (html: string) => html.match(/<div role="status" class="card mt-4 text-sm"><p>([^<]*)/)?.[1];
    const pending = await createUser({ role: "psychologist", psychologistStatus: "pending" });
    await db.updateTable("psychologists").set({ submitted_for_review_at: null }).where("user_id", "=", pending.id).execute();
    const jar = await signedIn(pending);
    const draft = await (await send(page("/psychologist-dashboard/pricing", { Cookie: jar.header() }))).text();
    expect(banner(draft)).toMatch(/^Seu perfil ainda não foi enviado para análise/);
    await db.updateTable("psychologists").set({ submitted_for_review_at: new Date() }).where("user_id", "=", pending.id).execute();
    const sent = await (await send(page("/psychologist-dashboard/pricing", { Cookie: jar.header() }))).text();
    expect(banner(sent)).toMatch(/^Seu cadastro está em análise/);
  });

  it("answers 404 for a tab that does not exist", async () => {
    const jar = await signedIn(await createUser({ role: "psychologist" }));
    expect((await send(page("/psychologist-dashboard/nothing", { Cookie: jar.header() }))).status).toBe(404);
  });

  it("closes every tab, and the profile, to a psychologist whose practice was removed under a live session", async () => {
    const psychologist = await createUser({ role: "psychologist" });
    const jar = await signedIn(psychologist);
    await db.deleteFrom("psychologists").where("user_id", "=", psychologist.id).execute();
    for (const href of [...PRACTICE_TABS.map(practiceTabHref), "/psychologist-profile"]) {
      // The session now reads as a patient's.
      expect((await send(page(href, { Cookie: jar.header() }))).status, href).toBe(403);
      expect((await send(page(`${href}.data`, { Cookie: jar.header() }))).status, `${href} data`).toBe(403);
    }
  });

  it("refuses patients and admins, and sends visitors to sign in", async () => {
    for (const role of ["patient", "admin"] as const) {
      const jar = await signedIn(await createUser({ role }));
      expect((await send(page("/psychologist-dashboard/agenda", { Cookie: jar.header() }))).status, role).toBe(403);
    }
    const anonymous = await send(page("/psychologist-dashboard/agenda"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fpsychologist-dashboard%2Fagenda");
  });
});
