import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * The directory (/psychologists), the profile modal, the full profile,
 * sharing and the way to booking step 1 — on the seeded demo content, with
 * JavaScript on and off (projects "js" and "no-js").
 */

const jsOn = () => test.info().project.name === "js";

/** Submits the filter form: with JavaScript a change submits by itself; without, 'Aplicar filtros' does. */
async function applyFilters(page: Page, change: (form: Locator) => Promise<unknown>, expectedUrl: RegExp) {
  const form = page.getByRole("search", { name: "Filtros" });
  await change(form);
  if (!jsOn()) await form.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(expectedUrl);
}

const cardNames = (page: Page) => page.locator("article h2");

test.describe("directory", () => {
  test("shows real figures, filters, sorts, switches view and pages", async ({ page }) => {
    await page.goto("/psychologists");
    await expect(page).toHaveTitle("Escolha seu Psicólogo | Acolhe");
    await expect(page.getByRole("heading", { level: 1, name: "Encontre o Psicólogo Ideal" })).toBeVisible();
    // The banner's figures are the seed's real ones: approved psychologists and their evaluations.
    const stats = page.locator("[data-stats]");
    await expect(stats).toContainText(/\d,\d★/);
    await expect(stats).toContainText("24h");
    const approved = Number(await stats.locator("dd").first().textContent());
    expect(approved).toBeGreaterThan(24);
    await expect(page.getByRole("status").filter({ hasText: "encontrados" })).toHaveText(`${approved} psicólogos encontrados`);
    await expect(cardNames(page)).toHaveCount(12);

    // Text over specialties, without accents: 'psicanalise' finds Psicanálise.
    const search = page.getByRole("search", { name: "Filtros" }).getByLabel("Buscar");
    await search.fill("psicanalise");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=psicanalise/);
    await expect(page.getByText("2 psicólogos encontrados")).toBeVisible();
    await expect(cardNames(page)).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Rafael Moreira" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Felipe Martins" })).toBeVisible();

    // Price band and sort.
    await page.goto("/psychologists");
    await applyFilters(page, (form) => form.getByLabel("Faixa de preço").selectOption("gt350"), /price=gt350/);
    await expect(page.getByText("2 psicólogos encontrados")).toBeVisible();
    await applyFilters(page, (form) => form.getByLabel("Ordenar por").selectOption("price-high"), /sort=price-high/);
    await expect(cardNames(page)).toHaveText(["Natália Guimarães", "Camila Duarte"]);
    await applyFilters(page, (form) => form.getByLabel("Ordenar por").selectOption("price-low"), /sort=price-low/);
    await expect(cardNames(page)).toHaveText(["Camila Duarte", "Natália Guimarães"]);

    // Pending psychologists are never listed.
    await page.goto("/psychologists?q=Vin%C3%ADcius");
    await expect(page.getByRole("heading", { name: "Nenhum psicólogo encontrado" })).toBeVisible();

    // List view and pagination keep each other.
    await page.goto("/psychologists");
    await page.getByRole("link", { name: "Lista", exact: true }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.locator("ul[data-view=list]")).toBeVisible();
    await page.getByRole("link", { name: "Próxima" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`Página 2 de ${Math.ceil(approved / 12)}`)).toBeVisible();
  });

  test("opens a profile over the list, closes back to it, and reaches the full profile", async ({ page }) => {
    await page.goto("/psychologists?sort=name");
    const first = page.locator("article").first();
    await expect(first.getByRole("heading")).toHaveText("Aline Cavalcanti");
    await first.getByRole("link", { name: "Ver Perfil" }).click();
    await expect(page).toHaveURL(/\/psychologists\/[0-9a-f-]{36}\?sort=name$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;

    const dialog = page.getByRole("dialog", { name: "Aline Cavalcanti" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Perfil do Psicólogo")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Agendar Consulta" })).toHaveAttribute("href", `/schedule/step1?psychologistId=${id}`);
    await expect(dialog.getByRole("link", { name: "Ver Perfil Completo" })).toHaveAttribute("href", `/psychologist-details/${id}`);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"@type":"Person"') && text.includes("Aline Cavalcanti"))).toBe(true);

    if (jsOn()) {
      expect(await page.locator("dialog").evaluate((element) => element.matches(":modal"))).toBe(true);
      await page.keyboard.press("Escape");
    } else {
      await dialog.getByRole("link", { name: "Fechar" }).click();
    }
    await expect(page).toHaveURL(/\/psychologists\?sort=name$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto(`/psychologists/${id}`);
    await page.getByRole("dialog").getByRole("link", { name: "Ver Perfil Completo" }).click();
    await expect(page).toHaveURL(`/psychologist-details/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Aline Cavalcanti" })).toBeVisible();
    await expect(page.getByText(/^\d+h \d+m\/semana$/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Avaliações" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Próximos horários disponíveis" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Agendar Consulta" }).first()).toBeVisible();
  });

  test("shares a profile on a network and copies its link", async ({ page, context, baseURL }) => {
    // The networks are not reached from the test: their share pages are answered here.
    await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>rede social</title>" }),
    );
    await page.goto("/psychologists?sort=name");
    await page.locator("article").first().getByRole("link", { name: "Ver Perfil" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const profileUrl = `${baseURL}/psychologists/${id}`;
    const menu = page.locator("[data-share-menu]");

    await menu.getByText("Compartilhar", { exact: true }).click();
    const popup = context.waitForEvent("page");
    await menu.getByRole("button", { name: "Facebook" }).click();
    const network = await popup;
    await network.waitForURL(/facebook\.com\/sharer\/sharer\.php/);
    expect(new URL(network.url()).searchParams.get("u")).toBe(profileUrl);
    await network.close();

    if (jsOn()) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) await menu.getByText("Compartilhar", { exact: true }).click();
      await menu.getByRole("button", { name: "Copiar link" }).click();
      await expect(menu.getByRole("button", { name: "✓ Copiado!" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Link copiado!" })).toContainText("O link do perfil foi copiado para a área de transferência.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(profileUrl);
      // 'Copiado!' lasts a second, then the popover closes.
      await expect(menu.getByRole("button", { name: "✓ Copiado!" })).toBeHidden({ timeout: 3_000 });
      expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    } else {
      // No clipboard without JavaScript: the link is there to select.
      await menu.getByText("Compartilhar", { exact: true }).click();
      await expect(menu.getByLabel("Link do perfil")).toHaveValue(profileUrl);
    }
  });

  test("the search waits for the user to stop typing and shows that results are updating", async ({ page }) => {
    const search = page.getByRole("search", { name: "Filtros" }).getByLabel("Buscar");
    const results = page.locator("ul.card-list");
    if (!jsOn()) {
      // Without JavaScript nothing happens while typing; 'Aplicar filtros' submits, as always.
      await page.goto("/psychologists");
      await search.pressSequentially("ansiedade");
      await expect(page).toHaveURL(/\/psychologists$/);
      await page.getByRole("button", { name: "Aplicar filtros" }).click();
      await expect(page).toHaveURL(/q=ansiedade/);
      await expect(page.getByText(/psicólogos? encontrados?$/)).not.toHaveText("0 psicólogos encontrados");
      return;
    }

    // Every loader call of the directory, and each held back a moment so the busy list can be seen.
    const requests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/psychologists.data") requests.push(request.url());
    });
    await page.route("**/psychologists.data?*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto("/");
    await page.goto("/psychologists");
    await expect.poll(() => search.evaluate((input) => Object.keys(input).some((key) => key.startsWith("__reactProps")))).toBe(true);
    await expect(results).toHaveAttribute("aria-busy", "false");

    // Nine letters, one request: after the last one, while it loads the list is marked busy.
    await search.pressSequentially("ansiedade", { delay: 60 });
    await expect(results).toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(/\/psychologists\?q=ansiedade&/);
    await expect(results).toHaveAttribute("aria-busy", "false");
    await expect(results.locator("article").first()).toBeVisible();
    // At most one more when the machine stalls between two keys; one per letter would be nine.
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThanOrEqual(2);
    expect(requests.at(-1)).toContain("q=ansiedade");

    // Enter submits at once, without waiting: one request for a new word.
    const before = requests.length;
    await search.fill("");
    await search.pressSequentially("depress", { delay: 20 });
    await search.press("Enter");
    await expect(page).toHaveURL(/\/psychologists\?q=depress&/);
    await page.waitForTimeout(500);
    expect(requests.length - before).toBeLessThanOrEqual(2);
    expect(requests.at(-1)).toContain("q=depress");

    // History: the typing replaced the entry, the deliberate search added one.
    await page.goBack();
    await expect(page).toHaveURL(/\/psychologists\?q=ansiedade&/);
    await expect(search).toHaveValue("ansiedade");
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    // With no list to dim ('Nenhum psicólogo encontrado'), six placeholder cards stand in while loading.
    await page.goto("/psychologists?q=nada-por-aqui");
    await expect(page.getByRole("heading", { name: "Nenhum psicólogo encontrado" })).toBeVisible();
    await expect.poll(() => search.evaluate((input) => Object.keys(input).some((key) => key.startsWith("__reactProps")))).toBe(true);
    await search.fill("ansiedade");
    await expect(page.locator("[data-skeleton] > li")).toHaveCount(6);
    await expect(page.locator("[data-skeleton]")).toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(/q=ansiedade&/);
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
    await expect(results.locator("article").first()).toBeVisible();
  });

  test("'Agendar' goes to booking step 1 with the psychologist chosen", async ({ page }) => {
    await page.goto("/psychologists?sort=name");
    const first = page.locator("article").first();
    await first.getByRole("link", { name: "Agendar", exact: true }).click();
    await expect(page).toHaveURL(/\/schedule\/step1\?psychologistId=[0-9a-f-]{36}$/);
    await expect(page.getByRole("radio", { name: /Aline Cavalcanti/ })).toBeChecked();
  });

  test("an unknown profile is a 404 'Psicólogo não encontrado'", async ({ page }) => {
    for (const path of ["/psychologists/00000000-0000-4000-8000-000000000000", "/psychologist/abc", "/psychologist-details/00000000-0000-4000-8000-000000000000"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Psicólogo não encontrado" })).toBeVisible();
    }
  });

  test("sitemap.xml lists the public profiles", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const profiles = xml.match(/\/psychologists\/[0-9a-f-]{36}<\/loc>/g) ?? [];
    expect(profiles.length).toBeGreaterThan(24);
    expect(xml.match(/\/psychologist-details\/[0-9a-f-]{36}<\/loc>/g)).toHaveLength(profiles.length);
  });
});
