// The live preview shows one visitor screen at a time, readable beside the editor: the phone at its
// real size by default (390 px wide, its labels as large as on a phone), the desktop on request,
// its whole 1280 × 800 viewport fitted to the column or at 100 % in a box that scrolls to the
// button. Each stays whole and in view at any scroll position of the editor (the preview sticks
// beside it) and follows the owner's typing. Narrower than 1024 px the preview stacks below the
// form; on a phone, "Show the preview" (in the bar that sticks to the top) brings it into view and
// "Back to editing" returns to the field.
// With SCREENSHOTS=dir, screenshots go there (docs/console.md's: SCREENSHOTS=$PWD/docs/screenshots).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEMO } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { form, pickChannel, preview, saveDraft } from "../lib/builder.mjs";
import { eventually } from "../lib/wait.mjs";

const SHOTS = process.env.SCREENSHOTS;
const shot = (p, name) => SHOTS && p.screenshot({ path: join(SHOTS, name) });
const fx = beckonFixture({
  owner: { viewport: { width: 1280, height: 800 } },
  async setup({ owner: { page } }) {
    await page.emulateMedia({ reducedMotion: "reduce" });
    // A domain with one call button at the default placement, bottom right; the builder is long
    // enough that it scrolls.
    await page.getByLabel("Site host name").fill("corner.test");
    await page.getByRole("button", { name: "Add the domain" }).click();
    await page.getByRole("heading", { name: "corner.test" }).waitFor();
    await pickChannel(page, "Call");
    await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
    await preview(page).locator(".call-now-button").waitFor();
    await saveDraft(page); // the tablet below opens it too
  },
});

/** Each screen's frame and the visitor viewports it may show (a phone: 390 px wide, 480 to 844 px high). */
const SCREENS = { Desktop: { frame: "desktop", width: 1280, heights: [800, 800] }, Phone: { frame: "phone", width: 390, heights: [480, 844] } };
const iframe = (p, screen) => p.locator(`iframe[title="Preview of your buttons on a ${screen}"]`);

/**
 * Where a preview frame and its button are on the owner's screen: the frame's box, the button's
 * box (frame coordinates × the frame's scale + the frame's place), the visitor viewport's size,
 * and the console's visible area (its scrolling <main>).
 */
async function geometry(p, screen) {
  const inFrame = await preview(p, screen)
    .locator(".call-now-button")
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, vw: innerWidth, vh: innerHeight };
    });
  return iframe(p, screen).evaluate((el, b) => {
    const r = el.getBoundingClientRect();
    const scale = r.width / el.offsetWidth;
    const main = document.querySelector("main").getBoundingClientRect();
    const visible = { left: Math.max(0, main.left), top: Math.max(0, main.top), right: Math.min(innerWidth, main.right), bottom: Math.min(innerHeight, main.bottom) };
    const shown = (x) => ({ left: r.left + x.left * scale, top: r.top + x.top * scale, right: r.left + x.right * scale, bottom: r.top + x.bottom * scale });
    return { frame: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, button: shown(b), viewport: { width: b.vw, height: b.vh }, visible, scale };
  }, inFrame);
}

const inside = (inner, outer) => inner.left >= outer.left - 1 && inner.top >= outer.top - 1 && inner.right <= outer.right + 1 && inner.bottom <= outer.bottom + 1;

/**
 * What is wrong with a frame's place, or "" when it is the whole visitor viewport, on screen, with
 * its button at the bottom right.
 */
function misplaced(name, g, where) {
  const { width, heights } = SCREENS[name];
  if (g.viewport.width !== width || g.viewport.height < heights[0] || g.viewport.height > heights[1]) return `${name}: the preview page has not a visitor's viewport`;
  if (!inside(g.frame, g.visible)) return `${where}: the whole ${name} preview is not on screen`;
  if (!inside(g.button, g.frame)) return `${where}: the button is not inside the ${name} preview`;
  if (!(g.button.right > g.frame.left + (g.frame.right - g.frame.left) * 0.75)) return `${name}: the button is not at the right`;
  if (!(g.button.bottom > g.frame.top + (g.frame.bottom - g.frame.top) * 0.75)) return `${name}: the button is not at the bottom`;
  return "";
}

