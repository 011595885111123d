// Consent first (docs/configuration.md "Consent"), through the hosted embed of a real `beckon
// serve` on a customer's site: with waitForConsent on the domain, the page makes no request to
// Beckon but its own files and Beckon writes no storage (localStorage, sessionStorage, cookies),
// request by request and key by key, until consent comes: from CNB.consent(true), from a stand-in
// IAB TCF v2 CMP (__tcfapi), or from a stand-in Google Consent Mode v2 (gtag → dataLayer). Then
// the statistics, the geo and chat lookups and the triggers' session follow. A call button (a
// link out) works before consent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEMO, login } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually, extrasRan, markExtrasRun } from "../lib/wait.mjs";

let demo;
let owner;
const fx = beckonFixture({
  site: true,
  async setup() {
    owner = await login(fx.server.origin, DEMO.owner);
    demo = await (await owner(`/api/v1/owner/domains/${DEMO.domainId}/config`)).json();
    const config = {
      ...demo,
      domains: demo.domains.map((d) => ({ ...d, properties: { ...d.properties, waitForConsent: true } })),
      buttons: [
        { id: "call", active: true, domainId: DEMO.domainId, type: "SINGLE", actions: ["call-action"], options: { placement: "BOTTOM_LEFT" } },
        // Not in country XX: needs the geo lookup. Its triggers keep the session's state.
        { id: "mail", active: true, domainId: DEMO.domainId, type: "SINGLE", actions: ["mail-action"], conditions: ["not-xx"], options: { placement: "BOTTOM_RIGHT", triggers: { afterPageViews: 1 } } },
        // Would open the chat by itself: not before consent (a click would).
        { id: "chat", active: true, domainId: DEMO.domainId, type: "SINGLE", actions: ["chat-action"], options: { placement: "BOTTOM_CENTER", triggers: { openAction: "chat-action" } } },
      ],
      actions: [
        { id: "call-action", actionType: "PHONE", actionValue: "+31201234567" },
        { id: "mail-action", actionType: "EMAIL", actionValue: "shop@example.com" },
        { id: "chat-action", actionType: "CHAT", actionValue: "", properties: { "chatmodal-header-text": "Shop" } },
      ],
      conditions: [{ id: "not-xx", filterType: "EXCLUDE", conditionType: "GEO", matchType: "COUNTRY_CODE", matchValue: "XX" }],
    };
    const path = `/api/v1/owner/domains/${DEMO.domainId}`;
    const put = await owner(`${path}/config`, { method: "PUT", body: JSON.stringify(config) });
    assert.equal(put.status, 200, await put.text());
    assert.equal((await owner(`${path}/publish`, { method: "POST" })).status, 200);
  },
});

