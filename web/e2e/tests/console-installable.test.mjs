// The console as an installable app, against a real `beckon serve` in Chromium: its web app
// manifest is linked, valid (Chromium parses it without errors and finds nothing that keeps it from
// being installed) and its icons load at their sizes; its service worker registers for /console/,
// controls the page, keeps the app (never the API) so the console opens offline and says so, and
// recovers by itself when the network is back; a Web Push message shows a notification that
// replaces the conversation's previous one, and a click shows the conversation in the open
// console; a payload's address elsewhere is never opened.
// The worker is src/worker/sw.ts in web/console (web/console/README.md "The service worker").
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually, openApiVisitor, openConsole } from "../lib/console.mjs";

const OFFLINE = "You are offline — Beckon will reconnect when the network is back.";
const PHONE = { width: 390, height: 844 };

// With SCREENSHOTS=dir, the offline screen at desktop and phone sizes goes there (docs/console.md's).
const SHOTS = process.env.SCREENSHOTS;
const shot = (p, name) => SHOTS && p.screenshot({ path: join(SHOTS, name) });

const fx = beckonFixture();
const origin = () => fx.server.origin;
const scope = () => `${fx.server.origin}/console/`;

/** The console's worker registration as the page sees it, once it is active. */
const registration = (page) =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, updateViaCache: r.updateViaCache, script: r.active?.scriptURL };
  });

/** The notifications the console's worker shows, as the page sees them. */
const notifications = (page, tag) =>
  page.evaluate(async (tag) => {
    const r = await navigator.serviceWorker.ready;
    return (await r.getNotifications(tag ? { tag } : {})).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data, icon: n.icon }));
  }, tag);

