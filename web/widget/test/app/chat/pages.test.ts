// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { pageChanged, pageToReport, watchPage } from "../../../src/app/chat/core/pages";

describe("the page the chat tells the agents", () => {
  it("is the site's page, with its title", () => {
    expect(pageToReport("https://shop.test/p/blue?x=1#top", " Blue chair ", "https://beckon.test/api")).toEqual({ url: "https://shop.test/p/blue?x=1#top", title: "Blue chair" });
    expect(pageToReport("https://shop.test/", "", "https://beckon.test/api")).toEqual({ url: "https://shop.test/" });
  });

  it("is never Beckon's page for a link from an e-mail, nor a page that is no web page", () => {
    expect(pageToReport("https://beckon.test/c/c1.abc.def", "Your conversation", "https://beckon.test/api")).toBeNull();
    expect(pageToReport("file:///home/me/page.html", "", "https://beckon.test/api")).toBeNull();
    expect(pageToReport("not a url", "", "")).toBeNull();
  });

  it("keeps an address and title of a sensible length", () => {
    const long = pageToReport("https://shop.test/" + "a".repeat(3000), "t".repeat(500), "");
    expect(long!.url.length).toBe(2000);
    expect(long!.title!.length).toBe(300);
  });
});

describe("when the page is told again", () => {
  it("on another address, and on the same address once it has a new title (a single-page app names its page after navigating)", () => {
    const chairs = { url: "https://shop.test/chairs", title: "Chairs" };
    expect(pageChanged(null, chairs)).toBe(true);
    expect(pageChanged(chairs, { url: "https://shop.test/tables", title: "Chairs" })).toBe(true);
    expect(pageChanged({ url: "https://shop.test/tables", title: "Chairs" }, { url: "https://shop.test/tables", title: "Tables" })).toBe(true);
    expect(pageChanged(chairs, { ...chairs })).toBe(false);
    expect(pageChanged(chairs, { url: chairs.url }), "a title that went is no new name").toBe(false);
  });

  it("is watched: the address and the document's title", async () => {
    document.head.innerHTML = "<title>Chairs</title>";
    let told = 0;
    const stop = watchPage(() => told++);
    history.pushState({}, "", "/tables");
    dispatchEvent(new PopStateEvent("popstate"));
    expect(told).toBe(1);
    document.title = "Tables";
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toBe(2);
    stop();
    document.title = "Lamps";
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toBe(2);
  });
});
