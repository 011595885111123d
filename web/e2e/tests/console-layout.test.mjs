// The console's layout as an owner meets it on a desktop (1280 × 800) and a phone (390 × 844):
// every screen scrolls inside <main>, never the document. Clicking each radio-style option, tabbing
// through every control, and scrolling past the end with the wheel or the keyboard (PageDown, End,
// Space) leave document.scrollingElement at 0, and the focused control is always in view. Also:
// the opening hours' week chart stays inside its card, and the inbox tabs stand on one line at
// 1280 px (console-publishing checks that the history's preview opens in view).
import { test } from "node:test";
import assert from "node:assert/strict";
import { login, DEMO } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { inboxTab, openApiVisitor, openConsole } from "../lib/console.mjs";
import { addDomain, choose, form, pickChannel, preview } from "../lib/builder.mjs";
import { eventually } from "../lib/wait.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { join } from "node:path";

// With SCREENSHOTS=dir, the statistics and the inbox at each size go there (docs/console.md's).
const SHOTS = process.env.SCREENSHOTS;
const shot = (p, name) => SHOTS && p.screenshot({ path: join(SHOTS, name) });

let domainId;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const fx = beckonFixture({
  async setup() {
    // A domain with two channels (a long builder) published once (a version in the history) and
    // a few statistics (the chart shows).
    const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "domains" });
    domainId = await addDomain(page, fx.server.origin, "layout.test");
    await pickChannel(page, "Call");
    await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
    await pickChannel(page, "WhatsApp");
    await form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("list", { name: "Published versions" }).waitFor();
    await context.close();
    const owner = await login(fx.server.origin, DEMO.owner);
    const config = await (await owner(`/api/v1/owner/domains/${domainId}/config`)).json();
    const stat = (payload) =>
      fetch(`${fx.server.origin}/api/v1/stats`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "event", payload: { website: "beckon", event_name: domainId, url: "https://layout.test/", ...payload } }),
      });
    for (let i = 0; i < 3; i++) await stat({});
    await stat({ name: "view", buttons: [config.buttons[0].id] });
  },
});

/**
 * After the page has drawn two more frames (a scroll the browser queued has happened): how far the
 * document itself is scrolled (the console scrolls inside <main> only), what is wrong with where
 * focus is ("" when the focused element is in view: inside the window and, in <main>, inside
 * <main>'s visible part, at least a few pixels of it for a tall one) and whether focus is on
 * <body>. One call into the page per step: the steps are many.
 */
const settled = (page) =>
  page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const scroll = document.scrollingElement.scrollTop;
            const el = document.activeElement;
            const onBody = el === document.body;
            if (!el || onBody || el.tagName === "MAIN") return done({ scroll, out: "", onBody });
            const r = el.getBoundingClientRect();
            const main = el.closest("main")?.getBoundingClientRect();
            const box = { top: Math.max(0, main?.top ?? 0), bottom: Math.min(innerHeight, main?.bottom ?? innerHeight), left: 0, right: innerWidth };
            const high = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
            const wide = Math.min(r.right, box.right) - Math.max(r.left, box.left);
            const ok = high >= Math.min(r.height, 8) - 0.5 && wide >= Math.min(r.width, 8) - 0.5;
            const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.closest("label")?.textContent || el.textContent || "").trim().slice(0, 40)}"`;
            done({ scroll, out: ok ? "" : `${name} at ${JSON.stringify({ top: r.top, bottom: r.bottom, left: r.left, right: r.right })}, visible ${JSON.stringify(box)}`, onBody });
          }),
        ),
      ),
  );

/** Fails unless the document is unscrolled and the focused element is in view (a settled() state). */
function assertSteady({ scroll, out }, after) {
  assert.equal(scroll, 0, `${after}: the document scrolled`);
  assert.equal(out, "", `${after}: the focused element is out of view`);
}

/** How far the document itself is scrolled, after two more frames. */
const documentScroll = async (page) => (await settled(page)).scroll;

