import { describe, expect, it } from "vitest";
import { fileFault, isPicture, sizeText } from "../../../src/app/chat/core/files";

const limits = { maxBytes: 10 * 1024 * 1024, types: ["image/png", "application/pdf"] };

describe("files", () => {
  it("words sizes as the server words its limit", () => {
    expect(sizeText(10 * 1024 * 1024)).toBe("10 MB");
    expect(sizeText(2.5 * 1024 * 1024)).toBe("2.5 MB");
    expect(sizeText(300 * 1024)).toBe("300 KB");
    expect(sizeText(12)).toBe("12 bytes");
  });

  it("refuses what the domain does not accept before uploading", () => {
    expect(fileFault({ size: 11 * 1024 * 1024, type: "image/png" }, limits)).toBe("tooLarge");
    expect(fileFault({ size: 10, type: "text/html" }, limits)).toBe("notAccepted");
    expect(fileFault({ size: 0, type: "image/png" }, limits)).toBe("empty");
    expect(fileFault({ size: 10, type: "image/png" }, limits)).toBeNull();
    // A type the browser does not know is left to the server, which reads the bytes.
    expect(fileFault({ size: 10, type: "" }, limits)).toBeNull();
  });

  it("shows only raster pictures in place", () => {
    expect(isPicture("image/webp")).toBe(true);
    expect(isPicture("image/svg+xml")).toBe(false);
  });
});
