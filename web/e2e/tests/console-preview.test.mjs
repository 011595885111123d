// The live preview shows the visitor's whole viewport, scaled to fit its box, on desktop and
// phone: a bottom-right button (the default placement) is in view at the bottom right of the
// preview, whatever the editor's scroll position, at window widths from 1024 px up; narrower, the
// preview stacks below the form and still fits its width.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startBeckon, DEMO } from "../lib/beckon.mjs";
import { launchBrowser } from "../lib/browser.mjs";
import { openConsole } from "../lib/console.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { form, pickChannel } from "../lib/builder.mjs";

let beckon;
let browser;
let page;
before(async () => {
  beckon = await startBeckon();
  browser = await launchBrowser();
  ({ page } = await openConsole(browser, beckon.origin, { email: DEMO.owner, path: "domains", viewport: { width: 1024, height: 768 } }));
  // A domain with one call button at the default placement, bottom right; the builder is long
  // enough that it scrolls.
  await page.getByLabel("Site host name").fill("corner.test");
  await page.getByRole("button", { name: "Add the domain" }).click();
  await page.getByRole("heading", { name: "corner.test" }).waitFor();
  await pickChannel(page, "Call");
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  await frame().locator(".call-now-button").waitFor();
});
after(async () => {
  await browser?.close();
  await beckon?.close();
});

const frame = () => page.frameLocator('iframe[title="Preview of your buttons"]');

/**
 * Where the preview and its button are on the owner's screen: the frame's box, the button's box
 * (frame coordinates × the frame's scale + the frame's place), the visitor viewport's size, and
 * the console's visible area (its scrolling <main>).
 */
async function geometry() {
  const iframe = page.locator('iframe[title="Preview of your buttons"]');
  const inFrame = await frame()
    .locator(".call-now-button")
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, vw: innerWidth, vh: innerHeight };
    });
  return iframe.evaluate((el, b) => {
    const r = el.getBoundingClientRect();
    const scale = r.width / el.offsetWidth;
    const main = document.querySelector("main").getBoundingClientRect();
    const visible = { left: Math.max(0, main.left), top: Math.max(0, main.top), right: Math.min(innerWidth, main.right), bottom: Math.min(innerHeight, main.bottom) };
    const shown = (x) => ({ left: r.left + x.left * scale, top: r.top + x.top * scale, right: r.left + x.right * scale, bottom: r.top + x.bottom * scale });
    return { frame: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, button: shown(b), viewport: { width: b.vw, height: b.vh }, visible, scale };
  }, inFrame);
}

const inside = (inner, outer) => inner.left >= outer.left - 1 && inner.top >= outer.top - 1 && inner.right <= outer.right + 1 && inner.bottom <= outer.bottom + 1;

/** Scrolls the console's page (its <main>) to the top, the middle or the bottom. */
const scrollEditor = (where) =>
  page.evaluate((w) => {
    const main = document.querySelector("main");
    main.scrollTop = { top: 0, middle: (main.scrollHeight - main.clientHeight) / 2, bottom: main.scrollHeight }[w];
  }, where);

for (const width of [1024, 1440]) {
  for (const screen of ["Desktop", "Phone"]) {
    test(`${screen} preview at a ${width} px window: the whole visitor viewport with its bottom-right button in view at any scroll position`, async () => {
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
      await page.getByRole("radio", { name: screen, exact: true }).check();
      await frame().locator(".call-now-button").waitFor();
      const expected = screen === "Phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      await page.getByText(new RegExp(`^${screen}, ${expected.width} × ${expected.height} px`)).waitFor();
      assert.ok(await page.evaluate(() => document.querySelector("main").scrollHeight > document.querySelector("main").clientHeight + 200), "the editor scrolls");
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/preview-${screen}-${width}.png` });
      for (const where of ["top", "middle", "bottom"]) {
        await scrollEditor(where);
        const g = await geometry();
        assert.deepEqual(g.viewport, expected, "the preview page has the visitor's viewport");
        assert.ok(inside(g.frame, g.visible), `${where}: the whole preview is on screen ${JSON.stringify(g)}`);
        assert.ok(inside(g.button, g.frame), `${where}: the button is inside the preview ${JSON.stringify(g)}`);
        // Bottom right of the visitor's screen, so bottom right of the preview.
        assert.ok(g.button.right > g.frame.left + (g.frame.right - g.frame.left) * 0.75, "at the right");
        assert.ok(g.button.bottom > g.frame.top + (g.frame.bottom - g.frame.top) * 0.75, "at the bottom");
      }
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/preview-${screen}-${width}-bottom.png` });
      await scrollEditor("top");
    });
  }
}

test("narrower than 1024 px the preview stacks below the form and fits its width", async () => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.getByRole("radio", { name: "Desktop", exact: true }).check();
  await frame().locator(".call-now-button").waitFor();
  await page.locator('iframe[title="Preview of your buttons"]').scrollIntoViewIfNeeded();
  const g = await geometry();
  const builder = await page.getByRole("heading", { name: "When and where it shows" }).boundingBox();
  assert.ok(g.frame.top > builder.y, "the preview comes after the builder");
  assert.ok(inside(g.button, g.frame), JSON.stringify(g));
  assert.ok(g.frame.right <= 800, `fits the width: ${JSON.stringify(g.frame)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scrolling");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/preview-stacked-800.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(await axeViolations(page, "body"), []);
});
