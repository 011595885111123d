// The surfaces of the lazy React app (dist/beckon-app.js, built by `node web/widget/app.build.mjs`)
// in a real browser: each opens and closes by mouse and keyboard, focus moves in and back, axe
// finds nothing in any open surface, the host page's CSS cannot break them, RTL mirrors them, and
// third-party fallbacks (Facebook SDK → m.me, Intercom → error modal) work offline. The test page
// imports the chunk itself and calls openSurface from its own buttons, so every surface option
// can be tried without a server; chat-surfaces.test.mjs opens them through the loader of a real
// `beckon serve`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { harnessFixture } from "../lib/harness.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CEILING, animationsDone } from "../lib/wait.mjs";
import { action, config, domain, HOST } from "../lib/fixtures.mjs";
import { inlineJson } from "../../demo/page.mjs";

const h = harnessFixture({
  pages: { "/frame": `<!doctype html><html lang="en"><head><title>Menu card</title></head><body><main><h1>Today's menu</h1></main></body></html>` },
});

const FRAME_HOST = "frame.beckon.test";

// The menu is a page of the harness (on another host): its URL is known once the harness runs.
const surfaceActions = () => [
  action("wa", "WHATSAPP", "+31 6 1234 5678", {
    labelText: "WhatsApp us",
    properties: { "whatsapp-dialog-type": "popout", message: "Hi!", "chatmodal-messages": "Hello 👋\nHow can we help?" },
  }),
  action("fb", "FACEBOOK", "beckonshop", { labelText: "Messenger", properties: { "facebook-dialog-type": "popout", "facebook-welcome-message": "Hi from our page" } }),
  action("fr", "IFRAME", h.url("/frame", FRAME_HOST), { labelText: "Menu", properties: { "iframe-title": "Our menu" } }),
  action("ty", "TALLY", "https://tally.so/r/w4Xy9a", { labelText: "Feedback" }),
  action("fw", "FACEBOOK", "beckonshop", { labelText: "Chat on Facebook", properties: { "facebook-dialog-type": "widget", "facebook-ref": "site" } }),
  action("ic", "INTERCOM", "abc123", { labelText: "Support", properties: { "intercom-alignment": "left" } }),
  action("ch", "CHAT", "", { labelText: "Chat with us", properties: { "chatmodal-header-text": "Live chat" } }),
];

/** The dialog name each surface gets. */
const NAMES = { wa: "WhatsApp us", fb: "Messenger", fr: "Our menu", ty: "Feedback", ch: "Live chat" };

/** A page with one button per action that opens its surface through the chunk. */
function surfacesPage({ head = "", dir, domainType = "FREE" } = {}) {
  // apiRoot answers nothing: the chat shows its 'Almost ready to chat...' panel (or the profile form).
  const actions = surfaceActions();
  const cfg = config({ buttons: [], actions, domains: [domain({ type: domainType })], options: { apiRoot: h.url("/no-api") } });
  return `<!doctype html>
<html lang="en"${dir ? ` dir="${dir}"` : ""}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Surfaces</title>${head}</head>
<body>
<main><h1>Shop</h1>
${actions.map((a) => `<button type="button" class="trigger" data-id="${a.id}">${a.labelText}</button>`).join("\n")}
</main>
<script type="module">
  import { openSurface, closeSurface } from "/static/beckon-app.js";
  const cfg = ${inlineJson(cfg)};
  window.events = [];
  const emit = (name, detail) => events.push([name, detail]);
  for (const b of document.querySelectorAll(".trigger"))
    b.addEventListener("click", () =>
      openSurface(cfg.actions.find((a) => a.id == b.dataset.id), { config: cfg, domain: cfg.domains[0], trigger: b, staticRoot: "/static/", debug: false, emit }));
  window.app = { openSurface, closeSurface };
  document.body.dataset.ready = "1";
</script>
</body>
</html>`;
}

