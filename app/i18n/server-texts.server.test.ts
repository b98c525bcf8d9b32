import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "./config";
import { downloadName, refusalText, type DownloadKey } from "./server-texts.server";

/** The `server` namespace: the request handler's refusals and downloaded files' names (app/i18n/server-texts.server.ts). */

const KEYS: Array<[DownloadKey, Record<string, string>, string]> = [
  ["receipt", { date: "2026-10-01", id: "1a2b3c4d" }, "pdf"],
  ["record", { patient: "joao-conceicao", date: "2026-11-20" }, "pdf"],
  ["dataExport", { date: "2026-11-25" }, "json"],
  ["report.financial", { from: "2026-10-01", to: "2026-10-31" }, "csv"],
  ["report.fiscal", { from: "2026-10-01", to: "2026-10-31" }, "xlsx"],
  ["report.trends", { from: "2026-10-01", to: "2026-10-31" }, "pdf"],
  ["billing", { period: "week", date: "2026-11-25" }, "csv"],
  ["evaluations", { date: "2026-11-25" }, "csv"],
  ["audit", { date: "2026-11-25" }, "csv"],
  ["invite", {}, "ics"],
  ["inviteCancelled", {}, "ics"],
];

describe("downloaded files' names", () => {
  it("in pt-BR are the names files always had", () => {
    expect(KEYS.map(([key, values, extension]) => downloadName("pt-BR", key, values, extension))).toEqual([
      "recibo-2026-10-01-1a2b3c4d.pdf",
      "prontuario-joao-conceicao-2026-11-20.pdf",
      "acolhe-meus-dados-2026-11-25.json",
      "relatorio-financeiro-2026-10-01-a-2026-10-31.csv",
      "relatorio-fiscal-2026-10-01-a-2026-10-31.xlsx",
      "relatorio-tendencias-2026-10-01-a-2026-10-31.pdf",
      "faturamento-week-2026-11-25.csv",
      "avaliacoes-2026-11-25.csv",
      "auditoria-2026-11-25.csv",
      "consulta.ics",
      "consulta-cancelada.ics",
    ]);
  });

  it("are in the reader's language", () => {
    expect(downloadName("en", "receipt", { date: "2026-10-01", id: "1a2b3c4d" }, "pdf")).toBe("receipt-2026-10-01-1a2b3c4d.pdf");
    expect(downloadName("en", "report.fiscal", { from: "2026-10-01", to: "2026-10-31" }, "xlsx")).toBe("tax-report-2026-10-01-to-2026-10-31.xlsx");
    expect(downloadName("fr", "receipt", { date: "2026-10-01", id: "1a2b3c4d" }, "pdf")).toBe("reçu-2026-10-01-1a2b3c4d.pdf");
  });

  it.each(SUPPORTED_LOCALES)("in %s each carries its values and its extension, no placeholder or path left", (locale) => {
    for (const [key, values, extension] of KEYS) {
      const name = downloadName(locale, key, values, extension);
      expect(name, key).not.toMatch(/{{|}}|[/\\"]|files\./);
      for (const value of Object.values(values)) expect(name, key).toContain(value);
      expect(name.endsWith(`.${extension}`), key).toBe(true);
    }
  });
});

describe("the request handler's refusals", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost:3000/login", { method: "POST", headers });

  it("are pt-BR's texts of old for a visitor without a language", async () => {
    expect(await refusalText(request({}), "crossOrigin")).toEqual({ locale: "pt-BR", text: "Requisição de outra origem recusada." });
    expect(await refusalText(request({}), "tooLarge")).toEqual({ locale: "pt-BR", text: "Envio grande demais." });
  });

  it("follow the visitor's language as the pages do: Accept-Language, then the cookie over it", async () => {
    expect(await refusalText(request({ "Accept-Language": "en-US,en;q=0.9" }), "tooLarge")).toEqual({ locale: "en", text: "Upload too large." });
    expect((await refusalText(request({ "Accept-Language": "en", Cookie: "acolhe_lng=ImRlIg%3D%3D" }), "crossOrigin")).locale).toBe("de");
  });

  it("never throw: an unreadable language header is pt-BR", async () => {
    expect(await refusalText(request({ "Accept-Language": "%%%;q=x,,", Cookie: "acolhe_lng=%E0%A4%A" }), "crossOrigin")).toEqual({ locale: "pt-BR", text: "Requisição de outra origem recusada." });
  });
});
