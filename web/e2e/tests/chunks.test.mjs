// What the loader fetches besides beckon.js and beckon.css, and when: the geo lookup only for a
// config with GEO conditions (before the buttons show), beckon-anim.css only after an animated
// button shows; click analytics and scroll rules served by the extras chunk after reveal; on a
// touch screen the app chunk after the page's load event, without a tap (not with Save-Data).
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { harnessFixture, visibleButtons, settledButtonCount } from "../lib/harness.mjs";
import { embedPage } from "../../demo/page.mjs";
import { CEILING, eventually, extrasRan, fetchedByPage, markExtrasRun, revealedAt } from "../lib/wait.mjs";
import { action, button, config, domain } from "../lib/fixtures.mjs";

const h = harnessFixture({
  api: {
    "POST /api/v1/stats": () => [204, {}],
    "GET /api/v1/geo": () => [200, { ip: "127.0.0.1", country_code: "NL" }],
  },
});

const apiRoot = () => h.url("/api");
/** Requests for /static/{file} since request number `since`. */
const fetched = (since, file) => h.server.requests.slice(since).filter((r) => r.path === `/static/${file}`);
const one = (opts = {}, rest = {}) => config({ buttons: [button("b", "SINGLE", ["a"], opts)], actions: [action("a", "PHONE", "1")], ...rest });

test("a GEO config makes one geo lookup before its button shows; a plain config none", async () => {
  const geo = one({}, {
    conditions: [{ id: "c-nl", filterType: "INCLUDE", conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "NL" }],
    options: { apiRoot: apiRoot() },
  });
  geo.buttons[0].conditions = ["c-nl"];
  let since = h.server.requests.length;
  const dutch = await h.load({ config: geo });
  assert.equal(await visibleButtons(dutch.page), 1);
  const lookups = (from) => h.server.requests.slice(from).filter((r) => r.path === "/api/v1/geo");
  assert.equal(lookups(since).length, 1);
  assert.deepEqual(dutch.errors, []);

  since = h.server.requests.length;
  const plain = await h.load({ config: one({}, { options: { apiRoot: apiRoot() } }) });
  assert.equal(await visibleButtons(plain.page), 1); // a lookup is made before deciding: none is still to come
  assert.equal(lookups(since).length, 0);
  await eventually(() => fetched(since, "beckon-extras.js").length, "the extras chunk");
  assert.equal(fetched(since, "beckon-extras.js").length, 1);
});

test("beckon-anim.css is requested after an animated button shows, and animates it", async () => {
  let release = () => {};
  const held = new Promise((r) => (release = r));
  h.server.pages["/anim"] = embedPage({ config: one({ animation: "SHAKE" }) });
  const { page, context, errors } = await openPage(h.browser, { reducedMotion: "no-preference" });
  await page.addInitScript(revealedAt);
  const anim = [];
  page.on("request", (r) => r.url().endsWith("/static/beckon-anim.css") && anim.push(r.url()));
  await page.route("**/static/beckon.css", async (route) => {
    await held; // the buttons cannot show yet
    await route.continue();
  });
  await page.goto(h.url("/anim"), { waitUntil: "domcontentloaded" });
  await page.waitForSelector(".call-now-button", { state: "attached" });
  release();
  assert.equal(await visibleButtons(page), 1);
  await page.waitForFunction(() => getComputedStyle(document.querySelector(".call-now-button .cnb-fx")).animationName == "cnb-shake", null, { timeout: CEILING });
  assert.deepEqual(anim, [h.url("/static/beckon-anim.css")]);
  const requested = (await fetchedByPage(page, "beckon-anim.css")).startTime;
  assert.ok(requested >= (await page.evaluate(() => window.revealed)), "not before the button shows");
  assert.deepEqual(errors, []);
  await context.close();

  // The chunk's "view" statistics event is sent in the same call that would add the stylesheet.
  const since = h.server.requests.length;
  const still = await h.load({ config: one({}, { options: { apiRoot: apiRoot() } }) });
  assert.equal(await visibleButtons(still.page), 1);
  await eventually(() => h.server.requests.slice(since).some((r) => r.path == "/api/v1/stats" && JSON.parse(r.body).payload.name == "view"), "the view event");
  assert.equal(await still.page.locator('link[href$="beckon-anim.css"]').count(), 0, "not for a button without animation");
  assert.equal(fetched(since, "beckon-anim.css").length, 0, "not for a button without animation");
});