/** A page of the customer's site with `head` (a consent manager's stand-in) before the embed. */
function sitePage(path, head = "") {
  fx.site.pages[path] = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>${head}</head>
<body><main><h1>Shop</h1><p>Everything for your garden.</p></main>
<script async src="${fx.server.origin}/d/${DEMO.domainId}.js"></script></body></html>`;
  return fx.site.origin + path;
}

/** Beckon's own files: the hosted embed, the chunks and stylesheets beside it. */
const OWN_FILE = /^GET \/(d\/[\w-]+\.js|static\/beckon[\w-]*\.(js|css))$/;

/** Opens url, recording every request to Beckon's server as "METHOD /path". */
async function open(url) {
  const opened = await openPage(fx.browser, { viewport: { width: 1280, height: 800 } });
  const requests = [];
  opened.page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.origin == fx.server.origin) requests.push(`${r.method()} ${u.pathname}`);
  });
  await markExtrasRun(opened.page);
  await opened.page.goto(url);
  await extrasRan(opened.page);
  await opened.page.locator('.call-now-button[data-button-id="call"]').waitFor();
  return { ...opened, requests };
}

/** Everything Beckon could have stored: both storages' keys and every cookie of the context. */
async function stored({ page, context }) {
  const keys = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage), cookie: document.cookie }));
  return { ...keys, cookies: (await context.cookies()).map((c) => c.name) };
}

const NOTHING = { local: [], session: [], cookie: "", cookies: [] };

/** Before consent: only own files, nothing stored; the call button (a link out) works. */
async function nothingBefore(opened) {
  const { page, requests } = opened;
  assert.deepEqual(requests.filter((r) => !OWN_FILE.test(r)), [], "no request but Beckon's own files before consent");
  assert.deepEqual(await stored(opened), NOTHING, "nothing stored before consent");
  const call = page.locator('.call-now-button[data-button-id="call"] a');
  assert.equal(await call.getAttribute("href"), "tel:+31201234567");
  await page.evaluate(() => {
    document.addEventListener("click", (e) => e.preventDefault()); // the tel: link is not followed here
    document.addEventListener("cnb:click", (e) => (window.clicked = e.detail.actionId));
  });
  await call.click();
  assert.equal(await page.evaluate(() => window.clicked), "call-action");
  assert.deepEqual(requests.filter((r) => !OWN_FILE.test(r)), [], "a click before consent sends no statistics");
  assert.deepEqual(await stored(opened), NOTHING);
}

/** After consent: the page view's statistics, the geo lookup, and the triggers' session key. */
async function everythingAfter(opened, openedByTrigger = []) {
  const { page, requests } = opened;
  await eventually(() => requests.includes("POST /api/v1/stats"), () => `the statistics after consent; got ${requests.join(", ")}`);
  await eventually(() => requests.includes("GET /api/v1/geo"), () => `the geo lookup after consent; got ${requests.join(", ")}`);
  await eventually(async () => (await stored(opened)).session.includes("cnb.session"), "the session's key after consent");
  const after = await stored(opened);
  assert.deepEqual(after, { ...NOTHING, session: ["cnb.session"] }, "only the triggers' session key: no localStorage, no cookie");
  assert.deepEqual(JSON.parse(await page.evaluate(() => sessionStorage.getItem("cnb.session"))), { views: 1, opened: openedByTrigger });
  await page.locator('.call-now-button[data-button-id="mail"]').waitFor();
}

test("CNB.consent: nothing before (requests and storage listed), everything after; consent(false) stops it again", async () => {
  const opened = await open(sitePage("/api-consent"));
  await nothingBefore(opened);
  assert.deepEqual(await axeViolations(opened.page), []);
  await opened.page.evaluate(() => window.CNB.consent(true));
  await everythingAfter(opened);
  // Taken back: the session's key goes, and no more statistics (a click sends none).
  await opened.page.evaluate(() => window.CNB.consent(false));
  assert.deepEqual(await stored(opened), NOTHING);
  const count = opened.requests.length;
  await opened.page.locator('.call-now-button[data-button-id="call"] a').click();
  await opened.page.evaluate(() => new Promise((r) => setTimeout(r))); // the click's statistics would be sent in this task or the next
  assert.deepEqual(opened.requests.slice(count), []);
  await opened.context.close();
});

// A stand-in IAB TCF v2 CMP: __tcfapi('addEventListener', 2, cb) calls cb with the current TCData
// now and on every change; window.decide(consents) is the visitor's click in its banner.
const TCF = `<script>
(() => {
  const listeners = [];
  let tc = { tcString: "", gdprApplies: true, eventStatus: "cmpuishown", cmpStatus: "loaded", purpose: { consents: {} }, publisher: { consents: {} } };
  window.__tcfapi = (command, version, cb) => {
    if (command === "addEventListener" && version === 2) { listeners.push(cb); cb({ ...tc, listenerId: listeners.length }, true); }
    else if (command === "ping") cb({ gdprApplies: true, cmpLoaded: true, apiVersion: "2.2" }, true);
  };
  window.decide = (consents) => {
    tc = { ...tc, eventStatus: "useractioncomplete", purpose: { consents } };
    listeners.forEach((cb, i) => cb({ ...tc, listenerId: i + 1 }, true));
  };
})();
</script>`;

test("an IAB TCF v2 consent manager: no decision, a refusal, then purpose 1 consented", async () => {
  const opened = await open(sitePage("/tcf", TCF));
  await nothingBefore(opened);
  await opened.page.evaluate(() => window.decide({ 2: true })); // everything but storage
  await opened.page.evaluate(() => new Promise((r) => setTimeout(r)));
  assert.deepEqual(opened.requests.filter((r) => !OWN_FILE.test(r)), []);
  assert.deepEqual(await stored(opened), NOTHING);
  await opened.page.evaluate(() => window.decide({ 1: true, 2: true }));
  await everythingAfter(opened);
  await opened.context.close();
});

// A stand-in Google Consent Mode v2 page: gtag pushes its arguments to the dataLayer, with the
// default (denied) set before the embed, as Google's documentation asks.
const CONSENT_MODE = `<script>
window.dataLayer = window.dataLayer || [];
function gtag() { dataLayer.push(arguments); }
gtag("consent", "default", { ad_storage: "denied", analytics_storage: "denied", functionality_storage: "denied" });
</script>`;

test("Google Consent Mode v2: denied by default, then functionality_storage granted by an update", async () => {
  const opened = await open(sitePage("/consent-mode", CONSENT_MODE));
  await nothingBefore(opened);
  await opened.page.evaluate(() => window.gtag("consent", "update", { analytics_storage: "granted" }));
  await opened.page.evaluate(() => new Promise((r) => setTimeout(r)));
  assert.deepEqual(opened.requests.filter((r) => !OWN_FILE.test(r)), []);
  await opened.page.evaluate(() => window.gtag("consent", "update", { functionality_storage: "granted" }));
  await everythingAfter(opened);
  await opened.context.close();
});

test("Consent Mode already granted in the dataLayer before the widget loads: at once", async () => {
  const granted = CONSENT_MODE.replace('gtag("consent", "default"', 'gtag("consent", "default", { functionality_storage: "granted" });\ngtag("consent", "update"').replace('functionality_storage: "denied" });', 'functionality_storage: "granted" });');
  const opened = await open(sitePage("/consent-mode-granted", granted));
  // Consent is there as the buttons show: the chat button's trigger opens the chat.
  await everythingAfter(opened, ["chat"]);
  await opened.page.getByRole("dialog").first().waitFor();
  await opened.context.close();
});

test("a chat stored in this browser is not reconnected before consent, and is once consent comes", async () => {
  const url = sitePage("/stored-chat");
  const { page, context } = await openPage(fx.browser, { viewport: { width: 1280, height: 800 } });
  // A chat this visitor opened on an earlier visit (its keys, spec §9): the conversation is unknown to the server.
  await page.addInitScript(() => {
    localStorage.setItem("cnb.chat.persona", JSON.stringify({ name: "Ada", email: "ada@example.com" }));
    localStorage.setItem("cnb.chat.channel-id", "00000000-0000-4000-8000-000000000000");
    localStorage.setItem("cnb.chat.persona-id", "00000000-0000-4000-8000-000000000001");
  });
  const requests = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.origin == fx.server.origin) requests.push(`${r.method()} ${u.pathname}`);
  });
  await markExtrasRun(page);
  await page.goto(url);
  await extrasRan(page);
  await page.locator('.call-now-button[data-button-id="chat"]').waitFor();
  assert.deepEqual(requests.filter((r) => !OWN_FILE.test(r)), [], "no chat call before consent");
  assert.equal(requests.filter((r) => r.endsWith("/beckon-app.js")).length, 0, "the app is not even loaded to resume it, nor to open the chat by its trigger");
  await page.locator('.call-now-button[data-button-id="chat"]').waitFor({ state: "visible" });
  await page.evaluate(() => window.CNB.consent(true));
  await eventually(() => requests.some((r) => r.includes("/api/v1/chat/")), () => `the stored chat reconnected after consent; got ${requests.join(", ")}`);
  await context.close();
});
