// Rules that decide whether and where buttons show: startup codes, display modes, schedules,
// scroll reveal/hide, attachTo.
import { test } from "node:test";
import assert from "node:assert/strict";
import { harnessFixture, logged, visibleButtons, settledButtonCount, scrolledTo } from "../lib/harness.mjs";
import { CEILING, extrasRan, markExtrasRun } from "../lib/wait.mjs";
import { action, button, config } from "../lib/fixtures.mjs";

const h = harnessFixture();

const one = (opts = {}, extra = {}) => config({ buttons: [button("b", "SINGLE", ["a"], opts)], actions: [action("a", "PHONE", "+1 555 0100", extra)] });

test("startup codes 1–3 render nothing and log the code only in debug mode", async () => {
  const cases = [
    { name: "no data", page: {}, code: 1 },
    { name: "no viewport meta", page: { config: one(), viewport: false }, code: 2 },
    { name: "unparsable data", page: { rawData: '{"userId": 7, "buttons": "nope"}' }, code: 3 },
    { name: "hostile data", page: { rawData: '{ get userId() { throw new Error("boom") }, buttons: [], domains: [] }' }, code: 3 },
  ];
  for (const c of cases) {
    const quiet = await h.load(c.page, { prepare: markExtrasRun });
    assert.equal(await settledButtonCount(quiet.page), 0, c.name);
    await extrasRan(quiet.page); // it would have written the code line by now
    assert.deepEqual(quiet.errors, [], `${c.name}: nothing thrown into the page`);
    assert.ok(!quiet.logs.some((l) => /Beckon/.test(l.text)), `${c.name}: silent without debug`);
    await quiet.context.close();

    const debug = await h.load(c.page);
    await debug.page.evaluate(() => localStorage.setItem("cnb.debug", "true"));
    await debug.page.reload();
    assert.equal(await settledButtonCount(debug.page), 0);
    await logged(debug.logs, new RegExp(`\\b${c.code}\\b`)); // code c.code logged in debug mode
    await debug.context.close();
  }
});

test("CNB_DATA is removed from the page once read", async () => {
  const { page } = await h.load({ config: one() });
  await visibleButtons(page);
  assert.equal(await page.evaluate(() => "CNB_DATA" in window), false);
});

test("display modes follow the viewport: desktop ≥ 850 wide, or ≥ 450 in portrait", async () => {
  const cfg = config({
    buttons: [button("desk", "SINGLE", ["a"], { displayMode: "DESKTOP_ONLY", placement: "BOTTOM_RIGHT" }), button("mob", "SINGLE", ["b"], { displayMode: "MOBILE_ONLY", placement: "BOTTOM_LEFT" })],
    actions: [action("a", "PHONE", "1"), action("b", "PHONE", "2")],
  });
  const shown = async (viewport) => {
    const { page, context } = await h.load({ config: cfg }, { viewport });
    await visibleButtons(page);
    const ids = await page.locator(".call-now-button:visible").evaluateAll((els) => els.map((e) => e.dataset.buttonId));
    await context.close();
    return ids;
  };
  assert.deepEqual(await shown({ width: 1024, height: 768 }), ["desk"]);
  assert.deepEqual(await shown({ width: 800, height: 600 }), ["mob"]);
  assert.deepEqual(await shown({ width: 460, height: 800 }), ["desk"]);
  assert.deepEqual(await shown({ width: 390, height: 844 }), ["mob"]);
  assert.deepEqual(await shown({ width: 600, height: 600 }), ["desk"], "a square viewport is portrait, as CSS defines it");
});

test("resizing the window re-evaluates display modes", async () => {
  const cfg = config({ buttons: [button("desk", "SINGLE", ["a"], { displayMode: "DESKTOP_ONLY" })], actions: [action("a", "PHONE", "1")] });
  const { page } = await h.load({ config: cfg }, { viewport: { width: 1200, height: 800 } });
  await visibleButtons(page);
  await page.setViewportSize({ width: 700, height: 500 });
  await page.waitForFunction(() => !document.querySelector(".call-now-button"), null, { timeout: CEILING });
  await page.setViewportSize({ width: 1200, height: 800 });
  await visibleButtons(page);
});

