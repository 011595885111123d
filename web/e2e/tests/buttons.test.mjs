// Button types, placements and the DOM contract, in a real browser against the built loader.
import { test } from "node:test";
import assert from "node:assert/strict";
import { harnessFixture, visibleButtons } from "../lib/harness.mjs";
import { action, button, config } from "../lib/fixtures.mjs";
import { axeViolations } from "../lib/axe.mjs";

const h = harnessFixture();

const PLACEMENTS = ["BOTTOM_CENTER", "BOTTOM_LEFT", "BOTTOM_RIGHT", "MIDDLE_LEFT", "MIDDLE_RIGHT", "TOP_CENTER", "TOP_LEFT", "TOP_RIGHT"];

test("a single button shows in each of the eight placements, inside the viewport edge it names", async () => {
  for (const placement of PLACEMENTS) {
    const { page, context } = await h.load({ config: config({ buttons: [button("b1", "SINGLE", ["a1"], { placement })], actions: [action("a1", "PHONE", "+31 20 123 4567", { labelText: "Call us" })] }) });
    await visibleButtons(page);
    const root = page.locator(".call-now-button");
    assert.equal(await root.getAttribute("data-button-id"), "b1");
    const cls = await root.getAttribute("class");
    assert.match(cls, /\bcnb-single\b/);
    assert.match(cls, new RegExp(`\\bcnb-${placement.toLowerCase().replace("_", "-")}\\b`));
    const box = await page.locator("[data-action-id=a1]").boundingBox();
    const [vertical, horizontal] = placement.split("_");
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    if (vertical === "BOTTOM") assert.ok(cy > 600, `${placement}: ${cy} near the bottom`);
    if (vertical === "TOP") assert.ok(cy < 200, `${placement}: ${cy} near the top`);
    if (vertical === "MIDDLE") assert.ok(cy > 250 && cy < 550, `${placement}: ${cy} in the middle`);
    if (horizontal === "LEFT") assert.ok(cx < 320, `${placement}: ${cx} on the left`);
    if (horizontal === "RIGHT") assert.ok(cx > 960, `${placement}: ${cx} on the right`);
    if (horizontal === "CENTER") assert.ok(cx > 440 && cx < 840, `${placement}: ${cx} centred`);
    await context.close();
  }
});

test("a full bar shows at most five actions across the bottom, each a link with its href", async () => {
  const actions = ["1", "2", "3", "4", "5", "6"].map((i) => action(`a${i}`, "PHONE", `+1555000${i}`, { labelText: `Line ${i}` }));
  const { page } = await h.load({ config: config({ buttons: [button("bar", "FULL", actions.map((a) => a.id), { placement: "BOTTOM_CENTER" })], actions }) });
  await visibleButtons(page);
  const links = page.locator(".call-now-button.cnb-full a[data-action-type=PHONE]");
  assert.equal(await links.count(), 5);
  assert.equal(await links.first().getAttribute("href"), "tel:+15550001");
  const first = await links.first().boundingBox();
  const last = await links.last().boundingBox();
  assert.ok(Math.abs(first.y - last.y) < 2, "side by side");
  const bar = await page.locator(".call-now-button").boundingBox();
  assert.ok(bar.y + bar.height >= 799, "flush with the bottom edge");
  assert.ok(first.y + first.height > 760, "actions at the bottom");
});

test("a multi button expands and collapses by click and keyboard, announcing its state", async () => {
  const actions = [action("w", "WHATSAPP", "+31 6 1234 5678", { labelText: "WhatsApp" }), action("e", "EMAIL", "hi@shop.test", { labelText: "Mail us" })];
  const { page } = await h.load({ config: config({ buttons: [button("m", "MULTI", ["w", "e"], {}, { multiButtonOptions: { labelTextOpen: "Contact us", defaultState: "CLOSED" } })], actions }) });
  await visibleButtons(page);
  const root = page.locator(".call-now-button.cnb-multi");
  const toggle = root.locator("button[aria-expanded]");
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  assert.equal(await root.locator("[data-action-id=w]").isVisible(), false);
  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  assert.match(await root.getAttribute("class"), /\bcnb-expand\b/);
  assert.ok(await root.locator("[data-action-id=w]").isVisible());
  await page.keyboard.press("Escape");
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  assert.ok(await toggle.evaluate((el) => el === document.activeElement), "focus returns to the toggle");
  await page.keyboard.press("Enter");
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
});

test("a multi button can start expanded, and dots shows up to ten actions", async () => {
  const actions = Array.from({ length: 12 }, (_, i) => action(`d${i}`, "LINK", `https://shop.test/p/${i}`, { labelText: `Page ${i}` }));
  const { page } = await h.load({
    config: config({
      buttons: [
        button("m", "MULTI", ["d0", "d1"], { placement: "BOTTOM_LEFT" }, { multiButtonOptions: { defaultState: "OPEN" } }),
        button("d", "DOTS", actions.map((a) => a.id), { placement: "BOTTOM_RIGHT" }),
      ],
      actions,
    }),
  });
  await visibleButtons(page);
  assert.match(await page.locator(".cnb-multi").getAttribute("class"), /\bcnb-expand\b/);
  await page.locator(".cnb-dots button[aria-expanded]").click();
  assert.equal(await page.locator(".cnb-dots [data-action-type=LINK]").count(), 10);
});

