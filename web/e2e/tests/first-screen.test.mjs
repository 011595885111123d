// Beckon's two config extensions through the hosted embed a customer's site loads (which carries
// the loader build with just the parts its config uses): a button revealed "after the first
// screen" appears only once the visitor has scrolled one viewport height, on a phone and on a
// desktop alike, and opening hours that differ by day decide whether it is there at all.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEMO, login } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { extrasRan, markExtrasRun } from "../lib/wait.mjs";

let demo;
let owner;
const fx = beckonFixture({
  site: true,
  async setup() {
    owner = await login(fx.server.origin, DEMO.owner);
    demo = await (await owner(`/api/v1/owner/domains/${DEMO.domainId}/config`)).json();
  },
});

const weekday = { start: "09:00", stop: "18:00" };
/** Monday to Friday 09:00–18:00, Saturday 10:00–14:00, closed on Sunday (UTC). */
const SHOP_HOURS = { showAlways: false, timezone: "UTC", hours: [weekday, weekday, weekday, weekday, weekday, { start: "10:00", stop: "14:00" }, null] };

/** Publishes the demo domain with one call button revealed after the first screen, at `date`. */
async function publish(date) {
  const config = {
    ...demo,
    buttons: [{ id: "call", active: true, domainId: DEMO.domainId, type: "SINGLE", actions: ["call-action"], options: { placement: "BOTTOM_RIGHT", scroll: { revealAfterFirstScreen: true } } }],
    actions: [{ id: "call-action", actionType: "PHONE", actionValue: "+31201234567", schedule: SHOP_HOURS }],
    conditions: [],
    options: { ...demo.options, date },
  };
  const path = `/api/v1/owner/domains/${DEMO.domainId}`;
  const put = await owner(`${path}/config`, { method: "PUT", body: JSON.stringify(config) });
  assert.equal(put.status, 200, await put.text());
  assert.equal((await owner(`${path}/publish`, { method: "POST" })).status, 200);
}

/** A long page of the customer's site embedding the demo domain. */
function longPage(path) {
  fx.site.pages[path] = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body style="margin:0"><main><h1>Shop</h1><div style="height:6000px"></div></main>
<script async src="${fx.server.origin}/d/${DEMO.domainId}.js"></script></body></html>`;
  return fx.site.origin + path;
}

const button = (page) => page.locator('.call-now-button[data-button-id="call"]');
/** Scrolls the window to y and waits for the frame in which the scroll rules are applied. */
const scrollTo = (page, y) =>
  page.evaluate(
    (top) =>
      new Promise((done) => {
        scrollTo(0, top);
        requestAnimationFrame(() => requestAnimationFrame(done));
      }),
    y,
  );

test("a button revealed after the first screen appears once the visitor scrolled one viewport height, on a phone and on a desktop", async () => {
  await publish("2026-11-28T12:00:00Z"); // a Saturday, inside Saturday's 10:00–14:00
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    const { page, context, errors } = await openPage(fx.browser, { viewport });
    await markExtrasRun(page);
    await page.goto(longPage("/long"));
    await extrasRan(page);
    await button(page).waitFor({ state: "attached" });
    assert.equal(await button(page).isVisible(), false, `${viewport.width}×${viewport.height}: hidden at the top`);
    await scrollTo(page, viewport.height - 40);
    assert.equal(await button(page).isVisible(), false, `${viewport.width}×${viewport.height}: hidden while part of the first screen shows`);
    await scrollTo(page, viewport.height);
    await button(page).waitFor({ state: "visible" });
    await scrollTo(page, 100);
    await button(page).waitFor({ state: "hidden" });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("opening hours that differ by day: on Saturday the button is there until 14:00, on a weekday until 18:00", async () => {
  for (const [date, open] of [
    ["2026-11-28T13:59:00Z", true], // Saturday
    ["2026-11-28T14:00:00Z", false], // Saturday, closed from 14:00
    ["2026-11-27T17:30:00Z", true], // Friday
    ["2026-11-29T12:00:00Z", false], // Sunday, closed
  ]) {
    await publish(date);
    const { page, context } = await openPage(fx.browser, { viewport: { width: 390, height: 844 } });
    await markExtrasRun(page);
    await page.goto(longPage("/hours"));
    await extrasRan(page);
    assert.equal(await button(page).count(), open ? 1 : 0, `${date}: ${open ? "open" : "closed"}`);
    await context.close();
  }
});
