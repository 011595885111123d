// Never in the way (collision avoidance, docs/configuration.md `properties.avoidCollisions`): the
// built loader on pages of its own with the page's fixed and sticky elements at the buttons' edge.
// A cookie banner at the bottom lifts the bottom buttons above it and they return when it closes
// (removed or hidden), sliding there unless the visitor prefers reduced motion; a second chat
// launcher in the corner and a sticky add-to-cart bar are passed
// the same way; an owner who turns it off keeps the buttons where they are; and nothing is measured
// while the page loads (no layout read by the extras chunk before the load event). With
// SCREENSHOTS=dir the desktop and phone screenshots (banner shown and closed) go there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { harnessFixture, visibleButtons, settledButtonCount } from "../lib/harness.mjs";
import { action, button, config, domain } from "../lib/fixtures.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually } from "../lib/wait.mjs";

const h = harnessFixture();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

const actions = [action("call", "PHONE", "+31201234567", { labelText: "Call us" }), action("mail", "EMAIL", "shop@example.com", { labelText: "E-mail us" })];
const twoCorners = (props = {}) =>
  config({
    actions,
    buttons: [button("right", "SINGLE", ["call"], { placement: "BOTTOM_RIGHT" }), button("left", "SINGLE", ["mail"], { placement: "BOTTOM_LEFT" })],
    domains: [domain({ properties: { allowMultipleButtons: true, ...props } })],
  });

const BANNER = `<main><h1>Shop</h1><p>Articles.</p></main>
<section id="cookies" aria-label="Cookies" style="position:fixed;left:0;right:0;bottom:0;height:110px;background:#1d2433;color:#fff;font:16px sans-serif;padding:16px;box-sizing:border-box">
  <p style="margin:0 0 8px">We use cookies to run this shop.</p><button id="accept" type="button">Accept</button>
</section>`;

/** The circles' boxes by button id (what the visitor sees). */
const circles = (page) =>
  page.locator(".call-now-button").evaluateAll((roots) =>
    Object.fromEntries(roots.map((r) => { const b = r.querySelector(".cnb-i").getBoundingClientRect(); return [r.dataset.buttonId, { left: b.left, right: b.right, top: b.top, bottom: b.bottom }]; })),
  );
const rectOf = (page, sel) => page.locator(sel).evaluate((e) => { const b = e.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom }; });
const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Waits until every circle's bottom is at most `limit` (or exactly `home` px from the viewport's bottom). */
async function circlesAt(page, what, ok) {
  let last;
  await eventually(async () => Object.values((last = await circles(page))).every(ok), () => `the buttons ${what}: ${JSON.stringify(last)}`);
}

for (const [size, viewport, extra] of [
  ["desktop", DESKTOP, {}],
  ["phone", PHONE, { isMobile: true, hasTouch: true }],
]) {
  test(`${size}: a fixed cookie banner at the bottom lifts the bottom buttons above it; they return when it closes`, async () => {
    // Where the buttons stand on the same page without a banner (a phone stacks a second one a row up).
    const plain = await h.load({ config: twoCorners(), body: "<main><h1>Shop</h1></main>" }, { viewport, ...extra });
    await visibleButtons(plain.page);
    const home = await circles(plain.page);
    const atHome = (c) => JSON.stringify(c) == JSON.stringify(home);
    const { page } = await h.load({ config: twoCorners(), body: BANNER }, { viewport, ...extra });
    assert.equal(await visibleButtons(page), 2);
    const banner = await rectOf(page, "#cookies");
    await circlesAt(page, "above the banner", (c) => c.bottom <= banner.top - 9 && c.top >= 0);
    // They keep their rows (a phone stacks the second a row up so their labels never meet).
    const up = await circles(page);
    assert.equal(Math.round(up.left.bottom - up.right.bottom), Math.round(home.left.bottom - home.right.bottom));
    // No preference for reduced motion here: they slid (a quarter-second transition).
    assert.deepEqual(await page.locator(".call-now-button").evaluateAll((rs) => rs.map((r) => getComputedStyle(r).transitionDuration)), ["0.25s", "0.25s"]);
    assert.deepEqual(await axeViolations(page, ".call-now-button"), []);
    await shot(page, `collisions-${size}-banner.png`);

    // Accepted: the banner goes (removed), the buttons come back to where they stand without it.
    await page.locator("#accept").click();
    await page.evaluate(() => document.getElementById("cookies").remove());
    await eventually(async () => atHome(await circles(page)), "the buttons back home");
    await shot(page, `collisions-${size}-closed.png`);

    // Shown again and then hidden (display: none), as consent managers do: up, then back down.
    await page.evaluate((html) => document.body.insertAdjacentHTML("beforeend", html), BANNER.slice(BANNER.indexOf("<section")));
    await circlesAt(page, "above the banner again", (c) => c.bottom <= banner.top - 9);
    await page.evaluate(() => (document.getElementById("cookies").style.display = "none"));
    await eventually(async () => atHome(await circles(page)), "the buttons back home again");
  });
}