test("the manifest is linked, valid and installable; its icons load at their sizes; the worker's script is JavaScript, revalidated", async () => {
  const { page, context, errors } = await openPage(fx.browser);
  await page.goto(scope());
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const res = await fetch(new URL(href, scope()));
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type"), /^application\/json/);
  const manifest = await res.json();
  assert.equal(manifest.name, "Beckon");
  assert.equal(manifest.short_name, "Beckon");
  assert.equal(manifest.start_url, "/console/");
  assert.equal(manifest.scope, "/console/");
  assert.equal(manifest.display, "standalone");
  assert.equal(manifest.theme_color, await page.locator('meta[name="theme-color"]').getAttribute("content"));
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);

  // Each icon is a PNG of the size it says; there are 192 and 512 px ones and a maskable one.
  for (const icon of manifest.icons) {
    const url = new URL(icon.src, new URL(href, scope())).href;
    const r = await fetch(url);
    assert.equal(r.headers.get("content-type"), "image/png", icon.src);
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, url);
    assert.equal(size, icon.sizes, icon.src);
  }
  const sizes = (purpose) => manifest.icons.filter((i) => (i.purpose ?? "any").split(" ").includes(purpose)).map((i) => i.sizes);
  assert.deepEqual(sizes("any").sort(), ["192x192", "512x512"]);
  assert.deepEqual(sizes("maskable"), ["512x512"]);

  // The worker registers for /console/; its script is JavaScript (never the app's index page) and
  // is never kept for long: the browser asks the server for it again on each load.
  const reg = await registration(page);
  assert.deepEqual(reg, { scope: scope(), updateViaCache: "none", script: `${scope()}sw.js` });
  const sw = await fetch(`${scope()}sw.js`);
  assert.equal(sw.status, 200);
  assert.match(sw.headers.get("content-type"), /^text\/javascript/);
  assert.doesNotMatch(sw.headers.get("cache-control") ?? "", /immutable|max-age=\d{4,}/);
  assert.doesNotMatch((await sw.text()).slice(0, 100), /<!doctype/i);

  // Chromium reads the manifest without a complaint and could install the console (the one thing
  // it names is the test's private window).
  const cdp = await context.newCDPSession(page);
  const { errors: manifestErrors, url } = await cdp.send("Page.getAppManifest");
  assert.equal(url, new URL(href, scope()).href);
  assert.deepEqual(manifestErrors, []);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito"), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the worker controls the console, keeps the app and never the API; offline the console opens and says so; back online it recovers", async () => {
  const { page, context, errors } = await openConsole(fx.browser, origin());
  assert.equal((await registration(page)).scope, scope());
  await page.reload();
  await page.getByRole("navigation", { name: "Console" }).waitFor();
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), `${scope()}sw.js`);

  // What the worker keeps: the console's own files, its page among them; nothing of the API.
  const kept = await page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
    return urls;
  });
  assert.ok(kept.some((u) => u.startsWith(`${scope()}index.html`)), "the app's page is kept");
  assert.ok(kept.some((u) => /\/console\/assets\/main-.*\.js$/.test(u)), "the app's script is kept");
  assert.deepEqual(kept.filter((u) => !u.startsWith(scope())), [], "only the console's files are kept");

  await context.setOffline(true);
  // Opening the console without a network (as an installed console opens): the app, saying so,
  // not the browser's error page and not the login form.
  const opened = await context.newPage();
  const answer = await opened.goto(`${scope()}inbox`);
  assert.equal(answer.status(), 200);
  assert.equal(answer.fromServiceWorker(), true);
  await opened.getByRole("heading", { name: "Beckon console", level: 1 }).waitFor();
  await opened.getByRole("status").filter({ hasText: OFFLINE }).waitFor();
  assert.equal(await opened.getByRole("button", { name: "Log in" }).count(), 0);
  assert.deepEqual(await axeViolations(opened, "body"), [], "offline");
  await shot(opened, "console-offline-1280.png");
  await opened.setViewportSize(PHONE);
  assert.deepEqual(await axeViolations(opened, "body"), [], "offline, phone");
  await shot(opened, "console-offline-390.png");
  // Its button asks again at once, offline still.
  await opened.getByRole("button", { name: "Try again now" }).click();
  await opened.getByRole("status").filter({ hasText: OFFLINE }).waitFor();

  // Reloading the open console offline gives the same screen. (Chromium's offline emulation leaves
  // navigator.onLine true in a document loaded while offline, so this one says that the server
  // cannot be reached; a device that is really offline says "You are offline".)
  await page.reload();
  await page.getByRole("heading", { name: "Beckon console", level: 1 }).waitFor();
  await page.getByRole("status").filter({ hasText: "Beckon will reconnect" }).waitFor();

  // Back online, both find the login again by themselves.
  await context.setOffline(false);
  await opened.getByRole("navigation", { name: "Console" }).waitFor();
  await page.getByRole("navigation", { name: "Console" }).waitFor();

  // Offline while logged in, the top bar says so, and stops saying it once the network is back.
  const status = opened.getByRole("banner").getByRole("status");
  await context.setOffline(true);
  await status.filter({ hasText: "You are offline" }).waitFor();
  await shot(opened, "console-offline-inbox-390.png");
  await opened.setViewportSize({ width: 1280, height: 800 });
  await shot(opened, "console-offline-inbox-1280.png");
  await context.setOffline(false);
  await eventually(async () => (await status.textContent()) === "", "the top bar's offline notice to go");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a Web Push message shows a notification; the conversation's next replaces it; a click shows the conversation; an address elsewhere is never opened", async () => {
  const { page, context } = await openConsole(fx.browser, origin());
  await context.grantPermissions(["notifications"], { origin: origin() });
  await registration(page);

  // A real chat to be notified of.
  const visitor = await openApiVisitor(fx.browser, origin(), { name: "Ann Visitor" });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("Do you ship to Norway?");
  await visitor.waitFrame((f) => f.op === "chat-message" && f.message.text === "Do you ship to Norway?", "the message back");

  // The browser's push service is stood in for by DevTools, which delivers to the registration.
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise((resolve) => cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => resolve(e.registrations)));
  await cdp.send("ServiceWorker.enable");
  const { registrationId } = (await registrations).find((r) => r.scopeURL === scope() && !r.isDeleted);
  const push = (payload) => cdp.send("ServiceWorker.deliverPushMessage", { origin: origin(), registrationId, data: JSON.stringify(payload) });

  const url = `/console/inbox/${channelId}`;
  // DevTools hands a push to the registration's worker as it is then; on a busy machine the first
  // may reach it before it can show anything: it is sent again (same tag: one notification) until shown.
  const first = { title: "Ann Visitor", body: "Do you ship to Norway?", url, tag: channelId };
  let resendAt = 0;
  const shown = await eventually(async () => {
    const n = (await notifications(page, channelId))[0];
    if (!n && Date.now() > resendAt) (resendAt = Date.now() + 3000), await push(first);
    return n;
  }, "the notification");
  assert.deepEqual(shown, { title: "Ann Visitor", body: "Do you ship to Norway?", tag: channelId, data: origin() + url, icon: `${scope()}icons/icon-192.png` });

  // The conversation's next message replaces its notification.
  await push({ title: "Ann Visitor", body: "And to Iceland?", url, tag: channelId });
  await eventually(async () => (await notifications(page, channelId))[0]?.body === "And to Iceland?", "the replacing notification");
  assert.equal((await notifications(page, channelId)).length, 1);

  // A payload pointing elsewhere: its notification opens the console itself.
  await push({ title: "Bo", body: "Click me", url: "https://evil.example/phish", tag: "elsewhere" });
  const foreign = await eventually(async () => (await notifications(page, "elsewhere"))[0], "the notification with an address elsewhere");
  assert.equal(foreign.data, scope());

  // A click: headless Chromium has no notification to click, so the test gives the worker the
  // click event itself (the browser then runs the worker's handler but lets it focus no window).
  // The open console shows the conversation, without reloading.
  const worker =
    context.serviceWorkers().find((w) => w.url() === `${scope()}sw.js`) ??
    (await context.waitForEvent("serviceworker", { predicate: (w) => w.url() === `${scope()}sw.js` }));
  const click = (tag) =>
    worker.evaluate(async (tag) => {
      const [notification] = await self.registration.getNotifications({ tag });
      self.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
    }, tag);
  await page.evaluate(() => (window.sameDocument = true));
  const pages = context.pages().length;
  await click(channelId);
  await page.waitForURL(origin() + url);
  await page.getByRole("region", { name: "Conversation" }).getByRole("heading", { name: "Ann Visitor" }).waitFor();
  assert.equal(await page.evaluate(() => window.sameDocument), true, "shown without a reload");
  await eventually(async () => (await notifications(page, channelId)).length === 0, "the clicked notification to close");

  // The one pointing elsewhere shows the console's start, on the console's origin; nothing else opens.
  await click("elsewhere");
  await page.waitForURL((u) => u.href.startsWith(scope()) && !u.href.startsWith(origin() + url));
  assert.equal(context.pages().length, pages);
  assert.ok(context.pages().every((p) => p.url().startsWith(origin())));
  await visitor.context.close();
  await context.close();
});

test("Notifications in the top bar: a switch reached by keyboard; where the browser cannot subscribe it says so and stays off", async () => {
  // Headless Chromium has no push service to subscribe with (its subscribe() is refused), so
  // the subscription's own path is covered by crates/server/tests/push.rs and the console's
  // unit tests; here, what an agent meets when their browser refuses.
  const { page, context } = await openConsole(fx.browser, origin(), { path: "inbox" });
  try {
    await context.grantPermissions(["notifications"], { origin: origin() });
    const toggle = page.getByRole("button", { name: "Notifications" });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute("aria-pressed"), "false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const problem = page.locator(".push-problem");
    await problem.filter({ hasText: "This browser could not subscribe to notifications" }).waitFor();
    assert.equal(await toggle.getAttribute("aria-pressed"), "false");
    const devices = await page.evaluate(async () => (await fetch("/api/v1/agent/push-subscriptions")).json());
    assert.deepEqual(devices.subscriptions, [], "nothing saved");
    assert.equal(devices.vapidPublicKey.length, 87);
    assert.deepEqual(await axeViolations(page, "header"), []);
  } finally {
    await context.close();
  }
});
