// The demo page (`beckon serve --seed-demo`, then `/`) says what a visitor can try there; each of
// its claims is checked here against the page as a visitor gets it, so the seeded config
// (crates/model/tests/fixtures/demo.json) and the page's text (web/demo/index.body.html) cannot
// drift apart again. The full bar across the top covers no heading, also after the anchor's jump.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { ROOT, DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { logged } from "../lib/harness.mjs";
import { axeViolations } from "../lib/axe.mjs";

const fx = beckonFixture();
const demo = JSON.parse(await readFile(`${ROOT}/crates/model/tests/fixtures/demo.json`, "utf8")); // the seeded config

const DESKTOP = { width: 1280, height: 800 };
const PHONE_WIDTH = { width: 420, height: 800 }; // narrower than 450 px, upright: a phone's width
const PHONE = { width: 390, height: 844 };

/** What is drawn over a heading, at its first letter and its middle: nothing (null), or the element on top. */
const coveredBy = (heading) =>
  heading.evaluate((h) => {
    const r = h.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(h);
    const text = range.getBoundingClientRect();
    for (const [x, y] of [[text.left + 4, r.top + r.height / 2], [text.left + text.width / 2, r.top + r.height / 2]]) {
      const top = document.elementFromPoint(x, y);
      if (!top || !h.contains(top)) return top ? top.closest("[data-button-id]")?.dataset.buttonId ?? top.outerHTML.slice(0, 80) : "outside the window";
    }
    return null;
  });

async function openDemo(viewport = DESKTOP) {
  const opened = await openPage(fx.browser, { viewport });
  await opened.page.goto(`${fx.server.origin}/`);
  await opened.page.getByRole("heading", { name: "Beckon demo" }).waitFor();
  await opened.page.locator(".call-now-button").first().waitFor();
  return opened;
}