test("another chat launcher in the corner: the buttons stand clear of it", async () => {
  const other = `<button id="other" type="button" aria-label="Other chat" style="position:fixed;right:20px;bottom:20px;width:64px;height:64px;border-radius:50%;background:#6b21a8;border:0"></button>`;
  const { page } = await h.load({ config: twoCorners(), body: `<main><h1>Shop</h1></main>${other}` }, { viewport: DESKTOP });
  await visibleButtons(page);
  const launcher = await rectOf(page, "#other");
  let c;
  // It stacks above the other launcher (the same size: going above is as short as going beside).
  await eventually(async () => (c = await circles(page)).right.bottom <= launcher.top - 9, () => `the right button above the other launcher: ${JSON.stringify([c, launcher])}`);
  assert.ok(!meet(c.right, launcher));
  // The left button had nothing in its way: it stays home.
  assert.equal(Math.round(DESKTOP.height - c.left.bottom), 20);
  assert.deepEqual(await axeViolations(page, ".call-now-button"), []);
  await shot(page, "collisions-launcher.png");
});

test("a sticky add-to-cart bar at the bottom lifts the buttons while it is stuck (no slide under reduced motion)", async () => {
  const body = `<main><h1>Red shoes</h1><p style="height:2400px">Description.</p>
<div id="cart" style="position:sticky;bottom:0;height:72px;background:#fde68a;display:flex;align-items:center;padding:0 16px"><button type="button">Add to cart</button></div></main>`;
  const { page } = await h.load({ config: twoCorners(), body }, { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: "reduce" });
  await visibleButtons(page);
  const bar = await rectOf(page, "#cart");
  assert.equal(Math.round(bar.bottom), PHONE.height, "the bar is stuck at the bottom");
  await circlesAt(page, "above the sticky bar", (c) => c.bottom <= bar.top - 9);
  // Only the lower row met the bar; the upper one moved with it and they keep their rows (68 px apart).
  const c = await circles(page);
  assert.equal(Math.round(c.right.bottom - c.left.bottom), 68);
  // The visitor prefers reduced motion: the buttons jumped there, no slide.
  assert.deepEqual(await page.locator(".call-now-button").evaluateAll((rs) => rs.map((r) => [getComputedStyle(r).transitionDuration, r.getAnimations().length])), [["0s", 0], ["0s", 0]]);
  await shot(page, "collisions-sticky.png");
});

test("an owner who turns it off (avoidCollisions: false) keeps the buttons where they are", async () => {
  const { page } = await h.load({ config: twoCorners({ avoidCollisions: false }), body: BANNER }, { viewport: DESKTOP });
  await visibleButtons(page);
  await settledButtonCount(page);
  // Two idle periods after the load event: the avoidance would have run by now.
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => requestAnimationFrame(() => requestIdleCallback(r)))));
  for (const c of Object.values(await circles(page))) assert.equal(Math.round(DESKTOP.height - c.bottom), 20);
});

