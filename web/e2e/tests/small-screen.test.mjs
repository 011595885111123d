// Surfaces on a phone (390×844, touch), against a real `beckon serve`: the chat and the pop-out
// modals fill the visual viewport (also when it shrinks: here by zooming in, as the on-screen
// keyboard shrinks it), and while one is open the page behind neither scrolls nor takes taps; it
// scrolls again once the surface is closed. Opening the chat raises no on-screen keyboard: no text
// field takes the focus until the visitor taps one. Buttons with labels at the bottom left, centre
// and right never cover each other on a phone (the built loader on a page of its own; with
// SCREENSHOTS=dir the phone's screenshot goes there).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { harness, visibleButtons } from "../lib/harness.mjs";
import { action, button, config } from "../lib/fixtures.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatFixture, composer, focusedElement } from "../lib/chat.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";

const whatsapp = {
  id: "s-wa",
  actionType: "WHATSAPP",
  actionValue: "+31612345678",
  labelText: "WhatsApp us",
  backgroundColor: "#008069",
  iconEnabled: true,
  iconType: "FONT",
  iconText: "whatsapp",
  iconColor: "#ffffff",
  properties: { "whatsapp-dialog-type": "popout", "chatmodal-messages": "Hello 👋" },
};
const fx = chatFixture({ agent: false, publish: { actions: [whatsapp] } });
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

async function phone() {
  const opened = await openPage(fx.browser, { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: "reduce" });
  const { page } = opened;
  await page.goto(fx.site.page("/long"));
  // A long article: the page scrolls.
  await page.evaluate(() => document.querySelector("main").insertAdjacentHTML("beforeend", '<p style="height:3000px">Long read.</p>'));
  await page.locator(".call-now-button").first().waitFor({ state: "visible" });
  return opened;
}

/** Two frames later: whatever a wheel or tap was going to do has been done. */
const settled = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const box = (dialog) => dialog.evaluate((d) => { const r = d.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round); });

test("the chat fills the phone's screen; the page behind neither scrolls nor takes taps, until it closes", async () => {
  const { page, context } = await phone();
  const more = page.locator('.call-now-button[data-button-id="more-button"] .cnb-toggle');
  const moreBox = await more.boundingBox();
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).tap();
  const dialog = page.getByRole("dialog", { name: "Live chat" });
  await dialog.waitFor();
  assert.deepEqual(await box(dialog), [0, 0, 390, 844], "the whole screen");
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);

  // A tap where the other floating button is lands on the chat, not on the button.
  await page.touchscreen.tap(moreBox.x + moreBox.width / 2, moreBox.y + moreBox.height / 2);
  await settled(page);
  assert.equal(await more.getAttribute("aria-expanded"), "false", "the button under the chat took no tap");
  // Scrolling over the chat's header does not move the page.
  await page.mouse.move(195, 40);
  await page.mouse.wheel(0, 600);
  await settled(page);
  assert.equal(await page.evaluate(() => scrollY), 0, "the page did not scroll");

  // Closed: the page scrolls again.
  await dialog.getByRole("button", { name: "Close" }).tap();
  await dialog.waitFor({ state: "detached" });
  await page.mouse.wheel(0, 600);
  await page.waitForFunction(() => scrollY > 0);
  await context.close();
});

test("a pop-out modal fills the screen too, and follows the visual viewport when it shrinks", async () => {
  const { page, context } = await phone();
  await page.locator('.call-now-button[data-button-id="more-button"] .cnb-toggle').tap();
  await page.locator('.call-now-button [data-action-id="s-wa"]').tap();
  const dialog = page.getByRole("dialog", { name: "WhatsApp us" });
  await dialog.waitFor();
  assert.deepEqual(await box(dialog), [0, 0, 390, 844]);
  // The visual viewport shrinks (zoomed in here, as by a pinch; the on-screen keyboard shrinks it
  // too): the modal is then exactly what the visitor sees.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setPageScaleFactor", { pageScaleFactor: 2 });
  await page.waitForFunction(() => visualViewport.scale > 1.5);
  const vv = () => page.evaluate(() => [visualViewport.offsetLeft, visualViewport.offsetTop, visualViewport.width, visualViewport.height].map(Math.round));
  await page.waitForFunction(() => {
    const d = document.querySelector(".cnb-m-host").shadowRoot.querySelector('[role="dialog"]').getBoundingClientRect();
    const v = visualViewport;
    return Math.abs(d.top - v.offsetTop) < 1 && Math.abs(d.height - v.height) < 1 && Math.abs(d.width - v.width) < 1 && Math.abs(d.left - v.offsetLeft) < 1;
  });
  const [x, y, w, h] = await vv();
  assert.ok(w < 390 && h < 844, `the visual viewport shrank: ${[x, y, w, h]}`);
  await context.close();
});

