// The surfaces as a site gets them from a real `beckon serve`: the hosted embed's loader draws the
// buttons, a click imports the app chunk (beckon-app.js) from the server and opens the surface.
// Every surface type opens and closes by mouse and by keyboard with focus back on its button, axe
// finds nothing in any of them, right-to-left pages mirror the chat, the chunk is prefetched on
// hover (the warm-up it starts stays invisible), and when the chunk cannot load the button still
// works as its link (spec §8 ChunkLoadError).
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually, extrasRan, markExtrasRun } from "../lib/wait.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture } from "../lib/chat.mjs";

const surface = (id, actionType, actionValue, labelText, properties = {}) => ({
  id,
  actionType,
  actionValue,
  labelText,
  backgroundColor: "#333333",
  iconEnabled: true,
  iconType: "FONT",
  iconText: id,
  iconColor: "#ffffff",
  properties,
});

/** Each surface action, and the accessible name of the dialog it opens. */
const SURFACES = [
  [surface("s-wa", "WHATSAPP", "+31612345678", "WhatsApp us", { "whatsapp-dialog-type": "popout", "chatmodal-messages": "Hello 👋" }), "WhatsApp us"],
  [surface("s-fb", "FACEBOOK", "beckonshop", "Messenger", { "facebook-dialog-type": "popout" }), "Messenger"],
  [surface("s-fr", "IFRAME", "https://menu.example/card", "Our menu", { "iframe-title": "Our menu" }), "Our menu"],
  [surface("s-ty", "TALLY", "https://tally.so/r/w4Xy9a", "Feedback"), "Feedback"],
];

const fx = chatFixture({ agent: false, publish: { actions: SURFACES.map(([a]) => a) } });

