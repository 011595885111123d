// The live preview shows the visitor's whole viewport, scaled to fit its box: the desktop and the
// phone side by side where there is room (a 1440 px window, an upright tablet), one of them at a
// time where there is not (a 1024 px window), each switchable. A bottom-right button (the default
// placement) is in view at the bottom right of each frame, whatever the editor's scroll position;
// both frames follow the owner's typing. Narrower than 1024 px the preview stacks below the form
// and still fits its width.
// With SCREENSHOTS=dir, screenshots go there (docs/console.md's: SCREENSHOTS=$PWD/docs/screenshots).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { startBeckon, DEMO } from "../lib/beckon.mjs";
import { launchBrowser } from "../lib/browser.mjs";
import { openConsole } from "../lib/console.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { form, pickChannel, preview, saveDraft } from "../lib/builder.mjs";
import { eventually } from "../lib/wait.mjs";

let beckon;
let browser;
let page;
const SHOTS = process.env.SCREENSHOTS;
const shot = (p, name) => SHOTS && p.screenshot({ path: join(SHOTS, name) });
before(async () => {
  beckon = await startBeckon();
  browser = await launchBrowser();
  ({ page } = await openConsole(browser, beckon.origin, { email: DEMO.owner, path: "domains", viewport: { width: 1440, height: 900 } }));
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
});
after(async () => {
  await browser?.close();
  await beckon?.close();
});

const SCREENS = { Desktop: { frame: "desktop", viewport: { width: 1280, height: 800 } }, Phone: { frame: "phone", viewport: { width: 390, height: 844 } } };
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
  if (JSON.stringify(g.viewport) !== JSON.stringify(SCREENS[name].viewport)) return `${name}: the preview page has not the visitor's viewport`;
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

test("at a 1440 px window desktop and phone stand side by side, both whole and in view at any scroll position, and follow the typing", async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  assert.equal(await radio(page, "Side by side").isChecked(), true, "side by side where there is room");
  await preview(page, "phone").locator(".call-now-button").waitFor();
  await page.getByText(/^Desktop, 1280 × 800 px, shown at \d+ %/).waitFor();
  await page.getByText(/^Phone, 390 × 844 px, shown at \d+ %/).waitFor();
  assert.ok(await page.evaluate(() => document.querySelector("main").scrollHeight > document.querySelector("main").clientHeight + 200), "the editor scrolls");
  await shot(page, "preview-side-by-side-1440.png");
  for (const where of ["top", "middle", "bottom"]) {
    await scrollEditor(page, where);
    const [desktop, phone] = await assertFrames(page, ["Desktop", "Phone"], where);
    await assertPublishInView(page, where);
    // Side by side: the phone right of the desktop, not overlapping, bottoms level, same height.
    assert.ok(phone.frame.left >= desktop.frame.right, `side by side ${JSON.stringify([desktop.frame, phone.frame])}`);
    assert.ok(Math.abs(phone.frame.bottom - desktop.frame.bottom) <= 1 && Math.abs(phone.frame.top - desktop.frame.top) <= 1, "the same height");
    assert.ok(desktop.scale >= 0.25, `the desktop stays legible: ${desktop.scale}`);
  }
  await scrollEditor(page, "top");

  // Typing in the builder shows in both frames.
  await form(page, "Call").getByLabel("Text beside the button", { exact: true }).fill("Ring the shop");
  await preview(page, "desktop").locator(".call-now-button").getByText("Ring the shop").waitFor();
  await preview(page, "phone").locator(".call-now-button").getByText("Ring the shop").waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);

  // One screen at a time on request, bigger.
  const sideBySideScale = (await geometry(page, "desktop")).scale;
  for (const name of ["Phone", "Desktop"]) {
    await radio(page, name).check();
    const other = name === "Phone" ? "desktop" : "phone";
    await iframe(page, other).waitFor({ state: "detached" });
    await preview(page, SCREENS[name].frame).locator(".call-now-button").waitFor();
    for (const where of ["top", "bottom"]) {
      await scrollEditor(page, where);
      await assertFrames(page, [name], where);
    }
    await scrollEditor(page, "top");
  }
  assert.ok((await geometry(page, "desktop")).scale > sideBySideScale, "alone, the desktop is shown larger");
  await radio(page, "Side by side").check();
  await iframe(page, "phone").waitFor();
});

