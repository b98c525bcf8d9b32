import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NoteDecryptionError, openNote, parseNoteKeys, sealNote } from "./note-crypto.server";

const keyA = Buffer.alloc(32, 1).toString("base64");
const keyB = Buffer.alloc(32, 2).toString("base64");
const binding = { noteId: "0b8f6a52-7f0e-4c1e-9d55-3c4f3a2b1e10", version: 1 };
const text = "Paciente relata melhora do sono; ansiedade antes de reuniões. Próxima sessão: exposição gradual.";

describe("clinical note encryption", () => {
  it("seals with a fresh nonce each time and opens back to the same text", () => {
    const ring = parseNoteKeys(`a:${keyA}`);
    const first = sealNote(text, binding, ring);
    const second = sealNote(text, binding, ring);
    expect(first.keyId).toBe("a");
    expect(first.nonce).toHaveLength(12);
    expect(first.nonce.equals(second.nonce)).toBe(false);
    expect(first.ciphertext.equals(second.ciphertext)).toBe(false);
    expect(first.ciphertext.toString("utf8")).not.toContain("ansiedade");
    // Ciphertext plus the 16-byte tag.
    expect(first.ciphertext.length).toBe(Buffer.byteLength(text) + 16);
    expect(openNote(first, binding, ring)).toBe(text);
  });

  it("refuses a wrong key, an unknown key id, altered bytes and a ciphertext moved to another note or version", () => {
    const ring = parseNoteKeys(`a:${keyA}`);
    const sealed = sealNote(text, binding, ring);
    expect(() => openNote(sealed, binding, parseNoteKeys(`a:${keyB}`))).toThrow(NoteDecryptionError);
    expect(() => openNote({ ...sealed, keyId: "zz" }, binding, ring)).toThrow(expect.objectContaining({ reason: "unknown_key" }));
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[3] = flipped[3]! ^ 0x01;
    expect(() => openNote({ ...sealed, ciphertext: flipped }, binding, ring)).toThrow(expect.objectContaining({ reason: "tampered" }));
    const badTag = Buffer.from(sealed.ciphertext);
    badTag[badTag.length - 1] = badTag[badTag.length - 1]! ^ 0x80;
    expect(() => openNote({ ...sealed, ciphertext: badTag }, binding, ring)).toThrow(NoteDecryptionError);
    expect(() => openNote({ ...sealed, nonce: randomBytes(12) }, binding, ring)).toThrow(NoteDecryptionError);
    expect(() => openNote(sealed, { ...binding, noteId: "9c1d2e3f-0000-4000-8000-000000000000" }, ring)).toThrow(NoteDecryptionError);
    expect(() => openNote(sealed, { ...binding, version: 2 }, ring)).toThrow(NoteDecryptionError);
  });

  it("rotates: the first key seals, older keys still open what they sealed", () => {
    const old = parseNoteKeys(`2025:${keyA}`);
    const sealedBefore = sealNote(text, binding, old);
    const rotated = parseNoteKeys(`2026:${keyB}, 2025:${keyA}`);
    expect(openNote(sealedBefore, binding, rotated)).toBe(text);
    const sealedAfter = sealNote("nova anotação", binding, rotated);
    expect(sealedAfter.keyId).toBe("2026");
    expect(openNote(sealedAfter, binding, rotated)).toBe("nova anotação");
    // Once the old key is dropped its rows no longer open, with a clear reason.
    expect(() => openNote(sealedBefore, binding, parseNoteKeys(`2026:${keyB}`))).toThrow(expect.objectContaining({ reason: "unknown_key" }));
  });

  it("reads a bare base64 key with an id derived from it, and refuses malformed configuration", () => {
    const first = parseNoteKeys(keyA);
    expect(first.sealing.id).toMatch(/^k[0-9a-f]{8}$/);
    expect(parseNoteKeys(keyA).sealing.id).toBe(first.sealing.id);
    expect(parseNoteKeys(keyB).sealing.id).not.toBe(first.sealing.id);
    expect(() => parseNoteKeys("")).toThrow();
    expect(() => parseNoteKeys(`a:${Buffer.alloc(16).toString("base64")}`)).toThrow(/32 bytes/);
    expect(() => parseNoteKeys(`a:${keyA},a:${keyB}`)).toThrow(/twice/);
    expect(() => parseNoteKeys(`bad id:${keyA}`)).toThrow(/key id/);
  });
});