/**
 * Waits until each shown frame is the whole visitor viewport, on screen, with its button at the
 * bottom right, as the owner sees it once the frames have been measured and scaled (after a resize,
 * a scroll, or something appearing under the frames); fails saying what is still wrong.
 */
async function assertFrames(p, names, where) {
  let wrong = "";
  return eventually(
    async () => {
      const all = [];
      for (const name of names) {
        const g = await geometry(p, SCREENS[name].frame);
        wrong = misplaced(name, g, where);
        if (wrong) return (wrong += ` ${JSON.stringify(g)}`), false;
        all.push(g);
      }
      return all;
    },
    () => wrong,
  );
}

/** Waits until the first publication's Publish button, under the frames, is in view with them (the domain is not published yet). */
async function assertPublishInView(p, where) {
  await eventually(
    () =>
      p.getByRole("button", { name: "Publish", exact: true }).evaluate((b) => {
        const r = b.getBoundingClientRect();
        const main = document.querySelector("main").getBoundingClientRect();
        return r.top >= Math.max(0, main.top) - 1 && r.bottom <= Math.min(innerHeight, main.bottom) + 1;
      }),
    `${where}: the Publish button in view`,
  );
}

/** Scrolls the console's page (its <main>) to the top, the middle or the bottom. */
const scrollEditor = (p, where) =>
  p.evaluate((w) => {
    const main = document.querySelector("main");
    main.scrollTop = { top: 0, middle: (main.scrollHeight - main.clientHeight) / 2, bottom: main.scrollHeight }[w];
  }, where);

const radio = (p, name) => p.getByRole("radio", { name, exact: true });

/** The rendered size, in CSS pixels on the owner's screen, of the text of the button's label in a frame. */
const labelPixels = (p, screen, text) =>
  preview(p, screen)
    .locator(".call-now-button")
    .getByText(text)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
    .then(async (px) => px * (await geometry(p, screen)).scale);

