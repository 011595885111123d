import { describe, expect, it } from "vitest";
import { pageToReport } from "../../../src/app/chat/core/pages";

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