/** Clicks every radio-style option of <main> as a pointer does (on its label), one by one. */
async function clickEachRadio(page, where) {
  const radios = page.locator("main").getByRole("radio");
  let n = 0;
  for (let i = 0; i < (await radios.count()) && i < 120; i++) {
    const radio = radios.nth(i);
    if (!(await radio.isEnabled())) continue;
    const label = radio.locator("xpath=ancestor::label[1]");
    const labelled = (await label.count()) > 0;
    await (labelled ? label : radio).click();
    const state = await settled(page);
    // The option's name only names a failure.
    const name = state.scroll === 0 && !state.out ? "" : ((await radio.getAttribute("aria-label")) ?? (labelled ? await label.textContent() : ""));
    assertSteady(state, `${where}: clicking the option "${name}"`);
    n++;
  }
  return n;
}

/** Tabs through every control from the top (at most `max`), checking after each step. */
async function tabThrough(page, where, max = 400) {
  await page.evaluate(() => document.activeElement?.blur());
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const state = await settled(page);
    assertSteady(state, `${where}: Tab ${i + 1}`);
    if (i > 3 && state.onBody) break;
  }
}

/** Scrolls past the end of <main> with the wheel, then with the keyboard from <main>. */
async function scrollPastTheEnd(page, where) {
  const main = page.locator("main");
  const box = await main.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height - 10, 200));
  const atEnd = () => page.evaluate(() => {
    const m = document.querySelector("main");
    return m.scrollTop >= m.scrollHeight - m.clientHeight - 1;
  });
  await eventually(async () => (await page.mouse.wheel(0, 2000), await settled(page), atEnd()), `${where}: the wheel scrolls <main> to its end`);
  // Four more turns past the end, each drawn (the last one by documentScroll's frames).
  for (let i = 0; i < 3; i++) {
    await page.mouse.wheel(0, 2000);
    await settled(page);
  }
  await page.mouse.wheel(0, 2000);
  assert.equal(await documentScroll(page), 0, `${where}: wheel past the end scrolled the document`);
  await main.evaluate((m) => (m.scrollTop = 0, m.focus()));
  for (const key of ["PageDown", "End", "PageDown", "Space", "ArrowDown"]) {
    await page.keyboard.press(key);
    assert.equal(await documentScroll(page), 0, `${where}: ${key} scrolled the document`);
  }
}

test("at 1280 × 800 the inbox tabs, with their unread counts, stand on one line", async () => {
  // Two visitors wrote: Unassigned and All open carry unread counts.
  for (const name of ["Ann Visitor", "Bo Visitor"]) {
    const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name, email: `${name.split(" ")[0].toLowerCase()}@example.com` });
    await visitor.start();
    await visitor.connect();
    await visitor.say(`Hello from ${name}`);
    await visitor.context.close();
  }
  const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "inbox", viewport: VIEWPORTS.desktop });
  await inboxTab(page, "Unassigned").filter({ hasText: "2" }).waitFor();
  const tops = await page.getByRole("tab").evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
  const widths = await page.getByRole("tab").evaluateAll((tabs) => [...tabs.map((t) => t.getBoundingClientRect().width), tabs[0].parentElement.clientWidth]);
  assert.equal(tops.length, 5);
  assert.equal(new Set(tops).size, 1, `the tabs on one line: tops ${tops} (widths, list: ${widths})`);
  await context.close();
});

