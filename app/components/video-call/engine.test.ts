import { describe, expect, it } from "vitest";
import { chatFromAppMessage } from "./engine";

describe("chat app messages", () => {
  it("takes well-formed chat messages", () => {
    expect(chatFromAppMessage({ type: "chat", id: "m1", sender: "Paula", text: "Olá", at: 1 })).toEqual({ id: "m1", sender: "Paula", text: "Olá", at: 1 });
  });

  it("ignores anything else: other types, blank or huge text, non-objects", () => {
    expect(chatFromAppMessage({ type: "reaction", text: "👍" })).toBeNull();
    expect(chatFromAppMessage({ type: "chat", text: "   " })).toBeNull();
    expect(chatFromAppMessage({ type: "chat", text: "x".repeat(2001) })).toBeNull();
    expect(chatFromAppMessage("chat")).toBeNull();
    expect(chatFromAppMessage(null)).toBeNull();
  });

  it("fills what a sender left out", () => {
    const message = chatFromAppMessage({ type: "chat", text: "Oi" });
    expect(message).toMatchObject({ sender: "", text: "Oi" });
    expect(typeof message?.id).toBe("string");
  });
});
