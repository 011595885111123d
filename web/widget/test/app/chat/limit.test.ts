import { describe, expect, it } from "vitest";
import { charactersOver, MAX_MESSAGE_CHARS, tooLongText } from "../../../src/app/chat/core/limit";

describe("the message limit (the server's, crates/server/src/wire/limits.rs)", () => {
  it("counts characters as the server does: code points, after trimming", () => {
    expect(MAX_MESSAGE_CHARS).toBe(4000);
    expect(charactersOver("x".repeat(4000))).toBe(0);
    expect(charactersOver(`  ${"é".repeat(4000)}  `)).toBe(0);
    expect(charactersOver("😀".repeat(4001))).toBe(1);
    expect(charactersOver("a ".repeat(2500))).toBe(999); // 4,999 after the trailing space goes
  });

  it("says by how much", () => {
    expect(tooLongText(1)).toBe("1 character too long: a message holds at most 4000.");
    expect(tooLongText(1000)).toBe("1000 characters too long: a message holds at most 4000.");
  });
});
