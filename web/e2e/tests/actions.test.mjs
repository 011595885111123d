// What each action opens when a visitor clicks it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { harnessFixture, logged, visibleButtons } from "../lib/harness.mjs";
import { action, button, config } from "../lib/fixtures.mjs";
import { CEILING } from "../lib/wait.mjs";

const h = harnessFixture();

async function fullBar(actions) {
  const { page, logs } = await h.load({
    config: config({ buttons: [button("bar", "MULTI", actions.map((a) => a.id), {}, { multiButtonOptions: { defaultState: "OPEN" } })], actions }),
    body: '<div style="height:3000px"></div><h2 id="contact">Contact</h2><div style="height:3000px"></div>',
  });
  await visibleButtons(page);
  return { page, logs };
}

test("each link action carries the href its app opens, with prefilled texts encoded", async () => {
  const { page } = await fullBar([
    action("tel", "PHONE", "+31 (20) 123-4567"),
    action("sms", "SMS", "+1 555 0100", { properties: { message: "Hi & bye" } }),
    action("mail", "EMAIL", "sales@shop.test", { properties: { cc: "a@shop.test, b@shop.test", subject: "Order #1", body: "Hello there" } }),
    action("wa", "WHATSAPP", "+31 06-1234 5678", { properties: { message: "Is this in stock?" } }),
    action("tg", "TELEGRAM", "shopsupport"),
    action("msgr", "FACEBOOK", "shoppage"),
    action("map", "MAP", "Dam 1, Amsterdam", { properties: { "map-query-type": "q" } }),
  ]);
  const href = (id) => page.locator(`[data-action-id=${id}]`).getAttribute("href");
  assert.equal(await href("tel"), "tel:+31201234567");
  assert.match(await href("sms"), /^sms:\+15550100\?body=Hi%20%26%20bye$/);
  const mail = new URL(await href("mail"));
  assert.equal(mail.protocol, "mailto:");
  assert.equal(mail.pathname, "sales@shop.test");
  assert.equal(mail.searchParams.get("cc"), "a@shop.test,b@shop.test");
  assert.equal(mail.searchParams.get("subject"), "Order #1");
  assert.match(await href("wa"), /^https:\/\/wa\.me\/31?0?612345678\?text=Is%20this%20in%20stock%3F$/);
  assert.equal(await href("tg"), "https://t.me/shopsupport");
  assert.equal(await href("msgr"), "https://m.me/shoppage");
  assert.match(await href("map"), /^https:\/\/maps\.google\.com\/?\?q=Dam%201%2C%20Amsterdam$/);
});

test("a LINK opens its page, in a new tab when its target says so", async () => {
  h.server.pages["/landing"] = "<!doctype html><title>Landing</title><h1>Landing</h1>";
  const { page } = await fullBar([
    action("same", "LINK", h.url("/landing")),
    action("tab", "LINK", h.url("/landing"), { properties: { "link-target": "_blank" } }),
  ]);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.locator("[data-action-id=tab]").click()]);
  await popup.waitForLoadState();
  assert.equal(await popup.title(), "Landing");
  await Promise.all([page.waitForURL(/\/landing$/), page.locator("[data-action-id=same]").click()]);
  assert.equal(await page.title(), "Landing");
});

test("a LINK that is not a full http(s) URL is left out with a warning", async () => {
  const { page, logs } = await fullBar([action("ok", "PHONE", "1"), action("bad", "LINK", "www.shop.test/page")]);
  assert.equal(await page.locator("[data-action-id=bad]").count(), 0);
  await logged(logs, /invalid or incomplete URL.* bad$/i);
});

test("an ANCHOR scrolls to its element", async () => {
  const { page } = await fullBar([action("anc", "ANCHOR", "#contact", { labelText: "Contact" }), action("p", "PHONE", "1")]);
  assert.equal(await page.evaluate(() => scrollY), 0);
  await page.locator("[data-action-id=anc]").click();
  await page.waitForFunction(() => Math.abs(document.getElementById("contact").getBoundingClientRect().top) < 5, null, { timeout: CEILING });
});

test("surface actions are buttons that announce themselves with cnb:open", async () => {
  const { page } = await fullBar([action("chat", "CHAT", "dom-1", { labelText: "Chat" }), action("frame", "IFRAME", "https://shop.test/form", { labelText: "Form" })]);
  const el = page.locator("[data-action-id=chat]");
  assert.equal(await el.evaluate((e) => e.tagName), "BUTTON");
  const detail = page.evaluate(() => new Promise((resolve) => document.addEventListener("cnb:open", (e) => resolve(e.detail), { once: true })));
  await el.click();
  assert.deepEqual(await detail, { actionId: "chat", actionType: "CHAT" });
});

test("every action element has an accessible name", async () => {
  const { page } = await fullBar([action("p", "PHONE", "1"), action("w", "WHATSAPP", "2"), action("e", "EMAIL", "a@b.test"), action("c", "CHAT", "x")]);
  const names = await page.locator("[data-action-id]").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") || el.textContent.trim()));
  for (const name of names) assert.ok(name.length > 0, "named");
});