test("nothing is measured while the page loads: no layout read by the extras chunk before the load event", async () => {
  let release;
  const gate = new Promise((r) => (release = r));
  const body = `${BANNER}<img src="/slow.png" alt="" width="1" height="1">`;
  const { page } = await h.load(
    { config: twoCorners(), body },
    {
      viewport: DESKTOP,
      waitFor: "domcontentloaded",
      async prepare(p) {
        // The page's load event waits for this picture until the test lets it through.
        await p.route("**/slow.png", async (route) => {
          await gate;
          await route.fulfill({ status: 204 }).catch(() => {});
        });
        // Every layout read (rectangles, computed styles) made by the extras chunk, with the load state then.
        await p.addInitScript(() => {
          window.__reads = [];
          const spy = (obj, name) => {
            const f = obj[name];
            obj[name] = function (...a) {
              if (/beckon-extras/.test(new Error().stack)) __reads.push([name, document.readyState]);
              return f.apply(this, a);
            };
          };
          spy(Element.prototype, "getBoundingClientRect");
          spy(window, "getComputedStyle");
        });
      },
    },
  );
  await visibleButtons(page);
  await settledButtonCount(page);
  // The chunk is there and has had idle time; the page is still loading.
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => /beckon-extras/.test(e.name)));
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => requestAnimationFrame(() => requestIdleCallback(r)))));
  assert.notEqual(await page.evaluate(() => document.readyState), "complete");
  assert.deepEqual(await page.evaluate(() => __reads), [], "no layout read before the load event");
  const banner = await rectOf(page, "#cookies");
  assert.ok(Object.values(await circles(page)).every((c) => meet(c, banner)), "still home, under the banner");

  release();
  await page.waitForFunction(() => document.readyState == "complete");
  await circlesAt(page, "above the banner after the load event", (c) => c.bottom <= banner.top - 9);
  assert.ok((await page.evaluate(() => __reads)).every(([, state]) => state == "complete"));
});

test("phone with a notch (viewport-fit=cover): the buttons and a full bar stand clear of the safe-area insets, and still of a banner", async () => {
  const head = '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">';
  const cfg = config({
    // The bar's labels are white on the owner's colour: a dark one (7:1).
    actions: [action("call", "PHONE", "+31201234567", { labelText: "Call us" }), ...["mail", "map"].map((id) => action(id, id == "mail" ? "EMAIL" : "MAP", id == "mail" ? "shop@example.com" : "Damrak 1", { labelText: id == "mail" ? "E-mail us" : "Directions", backgroundColor: "#00603a" }))],
    buttons: [button("right", "SINGLE", ["call"], { placement: "BOTTOM_RIGHT" }), button("bar", "FULL", ["mail", "map"], { placement: "TOP_CENTER" })],
  });
  const { page, context } = await h.load({ config: cfg, body: "<main><h1>Shop</h1></main>", viewport: false, head }, { viewport: PHONE, isMobile: true, hasTouch: true });
  await visibleButtons(page);
  const cdp = await context.newCDPSession(page);
  // An iPhone's insets: the notch (top 47) and the home indicator (bottom 34).
  await cdp.send("Emulation.setSafeAreaInsetsOverride", { insets: { top: 47, bottom: 34, left: 0, right: 0 } });
  const bar = () => rectOf(page, '.call-now-button[data-button-id="bar"]');
  let c, b;
  await eventually(async () => Math.round(PHONE.height - (c = await circles(page)).right.bottom) == 20 + 34 && Math.round((b = await bar()).top) == 47, () => `clear of the insets: ${JSON.stringify([c, b])}`);
  await shot(page, "collisions-phone-notch.png");
  // A banner above the home indicator: the button goes above the banner as before.
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<div id="cookies" style="position:fixed;left:0;right:0;bottom:0;height:120px;background:#1d2433"></div>'));
  const banner = await rectOf(page, "#cookies");
  await eventually(async () => (c = await circles(page)).right.bottom <= banner.top - 9, () => `above the banner: ${JSON.stringify(c)}`);
  assert.deepEqual(await axeViolations(page, ".call-now-button"), []);
});
