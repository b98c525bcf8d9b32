import { describe, expect, it } from "vitest";
import { initials as headerInitials } from "~/components/user-menu";
import { initials as directoryInitials } from "~/services/directory.server";
import { initialsOf } from "./initials";

/** One rule for an avatar's initials: the header's, the profile's photo card's, the directory's and the dashboards'. */
describe("initials", () => {
  it("are the first and last words' first letters, so a compound surname reads the same in the header as on the photo card", () => {
    // The header reads the account's first and last names; the card, the professional name they make up.
    expect(headerInitials({ firstName: "Bruna", lastName: "Nogueira Santos" })).toBe("BS");
    expect(initialsOf("Bruna Nogueira Santos")).toBe("BS");
    expect(headerInitials({ firstName: "Ana Beatriz", lastName: "Fonseca" })).toBe("AF");
    expect(directoryInitials("Ana Beatriz Fonseca")).toBe(initialsOf("Ana Beatriz Fonseca"));
  });

  it("skip a title, and fall back when there is no name", () => {
    expect(initialsOf("Dra. Helena Prado")).toBe("HP");
    expect(initialsOf("  helena  ")).toBe("H");
    expect(initialsOf("", "P")).toBe("P");
    expect(headerInitials({ firstName: " ", lastName: "" })).toBe("U");
    expect(initialsOf("Élise Ørsted")).toBe("ÉØ");
  });
});
