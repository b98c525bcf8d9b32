import { describe, expect, it } from "vitest";
import { BRAZIL_TIME_ZONES, brazilZoneCity } from "./time-zones";

describe("brazilZoneCity", () => {
  it("names Brazil's zones as their cities are written, accents included ('São Paulo', not 'Sao Paulo')", () => {
    expect(brazilZoneCity("America/Sao_Paulo")).toBe("São Paulo");
    expect(brazilZoneCity("America/Belem")).toBe("Belém");
    expect(brazilZoneCity("America/Maceio")).toBe("Maceió");
    expect(brazilZoneCity("America/Araguaina")).toBe("Araguaína");
    expect(brazilZoneCity("America/Cuiaba")).toBe("Cuiabá");
    expect(brazilZoneCity("America/Campo_Grande")).toBe("Campo Grande");
    expect(brazilZoneCity("America/Noronha")).toBe("Fernando de Noronha");
  });

  it("names every zone of the picker, none left as an IANA id", () => {
    for (const zone of BRAZIL_TIME_ZONES) expect(brazilZoneCity(zone)).toMatch(/^[A-ZÀ-Ú][\p{L} ]+$/u);
  });
});
