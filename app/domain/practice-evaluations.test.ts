import { describe, expect, it } from "vitest";
import { averageTone, parseEvaluationQuery, ratingRange, share } from "./practice-evaluations";

describe("evaluation rules", () => {
  it("positive is 4–5, negative 1–2 (spec 02, section 9)", () => {
    expect(ratingRange("positive")).toEqual([4, 5]);
    expect(ratingRange("negative")).toEqual([1, 2]);
    expect(ratingRange("all")).toEqual([1, 5]);
  });

  it("the average is green at 4 or more, yellow at 3 or more, otherwise red", () => {
    expect(averageTone(5)).toBe("good");
    expect(averageTone(4)).toBe("good");
    expect(averageTone(3.9)).toBe("fair");
    expect(averageTone(3)).toBe("fair");
    expect(averageTone(2.9)).toBe("poor");
    expect(averageTone(1)).toBe("poor");
  });

  it("reads the filter, sort and page from the URL, with defaults for anything else", () => {
    expect(parseEvaluationQuery(new URLSearchParams("filter=negative&sort=lowest&page=3"))).toEqual({ filter: "negative", sort: "lowest", page: 3 });
    expect(parseEvaluationQuery(new URLSearchParams("filter=x&sort=y&page=-1"))).toEqual({ filter: "all", sort: "recent", page: 1 });
  });

  it("shares in percent with one decimal", () => {
    expect(share(1, 3)).toBe(33.3);
    expect(share(0, 0)).toBe(0);
  });
});