test("at a 1024 px window there is room for one screen: the desktop, or the phone when picked, each whole and in view", async () => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await iframe(page, "phone").waitFor({ state: "detached" });
  assert.equal(await radio(page, "Side by side").count(), 0, "no side by side without room");
  assert.equal(await radio(page, "Desktop").isChecked(), true);
  await shot(page, "preview-1024.png");
  for (const name of ["Desktop", "Phone"]) {
    await radio(page, name).check();
    await preview(page, SCREENS[name].frame).locator(".call-now-button").waitFor();
    const { width, height } = SCREENS[name].viewport;
    await page.getByText(new RegExp(`^${name}, ${width} × ${height} px`)).waitFor();
    for (const where of ["top", "middle", "bottom"]) {
      await scrollEditor(page, where);
      await assertFrames(page, [name], where);
      await assertPublishInView(page, where);
    }
    await scrollEditor(page, "top");
  }
  assert.deepEqual(await axeViolations(page, "body"), []);
  // Back to a wide window: the owner's pick (the phone) stays, side by side is offered again.
  await page.setViewportSize({ width: 1440, height: 900 });
  await radio(page, "Side by side").waitFor();
  assert.equal(await radio(page, "Phone").isChecked(), true);
  await radio(page, "Side by side").check();
});

test("on an upright tablet (820 px, touch) the preview stacks below the builder with both screens side by side, within the width", async () => {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, reducedMotion: "reduce" });
  const tablet = await context.newPage();
  // The owner's session, from the same server: log in on the tablet.
  await tablet.goto(`${beckon.origin}/console/domains`);
  await tablet.getByLabel("E-mail").fill(DEMO.owner);
  await tablet.getByLabel("Password").fill(DEMO.password);
  await tablet.getByRole("button", { name: "Log in" }).tap();
  await tablet.getByRole("link", { name: /^corner\.test/ }).tap();
  await tablet.getByRole("link", { name: "Buttons" }).tap();
  await preview(tablet, "phone").locator(".call-now-button").waitFor({ state: "attached" });
  await iframe(tablet, "desktop").scrollIntoViewIfNeeded();
  // Once measured and scaled, the two frames stand side by side within the width.
  let frames = [];
  const [desktop, phone] = await eventually(
    async () => {
      const [d, ph] = (frames = [await geometry(tablet, "desktop"), await geometry(tablet, "phone")]);
      return ph.frame.left >= d.frame.right && ph.frame.right <= 820 && frames;
    },
    () => `side by side within the width ${JSON.stringify(frames.map((g) => g.frame))}`,
  );
  assert.ok(inside(desktop.button, desktop.frame) && inside(phone.button, phone.frame), "each button inside its frame");
  assert.ok(await tablet.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scrolling");
  await shot(tablet, "preview-tablet.png");
  // The switch by touch.
  await radio(tablet, "Phone").tap();
  await iframe(tablet, "desktop").waitFor({ state: "detached" });
  assert.deepEqual(await axeViolations(tablet, "body"), []);
  await context.close();
});

test("narrower than 1024 px the preview stacks below the form and fits its width", async () => {
  await page.setViewportSize({ width: 800, height: 900 });
  await radio(page, "Desktop").check();
  await preview(page).locator(".call-now-button").waitFor();
  await iframe(page, "desktop").scrollIntoViewIfNeeded();
  let g;
  await eventually(async () => (g = await geometry(page, "desktop")).frame.right <= 800, () => `fits the width: ${JSON.stringify(g.frame)}`);
  const builder = await page.getByRole("heading", { name: "When and where it shows" }).boundingBox();
  assert.ok(g.frame.top > builder.y, "the preview comes after the builder");
  assert.ok(inside(g.button, g.frame), JSON.stringify(g));
  assert.ok(g.frame.right <= 800, `fits the width: ${JSON.stringify(g.frame)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scrolling");
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(await axeViolations(page, "body"), []);
});