/** A visitor on the site; third-party hosts (and the framed page) are answered locally, as offline. */
async function visit({ dir, reducedMotion = "reduce", block } = {}) {
  const opened = await openPage(fx.browser, { reducedMotion });
  const { context, page } = opened;
  await context.route(/^https:\/\/(wa\.me|m\.me|tally\.so)\//, (r) => r.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>Elsewhere</title><main><h1>Elsewhere</h1></main></html>" }));
  await context.route("https://menu.example/card", (r) => r.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>Menu</title><main><h1>Menu</h1></main></html>" }));
  if (block) await context.route(block, (r) => r.abort("connectionfailed"));
  await markExtrasRun(page);
  page.appRequests = [];
  page.on("request", (r) => r.url().endsWith("/beckon-app.js") && page.appRequests.push(Date.now()));
  await page.goto(fx.site.page(dir ? `/shop-${dir}` : "/shop", { dir }));
  await page.locator(".call-now-button").first().waitFor({ state: "visible" });
  await page.evaluate(() => {
    window.events = [];
    for (const n of ["cnb:open", "cnb:expand", "cnb:close"]) document.addEventListener(n, (e) => events.push(n + ":" + (e.detail.actionId || e.detail.buttonId)));
  });
  return opened;
}

const actionButton = (page, id) => page.locator(`.call-now-button [data-action-id="${id}"]`);
const toggle = (page) => page.locator('.call-now-button[data-button-id="more-button"] .cnb-toggle');
const focusedActionId = (page) => page.evaluate(() => document.activeElement?.getAttribute("data-action-id") || document.activeElement?.className);

test("every surface opens from its button by mouse and by keyboard, closes both ways, focus returns; axe finds nothing", async () => {
  const { page, errors } = await visit();
  for (const [a, name] of [...SURFACES, [{ id: CHAT_ACTION_ID }, "Live chat"]]) {
    const inMulti = a.id != CHAT_ACTION_ID;
    // Mouse: open from the button (the multi button's list first), close with the Close button.
    if (inMulti) await toggle(page).click();
    await actionButton(page, a.id).click();
    const d = page.getByRole("dialog", { name });
    await d.waitFor({ state: "visible" });
    assert.deepEqual(await axeViolations(page, ".cnb-m-host"), [], `${a.id}: axe`);
    await d.getByRole("button", { name: "Close" }).click();
    await d.waitFor({ state: "detached" });
    // Keyboard: Enter on the focused button opens, Esc closes, focus comes back.
    if (inMulti) {
      await toggle(page).focus();
      await page.keyboard.press("Enter");
    }
    await actionButton(page, a.id).focus();
    await page.keyboard.press("Enter");
    await d.waitFor({ state: "visible" });
    assert.ok(await d.evaluate((el) => el.contains(el.getRootNode().activeElement)), `${a.id}: focus moved into the dialog`);
    await page.keyboard.press("Escape");
    await d.waitFor({ state: "detached" });
    const back = await focusedActionId(page);
    assert.ok(back == a.id || /cnb-toggle/.test(back), `${a.id}: focus back on its button (${back})`);
  }
  const events = await page.evaluate(() => window.events);
  for (const [a] of SURFACES) {
    assert.ok(events.includes(`cnb:open:${a.id}`) && events.includes(`cnb:expand:${a.id}`) && events.includes(`cnb:close:${a.id}`), `${a.id}: events ${events}`);
  }
  assert.deepEqual(errors, []);
});

test("right-to-left pages mirror the chat window", async () => {
  const { page } = await visit({ dir: "rtl" });
  await actionButton(page, CHAT_ACTION_ID).click();
  const d = chatDialog(page);
  await d.waitFor({ state: "visible" });
  assert.match(await d.getAttribute("class"), /cnb-m-rtl/);
  const box = await d.boundingBox();
  assert.ok(box.x < 40, `at the left edge (x = ${box.x})`);
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
});

/**
 * Does `reach` (hover or focus the chat button) and waits until the app chunk is fetched. The
 * prefetch listeners come with the extras chunk, which loads just after the buttons show: reached
 * once it has run (visit() marks that), as a hover before it only loads the app on the click.
 */
async function prefetchedBy(page, reach) {
  await extrasRan(page);
  const fetched = page.waitForResponse((r) => r.url().endsWith("/beckon-app.js"));
  await reach();
  await fetched;
}

test("the app chunk is prefetched on hover or focus, before the click", async () => {
  const { page } = await visit();
  assert.equal(page.appRequests.length, 0, "not loaded with the page");
  const chat = actionButton(page, CHAT_ACTION_ID);
  await prefetchedBy(page, () => chat.hover());
  await chat.click();
  await chatDialog(page).waitFor({ state: "visible" });
  assert.equal(page.appRequests.length, 1, "fetched once");

  // Keyboard users get it too: the focus reaching the button prefetches.
  const other = await visit();
  const otherChat = actionButton(other.page, CHAT_ACTION_ID);
  await prefetchedBy(other.page, () => otherChat.focus());
});

test("the warm-up after a hover shows, focuses, announces and connects nothing before the click", async () => {
  const { page, errors } = await visit({ reducedMotion: "no-preference" });
  // A returning visitor: with a profile stored, an opened chat window connects at once.
  await page.evaluate(() => localStorage.setItem("cnb.chat.persona", JSON.stringify({ name: "Ann", email: "ann@example.com" })));
  const network = [];
  page.on("request", (r) => r.url().includes("/v1/chat/") && network.push(r.url()));
  page.on("websocket", (ws) => network.push(ws.url()));
  await page.evaluate(() => {
    window.warm = { seen: [], focus: 0 };
    document.addEventListener("focusin", () => warm.focus++, true);
    // Every dialog in the surfaces' shadow root, from the moment the chunk adds its container.
    const watch = (root) =>
      new MutationObserver(() => {
        for (const d of root.querySelectorAll('[role="dialog"]')) {
          const box = d.closest(".cnb-m-warm");
          warm.seen.push(!!box && box.getAttribute("aria-hidden") == "true" && box.inert && getComputedStyle(box).visibility == "hidden");
        }
      }).observe(root, { childList: true, subtree: true, attributes: true });
    new MutationObserver((_, o) => {
      const host = document.querySelector(".cnb-m-host");
      if (host) o.disconnect(), watch(host.shadowRoot);
    }).observe(document.body, { childList: true });
  });
  const chat = actionButton(page, CHAT_ACTION_ID);
  await prefetchedBy(page, () => chat.hover());
  await page.waitForFunction(() => warm.seen.length && !document.querySelector(".cnb-m-host").shadowRoot.querySelector(".cnb-m-warm"));
  const { seen, focus } = await page.evaluate(() => window.warm);
  assert.ok(seen.every(Boolean), "every dialog before the click was hidden, aria-hidden and inert");
  assert.equal(focus, 0, "no focus moved");
  assert.equal(await page.getByRole("dialog").count(), 0);
  assert.deepEqual(network, [], "no chat request or socket before the click");
  // The click opens the chat as ever: focus in, and the connection starts now.
  await chat.click();
  const d = chatDialog(page);
  await d.waitFor({ state: "visible" });
  assert.ok(await d.evaluate((el) => el.contains(el.getRootNode().activeElement)), "focus moved into the dialog");
  await eventually(() => network.length > 0, "the chat to connect once opened");
  assert.deepEqual(errors, []);
});

test("when the app chunk cannot load, surface buttons open their link instead (ChunkLoadError)", async () => {
  const { page, context, errors } = await visit({ block: /\/beckon-app\.js$/ });
  await toggle(page).click();
  const popup = context.waitForEvent("page");
  await actionButton(page, "s-wa").click();
  const tab = await popup;
  assert.match(tab.url(), /^https:\/\/wa\.me\/31612345678/);
  const popup2 = context.waitForEvent("page");
  if (!(await actionButton(page, "s-ty").isVisible())) await toggle(page).click(); // no surface opened: the list may still be open
  await actionButton(page, "s-ty").click();
  assert.equal((await popup2).url(), "https://tally.so/r/w4Xy9a");
  // The chat has no link: nothing opens, nothing breaks.
  const failed = page.waitForEvent("requestfailed", (r) => r.url().endsWith("/beckon-app.js"));
  await actionButton(page, CHAT_ACTION_ID).click();
  await failed; // the click tried the chunk again, and it could not load
  assert.equal(await chatDialog(page).count(), 0);
  assert.deepEqual(errors, []);
});
