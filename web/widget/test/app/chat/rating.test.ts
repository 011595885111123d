import { describe, expect, it } from "vitest";
import { MAX_COMMENT, ratingBody, SCORES, scoreName, starFilled } from "../../../src/app/chat/core/rating";

describe("rating (core/rating.ts)", () => {
  it("five scores, each named 'n out of 5'", () => {
    expect(SCORES).toEqual([1, 2, 3, 4, 5]);
    expect(SCORES.map(scoreName)).toEqual(["1 out of 5", "2 out of 5", "3 out of 5", "4 out of 5", "5 out of 5"]);
  });

  it("the body: the comment trimmed, left out when empty", () => {
    expect(ratingBody(4, "  Quick and kind.\n")).toEqual({ score: 4, comment: "Quick and kind." });
    expect(ratingBody(2, "   ")).toEqual({ score: 2 });
    expect(ratingBody(5, "")).toEqual({ score: 5 });
  });

  it("stars fill up to the score; none before one is chosen", () => {
    expect(SCORES.map((n) => starFilled(n, 3))).toEqual([true, true, true, false, false]);
    expect(SCORES.map((n) => starFilled(n, 0))).toEqual([false, false, false, false, false]);
  });

  it("the comment's limit is the server's", () => {
    expect(MAX_COMMENT).toBe(1000);
  });
});