test("click analytics reach the page's gtag through the extras chunk", async () => {
  const head = `<script>
    window.seen = [];
    window.gtag = (...args) => seen.push(args);
    window.gtag_report_conversion = () => seen.push(["conversion callback"]);
    document.addEventListener("click", (e) => e.preventDefault()); // stay on the page
  </script>`;
  const cfg = one({}, { domains: [domain({ properties: { trackGA: true, trackConversion: true } })] });
  const { page, errors } = await h.load({ config: cfg, head });
  await visibleButtons(page);
  await fetchedByPage(page, "beckon-extras.js"); // clicks before it are queued: this one comes after
  await page.locator("[data-action-id=a]").click();
  await page.waitForFunction(() => window.seen.length == 2, null, { timeout: CEILING });
  assert.deepEqual(await page.evaluate(() => window.seen), [
    ["event", "click", { event_category: "Beckon Button", event_label: "PHONE 1" }],
    ["conversion callback"],
  ]);
  assert.deepEqual(errors, []);
});

test("a button with only hideAtHeight shows at the top and hides when scrolled past", async () => {
  const { page } = await h.load({ config: one({ scroll: { revealAtHeight: 0, hideAtHeight: 600, neverHide: false } }), body: '<div style="height:4000px"></div>' });
  assert.equal(await visibleButtons(page), 1);
  await page.evaluate(() => scrollTo(0, 800));
  await page.waitForSelector(".call-now-button", { state: "hidden" });
  await page.evaluate(() => scrollTo(0, 100));
  await page.waitForSelector(".call-now-button", { state: "visible" });
  assert.equal(await settledButtonCount(page), 1);
});

test("on a touch screen the app chunk is fetched after the page's load event without a tap; not with Save-Data", async () => {
  const PHONE = { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true };
  const surface = config({ buttons: [button("b", "SINGLE", ["f"])], actions: [action("f", "IFRAME", "https://shop.test/form", { labelText: "Form" })] });
  const since = h.server.requests.length;
  const phone = await h.load({ config: surface }, PHONE);
  assert.equal(await visibleButtons(phone.page), 1);
  const app = await fetchedByPage(phone.page, "beckon-app.js");
  const loaded = await phone.page.evaluate(() => performance.getEntriesByType("navigation")[0].loadEventEnd);
  assert.ok(loaded > 0 && app.startTime >= loaded, `after the load event (${app.startTime} ms, load ${loaded} ms)`);
  assert.equal(fetched(since, "beckon-app.js").length, 1);
  assert.equal(await phone.page.locator("[data-action-id=f]").isVisible(), true, "nothing was tapped");
  assert.deepEqual(phone.errors, []);

  // The visitor saves data: the chunk waits for the tap.
  const asked = []; // requests as the browser issues them, not only finished ones
  const saving = await h.load({ config: surface }, {
    ...PHONE,
    prepare: async (page) => {
      page.on("request", (r) => asked.push(r.url()));
      await markExtrasRun(page);
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "connection", { get: () => ({ saveData: true, effectiveType: "4g" }) }));
    },
  });
  assert.equal(await visibleButtons(saving.page), 1);
  await extrasRan(saving.page);
  // The chunk's idle callback (asked for at load or when it ran) comes before one asked for now.
  await saving.page.evaluate(() => new Promise((r) => (document.readyState == "complete" ? r() : addEventListener("load", r))));
  await saving.page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r))));
  const names = await saving.page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
  assert.ok(![...names, ...asked].some((n) => n.endsWith("/beckon-app.js")), "not fetched with Save-Data");
  assert.deepEqual(saving.errors, []);
});