test("schedules are evaluated at options.date in the action's time zone", async () => {
  const schedule = { showAlways: false, timezone: "Europe/Amsterdam", daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00", outsideHours: false };
  const at = (date) => config({ buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "1", { schedule })], options: { date } });
  // Wednesday 2026-11-18 10:00 in Amsterdam (UTC+1) is 09:00 UTC.
  const open = await h.load({ config: at("2026-11-18T09:00:00Z") });
  assert.equal(await visibleButtons(open.page), 1);
  const evening = await h.load({ config: at("2026-11-18T17:30:00Z") });
  assert.equal(await settledButtonCount(evening.page), 0);
  const saturday = await h.load({ config: at(Date.UTC(2026, 10, 21, 10)) });
  assert.equal(await settledButtonCount(saturday.page), 0);
});

test("scroll rules reveal a button after revealAtHeight and hide it after hideAtHeight", async () => {
  const { page } = await h.load({ config: one({ scroll: { revealAtHeight: 300, hideAtHeight: 1500, neverHide: false } }), body: '<div style="height:4000px"></div>' }, { prepare: markExtrasRun });
  await page.waitForSelector(".call-now-button", { state: "attached" });
  await extrasRan(page); // the chunk has applied the rule
  assert.equal(await page.locator(".call-now-button").isVisible(), false, "hidden at the top");
  await page.evaluate(() => scrollTo(0, 400));
  await page.waitForSelector(".call-now-button", { state: "visible" });
  await page.evaluate(() => scrollTo(0, 1600));
  await page.waitForSelector(".call-now-button", { state: "hidden" });
});

test("neverHide keeps a revealed button", async () => {
  const { page } = await h.load({ config: one({ scroll: { revealAtHeight: 300, hideAtHeight: 1500, neverHide: true } }), body: '<div style="height:4000px"></div>' });
  await page.evaluate(() => scrollTo(0, 400));
  await page.waitForSelector(".call-now-button", { state: "visible" });
  await scrolledTo(page, 2000);
  assert.ok(await page.locator(".call-now-button").isVisible());
});

test("attachTo places an absolute button in its element, and falls back to fixed when missing", async () => {
  const body = '<div style="height:500px"></div><section id="box" style="width:400px;height:300px;margin-left:100px"></section><div style="height:2000px"></div>';
  const { page } = await h.load({ config: one({ position: "ABSOLUTE", attachTo: "box", placement: "TOP_LEFT" }), body });
  await visibleButtons(page);
  assert.equal(await page.locator("#box > .call-now-button").count(), 1);
  assert.equal(await page.locator("#box").evaluate((el) => getComputedStyle(el).position), "relative");
  const box = await page.locator("#box").boundingBox();
  const btn = await page.locator("[data-action-id=a]").boundingBox();
  assert.ok(btn.x >= box.x && btn.y >= box.y && btn.x + btn.width <= box.x + box.width, "inside its element");

  const missing = await h.load({ config: one({ position: "ABSOLUTE", attachTo: "nowhere" }), body });
  await visibleButtons(missing.page);
  assert.equal(await missing.page.locator("body > .call-now-button").count(), 1);
  assert.equal(await missing.page.locator(".call-now-button").evaluate((el) => getComputedStyle(el).position), "fixed");
  await logged(missing.logs, /could not append the button to the element with id nowhere/i);
});

test("a button for another domain does not show; an alias with www and a port does", async () => {
  const cfg = (name, aliases) => config({ domains: [{ id: "dom-1", name, aliases, type: "FREE", properties: {} }], buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "1")] });
  const other = await h.load({ config: cfg("other.test", []) });
  assert.equal(await settledButtonCount(other.page), 0);
  const alias = await h.load({ config: cfg("other.test", ["https://www.shop.beckon.test"]) });
  assert.equal(await visibleButtons(alias.page), 1);
});
