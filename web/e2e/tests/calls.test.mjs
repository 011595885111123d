// The calls the loader makes (spec §7): statistics, geo lookup, agent availability.
import { test } from "node:test";
import assert from "node:assert/strict";
import { harnessFixture, visibleButtons, settledButtonCount } from "../lib/harness.mjs";
import { action, button, config } from "../lib/fixtures.mjs";
import { eventually, extrasRan, markExtrasRun, recordFetches } from "../lib/wait.mjs";

let country = "NL";
let agents = true;
const h = harnessFixture({
  api: {
    "POST /api/v1/stats": () => [204, {}],
    "GET /api/v1/geo": (_req, _body, url) => [200, { ip: url.searchParams.get("ip") ?? "127.0.0.1", country_code: country }],
    "GET /api/v1/chat/public/channels/available/dom-1": () => [200, { agentAvailable: agents }],
  },
});

const apiRoot = () => h.url("/api");

test("one statistics event per page view, with the matched domain id; one naming the buttons shown; one per click", async () => {
  const before = h.server.requests.length;
  const { page } = await h.load({ config: config({ buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "1")], options: { apiRoot: apiRoot() } }) });
  await visibleButtons(page);
  const posts = () => h.server.requests.slice(before).filter((r) => r.path === "/api/v1/stats").map((r) => JSON.parse(r.body));
  await eventually(() => posts().length >= 2, "the page view and the view events");
  assert.deepEqual(posts(), [
    { type: "event", payload: { website: "beckon", event_name: "dom-1", url: "" } },
    { type: "event", payload: { website: "beckon", event_name: "dom-1", url: "", name: "view", buttons: ["b"] } },
  ]);
  // A click (the tel: link is not followed by the test page) names the action and its button.
  await page.evaluate(() => document.addEventListener("click", (e) => e.preventDefault()));
  await page.locator("[data-action-id=a]").click();
  await eventually(() => posts().length >= 3, "the click event");
  assert.deepEqual(posts().slice(2), [{ type: "event", payload: { website: "beckon", event_name: "dom-1", url: "", name: "click", buttons: ["b"], action: "a" } }]);
});

test("no statistics when reporting is off or no domain matches", async () => {
  const before = h.server.requests.length;
  // The chunk decides and sends the statistics: once it has run, every request it made was started.
  const prepare = (p) => Promise.all([markExtrasRun(p), p.addInitScript(recordFetches)]);
  const off = await h.load({ config: config({ buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "1")], options: { apiRoot: apiRoot(), reportStats: false } }) }, { prepare });
  const elsewhere = await h.load({ config: config({ domains: [{ id: "x", name: "elsewhere.test" }], buttons: [], actions: [], options: { apiRoot: apiRoot() } }) }, { prepare });
  for (const { page } of [off, elsewhere]) {
    await extrasRan(page);
    assert.deepEqual(await page.evaluate(() => window.fetched.filter((u) => u.includes("/v1/stats"))), []);
  }
  assert.equal(h.server.requests.slice(before).filter((r) => r.path === "/api/v1/stats").length, 0);
});

test("GEO conditions use one geo lookup; the button shows only for its country", async () => {
  const cfg = config({
    buttons: [button("nl", "SINGLE", ["a"], {}, { conditions: ["c-nl"] })],
    actions: [action("a", "PHONE", "1")],
    conditions: [{ id: "c-nl", filterType: "INCLUDE", conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }],
    options: { apiRoot: apiRoot(), ip: "203.0.113.9" },
  });
  const before = h.server.requests.length;
  country = "NL";
  const dutch = await h.load({ config: cfg });
  assert.equal(await visibleButtons(dutch.page), 1);
  const lookups = h.server.requests.slice(before).filter((r) => r.path === "/api/v1/geo");
  assert.equal(lookups.length, 1);
  assert.equal(lookups[0].search, "?ip=203.0.113.9");
  country = "BE";
  const belgian = await h.load({ config: cfg });
  assert.equal(await settledButtonCount(belgian.page), 0);
});

test("no geo lookup when no button needs one", async () => {
  const before = h.server.requests.length;
  const { page } = await h.load({ config: config({ buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "1")], options: { apiRoot: apiRoot() } }) });
  await visibleButtons(page);
  assert.equal(h.server.requests.slice(before).filter((r) => r.path === "/api/v1/geo").length, 0);
});

test("a CHAT condition shows the button only while agents are available", async () => {
  const cfg = config({
    buttons: [button("b", "SINGLE", ["a"], {}, { conditions: ["c"] })],
    actions: [action("a", "PHONE", "1")],
    conditions: [{ id: "c", filterType: "INCLUDE", conditionType: "CHAT", matchType: "AGENTS_AVAILABLE", matchValue: "" }],
    options: { apiRoot: apiRoot() },
  });
  agents = true;
  assert.equal(await visibleButtons((await h.load({ config: cfg })).page), 1);
  agents = false;
  assert.equal(await settledButtonCount((await h.load({ config: cfg })).page), 0);
});