test("scale, z-index and the owner's css classes land on the root", async () => {
  const { page } = await h.load({ config: config({ buttons: [button("b", "SINGLE", ["a"], { scale: 1.5, zindex: 1000, cssClasses: "promo  big" })], actions: [action("a", "SMS", "+1 555 0100")] }) });
  await visibleButtons(page);
  const root = page.locator(".call-now-button");
  const cls = await root.getAttribute("class");
  assert.match(cls, /\bpromo\b/);
  assert.match(cls, /\bbig\b/);
  assert.equal(await root.evaluate((el) => getComputedStyle(el).zIndex), "1000");
  const size = await page.locator("[data-action-id=a]").boundingBox();
  assert.ok(size.width >= 70, `scaled ×1.5: ${size.width}px wide`);
});

test("the default z-index is the maximum", async () => {
  const { page } = await h.load({ config: config({ buttons: [button("b", "SINGLE", ["a"])], actions: [action("a", "PHONE", "123")] }) });
  await visibleButtons(page);
  assert.equal(await page.locator(".call-now-button").evaluate((el) => getComputedStyle(el).zIndex), "2147483647");
});

test("the 'Powered by' line shows on free domains and not on PRO", async () => {
  const cfg = (type) => config({ domains: [{ id: "dom-1", name: "shop.beckon.test", type, properties: {} }], buttons: [button("m", "MULTI", ["a", "b"], {}, { multiButtonOptions: { defaultState: "OPEN" } })], actions: [action("a", "PHONE", "1"), action("b", "SMS", "2")] });
  const free = await h.load({ config: cfg("FREE") });
  await visibleButtons(free.page);
  assert.match(await free.page.locator(".call-now-button").innerText(), /Powered by Beckon/);
  const pro = await h.load({ config: cfg("PRO") });
  await visibleButtons(pro.page);
  assert.doesNotMatch(await pro.page.locator(".call-now-button").innerText(), /Powered by/);
});

test("axe finds no violations in any button type", async () => {
  // The default look (no owner colours: white on green); owner colours are the owner's contrast.
  const own = { backgroundColor: undefined, iconColor: undefined };
  const actions = [action("p", "PHONE", "+1 555 0100", { labelText: "Call", ...own }), action("w", "WHATSAPP", "+1 555 0101", own), action("e", "EMAIL", "a@shop.test", own), action("l", "LINK", "https://shop.test/", { labelText: "Shop", ...own })];
  const ids = actions.map((a) => a.id);
  const { page } = await h.load({
    config: config({
      buttons: [
        button("s", "SINGLE", ["p"], { placement: "TOP_LEFT" }),
        button("f", "FULL", ids, { placement: "TOP_CENTER" }),
        button("m", "MULTI", ids, { placement: "BOTTOM_RIGHT" }, { multiButtonOptions: { defaultState: "OPEN" } }),
        button("d", "DOTS", ids, { placement: "BOTTOM_LEFT" }),
      ],
      actions,
    }),
    body: "<main><h1>Shop</h1></main>",
  });
  await visibleButtons(page);
  await page.locator(".cnb-dots button[aria-expanded]").click();
  assert.deepEqual(await axeViolations(page), []);
});

test("owner colours apply as given; an invalid one leaves the default white on green, and injects nothing", async () => {
  const actions = [
    action("own", "PHONE", "+1555", { backgroundColor: "#123456", iconColor: "rgb(255, 0, 0)" }),
    action("bad", "EMAIL", "a@b.test", { backgroundColor: "red; display:none", iconColor: "inherit}x{", labelText: "Mail", labelBackgroundColor: "url(x)", labelTextColor: "javascript:1" }),
    action("none", "SMS", "+1555", { backgroundColor: undefined, iconColor: undefined }),
  ];
  const bar = [action("f1", "PHONE", "+1555", { backgroundColor: "nope", labelText: "Call" })];
  const { page } = await h.load({
    config: config({ buttons: [button("m", "MULTI", ["own", "bad", "none"], {}, { multiButtonOptions: { defaultState: "OPEN", iconBackgroundColorOpen: "expression(1)" } }), button("f", "FULL", ["f1"], { placement: "TOP_CENTER" })], actions: [...actions, ...bar] }),
  });
  await visibleButtons(page);
  const look = (sel) => page.locator(sel).evaluate((e) => { const s = getComputedStyle(e); return [s.backgroundColor, s.color, s.display].join("|"); });
  assert.equal(await look("[data-action-id=own] .cnb-i"), "rgb(18, 52, 86)|rgb(255, 0, 0)|flex");
  assert.equal(await look("[data-action-id=bad] .cnb-i"), "rgb(0, 128, 0)|rgb(255, 255, 255)|flex");
  assert.equal(await look("[data-action-id=none] .cnb-i"), "rgb(0, 128, 0)|rgb(255, 255, 255)|flex");
  assert.equal(await look(".cnb-toggle .cnb-i"), "rgb(0, 128, 0)|rgb(255, 255, 255)|flex");
  assert.equal(await look("[data-action-id=bad] .cnb-l"), "rgb(255, 255, 255)|rgb(34, 34, 34)|block");
  assert.equal(await page.locator("[data-action-id=bad] .cnb-l").evaluate((e) => getComputedStyle(e).backgroundImage), "none");
  assert.equal(await look("[data-action-id=f1]"), "rgb(0, 128, 0)|rgb(255, 255, 255)|flex");
  assert.equal(await look("[data-action-id=f1] .cnb-l"), "rgba(0, 0, 0, 0)|rgb(255, 255, 255)|block");
});
