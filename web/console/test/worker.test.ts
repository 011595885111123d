import { describe, expect, it } from "vitest";
import { isOpenMessage } from "../src/worker/contract";
import { isAppNavigation } from "../src/worker/navigation";
import { consoleUrl, pushNotice } from "../src/worker/push";

const SCOPE = "https://beckon.example/console/";

describe("consoleUrl: only the console's own addresses", () => {
  it("keeps console paths, absolute or relative to the scope", () => {
    expect(consoleUrl("/console/inbox/c-1", SCOPE)).toBe("https://beckon.example/console/inbox/c-1");
    expect(consoleUrl("inbox/c-1", SCOPE)).toBe("https://beckon.example/console/inbox/c-1");
    expect(consoleUrl("https://beckon.example/console/inbox/c-1?x=1#m", SCOPE)).toBe("https://beckon.example/console/inbox/c-1?x=1#m");
    expect(consoleUrl("/console/", SCOPE)).toBe(SCOPE);
  });

  it("refuses other sites, other schemes and paths outside the console", () => {
    for (const raw of [
      "https://evil.example/console/inbox/c-1",
      "//evil.example/console/",
      "/\\evil.example/console/",
      "http://beckon.example/console/inbox", // another origin: the scheme differs
      "https://beckon.example:444/console/",
      "javascript:alert(1)",
      "data:text/html,<b>hi</b>",
      "/api/v1/auth/logout",
      "/console", // the scope is /console/
      "/consoles/x",
      "/console/../api/v1/auth/me",
      "/console/%2e%2e/api/v1/auth/me",
    ]) {
      expect(consoleUrl(raw, SCOPE), raw).toBeNull();
    }
  });

  it("refuses what is not an address", () => {
    for (const raw of [undefined, null, 42, {}, ["/console/"], "", "   "]) expect(consoleUrl(raw, SCOPE)).toBeNull();
  });
});

describe("pushNotice: a push payload is data from outside", () => {
  it("reads the four fields of the JSON text", () => {
    const payload = JSON.stringify({ title: "Ann Visitor", body: "Do you ship to Norway?", url: "/console/inbox/c-7", tag: "c-7" });
    expect(pushNotice(payload, SCOPE)).toEqual({
      title: "Ann Visitor",
      body: "Do you ship to Norway?",
      url: "https://beckon.example/console/inbox/c-7",
      tag: "c-7",
    });
  });

  it("opens the console itself instead of an address elsewhere", () => {
    expect(pushNotice({ title: "Hi", body: "", url: "https://evil.example/", tag: "c-1" }, SCOPE).url).toBe(SCOPE);
  });

  it("still shows a plain notice for a payload that is not one", () => {
    const plain = { title: "Beckon", body: "", url: SCOPE };
    for (const payload of [null, "", "not json", "[1,2]", "42", JSON.stringify({ title: 1, body: ["x"], url: 7, tag: {} })]) {
      expect(pushNotice(payload, SCOPE), String(payload)).toEqual(plain);
    }
  });

  it("trims and bounds the texts", () => {
    const n = pushNotice({ title: `  ${"t".repeat(500)}`, body: "b".repeat(5000), url: "/console/", tag: "  " }, SCOPE);
    expect(n.title).toHaveLength(120);
    expect(n.body).toHaveLength(500);
    expect(n.tag).toBeUndefined();
  });
});

describe("isAppNavigation: what the worker may answer from its copy of the app", () => {
  it("is every app path under the scope", () => {
    for (const p of ["/console/", "/console/inbox", "/console/inbox/c-1", "/console/domains/shop.example.com/settings", "/console/index.html"]) {
      expect(isAppNavigation(p, "/console/"), p).toBe(true);
    }
  });

  it("is not the build's other pages nor anything outside the scope", () => {
    for (const p of ["/console/preview.html", "/console/api-docs.html", "/console", "/api/docs", "/"]) {
      expect(isAppNavigation(p, "/console/"), p).toBe(false);
    }
  });
});

describe("the worker's message to a page", () => {
  it("is recognised only in its own shape", () => {
    expect(isOpenMessage({ type: "beckon:open", url: "/console/inbox/c-1" })).toBe(true);
    for (const m of [null, "beckon:open", { type: "beckon:open" }, { type: "other", url: "/console/" }, { type: "beckon:open", url: 1 }]) {
      expect(isOpenMessage(m)).toBe(false);
    }
  });
});
