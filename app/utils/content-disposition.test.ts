import { describe, expect, it } from "vitest";
import { asciiFileName, contentDisposition, fileNameOf } from "./content-disposition";

describe("contentDisposition", () => {
  it("sends a plain ASCII name as it is, without filename*", () => {
    expect(contentDisposition("recibo-2026-10-01-1a2b3c4d.pdf")).toBe('attachment; filename="recibo-2026-10-01-1a2b3c4d.pdf"');
    expect(contentDisposition("acolhe.ics", "inline")).toBe('inline; filename="acolhe.ics"');
  });

  it("replaces what breaks the header or a file system, in every form of the name", () => {
    expect(contentDisposition('a"b\\c/d\r\n.csv')).toBe('attachment; filename="a_b_c_d__.csv"');
  });

  it("adds RFC 5987's filename* for any other character, beside an ASCII stand-in", () => {
    expect(contentDisposition("reçu-2026-10-01-1a2b3c4d.pdf")).toBe("attachment; filename=\"recu-2026-10-01-1a2b3c4d.pdf\"; filename*=UTF-8''re%C3%A7u-2026-10-01-1a2b3c4d.pdf");
    expect(contentDisposition("квитанция-2026-10-01.pdf")).toBe(
      "attachment; filename=\"2026-10-01.pdf\"; filename*=UTF-8''%D0%BA%D0%B2%D0%B8%D1%82%D0%B0%D0%BD%D1%86%D0%B8%D1%8F-2026-10-01.pdf",
    );
    // RFC 5987's attr-char leaves out ' ( ) even though encodeURIComponent keeps them.
    expect(contentDisposition("journal (d'audit) é.csv")).toBe("attachment; filename=\"journal (d'audit) e.csv\"; filename*=UTF-8''journal%20%28d%27audit%29%20%C3%A9.csv");
  });
});

describe("asciiFileName", () => {
  it("drops accents and leaves out other scripts, one separator where a word was", () => {
    expect(asciiFileName("acolhe-mes-données-2026-11-25.json")).toBe("acolhe-mes-donnees-2026-11-25.json");
    expect(asciiFileName("acolhe-мои-данные-2026-11-25.json")).toBe("acolhe-2026-11-25.json");
    expect(asciiFileName("收据-2026-10-01-1a2b3c4d.pdf")).toBe("2026-10-01-1a2b3c4d.pdf");
    expect(asciiFileName("咨询已取消.ics")).toBe("download.ics");
  });
});

describe("fileNameOf", () => {
  it("reads filename* first, else filename", () => {
    expect(fileNameOf(contentDisposition("reçu-2026-10-01.pdf"))).toBe("reçu-2026-10-01.pdf");
    expect(fileNameOf(contentDisposition("отчёт (налоговый).pdf"))).toBe("отчёт (налоговый).pdf");
    expect(fileNameOf('attachment; filename="relatorio-fiscal-2026-10-01-a-2026-10-31.pdf"')).toBe("relatorio-fiscal-2026-10-01-a-2026-10-31.pdf");
    expect(fileNameOf("attachment; filename=plain.csv")).toBe("plain.csv");
    expect(fileNameOf("attachment; filename=\"ok.pdf\"; filename*=UTF-8''%E0%A4%A")).toBe("ok.pdf");
    expect(fileNameOf(null)).toBeUndefined();
  });
});
