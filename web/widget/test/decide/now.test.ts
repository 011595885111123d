import { expect, it } from "vitest";
import { parseNow } from "../../src/loader/decide/now";

const fb = new Date("2000-01-01T00:00:00Z");

it("parses ISO-8601 strings", () => {
  expect(parseNow("2025-03-30T01:30:00Z", fb).toISOString()).toBe("2025-03-30T01:30:00.000Z");
  expect(parseNow("2025-03-30T03:30:00+02:00", fb).toISOString()).toBe("2025-03-30T01:30:00.000Z");
});

it("parses milliseconds since the epoch, as number or numeric string", () => {
  expect(parseNow(1743298200000, fb).toISOString()).toBe("2025-03-30T01:30:00.000Z");
  expect(parseNow("1743298200000", fb).toISOString()).toBe("2025-03-30T01:30:00.000Z");
  expect(parseNow(0, fb).toISOString()).toBe("1970-01-01T00:00:00.000Z");
});

it("falls back when missing or invalid", () => {
  expect(parseNow(undefined, fb)).toBe(fb);
  expect(parseNow("", fb)).toBe(fb);
  expect(parseNow("not a date", fb)).toBe(fb);
  expect(parseNow(NaN, fb)).toBe(fb);
  expect(parseNow(null as unknown as undefined, fb)).toBe(fb);
});