let n = 0;
/** Opens a surfaces page; third-party hosts are answered locally (or refused), as offline. */
async function load(options = {}, contextOptions = {}) {
  const path = `/surfaces-${++n}`;
  h.server.pages[path] = surfacesPage(options);
  const opened = await openPage(h.browser, { reducedMotion: "no-preference", ...contextOptions });
  const { context } = opened;
  await context.route("https://tally.so/**", (r) => r.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>Form</title><main><h1>Form</h1></main></html>" }));
  await context.route(/^https:\/\/(wa\.me|m\.me)\//, (r) => r.fulfill({ contentType: "text/html", body: "<!doctype html><title>chat</title>" }));
  await context.route("https://connect.facebook.net/**", (r) => r.abort("internetdisconnected"));
  await context.route("https://widget.intercom.io/**", (r) => (contextOptions.intercom ? r.fulfill({ contentType: "text/javascript", body: contextOptions.intercom }) : r.abort("internetdisconnected")));
  await opened.page.goto(h.url(path), { waitUntil: "load" });
  await opened.page.waitForSelector("body[data-ready]");
  return opened;
}

const dialog = (page) => page.locator('.cnb-m-host [role="dialog"]');
const trigger = (page, id) => page.locator(`.trigger[data-id="${id}"]`);
const focusedId = (page) => page.evaluate(() => document.activeElement?.dataset?.id ?? document.activeElement?.className);
/** The focused element inside the surfaces' shadow root (document.activeElement is its container then). */
const focused = (page) => page.evaluateHandle(() => document.activeElement?.shadowRoot?.activeElement ?? document.activeElement);
const inDialog = async (page) => (await focused(page)).evaluate((e) => !!e?.closest('[role="dialog"]'));
const focusedTag = async (page) => (await focused(page)).evaluate((e) => e?.tagName);

test("every modal surface opens and closes by mouse, focus in and back, and axe finds nothing", async () => {
  const { page, errors } = await load();
  for (const id of Object.keys(NAMES)) {
    await trigger(page, id).click();
    const d = page.getByRole("dialog", { name: NAMES[id] });
    await d.waitFor({ state: "visible" });
    assert.equal(await d.getAttribute("aria-modal"), "true");
    assert.ok(await inDialog(page), `${id}: focus moved into the dialog`);
    await animationsDone(page); // slide-in done
    assert.deepEqual(await axeViolations(page, ".cnb-m-host"), [], `${id}: axe`);
    assert.ok(await page.getByText("Powered by Beckon").isVisible(), `${id}: branding on a FREE domain`);
    // The slide-out is short: seen by an observer in the page, not by a later look.
    await d.evaluate((el, id) => new MutationObserver(() => el.classList.contains("cnb-m-out") && (window.slidOut = id)).observe(el, { attributes: true, attributeFilter: ["class"] }), id);
    await d.getByRole("button", { name: "Close" }).click();
    await page.waitForFunction((id) => window.slidOut == id, id, { timeout: CEILING }); // slides out
    await d.waitFor({ state: "detached" });
    assert.equal(await focusedId(page), id, `${id}: focus back on the trigger`);
  }
  const names = await page.evaluate(() => events.map((e) => e[0] + ":" + e[1].actionId));
  assert.deepEqual(names, Object.keys(NAMES).flatMap((id) => [`cnb:expand:${id}`, `cnb:close:${id}`]));
  assert.deepEqual(errors, []);
});

test("every modal surface opens with Enter, keeps Tab inside, and Esc closes it", async () => {
  const { page, errors } = await load();
  for (const id of Object.keys(NAMES)) {
    await trigger(page, id).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: NAMES[id] }).waitFor({ state: "visible" });
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? "Shift+Tab" : "Tab");
      assert.ok(await inDialog(page), `${id}: Tab ${i} stays in the dialog`);
    }
    // Keys typed inside a (cross-origin) iframe never reach the page: Esc works from our own elements.
    // The framed page may have focusable elements of its own: Shift+Tab walks out through them.
    for (let i = 0; i < 5 && (await focusedTag(page)) == "IFRAME"; i++) await page.keyboard.press("Shift+Tab");
    assert.ok((await focusedTag(page)) != "IFRAME", `${id}: Shift+Tab leaves the iframe`);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached", timeout: CEILING });
    assert.equal(await focusedId(page), id);
  }
  // A second click on the opener closes its surface again (a toggle, spec §4.4).
  await trigger(page, "fr").click();
  await dialog(page).waitFor({ state: "visible" });
  await page.evaluate(() => document.querySelector('.trigger[data-id="fr"]').click());
  await dialog(page).waitFor({ state: "detached", timeout: CEILING });
  assert.deepEqual(errors, []);
});

