// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStorage, storage } from "../../src/shared/storage";
import { flag } from "../../src/shared/flag";

describe("storage (spec §9)", () => {
  afterEach(() => localStorage.clear());

  it("uses localStorage when available", () => {
    storage.set("cnb.test", "1");
    expect(localStorage.getItem("cnb.test")).toBe("1");
    expect(storage.get("cnb.test")).toBe("1");
    storage.remove("cnb.test");
    expect(localStorage.getItem("cnb.test")).toBeNull();
  });

  it("falls back to memory when localStorage cannot be reached", () => {
    const s = createStorage(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(s.get("k")).toBeNull();
    s.set("k", "v");
    expect(s.get("k")).toBe("v");
    s.remove("k");
    expect(s.get("k")).toBeNull();
  });

  it("falls back to memory when localStorage is missing", () => {
    const s = createStorage(() => undefined);
    s.set("k", "v");
    expect(s.get("k")).toBe("v");
  });

  it("falls back to memory when calls throw (quota, blocked)", () => {
    const broken = {
      getItem() {
        throw new Error("blocked");
      },
      setItem() {
        throw new Error("quota");
      },
      removeItem() {
        throw new Error("blocked");
      },
    } as unknown as Storage;
    const s = createStorage(() => broken);
    expect(s.get("k")).toBeNull();
    s.set("k", "v");
    expect(s.get("k")).toBe("v");
    s.remove("k");
    expect(s.get("k")).toBeNull();
  });

  it("keys named like Object.prototype members are plain keys", () => {
    const s = createStorage(() => null);
    expect(s.get("constructor")).toBeNull();
  });

  it("debug flags read localStorage: true for 'true' and '1' only, false when storage is blocked", () => {
    for (const [v, on] of [["true", true], ["1", true], ["false", false], ["0", false], ["yes", false]] as const) {
      localStorage.setItem("cnb.debug", v);
      expect(flag("cnb.debug")).toBe(on);
    }
    localStorage.removeItem("cnb.debug");
    expect(flag("cnb.debug")).toBe(false);
    const get = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(flag("cnb.debug")).toBe(false);
    get.mockRestore();
  });
});
