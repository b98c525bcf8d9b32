import { describe, expect, it } from "vitest";
import { page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

/**
 * The overview, billing and reports tabs say in which zone their periods and
 * times are counted. They named it by its IANA id alone ('Даты и время в часовом
 * поясе America/Sao_Paulo.'), while the agenda and the appointments tab say
 * 'Horário Padrão de Brasília': the zone is named in the reader's language.
 */

async function visibleText(path: string, language: string): Promise<string> {
  const psychologist = await signedIn(await createUser({ role: "psychologist" }));
  const response = await send(page(path, { Cookie: psychologist.header(), "Accept-Language": language }));
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("the practice tabs' zone notes", () => {
  it("name the zone in the reader's language on the overview, billing and reports tabs", async () => {
    expect(await visibleText("/psychologist-dashboard", "pt-BR")).toContain("Períodos contados no seu fuso horário (Horário Padrão de Brasília).");
    expect(await visibleText("/psychologist-dashboard", "ru")).toContain("Периоды считаются в вашем часовом поясе (Бразилия, стандартное время).");
    expect(await visibleText("/psychologist-dashboard/billing", "en")).toContain("Dates and times in the Brasilia Standard Time (America/Sao_Paulo) time zone.");
    expect(await visibleText("/psychologist-dashboard/billing", "ru")).toContain("Даты и время в часовом поясе Бразилия, стандартное время (America/Sao_Paulo).");
    expect(await visibleText("/psychologist-dashboard/reports", "de")).toContain("Daten in der Zeitzone Brasília-Normalzeit (America/Sao_Paulo).");
  });
});
