import { describe, expect, it } from "vitest";
import { currentZoneId, sameWallClock, shortTimeAndDate, whenLabel, zoneName } from "./zoned-time";

// 14:00 in São Paulo, 17:00 in Lisbon (winter), 13:00 in Manaus.
const instant = new Date("2026-03-10T17:00:00.000Z");

describe("whenLabel", () => {
  it("gives the date as 'dd de MMMM de yyyy' and the time in the viewer's zone", () => {
    expect(whenLabel(instant, "pt-BR", "America/Sao_Paulo", "America/Sao_Paulo")).toEqual({ date: "10 de março de 2026", time: "14:00", zone: null });
  });

  it("names the viewer's zone only when its clock differs from the psychologist's", () => {
    expect(whenLabel(instant, "pt-BR", "Europe/Lisbon", "America/Sao_Paulo")).toEqual({
      date: "10 de março de 2026",
      time: "17:00",
      zone: "Horário da Europa Ocidental",
    });
    expect(whenLabel(instant, "pt-BR", "America/Manaus", "America/Sao_Paulo").zone).toBe("Horário Padrão do Amazonas");
    // Bahia keeps São Paulo's clock: nothing to say.
    expect(whenLabel(instant, "pt-BR", "America/Bahia", "America/Sao_Paulo").zone).toBeNull();
  });

  it("answers null for an invalid date ('Data inválida')", () => {
    expect(whenLabel("not a date", "pt-BR", "America/Sao_Paulo", "America/Sao_Paulo")).toEqual({ date: null, time: null, zone: null });
    expect(shortTimeAndDate(Number.NaN, "pt-BR", "America/Sao_Paulo")).toBeNull();
  });

  it("follows the locale", () => {
    expect(whenLabel(instant, "en", "America/Sao_Paulo", "America/Sao_Paulo").date).toBe("March 10, 2026");
  });

  it("tells the time on a 24-hour clock in every language, as the booking's slots do ('14:00', never '02:00 PM')", () => {
    const evening = new Date("2026-03-10T23:05:00.000Z");
    for (const locale of ["pt-BR", "pt-PT", "en", "es", "fr", "de", "it", "ru", "zh-CN", "hi", "ar"]) {
      expect(whenLabel(instant, locale, "America/Sao_Paulo", "America/Sao_Paulo").time, locale).toBe("14:00");
      expect(whenLabel(evening, locale, "America/Sao_Paulo", "America/Sao_Paulo").time, locale).toBe("20:05");
      expect(shortTimeAndDate(evening, locale, "America/Sao_Paulo")?.time, locale).toBe("20:05");
    }
  });

  it("writes a one-digit day with two digits only in Portuguese (the spec's 'dd'), as each language writes it elsewhere", () => {
    const ninth = new Date("2026-12-09T15:00:00.000Z");
    const date = (locale: string) => whenLabel(ninth, locale, "America/Sao_Paulo", "America/Sao_Paulo").date;
    expect(date("pt-BR")).toBe("09 de dezembro de 2026");
    expect(date("pt-PT")).toBe("09 de dezembro de 2026");
    expect(date("en")).toBe("December 9, 2026");
    expect(date("ru")).toBe("9 декабря 2026 г.");
    expect(date("it")).toBe("9 dicembre 2026");
    expect(date("de")).toBe("9. Dezember 2026");
  });
});

describe("whenLabel in French", () => {
  it("writes the first of the month '1er' ('1er décembre 2026'), the second '2', and the short date '01/12/2026' as it was", () => {
    const first = new Date("2026-12-01T15:00:00.000Z");
    expect(whenLabel(first, "fr", "America/Sao_Paulo", "America/Sao_Paulo")).toEqual({ date: "1er décembre 2026", time: "12:00", zone: null });
    expect(whenLabel(new Date("2026-12-02T15:00:00.000Z"), "fr", "America/Sao_Paulo", "America/Sao_Paulo").date).toBe("2 décembre 2026");
    expect(whenLabel(first, "en", "America/Sao_Paulo", "America/Sao_Paulo").date).toBe("December 1, 2026");
    expect(shortTimeAndDate(first, "fr", "America/Sao_Paulo")).toEqual({ time: "12:00", date: "01/12/2026" });
  });
});

describe("shortTimeAndDate", () => {
  it("gives 'HH:mm' and 'dd/MM/yyyy' for the access message", () => {
    expect(shortTimeAndDate(instant, "pt-BR", "America/Sao_Paulo")).toEqual({ time: "14:00", date: "10/03/2026" });
    // Across midnight in the viewer's zone.
    expect(shortTimeAndDate(new Date("2026-03-10T23:30:00.000Z"), "pt-BR", "Asia/Tokyo")).toEqual({ time: "08:30", date: "11/03/2026" });
  });
});

describe("zone helpers", () => {
  it("compare wall clocks and name zones", () => {
    expect(sameWallClock(instant, "America/Sao_Paulo", "America/Fortaleza")).toBe(true);
    expect(sameWallClock(instant, "America/Sao_Paulo", "America/Noronha")).toBe(false);
    expect(zoneName(instant, "pt-BR", "America/Sao_Paulo")).toMatch(/Brasília/);
  });
});

describe("currentZoneId", () => {
  it("shows a zone the runtime lists by a city's former name under its current one, the same zone", () => {
    expect(currentZoneId("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneId("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(currentZoneId("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(currentZoneId("America/Sao_Paulo")).toBe("America/Sao_Paulo");
    // Every zone the runtime lists is shown by a name that names that very zone.
    const resolved = (zone: string) => new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(resolved(currentZoneId(zone)), zone).toBe(resolved(zone));
  });
});
