import { expect, it } from "vitest";
import { findDomain, hostMatches, normHost } from "../../src/loader/decide/domain";
import { domain } from "./helpers";

it("normalises hosts: protocol, www., port, path, case, trailing dot", () => {
  expect(normHost("HTTPS://WWW.Example.COM:8443/path?q#h")).toBe("example.com");
  expect(normHost("www.example.com.")).toBe("example.com");
  expect(normHost("example.com:80")).toBe("example.com");
  expect(normHost("shop.example.com")).toBe("shop.example.com");
  expect(normHost(undefined)).toBe("");
  expect(normHost("example.com.:8080/x")).toBe("example.com");
  expect(normHost("[::1]:8080")).toBe("[::1]");
});

it("matches by name ignoring protocol, www., port and case", () => {
  const d = domain({ name: "https://www.Example.com" });
  for (const h of ["example.com", "www.example.com", "EXAMPLE.COM", "www.example.com:8080"]) expect(hostMatches(d, h), h).toBe(true);
  expect(hostMatches(d, "shop.example.com")).toBe(false);
  expect(hostMatches(d, "example.org")).toBe(false);
  expect(hostMatches(d, "")).toBe(false);
});

it("matches by alias", () => {
  const d = domain({ name: "example.com", aliases: ["shop.example.com", "http://www.example.nl:8080"] });
  expect(hostMatches(d, "shop.example.com")).toBe(true);
  expect(hostMatches(d, "example.nl")).toBe(true);
  expect(hostMatches(d, "blog.example.com")).toBe(false);
});

it("findDomain returns the first matching domain or null", () => {
  const a = domain({ id: "a", name: "other.com" });
  const b = domain({ id: "b", name: "example.com" });
  const c = domain({ id: "c", name: "x.com", aliases: ["example.com"] });
  expect(findDomain([a, b, c], "www.example.com")!.id).toBe("b");
  expect(findDomain([a, c, b], "example.com")!.id).toBe("c");
  expect(findDomain([a], "example.com")).toBeNull();
  expect(findDomain(undefined, "example.com")).toBeNull();
});
