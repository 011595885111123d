import { expect, it } from "vitest";
import { findDomain, hostMatches, normHost } from "../../src/loader/decide/domain";
import { domain } from "./helpers";
import { hosts } from "../rules";

it.each(hosts.normalize)("normalises $input to $host (shared table)", ({ input, host }) => {
  expect(normHost(input)).toBe(host);
});

it.each(hosts.matches)("domain $name with aliases $aliases matches $host: $matches (shared table)", ({ name, aliases, host, matches }) => {
  expect(hostMatches(domain({ name, aliases }), host)).toBe(matches);
});

it("normalises a missing host to nothing", () => {
  expect(normHost(undefined)).toBe("");
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
