// Labels in a full bar and a dots panel, on the demo page a real `beckon serve --seed-demo` shows
// (its seeded config: "Call us" has the single button's dark label bubble, #333333 on white text).
// There the label is a caption on the action's own colour or on the white panel: no bubble behind
// it, and it fits or wraps ("Directions" whole at 1280 px, not "Directio…").
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";

const fx = beckonFixture();

/** Each label of the root: its text, whether all of it shows, and its computed background and colour. */
const labels = (page, root) =>
  page.locator(`${root} .cnb-act .cnb-l`).evaluateAll((ls) =>
    ls.map((l) => {
      const s = getComputedStyle(l);
      // The text's own box (an ellipsis clips only what is painted: scrollWidth does not see it).
      const r = document.createRange();
      r.selectNodeContents(l);
      const text = r.getBoundingClientRect();
      const box = l.getBoundingClientRect();
      const whole = text.width <= box.width + 0.01 && text.height <= box.height + 0.01;
      return { text: l.textContent, whole, bg: s.backgroundColor, color: s.color };
    }),
  );

for (const width of [1280, 390]) {
  test(`full bar and dots at ${width} px: every label whole, no bubble behind it; the single keeps its bubble`, async () => {
    const { page, context } = await openPage(fx.browser, { viewport: { width, height: 800 } });
    await page.goto(fx.server.origin + "/");
    await page.locator(".cnb-full").waitFor({ state: "visible" });
    const bar = await labels(page, ".cnb-full");
    assert.deepEqual(bar.map((l) => l.text), ["Call us", "WhatsApp", "E-mail", "Directions", "Website"]);
    for (const l of bar) {
      assert.ok(l.whole, `full bar: "${l.text}" is cut`);
      assert.equal(l.bg, "rgba(0, 0, 0, 0)", `full bar: "${l.text}" has a background`);
    }
    // The dots button shows after 300 px of scrolling (its scroll rule).
    await page.mouse.wheel(0, 600);
    const dots = page.locator(".cnb-dots");
    await dots.waitFor({ state: "visible" });
    await dots.locator(".cnb-toggle").click();
    await dots.locator(".cnb-list").waitFor({ state: "visible" });
    const panel = await labels(page, ".cnb-dots");
    assert.deepEqual(panel.map((l) => l.text), ["Call us", "Text us", "Telegram", "Directions", "Website"]);
    for (const l of panel) {
      assert.ok(l.whole, `dots: "${l.text}" is cut`);
      assert.equal(l.bg, "rgba(0, 0, 0, 0)", `dots: "${l.text}" has a background`);
      assert.equal(l.color, "rgb(34, 34, 34)", `dots: "${l.text}" is not the panel's dark text`);
    }
    // The single button's label is the owner's dark bubble.
    const single = await labels(page, '.cnb-single[data-button-id="demo-single"]');
    assert.deepEqual(single.map((l) => [l.text, l.bg, l.color]), [["Call us", "rgb(51, 51, 51)", "rgb(255, 255, 255)"]]);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
}