test("WhatsApp: welcome messages arrive with typing dots; the message bar opens wa.me with the text", async () => {
  const { page, context, errors } = await load();
  await trigger(page, "wa").click();
  const d = page.getByRole("dialog", { name: "WhatsApp us" });
  await d.waitFor();
  assert.deepEqual(await d.locator(".cnb-m-msg").allTextContents(), ["Hello 👋"]);
  await d.locator(".cnb-m-typing").waitFor({ state: "visible", timeout: CEILING });
  await d.locator(".cnb-m-msg").nth(1).waitFor({ timeout: CEILING });
  assert.equal(await d.locator(".cnb-m-typing").count(), 0);
  const input = d.getByRole("textbox");
  assert.equal(await input.inputValue(), "Hi!");
  assert.equal(await input.evaluate((e) => getComputedStyle(e).fontSize), "16px");
  await input.fill("Is the shop open on Sunday?");
  const popup = context.waitForEvent("page");
  await input.press("Enter");
  assert.equal((await popup).url(), "https://wa.me/31612345678?text=Is%20the%20shop%20open%20on%20Sunday%3F");
  assert.deepEqual(errors, []);
});

test("IFRAME and TALLY: titled iframes with their URLs", async () => {
  const { page } = await load();
  await trigger(page, "fr").click();
  const frame = page.getByRole("dialog", { name: "Our menu" }).locator("iframe");
  assert.equal(await frame.getAttribute("title"), "Our menu");
  assert.equal(await frame.getAttribute("src"), h.url("/frame", FRAME_HOST));
  await page.frameLocator(".cnb-m-host iframe").getByRole("heading", { name: "Today's menu" }).waitFor();
  await page.keyboard.press("Escape");
  await dialog(page).waitFor({ state: "detached" });
  await trigger(page, "ty").click();
  const tally = page.getByRole("dialog", { name: "Feedback" }).locator("iframe");
  assert.equal(await tally.getAttribute("src"), "https://tally.so/embed/w4Xy9a?hideTitle=1&alignLeft=1");
});

test("Facebook widget: the SDK is requested only on click; offline it falls back to m.me", async () => {
  const { page, context, errors } = await load();
  const sdk = [];
  page.on("request", (r) => r.url().startsWith("https://connect.facebook.net/") && sdk.push(r.url()));
  // load() waited for the page's module, which imported the app chunk: nothing else runs before the click.
  assert.deepEqual(sdk, [], "not before the click");
  const popup = context.waitForEvent("page");
  await trigger(page, "fw").click();
  assert.equal((await popup).url(), "https://m.me/beckonshop?ref=site");
  assert.deepEqual(sdk, ["https://connect.facebook.net/en_US/sdk/xfbml.customerchat.js"]);
  assert.equal(await dialog(page).count(), 0);
  assert.deepEqual(errors, []);
});

test("Intercom: its script is loaded on click and shown; when it cannot load, a modal says so", async () => {
  const off = await load();
  await trigger(off.page, "ic").click();
  const d = off.page.getByRole("dialog", { name: "Unable to connect" });
  await d.waitFor();
  assert.match(await d.textContent(), /could not be loaded/);
  await animationsDone(off.page);
  assert.deepEqual(await axeViolations(off.page, ".cnb-m-host"), []);
  await off.page.keyboard.press("Escape");
  await dialog(off.page).waitFor({ state: "detached" });

  // A stand-in for Intercom's script: records the calls it gets after it has run.
  const fake = `window.Intercom = (...a) => { (window.icCalls ||= []).push(a); };`;
  const on = await load({}, { intercom: fake });
  await trigger(on.page, "ic").click();
  await on.page.waitForFunction(() => window.icCalls?.length >= 2);
  const calls = await on.page.evaluate(() => window.icCalls);
  assert.deepEqual(calls, [["boot", { app_id: "abc123", alignment: "left", horizontal_padding: 20, vertical_padding: 20 }], ["show"]]);
  assert.equal(await dialog(on.page).count(), 0);
});