/** The ids of the button roots a visitor sees. */
const shownIds = (page) =>
  page.locator(".call-now-button").evaluateAll((els) =>
    els
      .filter((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .map((e) => e.dataset.buttonId)
      .sort(),
  );

test("the page's list of things to try is the one checked here", async () => {
  const { page, context } = await openDemo();
  const items = await page.getByRole("heading", { name: "What to try" }).locator("xpath=following-sibling::ul/li").allTextContents();
  const said = items.map((t) => t.replace(/\s+/g, " ").trim());
  assert.deepEqual(said, [
    "Tap a button: each opens its link (call, WhatsApp, e-mail, map …).",
    "Open the multi button and close it with Esc; everything works by keyboard.",
    'Narrow the window to under 450 px (a phone\'s width): the desktop-only e-mail button at the bottom centre goes, and the phones-only "Text us" button on the left comes.',
    "Scroll down: a button with scroll rules appears after 300 px.",
    'Set localStorage["cnb.debug"] = "true" to see the startup code in the console.',
    "Answer chats and edit these buttons in the Beckon console (owner owner@demo.beckon, agent agent@demo.beckon, password demo).",
  ]);
  await context.close();
});

test("the floating buttons are the seeded configuration's, for this screen", async () => {
  const { page, context } = await openDemo();
  // Every button for desktops (the dots wait for scrolling).
  const forDesktop = demo.buttons.filter((b) => b.options.displayMode !== "MOBILE_ONLY" && !b.options.scroll).map((b) => b.id);
  await page.waitForFunction((n) => document.querySelectorAll(".call-now-button").length >= n, forDesktop.length);
  assert.deepEqual(await shownIds(page), forDesktop.sort());
  await context.close();
});

test("tap a button: each opens its link (call, WhatsApp, e-mail, map …)", async () => {
  const { page, context } = await openDemo();
  const bar = page.locator('.call-now-button[data-button-id="demo-full"]');
  const href = (type) => bar.locator(`a[data-action-type="${type}"]`).getAttribute("href");
  assert.equal(await href("PHONE"), "tel:+15550100100");
  assert.match(await href("WHATSAPP"), /^https:\/\/wa\.me\/15550100105\?text=Hi!%20I'm%20trying%20the%20Beckon%20demo\.$/);
  assert.match(await href("EMAIL"), /^mailto:hello@example\.com\?subject=Hello%20from%20the%20Beckon%20demo/);
  assert.match(await href("MAP"), /Dam%201|Dam\+1/);
  assert.equal(await href("LINK"), "https://example.com/");
  // A tap on the website link opens it (answered here: nothing is fetched from outside).
  await context.route("https://example.com/", (r) => r.fulfill({ contentType: "text/html", body: "<title>Example</title>" }));
  const opened = context.waitForEvent("page");
  await bar.locator('a[data-action-type="LINK"]').click();
  assert.equal((await opened).url(), "https://example.com/");
  await context.close();
});

test("open the multi button and close it with Esc, all by keyboard; its anchor action scrolls to Contact", async () => {
  const { page, context } = await openDemo();
  const multi = page.locator('.call-now-button[data-button-id="demo-multi"]');
  const toggle = multi.getByRole("button", { name: /Contact us/ });
  // Tab until the multi button's toggle has the focus.
  for (let i = 0; i < 40 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  assert.ok(await toggle.evaluate((el) => el === document.activeElement), "the toggle is reachable by Tab");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector('[data-button-id="demo-multi"]').classList.contains("cnb-expand"));
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector('[data-button-id="demo-multi"]').classList.contains("cnb-expand"));
  assert.ok(await toggle.evaluate((el) => el === document.activeElement), "focus is back on the toggle");

  // "The anchor action scrolls here": open again and pick "Contact section".
  await page.keyboard.press("Enter");
  const anchor = multi.locator('[data-action-type="ANCHOR"]');
  await anchor.waitFor({ state: "visible" });
  await anchor.focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => {
    const r = document.getElementById("contact").getBoundingClientRect();
    return r.top >= 0 && r.top < innerHeight;
  });
  await context.close();
});

test("the top bar covers no heading: the page's at first, Contact after the anchor's jump (desktop and phone)", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, context } = await openDemo(viewport);
    const bar = page.locator('.call-now-button[data-button-id="demo-full"]');
    await bar.locator('a[data-action-type="PHONE"]').waitFor();
    assert.equal(await coveredBy(page.getByRole("heading", { name: "Beckon demo" })), null, `the page's heading at ${viewport.width} px`);
    assert.deepEqual(await axeViolations(page), [], `the buttons at ${viewport.width} px`);
    assert.deepEqual(await axeViolations(page, "main"), [], `the page at ${viewport.width} px`);
    await page.locator('.call-now-button[data-button-id="demo-multi"]').getByRole("button", { name: /Contact us/ }).click();
    await page.locator('.call-now-button[data-button-id="demo-multi"] [data-action-type="ANCHOR"]').click();
    const contact = page.getByRole("heading", { name: "Contact" });
    // The jump has ended once the page, scrolled down to Contact, stays where it is.
    await page.waitForFunction(
      () => {
        const [y, last] = [scrollY, window.lastY];
        window.lastY = y;
        return y > 300 && y === last;
      },
      null,
      { polling: 100 },
    );
    assert.equal(await coveredBy(contact), null, `Contact after the jump at ${viewport.width} px`);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/demo-contact-${viewport.width}.png` });
    await context.close();
  }
});

test("narrowing the window to a phone's width: the desktop-only button goes and the phones-only one comes", async () => {
  const { page, context } = await openDemo();
  const desktopOnly = page.locator('.call-now-button[data-button-id="demo-desktop"]');
  const phoneOnly = page.locator('.call-now-button[data-button-id="demo-mobile"]');
  await desktopOnly.getByText("E-mail").waitFor();
  assert.equal(await phoneOnly.count(), 0);
  await page.setViewportSize(PHONE_WIDTH);
  await phoneOnly.getByText("Text us").waitFor();
  await desktopOnly.waitFor({ state: "detached" });
  assert.match(await phoneOnly.locator("a").getAttribute("href"), /^sms:\+15550100103/);
  await page.setViewportSize(DESKTOP);
  await desktopOnly.waitFor();
  await phoneOnly.waitFor({ state: "detached" });
  await context.close();
});

test("scroll down: the button with scroll rules appears after 300 px", async () => {
  const { page, context } = await openDemo();
  const dots = page.locator('.call-now-button[data-button-id="demo-dots"]');
  assert.equal(await dots.isVisible(), false);
  await page.evaluate(() => scrollTo(0, 200));
  await page.waitForFunction(() => scrollY === 200);
  assert.equal(await dots.isVisible(), false, "not yet at 200 px");
  await page.evaluate(() => scrollTo(0, 400));
  await dots.waitFor({ state: "visible" });
  await context.close();
});

test('localStorage["cnb.debug"] = "true" shows the startup code in the console', async () => {
  const { page, context, logs } = await openDemo();
  assert.ok(!logs.some((l) => l.text.includes("startup code")), "quiet without the switch");
  await page.evaluate(() => localStorage.setItem("cnb.debug", "true"));
  await page.reload();
  await page.locator(".call-now-button").first().waitFor();
  await logged(logs, /^Beckon: startup code 0$/);
  await context.close();
});

test("the console link, with the owner and the agent accounts the page names", async () => {
  for (const [email, sees] of [
    [DEMO.owner, "Domains"],
    [DEMO.agent, "Inbox"],
  ]) {
    const { page, context } = await openDemo();
    await page.getByRole("link", { name: "Beckon console" }).click();
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: sees }).waitFor();
    await context.close();
  }
});
