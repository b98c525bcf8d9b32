import { expect, test, type Request } from "@playwright/test";

/**
 * The home page on the seeded demo content, with JavaScript on and off
 * (projects "js" and "no-js"): the sign-up chooser, the featured
 * psychologists and their cards, the way to booking step 1, the
 * testimonials; with JavaScript, the carousel's analytics and its refresh.
 */

const jsOn = () => test.info().project.name === "js";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test.describe("home", () => {
  test("the chooser offers patient and psychologist sign-up", async ({ page }) => {
    await page.goto("/");
    const chooser = page.locator("details.chooser");
    await chooser.getByText("Criar minha conta").click();
    const group = page.getByRole("group", { name: "Escolha como deseja se cadastrar" });
    await expect(group).toBeVisible();
    await expect(group.getByRole("link", { name: "Sou Psicólogo – Quero oferecer consultas" })).toHaveAttribute("href", "/psychologist-register");
    await group.getByRole("link", { name: "Sou Paciente – Quero marcar consultas" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("shows up to 6 featured psychologists, best rated first, with their facts and actions", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Começar agora" })).toBeVisible();
    const section = page.getByRole("region", { name: "Psicólogos em destaque" });
    const cards = section.locator("article");
    // The seed marks 7 approved psychologists with weekly hours as featured: the carousel shows 6.
    await expect(cards).toHaveCount(6);

    const ratings = await cards.locator(".rating").allTextContents();
    const values = ratings.map((text) => (text === "N/A" ? -1 : Number(/\d+,\d/.exec(text)![0].replace(",", "."))));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    for (const card of await cards.all()) {
      const name = (await card.getByRole("heading", { level: 3 }).textContent())!;
      const viewProfile = card.getByRole("link", { name: "Ver Perfil" });
      const id = UUID.exec((await viewProfile.getAttribute("href"))!)![0];
      await expect(viewProfile).toHaveAttribute("href", `/psychologists/${id}`);
      await expect(card.getByRole("link", { name: "Agendar", exact: true })).toHaveAttribute("href", `/schedule/step1?psychologistId=${id}`);
      await expect(card.getByText(/^CRP \d{2}\/\d{6}$/)).toBeVisible();
      await expect(card.getByText(/^\d+h \d+m\/semana$/)).toBeVisible();
      await expect(card.getByText(/^30 min: R\$/)).toBeVisible();
      await expect(card.getByText(/^60 min: R\$/)).toBeVisible();
      await expect(card.getByText("Compartilhar", { exact: true })).toBeVisible();
      // At most 2 specialties and 3 languages, then '+N'.
      const chips = card.locator("ul.chips");
      expect(await chips.nth(0).locator(":scope > li:not([title])").count()).toBeLessThanOrEqual(2);
      expect(await chips.nth(1).locator(":scope > li:not([title])").count()).toBeLessThanOrEqual(3);
      expect(name.length).toBeGreaterThan(0);
    }

    // More than 2 specialties (the seed has such featured psychologists): '+N', the rest in a tooltip and in a list for screen readers.
    const more = section.locator("ul.chips li[title]").first();
    const rest = await more.locator("ul.sr-only > li").allTextContents();
    expect(rest.length).toBeGreaterThan(0);
    await expect(more.locator("span[aria-hidden]")).toHaveText(`+${rest.length}`);
    await expect(more).toHaveAttribute("title", rest.join(", "));
  });

  test("'Agendar' reaches booking step 1 with the psychologist chosen", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Psicólogos em destaque" }).locator("article").first();
    const name = (await card.getByRole("heading", { level: 3 }).textContent())!;
    await card.getByRole("link", { name: "Agendar", exact: true }).click();
    await expect(page).toHaveURL(/\/schedule\/step1\?psychologistId=[0-9a-f-]{36}$/);
    await expect(page.getByRole("radio", { name: new RegExp(name) })).toBeChecked();
  });

  test("'Ver Perfil' opens the psychologist's profile", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Psicólogos em destaque" }).locator("article").first();
    const name = (await card.getByRole("heading", { level: 3 }).textContent())!;
    await card.getByRole("link", { name: "Ver Perfil" }).click();
    await expect(page).toHaveURL(/\/psychologists\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("dialog", { name })).toBeVisible();
  });

  test("shows testimonials from published evaluations", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "O que dizem nossos pacientes" });
    const testimonials = section.locator("figure");
    const count = await testimonials.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    for (const testimonial of await testimonials.all()) {
      await expect(testimonial.getByRole("img", { name: /^Avaliação [45] de 5$/ })).toBeVisible();
      await expect(testimonial.locator("blockquote")).not.toBeEmpty();
      await expect(testimonial.locator("figcaption")).toHaveText(/^(Paciente|[A-Z]\.) — consulta com .+/);
    }
  });

  test("reports the carousel's impression and clicks", async ({ page }) => {
    test.skip(!jsOn(), "analytics need JavaScript");
    const events: unknown[] = [];
    const statuses: number[] = [];
    const sent = (request: Request) => request.url().endsWith("/api/analytics/events") && request.method() === "POST";
    // sendBeacon's body is read where the request is routed (request events do not carry it).
    await page.route("**/api/analytics/events", async (route) => {
      events.push(JSON.parse(route.request().postDataBuffer()?.toString("utf8") ?? "null"));
      expect(route.request().headers()["content-type"]).toBe("application/json");
      // The server's answer is kept: the route must accept what the page sends.
      const response = await route.fetch();
      statuses.push(response.status());
      await route.fulfill({ response });
    });
    const impression = page.waitForRequest(sent);
    await page.goto("/");
    await impression;
    const ids = await page
      .getByRole("region", { name: "Psicólogos em destaque" })
      .getByRole("link", { name: "Ver Perfil" })
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("/").pop()));
    expect(events[0]).toMatchObject({ event: "carousel_impression", psychologist_count: 6, psychologist_ids: ids });
    expect(Date.parse((events[0] as { timestamp: string }).timestamp)).not.toBeNaN();

    const click = page.waitForRequest(sent);
    await page.getByRole("region", { name: "Psicólogos em destaque" }).getByRole("link", { name: "Agendar", exact: true }).first().click();
    await click;
    expect(events[1]).toMatchObject({ event: "carousel_click", psychologist_id: ids[0], action: "schedule" });
    expect((events[1] as { user_agent: string }).user_agent).toContain("Mozilla");
    await expect.poll(() => statuses).toEqual([204, 204]);
  });

  test("refreshes the featured psychologists every 30 seconds without reloading the page", async ({ page }) => {
    test.skip(!jsOn(), "the refresh needs JavaScript");
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Psicólogos em destaque" }).locator("article")).toHaveCount(6);
    const marker = await page.evaluate(() => ((window as unknown as { homeMarker: number }).homeMarker = Math.random()));
    const isRefresh = (request: Request) => request.url().includes(".data") && request.method() === "GET";
    const early: string[] = [];
    page.on("request", (request) => {
      if (isRefresh(request)) early.push(request.url());
    });
    await page.clock.fastForward(29_000);
    expect(early).toEqual([]);
    const refresh = page.waitForRequest(isRefresh);
    await page.clock.fastForward(1_000);
    await refresh;
    // The same document: no page load happened.
    expect(await page.evaluate(() => (window as unknown as { homeMarker: number }).homeMarker)).toBe(marker);
  });
});
