import { describe, expect, it } from "vitest";
import { ApiError, isUnreachable } from "../src/api/http";

describe("isUnreachable: a call that never reached a working server", () => {
  it("is no network, or a proxy answering for the server", () => {
    for (const status of [0, 502, 503, 504]) expect(isUnreachable(new ApiError(status, "x")), String(status)).toBe(true);
  });

  it("is not an answer of the server, nor another error", () => {
    for (const status of [400, 401, 403, 404, 429, 500]) expect(isUnreachable(new ApiError(status, "x")), String(status)).toBe(false);
    expect(isUnreachable(new Error("boom"))).toBe(false);
    expect(isUnreachable(null)).toBe(false);
  });
});
