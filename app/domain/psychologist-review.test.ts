import { describe, expect, it } from "vitest";
import { availableActions, missingForReview, reviewTransition } from "./psychologist-review";

describe("review transitions", () => {
  it.each([
    ["approve", "pending", "approved"],
    ["approve", "rejected", "approved"],
    ["approve", "suspended", "approved"],
    ["reject", "pending", "rejected"],
    ["suspend", "approved", "suspended"],
  ] as const)("%s from %s → %s", (action, from, to) => {
    expect(reviewTransition(action, from)?.to).toBe(to);
  });

  it.each([
    ["approve", "approved"],
    ["reject", "approved"],
    ["reject", "rejected"],
    ["reject", "suspended"],
    ["suspend", "pending"],
    ["suspend", "rejected"],
    ["suspend", "suspended"],
  ] as const)("%s from %s is refused", (action, from) => {
    expect(reviewTransition(action, from)).toBeNull();
  });

  it("rejecting and suspending need a reason; approving does not", () => {
    expect(reviewTransition("reject", "pending")?.needsReason).toBe(true);
    expect(reviewTransition("suspend", "approved")?.needsReason).toBe(true);
    expect(reviewTransition("approve", "pending")?.needsReason).toBe(false);
  });

  it("offers each status its actions", () => {
    expect(availableActions("pending")).toEqual(["approve", "reject"]);
    expect(availableActions("approved")).toEqual(["suspend"]);
    expect(availableActions("rejected")).toEqual(["approve"]);
    expect(availableActions("suspended")).toEqual(["approve"]);
  });
});

describe("what a profile lacks for review", () => {
  const complete = { crp: "06/123456", bio: "Bio", specialties: ["anxiety"], languages: ["pt"], photoUrl: "/uploads/x.jpg", education: "USP" };
  it("nothing when complete", () => expect(missingForReview(complete)).toEqual([]));
  it("names each missing part", () => {
    expect(missingForReview({ crp: " ", bio: "", specialties: [], languages: [], photoUrl: null, education: null })).toEqual([
      "crp",
      "bio",
      "specialties",
      "languages",
      "photo",
      "education",
    ]);
  });
});
