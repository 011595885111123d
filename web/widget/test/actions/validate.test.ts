import { expect, it } from "vitest";
import { isHttpUrl } from "../../src/loader/actions/validate";

it("accepts fully qualified http and https URLs", () => {
  for (const v of [
    "https://example.com",
    "http://example.com/path?q=1#x",
    "HTTPS://Example.COM/",
    "https://localhost:8080/x",
    "https://sub.example.co.uk/a/b",
  ])
    expect(isHttpUrl(v), v).toBe(true);
});

it("rejects everything else", () => {
  for (const v of [
    undefined,
    "",
    "example.com",
    "www.example.com",
    "/relative",
    "//example.com",
    "https://",
    "https:///path",
    "http:/example.com",
    "ftp://example.com",
    "javascript:alert(1)",
    "tel:123",
    "https://exa mple.com",
    "http://:80",
  ])
    expect(isHttpUrl(v), String(v)).toBe(false);
});