test("at 1280 × 800 the phone is shown (near) its real size beside the editor, readable, whole and in view at any scroll position, and follows the typing", async () => {
  const { page } = fx.owner;
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await radio(page, "Phone").isChecked(), true, "the phone by default");
  assert.equal(await iframe(page, "desktop").count(), 0, "one screen at a time");
  await preview(page, "phone").locator(".call-now-button").waitFor();
  // The stand-in page speaks the console's language: English here (console-language.test.mjs: German).
  await preview(page, "phone").getByRole("heading", { name: "Your page" }).waitFor();
  assert.equal(await preview(page, "phone").locator("html").getAttribute("lang"), "en");
  await page.getByText(/^Phone, 390 × \d+ px, (actual size|shown at \d+ %)$/).waitFor();
  assert.ok(await page.evaluate(() => document.querySelector("main").scrollHeight > document.querySelector("main").clientHeight + 200), "the editor scrolls");
  for (const where of ["top", "middle", "bottom"]) {
    await scrollEditor(page, where);
    const [phone] = await assertFrames(page, ["Phone"], where);
    await assertPublishInView(page, where);
    // Under the frame the first publication's Publish takes some height, and "Draft saved." above:
    // the phone is shown at 80 % or more here (at 100 % with more room), 390 px wide on the page.
    assert.ok(phone.scale >= 0.8, `the phone near its real size: ${phone.scale}`);
  }
  await scrollEditor(page, "top");

  // Typing in the builder shows in the frame, readable: 14 px on the phone, at least 11 px here
  // with the Publish card and its "saved first" line under the frame (it was 4 px at 27 %).
  await form(page, "Call").getByLabel("Text beside the button", { exact: true }).fill("Ring the shop");
  await preview(page, "phone").locator(".call-now-button").getByText("Ring the shop").waitFor();
  const px = await labelPixels(page, "phone", "Ring the shop");
  assert.ok(px >= 11, `the label reads at ${px} px`);
  assert.deepEqual(await axeViolations(page, "body"), []);
  await shot(page, "preview-phone-1280.png");

  // The desktop on request: its whole viewport fitted to the column, at any scroll position.
  await radio(page, "Desktop").check();
  await iframe(page, "phone").waitFor({ state: "detached" });
  await preview(page, "desktop").locator(".call-now-button").getByText("Ring the shop").waitFor();
  for (const where of ["top", "bottom"]) {
    await scrollEditor(page, where);
    await assertFrames(page, ["Desktop"], where);
  }
  await scrollEditor(page, "top");
  await shot(page, "preview-desktop-1280.png");

  // At actual size: 100 %, in a box that starts scrolled to the button (bottom right) and scrolls.
  await page.getByRole("checkbox", { name: "Actual size" }).check();
  await page.getByText(/^Desktop, 1280 × 800 px, actual size$/).waitFor();
  const zoomed = await eventually(async () => {
    const g = await geometry(page, "desktop");
    const box = await page.getByRole("region", { name: "Desktop preview at actual size (scrolls)" }).boundingBox();
    const shown = { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
    return g.scale === 1 && inside(g.button, shown) && g;
  }, "the desktop at 100 % with its button in view");
  assert.ok(zoomed.frame.right - zoomed.frame.left === 1280, "the whole width at 100 %");
  assert.ok((await labelPixels(page, "desktop", "Ring the shop")) >= 13, "readable at 100 %");
  assert.deepEqual(await axeViolations(page, "body"), []);
  await shot(page, "preview-zoomed-1280.png");
  await page.getByRole("checkbox", { name: "Actual size" }).uncheck();
  await radio(page, "Phone").check();
  await iframe(page, "phone").waitFor();
});