test("buttons with labels at the bottom left, centre and right never cover each other on a phone; a wide screen keeps them in one row", async () => {
  const h = await harness();
  try {
    const actions = [
      action("call", "PHONE", "+31201234567", { labelText: "Call the shop" }),
      action("wa", "WHATSAPP", "+31612345678", { labelText: "Chat with us on WhatsApp" }),
      action("map", "MAP", "Damrak 1, Amsterdam", { labelText: "Directions to the shop" }),
    ];
    const buttons = [button("left", "SINGLE", ["call"], { placement: "BOTTOM_LEFT" }), button("centre", "SINGLE", ["wa"], { placement: "BOTTOM_CENTER" }), button("right", "SINGLE", ["map"], { placement: "BOTTOM_RIGHT" })];
    const page = { config: config({ buttons, actions }) };
    // Each button's visible parts (its circle and its label), as boxes.
    const parts = (p) =>
      p.locator(".call-now-button").evaluateAll((roots) =>
        roots.map((r) => [...r.querySelectorAll(".cnb-i, .cnb-l")].map((e) => e.getBoundingClientRect()).map((b) => ({ x: b.x, y: b.y, right: b.right, bottom: b.bottom }))),
      );
    const meet = (a, b) => a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;

    const small = await h.load(page, { viewport: PHONE, isMobile: true, hasTouch: true });
    assert.equal(await visibleButtons(small.page), 3);
    const boxes = await parts(small.page);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        for (const a of boxes[i]) for (const b of boxes[j]) assert.ok(!meet(a, b), `buttons ${i + 1} and ${j + 1} meet: ${JSON.stringify([a, b])}`);
    // Every part in view, the labels whole (not cut to an ellipsis).
    for (const b of boxes.flat()) assert.ok(b.x >= 0 && b.right <= PHONE.width && b.y >= 0 && b.bottom <= PHONE.height, JSON.stringify(b));
    assert.deepEqual(await small.page.locator(".cnb-l").evaluateAll((ls) => ls.filter((l) => l.scrollWidth > l.clientWidth).length), 0);
    assert.deepEqual(await axeViolations(small.page, ".call-now-button"), []);
    if (process.env.SCREENSHOTS) await small.page.screenshot({ path: join(process.env.SCREENSHOTS, "phone-buttons.png") });

    // A wide screen has room: the three stay side by side at the bottom.
    const wide = await h.load(page, { viewport: { width: 1280, height: 800 } });
    await visibleButtons(wide.page);
    const circles = (await parts(wide.page)).map((b) => Math.round(b[0].bottom));
    assert.deepEqual(circles, [circles[0], circles[0], circles[0]]);
  } finally {
    await h.close();
  }
});

test("opening the chat on a phone focuses no text field (no keyboard before the visitor asks); after Save the message box has it", async () => {
  const { page, context } = await phone();
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).tap();
  const dialog = page.getByRole("dialog", { name: "Live chat" });
  await dialog.getByRole("form", { name: "Profile" }).waitFor();
  assert.equal(await focusedElement(page), "div dialog", "the dialog itself has the focus, no text field");
  await shot(page, "chat-phone-open.png");

  // The visitor taps the fields and saves: they asked to write, so the message box takes the focus.
  await dialog.getByLabel(/name/i).tap();
  await page.keyboard.type("Ivy Visitor");
  await dialog.getByLabel(/e-?mail/i).fill("ivy@example.com");
  await dialog.getByRole("button", { name: "Save" }).tap();
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
  let at;
  await eventually(async () => (at = await focusedElement(page)) == "textarea Message", () => `the message box to have the focus (it is on ${at})`);
  await shot(page, "chat-phone-after-save.png");
  await context.close();
});
