// Triggers (docs/configuration.md "Triggers") in a real browser: a button with a trigger stays
// hidden until it fires — after N seconds (the page's clock driven by the test), after N % of the
// page scrolled, on exit intent (the pointer leaving through the top), after N page views in the
// tab's session — and its openAction opens the modal once per session, not again on the next
// page view, unless openEveryTime.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { harnessFixture } from "../lib/harness.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { extrasRan, markExtrasRun } from "../lib/wait.mjs";
import { action, button, config } from "../lib/fixtures.mjs";
import { embedPage } from "../../demo/page.mjs";

const h = harnessFixture({
  pages: { "/frame": `<!doctype html><html lang="en"><head><title>Menu card</title></head><body><main><h1>Today's menu</h1></main></body></html>` },
});

const LONG = '<main><h1>Article</h1><div style="height:5000px"></div></main>';

/** Opens a page (in a new tab, or in `tab`) with one call button "t" with `triggers`; its root's locator. */
async function load(path, triggers, { tab, body = LONG, actions, prepare } = {}) {
  const cfg = config({
    buttons: [button("t", "SINGLE", actions ? actions.map((a) => a.id) : ["call"], { triggers })],
    actions: actions ?? [action("call", "PHONE", "+31201234567", { labelText: "Call us" })],
  });
  h.server.pages[path] = embedPage({ config: cfg, body });
  const opened = tab ?? (await openPage(h.browser, { viewport: { width: 1280, height: 720 } }));
  await markExtrasRun(opened.page);
  await prepare?.(opened.page);
  await opened.page.goto(h.url(path));
  await extrasRan(opened.page);
  const root = opened.page.locator('.call-now-button[data-button-id="t"]');
  await root.waitFor({ state: "attached" });
  return { ...opened, root };
}

/** Waits for the frame after the next one (the triggers' scroll check runs in an animation frame). */
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test("after N seconds: hidden until the page's clock passes them", async () => {
  const { page, root, context, errors } = await load("/seconds", { afterSeconds: 30 }, { prepare: (p) => p.clock.install() });
  assert.equal(await root.isVisible(), false, "hidden at first");
  await page.clock.fastForward(10_000);
  await frames(page);
  assert.equal(await root.isVisible(), false, "hidden after 10 s");
  await page.clock.fastForward(21_000);
  await root.waitFor({ state: "visible" });
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("after N % scrolled: hidden until half the page is scrolled", async () => {
  const { page, root, context } = await load("/scroll", { afterScrollPercent: 50 });
  const half = await page.evaluate(() => (document.documentElement.scrollHeight - innerHeight) / 2);
  await page.evaluate((y) => scrollTo(0, y), half - 200);
  await frames(page);
  assert.equal(await root.isVisible(), false, "hidden short of 50 %");
  await page.evaluate((y) => scrollTo(0, y), half + 10);
  await root.waitFor({ state: "visible" });
  // Shown once: scrolling back up does not hide it.
  await page.evaluate(() => scrollTo(0, 0));
  await frames(page);
  assert.equal(await root.isVisible(), true);
  await context.close();
});

test("on exit intent: the pointer leaving through the top shows it; leaving through a side does not", async () => {
  const { page, root, context } = await load("/exit", { exitIntent: true });
  await page.mouse.move(640, 400);
  await page.mouse.move(1300, 400); // out through the right edge
  await frames(page);
  assert.equal(await root.isVisible(), false, "hidden after leaving through a side");
  await page.mouse.move(640, 200);
  await page.mouse.move(640, -20); // towards the tabs and the address bar
  await root.waitFor({ state: "visible" });
  await context.close();
});

test("after N page views in the session: hidden on the first page, shown on the third", async () => {
  const first = await load("/views", { afterPageViews: 3 });
  assert.equal(await first.root.isVisible(), false, "page view 1");
  const second = await load("/views", { afterPageViews: 3 }, { tab: first });
  assert.equal(await second.root.isVisible(), false, "page view 2");
  const third = await load("/views", { afterPageViews: 3 }, { tab: first });
  await third.root.waitFor({ state: "visible" });
  assert.deepEqual(JSON.parse(await third.page.evaluate(() => sessionStorage.getItem("cnb.session"))), { views: 3, opened: [] });
  // Another tab is another session.
  const other = await load("/views", { afterPageViews: 3 });
  assert.equal(await other.root.isVisible(), false, "a new tab starts again");
  await first.context.close();
  await other.context.close();
});

const menu = () => [action("menu", "IFRAME", h.url("/frame", "frame.beckon.test"), { labelText: "Menu", properties: { "iframe-title": "Our menu" } })];
const dialog = (page) => page.getByRole("dialog", { name: "Our menu" });

test("openAction opens the modal once per session on its trigger, not on the next page view; openEveryTime does", async () => {
  const once = { afterPageViews: 1, openAction: "menu" };
  // cnb:open is dispatched in the task that shows the button (render → open): recorded per page.
  const recordOpens = (p) => p.addInitScript(() => {
    window.opens = [];
    document.addEventListener("cnb:open", (e) => window.opens.push(e.detail.actionId));
  });
  const first = await load("/open-once", once, { actions: menu(), prepare: recordOpens });
  await dialog(first.page).waitFor();
  assert.deepEqual(await axeViolations(first.page, ".cnb-m-host"), []);
  assert.deepEqual(JSON.parse(await first.page.evaluate(() => sessionStorage.getItem("cnb.session"))), { views: 1, opened: ["t"] });
  const second = await load("/open-once", once, { actions: menu(), tab: first });
  await second.root.waitFor({ state: "visible" });
  assert.deepEqual(await second.page.evaluate(() => window.opens), [], "not opened again in the session");
  assert.equal(await dialog(second.page).count(), 0);
  const again = await load("/open-every", { ...once, openEveryTime: true }, { actions: menu(), tab: first });
  await dialog(again.page).waitFor();
  assert.deepEqual(await again.page.evaluate(() => window.opens), ["menu"]);
  await first.context.close();
});