/** What of `inner` sticks out of `outer` (their boxes on screen), or "". */
const overflowing = (inner, outer) =>
  inner.evaluate((el, o) => {
    const box = el.closest(o).getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const out = r.left < box.left - 0.5 || r.right > box.right + 0.5;
    return out ? `${el.className || el.tagName} ${r.left}–${r.right} outside ${o} ${box.left}–${box.right}` : "";
  }, outer);

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`${device}: the opening hours and their week chart stay inside their card`, async () => {
    const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: `domains/${domainId}/buttons`, viewport });
    await page.locator(".action-row").filter({ hasText: "WhatsApp" }).locator(".action-name").click();
    const whatsapp = form(page, "WhatsApp");
    await choose(whatsapp, "At set hours");
    const hours = whatsapp.locator("fieldset").filter({ has: page.locator("legend", { hasText: "Opening hours" }) });
    await hours.locator("table.week").waitFor();
    for (const part of [hours.locator("table.week"), hours.locator(".week-days"), ...(await hours.locator(".week-time").all())]) {
      assert.equal(await overflowing(part, "fieldset"), "", `${device}: inside the opening hours`);
    }
    assert.equal(await overflowing(hours, "section.channel-form"), "", `${device}: inside the channel's card`);
    await context.close();
  });
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`${device} (${viewport.width} × ${viewport.height}): no console screen scrolls the document, and focus stays in view`, async () => {
    const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: `domains/${domainId}/buttons`, viewport });
    await page.emulateMedia({ reducedMotion: "reduce" });
    // Leaving the edited domain asks first: the owner agrees.
    page.on("dialog", (d) => d.accept());
    await page.getByRole("heading", { name: "What should visitors be able to do?" }).waitFor();
    await preview(page).locator(".call-now-button").waitFor({ state: "attached" });

    // The builder: every radio-style option (placement, type, animation, colours, "At set hours",
    // "Phones only" …), then each channel's form with its own options.
    let clicked = await clickEachRadio(page, "Buttons");
    await page.locator(".action-row").filter({ hasText: "Call" }).locator(".action-name").click();
    clicked += await clickEachRadio(page, "Buttons, Call");
    assert.ok(clicked > 20, `the builder's options were clicked (${clicked})`);
    await tabThrough(page, "Buttons");
    await scrollPastTheEnd(page, "Buttons");

    const screens = {
      settings: page.getByRole("button", { name: "Save settings" }),
      publish: page.getByRole("list", { name: "Published versions" }),
      stats: page.getByTestId("stats-totals"),
    };
    for (const [tab, shown] of Object.entries(screens)) {
      await page.getByRole("link", { name: { settings: "Settings", publish: "Publish and embed", stats: "Statistics" }[tab], exact: true }).click();
      await shown.waitFor();
      if (tab === "stats") await shot(page, `stats-${viewport.width}.png`);
      await clickEachRadio(page, tab);
      await tabThrough(page, tab);
      await scrollPastTheEnd(page, tab);
    }
    for (const [path, shown] of [
      ["inbox", page.getByRole("tablist", { name: "Which chats" })],
      ["agents", page.getByRole("cell", { name: DEMO.owner })],
    ]) {
      // On a phone the sections other than the inbox are in the top bar's menu.
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      if (path !== "inbox" && (await menu.isVisible())) await menu.click();
      await page.getByRole("banner").getByRole("link", { name: path === "inbox" ? /^Inbox/ : "Agents" }).click();
      await shown.waitFor();
      if (path === "inbox") await shot(page, `inbox-${viewport.width}.png`);
      await tabThrough(page, path);
      await scrollPastTheEnd(page, path);
    }
    await context.close();
  });
}

/**
 * What sticks out sideways, or []: the document wider than the window, a box that scrolls
 * sideways, or an element whose box reaches past the window's edge (not counting what an
 * ancestor cuts short with `overflow: hidden`, hidden elements and the skip link, which waits
 * left of the screen).
 */
