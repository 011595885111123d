import { describe, expect, it } from "vitest";
import { base64UrlBytes } from "../src/lib/base64url";

describe("a server key as the browser takes it", () => {
  it("reads base64url with or without padding", () => {
    expect([...base64UrlBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect([...base64UrlBytes("-_8=")]).toEqual([0xfb, 0xff]);
    expect([...base64UrlBytes("AQID")]).toEqual([1, 2, 3]);
  });

  it("gives a P-256 point's 65 bytes for the server's 87 characters", () => {
    const key = "BA" + "A".repeat(85);
    expect(base64UrlBytes(key).length).toBe(65);
  });
});