test("at a 1024 px window the phone and the desktop (when picked) are each whole and in view", async () => {
  const { page } = fx.owner;
  await page.setViewportSize({ width: 1024, height: 768 });
  assert.equal(await radio(page, "Phone").isChecked(), true);
  for (const name of ["Phone", "Desktop"]) {
    await radio(page, name).check();
    await preview(page, SCREENS[name].frame).locator(".call-now-button").waitFor();
    await page.getByText(new RegExp(`^${name}, ${SCREENS[name].width} × \\d+ px`)).waitFor();
    for (const where of ["top", "middle", "bottom"]) {
      await scrollEditor(page, where);
      await assertFrames(page, [name], where);
      await assertPublishInView(page, where);
    }
    await scrollEditor(page, "top");
  }
  assert.deepEqual(await axeViolations(page, "body"), []);
  await radio(page, "Phone").check();
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("on an upright tablet (820 px, touch) the preview stacks below the builder, the phone at its real size, within the width", async () => {
  const context = await fx.browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, reducedMotion: "reduce" });
  const tablet = await context.newPage();
  // The owner's session, from the same server: log in on the tablet.
  await tablet.goto(`${fx.server.origin}/console/domains`);
  await tablet.getByLabel("E-mail").fill(DEMO.owner);
  await tablet.getByLabel("Password").fill(DEMO.password);
  await tablet.getByRole("button", { name: "Log in" }).tap();
  await tablet.getByRole("link", { name: /^corner\.test/ }).tap();
  await tablet.getByRole("link", { name: "Buttons" }).tap();
  await preview(tablet, "phone").locator(".call-now-button").waitFor({ state: "attached" });
  await iframe(tablet, "phone").scrollIntoViewIfNeeded();
  let g;
  await eventually(async () => (g = await geometry(tablet, "phone")).scale === 1 && g.frame.right <= 820, () => `the phone at 100 % within the width ${JSON.stringify(g)}`);
  assert.ok(inside(g.button, g.frame), "the button inside its frame");
  const builder = await tablet.getByRole("heading", { name: "When and where it shows" }).boundingBox();
  assert.ok(g.frame.top > builder.y, "the preview comes after the builder");
  assert.ok(await tablet.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scrolling");
  // "Show the preview" (in the bar atop the form) brings it into view, by touch too.
  await tablet.getByRole("button", { name: "Show the preview" }).tap();
  await eventually(() => tablet.evaluate(() => document.activeElement?.id === "preview-h"), "focus on the preview's heading");
  await assertFrames(tablet, ["Phone"], "brought into view on the tablet");
  await shot(tablet, "preview-tablet.png");
  // The switch by touch.
  await radio(tablet, "Desktop").tap();
  await iframe(tablet, "phone").waitFor({ state: "detached" });
  await eventually(async () => (g = await geometry(tablet, "desktop")).frame.right <= 820, () => `the desktop fits the width ${JSON.stringify(g)}`);
  assert.deepEqual(await axeViolations(tablet, "body"), []);
  await context.close();
});

test("narrower than 1024 px the preview stacks below the form and fits its width", async () => {
  const { page } = fx.owner;
  await page.setViewportSize({ width: 800, height: 900 });
  await radio(page, "Desktop").check();
  await preview(page, "desktop").locator(".call-now-button").waitFor();
  await iframe(page, "desktop").scrollIntoViewIfNeeded();
  let g;
  await eventually(async () => (g = await geometry(page, "desktop")).frame.right <= 800, () => `fits the width: ${JSON.stringify(g.frame)}`);
  const builder = await page.getByRole("heading", { name: "When and where it shows" }).boundingBox();
  assert.ok(g.frame.top > builder.y, "the preview comes after the builder");
  assert.ok(inside(g.button, g.frame), JSON.stringify(g));
  assert.ok(g.frame.right <= 800, `fits the width: ${JSON.stringify(g.frame)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scrolling");
  await radio(page, "Phone").check();
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(await axeViolations(page, "body"), []);
});

/** Whether the centre of the element is what the owner sees there (not covered by the sticky bar). */
const uncovered = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (el.contains(hit) || hit.contains(el));
  });

test("on a phone (390 × 844) the preview is reachable while editing: Show the preview brings it into view, Back to editing returns to the field", async () => {
  const { page } = fx.owner;
  await page.setViewportSize({ width: 390, height: 844 });
  const text = form(page, "Call").getByLabel("Text beside the button", { exact: true });
  await text.fill("Ring us");
  await text.focus();
  const show = page.getByRole("button", { name: "Show the preview" });
  // The bar with it stays in view wherever the form is scrolled.
  for (const where of ["middle", "top"]) {
    await scrollEditor(page, where);
    await eventually(async () => (await show.isVisible()) && (await uncovered(show)), `${where}: Show the preview in view`);
  }
  await text.evaluate((el) => el.blur());
  await text.focus();
  assert.ok(await uncovered(text), "the focused field is not under the bar");
  await shot(page, "builder-phone-390.png");
  // By keyboard: the button is a plain button; Enter on it brings the preview into view, and
  // focus (a screen reader's too) moves to its heading.
  await show.focus();
  await page.keyboard.press("Enter");
  await eventually(() => page.evaluate(() => document.activeElement?.id === "preview-h"), "focus on the preview's heading");
  await preview(page, "phone").locator(".call-now-button").getByText("Ring us").waitFor();
  const [phone] = await assertFrames(page, ["Phone"], "brought into view");
  assert.ok(phone.scale >= 0.85, `readable on a phone: ${phone.scale}`);
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollTop), 0, "the document never scrolls");
  await shot(page, "preview-phone-390.png");
  await page.getByRole("button", { name: "Back to editing" }).focus();
  await page.keyboard.press("Enter");
  await eventually(() => text.evaluate((el) => el === document.activeElement), "focus back in the field");
  await eventually(() => uncovered(text), "the field in view, not under the bar");
  assert.deepEqual(await axeViolations(page, "body"), []);
  await page.setViewportSize({ width: 1280, height: 800 });
});
