// The host page cannot break the buttons, and the buttons do not break the host page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { harnessFixture, visibleButtons } from "../lib/harness.mjs";
import { action, button, config, domain } from "../lib/fixtures.mjs";

const h = harnessFixture();

const HOSTILE_CSS = `<style>
html { font-size: 62.5% !important; }
* { margin: 17px !important; padding: 13px !important; box-sizing: content-box !important; line-height: 4 !important;
    font-family: "Comic Sans MS", cursive !important; letter-spacing: 3px !important; text-transform: uppercase !important; float: left !important; }
div, span, a, button, svg, img, path { display: block !important; position: static !important; width: 300px !important; height: 90px !important;
    border: 5px dashed red !important; background: yellow !important; color: red !important; transform: rotate(10deg) !important;
    opacity: 0.3 !important; visibility: visible !important; fill: red !important; }
a { display: none !important; }
svg { width: 200px !important; height: 200px !important; }
</style>`;

const cfg = config({
  buttons: [
    button("s", "SINGLE", ["p"], { placement: "BOTTOM_RIGHT" }),
    button("m", "MULTI", ["w", "e"], { placement: "BOTTOM_LEFT" }, { multiButtonOptions: { defaultState: "OPEN" } }),
  ],
  actions: [action("p", "PHONE", "+1 555 0100", { labelText: "Call" }), action("w", "WHATSAPP", "+1 555 0101", { labelText: "WhatsApp" }), action("e", "EMAIL", "a@shop.test", { labelText: "Mail" })],
});

/** Boxes and a few computed styles of every Beckon element a visitor sees. */
async function snapshot(page) {
  await visibleButtons(page);
  return page.locator(".call-now-button, .call-now-button *").evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return { tag: el.tagName, box: [r.x, r.y, r.width, r.height].map(Math.round), style: [s.display, s.position, s.color, s.backgroundColor, s.opacity, s.transform, s.fontSize, s.visibility, s.fill].join("|") };
    }),
  );
}

test("a hostile stylesheet moves, resizes, restyles and hides nothing", async () => {
  const plain = await h.load({ config: cfg });
  const hostile = await h.load({ config: cfg, head: HOSTILE_CSS, body: "<div><span>host content</span></div>" });
  const before = await snapshot(plain.page);
  const after = await snapshot(hostile.page);
  assert.ok(before.length > 3);
  assert.deepEqual(after, before);
});

test("the buttons do not block clicks on the page outside their own area", async () => {
  const body = `<div style="height:100vh"></div><button id="under" style="position:fixed;bottom:4px;left:45%;width:10%;height:40px">page button</button>
    <button id="beside" style="position:fixed;bottom:100px;right:10px;width:40px;height:20px">page button</button>`;
  // The page's own fixed buttons stay where Beckon's are: collision avoidance is off here, so the
  // buttons stay put and only their pass-through of clicks is under test.
  const domains = [domain({ properties: { allowMultipleButtons: true, avoidCollisions: false } })];
  const { page } = await h.load({ config: config({ domains, buttons: [button("bar", "FULL", ["p"], { placement: "BOTTOM_CENTER" }), button("s", "SINGLE", ["q"], { placement: "BOTTOM_RIGHT" })], actions: [action("p", "PHONE", "1"), action("q", "PHONE", "2")] }), body });
  await visibleButtons(page);
  // Above the single button there is page, not Beckon: a click there reaches the page.
  const hit = await page.evaluate(() => document.elementFromPoint(innerWidth - 30, innerHeight - 110)?.id);
  assert.equal(hit, "beside");
});

test("right-to-left pages mirror left and right placements", async () => {
  const c = config({ buttons: [button("b", "SINGLE", ["a"], { placement: "BOTTOM_RIGHT" })], actions: [action("a", "PHONE", "1", { labelText: "اتصل بنا" })] });
  const ltr = await h.load({ config: c });
  await visibleButtons(ltr.page);
  const rtl = await h.load({ config: c, dir: "rtl" });
  await visibleButtons(rtl.page);
  const xLtr = (await ltr.page.locator("[data-action-id=a]").boundingBox()).x;
  const xRtl = (await rtl.page.locator("[data-action-id=a]").boundingBox()).x;
  assert.ok(xLtr > 900, `ltr on the right (${xLtr})`);
  assert.ok(xRtl < 380, `rtl mirrored to the left (${xRtl})`);
});

test("window.CNB.render renders again from new data and resolves to the buttons", async () => {
  const { page } = await h.load({ config: cfg });
  await visibleButtons(page);
  const ids = await page.evaluate(async (next) => (await window.CNB.render(next)).map((el) => el.dataset.buttonId), config({ buttons: [button("new", "SINGLE", ["p"])], actions: [action("p", "PHONE", "2")] }));
  assert.deepEqual(ids, ["new"]);
  assert.equal(await page.locator(".call-now-button").count(), 1);
  const none = await page.evaluate(async (next) => (await window.CNB.render(next)).length, config({ buttons: [button("off", "SINGLE", ["p"], {}, { active: false })], actions: [action("p", "PHONE", "2")] }));
  assert.equal(none, 0);
});

test("a page that preloads the stylesheet (as page-speed plugins do) still shows the buttons", async () => {
  // The same href as the config's cssLocation (fixtures.mjs): a preload of the very file.
  const preload = `<link rel="preload" as="style" href="${cfg.options.cssLocation}">`;
  const { page } = await h.load({ config: cfg, head: preload });
  assert.equal(await visibleButtons(page), 2);
  assert.equal(await page.locator('link[rel="stylesheet"][href$="/static/beckon.css"]').count(), 1);
});