const sticksOut = (page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > width) out.push(`the document is ${document.documentElement.scrollWidth} px wide`);
    const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || r.right <= 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden") continue;
      if (["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      let cut = false;
      for (let a = el.parentElement; a && !cut; a = a.parentElement) cut = ["hidden", "clip"].includes(getComputedStyle(a).overflowX);
      if (!cut && (r.left < -0.5 || r.right > width + 0.5)) out.push(`${name(el)} at ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    return out.slice(0, 8);
  });

/** Whether all of `locator`'s box is on screen (and inside the thread's visible part, for a message). */
const inView = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const log = el.closest('[role="log"]')?.getBoundingClientRect() ?? { top: 0, bottom: innerHeight };
    return r.height > 0 && r.top >= Math.max(0, log.top) - 1 && r.bottom <= Math.min(innerHeight, log.bottom) + 1 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  });

const LONG_TITLE = `Teak garden chair with armrests, weatherproof oil finish and a cushion ${"in blue, green or sand ".repeat(9)}`.slice(0, 300);
const LAST_ANSWER = "The teak chair with armrests fits a small balcony well, and its cushion comes in blue, green or sand.";
let longVisit;
/** A chat of the demo domain whose visitor saw 50 pages with long titles (once for the file). */
async function chatWithALongVisit() {
  longVisit ??= (async () => {
    const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name: "Pia Pages", email: "pia@example.com", url: `https://shop.test/chairs?${"colour=blue&".repeat(60)}` });
    const { channelId } = await visitor.start();
    await visitor.connect();
    await visitor.say("Which chair is the one for a small balcony?");
    for (let i = 1; i <= 50; i++) await visitor.send({ op: "page", url: `https://shop.test/chairs/teak-${i}`, title: `${i}. ${LONG_TITLE}` });
    const agent = await login(fx.server.origin, DEMO.agent);
    await eventually(async () => (await (await agent(`/api/v1/agent/channels/${channelId}`)).json()).visit?.pages.length === 50, "the 50 pages stored");
    // The last answer is long: the inbox's preview line of it is cut short, not widening the list.
    for (let i = 1; i <= 12; i++) {
      const text = i < 12 ? `Answer ${i} about chairs` : LAST_ANSWER;
      await agent(`/api/v1/agent/channels/${channelId}/messages`, { method: "POST", body: JSON.stringify({ clientId: `long-visit-${i}`, text }) });
    }
    await visitor.context.close();
    return channelId;
  })();
  return longVisit;
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`${device}: the inbox and a chat with a long visit fit the width; the thread, the last message and the reply box are in view, also with the keyboard up`, async () => {
    const channelId = await chatWithALongVisit();
    const phone = device === "phone";
    const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "inbox", viewport, isMobile: phone, hasTouch: phone });
    await page.emulateMedia({ reducedMotion: "reduce" });
    // The inbox: every tab, time, count and the search box inside the window.
    await inboxTab(page, "All open").click();
    await page.locator(".chat-item").filter({ hasText: "Pia Pages" }).waitFor();
    await inboxTab(page, "Ended").waitFor();
    assert.deepEqual(await sticksOut(page), [], `${device}: the inbox`);
    assert.deepEqual(await axeViolations(page, "body"), [], `${device}: the inbox`);

    // The top bar: on a phone one row, its tools in the menu (Escape closes it, focus returns).
    const banner = page.getByRole("banner");
    const menu = banner.getByRole("button", { name: "Menu", exact: true });
    const online = banner.getByRole("button", { name: /^(Online|Away)$/ });
    if (phone) {
      const bar = await banner.boundingBox();
      assert.ok(bar.height < 60, `the top bar is one row (${bar.height} px)`);
      assert.equal(await online.isVisible(), false, "Online waits in the menu");
      await menu.focus();
      await page.keyboard.press("Enter");
      assert.equal(await menu.getAttribute("aria-expanded"), "true");
      for (const name of ["Sound", "Settings", "Log out"]) await banner.getByRole("button", { name, exact: true }).waitFor();
      for (const name of ["Domains", "Agents", "Privacy", "Webhooks", "Canned replies"]) await banner.getByRole("link", { name, exact: true }).waitFor();
      await online.waitFor();
      assert.deepEqual(await sticksOut(page), [], "the menu open");
      assert.deepEqual(await axeViolations(page, "body"), [], "the menu open");
      await shot(page, `console-menu-${viewport.width}.png`);
      await page.keyboard.press("Escape");
      await online.waitFor({ state: "hidden" });
      assert.equal(await menu.getAttribute("aria-expanded"), "false");
      assert.equal(await menu.evaluate((b) => b === document.activeElement), true, "focus back on Menu");
      await menu.click();
    } else {
      assert.equal(await menu.isVisible(), false, "no menu at a desktop's width: the tools stand in the bar");
    }
    // Settings is titled Settings (it holds the console's language and notifications).
    await banner.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByRole("dialog", { name: "Settings" }).getByLabel("Language of the console").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    if (phone) await page.keyboard.press("Escape");

    // The chat: the last message and the reply box in view; the details never squeeze the thread.
    await page.locator(".chat-item").filter({ hasText: "Pia Pages" }).click();
    const conversation = page.getByRole("region", { name: "Conversation" });
    const last = conversation.getByRole("log", { name: "Messages" }).getByText(LAST_ANSWER, { exact: true });
    const reply = conversation.getByLabel("Reply to Pia Pages");
    await last.waitFor();
    const details = conversation.getByRole("region", { name: "The visitor's details" });
    const toggle = conversation.getByRole("button", { name: "Details", exact: true });
    await eventually(() => inView(last), `${device}: the last message in view`);
    assert.ok(await inView(reply), `${device}: the reply box in view`);
    assert.deepEqual(await sticksOut(page), [], `${device}: the chat`);
    const thread = await conversation.getByRole("log", { name: "Messages" }).boundingBox();
    if (phone) {
      // The thread first; the details behind a button (a disclosure that takes the focus).
      assert.equal(await details.isVisible(), false, "the details wait behind Details");
      await shot(page, `console-chat-${viewport.width}.png`);
      await toggle.focus();
      await page.keyboard.press("Enter");
      await details.getByRole("region", { name: "The visitor's visit" }).waitFor();
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      assert.equal(await details.evaluate((d) => d === document.activeElement), true, "focus moved to the details");
      assert.deepEqual(await sticksOut(page), [], "the details open");
      assert.deepEqual(await axeViolations(page, "body"), [], "the details open");
      assert.ok(await inView(reply), "the reply box in view with the details open");
      await shot(page, `console-chat-details-${viewport.width}.png`);
      await page.keyboard.press("Escape");
      await details.waitFor({ state: "hidden" });
      assert.equal(await toggle.evaluate((b) => b === document.activeElement), true, "focus back on Details");
    } else {
      // 50 pages with long titles: the details take at most their share and scroll in their box.
      const box = await details.boundingBox();
      assert.ok(thread.height >= 280 && thread.height > box.height, `the thread is ${thread.height} px high beside details of ${box.height} px`);
      assert.equal(await toggle.isVisible(), false, "the details are shown beside the thread");
      await shot(page, `console-chat-${viewport.width}.png`);
    }
    assert.deepEqual(await axeViolations(page, "body"), [], `${device}: the chat`);

    // The on-screen keyboard up: the window cut to 480 px high. The reply box and last message stay in view.
    if (phone) {
      await reply.focus();
      await page.setViewportSize({ width: viewport.width, height: 480 });
      await eventually(() => inView(last), "the last message in view with the keyboard up");
      assert.ok(await inView(reply), "the reply box in view with the keyboard up");
      assert.deepEqual(await sticksOut(page), [], "the keyboard up");
      assert.deepEqual(await axeViolations(page, "body"), [], "the keyboard up");
      await shot(page, `console-chat-${viewport.width}x480.png`);
      // The narrowest and widest phones: the chat, its details and the inbox fit too.
      for (const width of [320, 430]) {
        await page.setViewportSize({ width, height: 700 });
        await toggle.click();
        await details.waitFor();
        assert.deepEqual(await sticksOut(page), [], `${width} px: the chat and its details`);
        await toggle.click();
        await conversation.getByRole("button", { name: "Back to the chat list" }).click();
        await page.locator(".chat-item").filter({ hasText: "Pia Pages" }).waitFor();
        assert.deepEqual(await sticksOut(page), [], `${width} px: the inbox`);
        await page.locator(".chat-item").filter({ hasText: "Pia Pages" }).click();
        await eventually(() => inView(last), `${width} px: the last message in view`);
        assert.ok(await inView(reply), `${width} px: the reply box in view`);
      }
    }
    await context.close();
  });
}