/** Box and a few computed styles of every element of the open surface. */
const snapshot = (page) =>
  page.locator(".cnb-m-host, .cnb-m-host *").evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return { tag: el.tagName, box: [r.x, r.y, r.width, r.height].map(Math.round), style: [s.display, s.position, s.color, s.backgroundColor, s.opacity, s.fontSize, s.visibility].join("|") };
    }),
  );

const HOSTILE_CSS = `<style>
* { margin: 17px !important; padding: 13px !important; box-sizing: content-box !important; line-height: 4 !important;
    font-family: "Comic Sans MS", cursive !important; letter-spacing: 3px !important; text-transform: uppercase !important; float: left !important; }
div, span, p, h2, form, input, button, svg, img, path, iframe { display: block !important; position: static !important; width: 300px !important; height: 90px !important;
    border: 5px dashed red !important; background: yellow !important; color: red !important; opacity: 0.3 !important; fill: red !important; }
body > div { display: none !important; }
div { all: revert !important; direction: rtl !important; }
[role=dialog] { transform: rotate(10deg) !important; }
</style>`;

test("a hostile stylesheet changes nothing in an open surface: the WhatsApp pop-out, the chat with its menu", async () => {
  const plain = await load({}, { reducedMotion: "reduce" });
  const hostile = await load({ head: HOSTILE_CSS }, { reducedMotion: "reduce" });
  for (const p of [plain.page, hostile.page]) {
    await trigger(p, "wa").evaluate((b) => b.click());
    await dialog(p).waitFor();
    await p.locator(".cnb-m-msg").nth(1).waitFor({ timeout: CEILING });
    await animationsDone(p);
  }
  const before = await snapshot(plain.page);
  assert.ok(before.length > 15);
  assert.deepEqual(await snapshot(hostile.page), before);

  // The chat of a new visitor: the profile form, the menu open, the composer.
  for (const p of [plain.page, hostile.page]) {
    await trigger(p, "ch").evaluate((b) => b.click());
    const d = p.getByRole("dialog", { name: "Live chat" });
    await d.getByRole("button", { name: "Menu" }).click();
    await d.getByRole("menuitem", { name: "End Chat" }).waitFor();
    await animationsDone(p);
  }
  const chat = await snapshot(plain.page);
  assert.ok(chat.length > 40);
  assert.deepEqual(await snapshot(hostile.page), chat);
  assert.deepEqual([...plain.errors, ...hostile.errors], []);
});

test("right-to-left pages mirror the modal; small screens get it full-screen", async () => {
  const ltr = await load();
  await trigger(ltr.page, "wa").click();
  const a = await dialog(ltr.page).boundingBox();
  assert.ok(a.x + a.width > 1280 - 40, "at the right edge");

  const rtl = await load({ dir: "rtl" });
  await trigger(rtl.page, "wa").click();
  const d = dialog(rtl.page);
  assert.match(await d.getAttribute("class"), /cnb-m-rtl/);
  const b = await d.boundingBox();
  assert.ok(b.x < 40, "at the left edge");
  const [close, title] = [await d.getByRole("button", { name: "Close" }).boundingBox(), await d.locator("h2").boundingBox()];
  assert.ok(close.x < title.x, "the close button on the left of the title");

  const phone = await load({}, { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" }); // the box without the slide-in
  await trigger(phone.page, "fr").click();
  const p = await dialog(phone.page).boundingBox();
  assert.deepEqual([p.x, p.y, p.width, p.height].map(Math.round), [0, 0, 375, 667]);
});

test("PRO domains get no branding line", async () => {
  const { page } = await load({ domainType: "PRO" });
  await trigger(page, "fb").click();
  await page.getByRole("dialog", { name: "Messenger" }).waitFor();
  assert.equal(await page.getByText("Powered by Beckon").count(), 0);
});
