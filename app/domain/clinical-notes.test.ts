import { describe, expect, it } from "vitest";
import { canTakeNote, normalizeNote, notePreview, retainUntil, slugify } from "./clinical-notes";

describe("clinical note rules", () => {
  it("previews 150 characters on one line, with an ellipsis only when cut", () => {
    expect(notePreview("Curta.\n\nSegunda linha")).toBe("Curta. Segunda linha");
    const long = "á".repeat(200);
    expect(notePreview(long)).toBe(`${"á".repeat(150)}…`);
    expect(notePreview("a".repeat(150))).toBe("a".repeat(150));
  });

  it("takes notes for consultations that happened or are booked, never for holds or cancellations", () => {
    expect(canTakeNote("completed")).toBe(true);
    expect(canTakeNote("confirmed")).toBe(true);
    expect(canTakeNote("no_show")).toBe(true);
    expect(canTakeNote("pending_payment")).toBe(false);
    expect(canTakeNote("cancelled")).toBe(false);
  });

  it("keeps a record 20 years from its last entry", () => {
    expect(retainUntil(new Date("2026-03-10T12:00:00Z")).toISOString()).toBe("2046-03-10T12:00:00.000Z");
  });

  it("names the export after the patient and the date, without accents", () => {
    expect(slugify("Paula Pereira D'Ávila")).toBe("paula-pereira-d-avila");
    expect(slugify("   ")).toBe("paciente");
  });

  it("compares texts with their line endings made one", () => {
    expect(normalizeNote("a\r\nb\rc")).toBe("a\nb\nc");
  });
});
