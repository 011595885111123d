import { expect, it } from "vitest";
import { isHttpUrl } from "../../src/loader/actions/validate";
import { httpUrls } from "../rules";

it.each(httpUrls.valid)("accepts %j (shared table)", (v) => {
  expect(isHttpUrl(v)).toBe(true);
});

it.each(httpUrls.invalid)("rejects %j (shared table)", (v) => {
  expect(isHttpUrl(v)).toBe(false);
});

it("rejects a missing value", () => {
  expect(isHttpUrl(undefined)).toBe(false);
});
