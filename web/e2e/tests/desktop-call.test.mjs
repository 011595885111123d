// A call button on a desktop (docs/configuration.md "A call button on a desktop"), against a real
// `beckon serve` and a real site: on a desktop (no touch, fine pointer, wide window) a PHONE
// click shows the number, a Copy that puts it on the clipboard (permission granted) and a QR code
// that decodes to the tel: link (decoded in the page with jsqr); Esc closes it and the focus goes
// back; the panel is in the page's language and direction (Arabic); WhatsApp offers WhatsApp Web;
// the owner's `desktop-plain-link` keeps the link; on a phone (mobile emulation, touch) the tel:
// link is followed and no panel shows. axe clean. Screenshots: SCREENSHOTS=dir.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { DEMO, login } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { extrasRan, markExtrasRun } from "../lib/wait.mjs";

const JSQR = fileURLToPath(new URL("../../node_modules/jsqr/dist/jsQR.js", import.meta.url));
const SHOTS = process.env.SCREENSHOTS;
const fx = beckonFixture({ site: true, setup: (f) => publish(f, {}) });

/** Publishes the demo domain with a PHONE, an SMS and a WHATSAPP button; `phone`: the phone action's properties. */
async function publish(f, phone) {
  const owner = await login(f.server.origin, DEMO.owner);
  const url = `/api/v1/owner/domains/${DEMO.domainId}/config`;
  const cfg = await (await owner(url)).json();
  const act = (id, actionType, actionValue, labelText, properties = {}) => ({ id, actionType, actionValue, labelText, backgroundColor: "#0a7d32", iconEnabled: true, properties });
  cfg.actions = [act("call", "PHONE", "+31 20 123 4567", "Call us", phone), act("text", "SMS", "+31201234567", "Text us"), act("wa", "WHATSAPP", "+31 6 1234 5678", "WhatsApp", { message: "Hello" })];
  const button = (id, a, placement) => ({ id, active: true, domainId: cfg.domains[0].id, type: "SINGLE", actions: [a], options: { placement, position: "FIXED", displayMode: "ALWAYS" } });
  cfg.buttons = [button("b-call", "call", "BOTTOM_RIGHT"), button("b-text", "text", "BOTTOM_LEFT"), button("b-wa", "wa", "TOP_RIGHT")];
  cfg.conditions = [];
  cfg.domains[0].properties = { ...cfg.domains[0].properties, allowMultipleButtons: true };
  assert.ok((await owner(url, { method: "PUT", body: JSON.stringify(cfg) })).ok);
  assert.ok((await owner(`/api/v1/owner/domains/${DEMO.domainId}/publish`, { method: "POST" })).ok);
}

/**
 * A visitor's page with the buttons shown and the extras chunk run: it handles the clicks of call,
 * text and WhatsApp links on a desktop, so a click before it ran would follow the plain link.
 */
async function visit(options = {}, { lang = "en", dir, path = "/call" } = {}) {
  const opened = await openPage(fx.browser, { reducedMotion: "reduce", ...options });
  await markExtrasRun(opened.page);
  await opened.page.goto(fx.site.page(path, { lang, dir }));
  await opened.page.locator('.call-now-button [data-action-id="call"]').waitFor({ state: "visible" });
  await extrasRan(opened.page);
  return opened;
}

const panel = (page) => page.locator(".cnb-call-host").getByRole("dialog");

/** The QR code in the panel, drawn on a canvas and decoded by jsqr in the page. */
async function decodeQr(page) {
  await page.addScriptTag({ path: JSQR });
  return page.evaluate(async () => {
    const svg = document.querySelector(".cnb-call-host").shadowRoot.querySelector(".q svg");
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" }));
    await img.decode();
    const c = Object.assign(document.createElement("canvas"), { width: 400, height: 400 });
    const g = c.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, 400, 400);
    g.drawImage(img, 0, 0, 400, 400);
    const { data } = g.getImageData(0, 0, 400, 400);
    return window.jsQR(data, 400, 400)?.data ?? null;
  });
}

test("a desktop: the number, a working Copy and a QR code of the tel: link; Esc closes", async () => {
  const { page, context } = await visit();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: fx.site.origin });
  const call = page.locator('.call-now-button [data-action-id="call"]');
  assert.equal(await call.getAttribute("href"), "tel:+31201234567");
  await call.click();
  const dialog = panel(page);
  await dialog.waitFor();
  assert.equal((await dialog.getByRole("heading").innerText()).replace(/[\u2066-\u2069]/g, ""), "Call +31 20 123 4567");
  assert.equal(await dialog.getByRole("textbox", { name: "Phone number" }).inputValue(), "+31 20 123 4567");
  assert.equal(new URL(page.url()).pathname, "/call", "the page stays");
  await dialog.getByRole("button", { name: "Copy" }).click();
  await dialog.getByRole("status").getByText("Copied").waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "+31 20 123 4567");
  assert.equal(await decodeQr(page), "tel:+31201234567");
  assert.deepEqual(await axeViolations(page, ".cnb-call-host"), []);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "call-panel-en.png") });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-action-id")), "call", "focus back on the button");
  await context.close();
});

test("a desktop: SMS gets its sms: QR; WhatsApp offers WhatsApp Web; an Arabic page gets the panel right to left", async () => {
  const { page, context } = await visit({}, { lang: "ar", dir: "rtl", path: "/call-ar" });
  await page.locator('.call-now-button [data-action-id="text"]').click();
  const dialog = panel(page);
  await dialog.getByRole("button", { name: "نسخ" }).waitFor();
  assert.equal(await page.locator(".cnb-call-host").getAttribute("dir"), "rtl");
  assert.equal(await decodeQr(page), "sms:+31201234567");
  assert.deepEqual(await axeViolations(page, ".cnb-call-host"), []);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "call-panel-ar.png") });
  await dialog.getByRole("button", { name: "إغلاق" }).click();
  await page.locator('.call-now-button [data-action-id="wa"]').click();
  const web = panel(page).getByRole("link", { name: "فتح واتساب ويب" });
  assert.equal(await web.getAttribute("href"), "https://web.whatsapp.com/send?phone=31612345678&text=Hello");
  assert.match(await decodeQr(page), /^https:\/\/wa\.me\/31612345678/);
  await context.close();
});

test("a phone: the tel: link is followed, no panel", async () => {
  const { page, context } = await visit({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.evaluate(() => window.addEventListener("click", (e) => (window.prevented = e.defaultPrevented)));
  const call = page.locator('.call-now-button [data-action-id="call"]');
  assert.equal(await call.getAttribute("href"), "tel:+31201234567");
  await call.tap();
  assert.equal(await page.evaluate(() => window.prevented), false, "the link's own click went ahead");
  assert.equal(await page.locator(".cnb-call-host").count(), 0);
  await context.close();
});

test("the owner keeps the plain link: desktop-plain-link", async () => {
  await publish(fx, { "desktop-plain-link": "true" });
  const { page, context } = await visit({}, { path: "/call-plain" });
  await page.evaluate(() => window.addEventListener("click", (e) => (window.prevented = e.defaultPrevented)));
  await page.locator('.call-now-button [data-action-id="call"]').click();
  assert.equal(await page.evaluate(() => window.prevented), false);
  assert.equal(await page.locator(".cnb-call-host").count(), 0);
  await context.close();
});
