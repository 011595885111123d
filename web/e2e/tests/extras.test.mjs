// The runtime's lazy chunk, beckon-extras.js: requested only once the buttons are visible, and its
// 60 s re-evaluation timer (spec §4.2) still re-renders.
import { test } from "node:test";
import assert from "node:assert/strict";
import { embedPage } from "../../demo/page.mjs";
import { openPage } from "../lib/browser.mjs";
import { harnessFixture, visibleButtons } from "../lib/harness.mjs";
import { action, button, config } from "../lib/fixtures.mjs";
import { CEILING, eventually, extrasRan, fetchedByPage, markExtrasRun, revealedAt } from "../lib/wait.mjs";

const h = harnessFixture({ api: { "POST /api/v1/stats": () => [204, {}] } });

const EXTRAS = /\/static\/beckon-extras\.js$/;
let n = 0;

/** Opens a page of the embed in a fresh context; prepare(page) runs before it loads. */
async function open(pageOptions, prepare = async () => {}) {
  const path = `/extras-${++n}`;
  h.server.pages[path] = embedPage(pageOptions);
  const opened = await openPage(h.browser);
  await markExtrasRun(opened.page);
  const extras = [];
  opened.page.on("request", (r) => EXTRAS.test(r.url()) && extras.push(r.url()));
  await prepare(opened.page);
  const chunk = opened.page.waitForResponse(EXTRAS, { timeout: CEILING });
  chunk.catch(() => {});
  await opened.page.goto(h.url(path), { waitUntil: "domcontentloaded" });
  return { ...opened, extras, chunk };
}

test("the extras chunk is requested only after the buttons are visible", async () => {
  let release = () => {};
  const held = new Promise((r) => (release = r));
  const cfg = config({ buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "1")], options: { apiRoot: h.url("/api") } });
  const { page, context, extras, errors, chunk } = await open({ config: cfg }, async (p) => {
    await p.addInitScript(revealedAt);
    await p.route("**/static/beckon.css", async (route) => {
      await held; // the stylesheet is slow: the buttons cannot be revealed yet
      await route.continue();
    });
  });
  await page.waitForSelector(".call-now-button", { state: "attached" });
  assert.equal(await page.locator(".call-now-button").isVisible(), false, "hidden while the stylesheet loads");
  const before = h.server.requests.length;
  release();
  assert.equal(await visibleButtons(page), 1);
  assert.equal((await chunk).status(), 200);
  assert.equal(extras.length, 1);
  // Browser timestamps: the buttons showed only once the stylesheet was there, the chunk after them.
  const css = await fetchedByPage(page, "beckon.css");
  const revealed = await page.evaluate(() => window.revealed);
  assert.ok(revealed >= css.responseEnd, "hidden while the stylesheet loads");
  assert.ok((await fetchedByPage(page, "beckon-extras.js")).startTime >= revealed, "no chunk before the buttons show");
  const stats = () => h.server.requests.slice(before).filter((r) => r.path === "/api/v1/stats").map((r) => JSON.parse(r.body).payload.name);
  await eventually(() => stats().length >= 2, "the page view and the view events");
  assert.deepEqual(stats(), [undefined, "view"], "the chunk sent the page view, then the buttons shown");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the chunk's 60 s timer re-renders when a schedule opens or closes", async () => {
  const schedule = { showAlways: false, timezone: "UTC", daysOfWeek: [true, true, true, true, true, true, true], start: "09:00", stop: "17:00", outsideHours: false };
  const cfg = config({ buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "1", { schedule })] });

  const closing = await open({ config: cfg }, (p) => p.clock.install({ time: new Date("2026-11-18T16:59:30Z") }));
  assert.equal(await visibleButtons(closing.page), 1);
  await closing.chunk; // requested right after the reveal
  await extrasRan(closing.page); // and run: its timer runs
  await closing.page.clock.runFor(61000);
  await closing.page.waitForFunction(() => !document.querySelector(".call-now-button"), null, { timeout: CEILING });
  await closing.context.close();

  const opening = await open({ config: cfg }, (p) => p.clock.install({ time: new Date("2026-11-18T08:59:30Z") }));
  await opening.chunk; // nothing to reveal: the chunk is requested at once
  await extrasRan(opening.page);
  assert.equal(await opening.page.locator(".call-now-button").count(), 0);
  assert.equal(opening.extras.length, 1);
  await opening.page.clock.runFor(61000);
  assert.equal(await visibleButtons(opening.page), 1);
  assert.deepEqual(opening.errors, []);
  await opening.context.close();
});
