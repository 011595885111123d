// The widget in the page's language (docs/configuration.md "Languages"), against a real
// `beckon serve` and a real site: a French page and an Arabic page (<html lang>) get the chat's
// texts, times and direction in their language, each page downloading its own language's chunk
// only; a menu's toggle and branding line (the loader's own texts) speak the page's language too;
// the domain's `language` wins over the page's; an Arabic browser on a page naming no language
// or direction gets a right-to-left chat whose messages are each laid out by their own words.
// Screenshots: SCREENSHOTS=dir.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, storedChannel } from "../lib/chat.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";
import { DEMO, login } from "../lib/beckon.mjs";

const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });
const fx = chatFixture();

/**
 * A visitor on a page of the site in `lang` (and `dir`; `lang: null`, a page naming no language),
 * with a browser reading `locale`; the language chunks it fetched are listed.
 */
async function visitor(lang, { dir, path = `/${lang}`, locale = "en-US" } = {}) {
  const opened = await openPage(fx.browser, { reducedMotion: "reduce", locale });
  const langs = [];
  opened.page.on("request", (r) => {
    const m = /beckon-lang-(\w+)\.js/.exec(r.url());
    if (m) langs.push(m[1]);
  });
  await opened.page.goto(fx.site.page(path, { lang, dir }));
  await opened.page.locator(".call-now-button").first().waitFor({ state: "visible" });
  return { ...opened, langs };
}

/** Opens the chat, fills the profile with the labels given, saves; resolves once the box is enabled. */
async function start(page, { form, name, email, save, message }) {
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  const dialog = chatDialog(page);
  const profile = dialog.getByRole("form", { name: form });
  await profile.getByLabel(name).fill("Ann Visitor");
  await profile.getByLabel(email).fill("ann@example.com");
  await profile.getByRole("button", { name: save }).click();
  const box = dialog.getByRole("textbox", { name: message, exact: true });
  await box.and(page.locator(":enabled")).waitFor({ timeout: CEILING });
  return box;
}

/** The agent's reply, and the time the visitor's chat shows beside it. */
async function replyTime(page, text) {
  const channelId = await storedChannel(page);
  // Agents know a chat from its visitor's first message.
  const box = chatDialog(page).locator("textarea");
  await box.fill("?");
  await box.press("Enter");
  await eventually(async () => (await fx.agent.api(`/api/v1/agent/channels/${channelId}`)).ok, "the chat reached the agents");
  await fx.agent.reply(channelId, text);
  const row = chatDialog(page).locator(".cnb-c-row").filter({ hasText: text });
  await row.waitFor();
  return (await row.locator("time, .cnb-c-time").first().innerText()).trim();
}

test("a French page: the chat speaks French, with French times, and loads the French texts only", async () => {
  const { page, context, langs } = await visitor("fr");
  const dialog = chatDialog(page);
  const box = await start(page, { form: "Profil", name: "Nom complet", email: "Adresse e-mail", save: "Enregistrer", message: "Message" });
  assert.equal(await box.getAttribute("placeholder"), "Écrivez votre message");
  await dialog.getByRole("button", { name: "Fermer" }).waitFor();
  await dialog.getByRole("button", { name: "Menu" }).waitFor();
  // Times as French readers write them: 24-hour, no AM/PM.
  assert.match(await replyTime(page, "Bonjour !"), /^\d{2}:\d{2}$/);
  assert.equal(await page.locator(".cnb-m-host").getAttribute("lang"), "fr");
  assert.equal(await page.locator(".cnb-m-host").getAttribute("dir"), "ltr");
  assert.deepEqual([...new Set(langs)], ["fr"], "the French chunk only");
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await shot(page, "i18n-chat-fr.png");
  await context.close();
});

test("an Arabic page: Arabic texts and digits, right to left on the chat", async () => {
  const { page, context, langs } = await visitor("ar", { dir: "rtl" });
  const dialog = chatDialog(page);
  const box = await start(page, { form: "الملف الشخصي", name: "الاسم الكامل", email: "البريد الإلكتروني", save: "حفظ", message: "الرسالة" });
  assert.equal(await box.getAttribute("placeholder"), "اكتب رسالتك");
  const host = page.locator(".cnb-m-host");
  assert.equal(await host.getAttribute("dir"), "rtl");
  assert.equal(await dialog.evaluate((d) => getComputedStyle(d).direction), "rtl");
  // The header's close button sits on the left in right-to-left writing.
  const [close, title] = await Promise.all([dialog.getByRole("button", { name: "إغلاق" }).boundingBox(), dialog.locator(".cnb-m-t").boundingBox()]);
  assert.ok(close.x < title.x, "close button on the left");
  // Times as Arabic readers write them: ص/م for morning and afternoon.
  assert.match(await replyTime(page, "مرحبًا"), /^[\d\u0660-\u0669]{2}:[\d\u0660-\u0669]{2}\s[صم]$/);
  assert.deepEqual([...new Set(langs)], ["ar"], "the Arabic chunk only");
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await shot(page, "i18n-chat-ar.png");
  await context.close();
});

test("an Arabic browser on a page without lang or dir: the chat right to left, each message laid out by its own words", async () => {
  const { page, context, langs } = await visitor(null, { path: "/no-lang-ar", locale: "ar" });
  const dialog = chatDialog(page);
  const box = await start(page, { form: "الملف الشخصي", name: "الاسم الكامل", email: "البريد الإلكتروني", save: "حفظ", message: "الرسالة" });
  assert.deepEqual([...new Set(langs)], ["ar"]);
  // The page's dir says nothing; the chat's language decides (the container and the window).
  assert.equal(await page.evaluate(() => document.documentElement.dir), "");
  assert.equal(await page.locator(".cnb-m-host").evaluate((h) => getComputedStyle(h).direction), "rtl");
  assert.equal(await dialog.evaluate((d) => getComputedStyle(d).direction), "rtl");
  const [close, title] = await Promise.all([dialog.getByRole("button", { name: "إغلاق" }).boundingBox(), dialog.locator(".cnb-m-t").boundingBox()]);
  assert.ok(close.x < title.x, "close button on the left");
  // The visitor's Latin message and the agent's Latin reply read left to right, the Arabic one right to left.
  await box.fill("Order 42, please");
  await box.press("Enter");
  // Agents know a chat from its visitor's first message: stored before the agent answers.
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Order 42, please");
  const bubble = (text) => dialog.locator(".cnb-c-bubble", { hasText: text });
  for (const reply of ["Your order ships today.", "شكرًا لك"]) {
    await fx.agent.reply(await storedChannel(page), reply);
    await bubble(reply).waitFor();
  }
  const direction = (text) => bubble(text).evaluate((b) => getComputedStyle(b).direction);
  assert.deepEqual([await direction("Order 42, please"), await direction("Your order ships today."), await direction("شكرًا لك")], ["ltr", "ltr", "rtl"]);
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await shot(page, "i18n-chat-ar-no-dir.png");
  await context.close();
});

test("a page in a language not shipped: the browser's, else English", async () => {
  const { page, context, langs } = await visitor("ko");
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  await chatDialog(page).getByRole("form", { name: "Profile" }).getByLabel("Full name").waitFor();
  assert.deepEqual([...new Set(langs)], ["en"]);
  await context.close();
});

/** Publishes the demo domain's config changed by `change(config)` (the owner's API, as the builder does). */
async function republish(change) {
  const owner = await login(fx.server.origin, DEMO.owner);
  const url = `/api/v1/owner/domains/${DEMO.domainId}/config`;
  const cfg = await (await owner(url)).json();
  change(cfg);
  const put = await owner(url, { method: "PUT", body: JSON.stringify(cfg) });
  assert.ok(put.ok, `config: ${put.status} ${await put.text()}`);
  assert.ok((await owner(`/api/v1/owner/domains/${DEMO.domainId}/publish`, { method: "POST" })).ok);
}

test("the owner's words per language: the domain's texts and the action's own label and title in French", async () => {
  await republish((cfg) => {
    cfg.domains[0].properties = { ...cfg.domains[0].properties, texts: { fr: { "modal.welcome": "Bienvenue chez Jardin & Co !", "profile.name": "Votre nom" } } };
    const chat = cfg.actions.find((a) => a.id == CHAT_ACTION_ID);
    chat.translations = { fr: { labelText: "Discutons", "chatmodal-header-text": "Le chat du jardin" } };
  });
  const { page, context } = await visitor("fr", { path: "/fr-owner" });
  const button = page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`);
  assert.equal((await button.innerText()).trim(), "Discutons");
  await button.click();
  const dialog = chatDialog(page);
  await dialog.getByRole("heading", { name: "Le chat du jardin" }).or(dialog.locator(".cnb-m-t", { hasText: "Le chat du jardin" })).first().waitFor();
  await dialog.getByRole("form", { name: "Profil" }).getByLabel("Votre nom").waitFor();
  // The English page keeps the owner's English.
  const en = await visitor("en", { path: "/en-owner" });
  const enButton = en.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`);
  assert.equal((await enButton.innerText()).trim(), "Chat with us");
  await en.context.close();
  await context.close();
});

test("the loader's own texts: a menu's toggle and its branding line in the page's language (French, Arabic)", async () => {
  await republish((cfg) => {
    cfg.domains[0].properties = { ...cfg.domains[0].properties, allowMultipleButtons: true };
    const ids = cfg.actions.filter((a) => a.id != CHAT_ACTION_ID).slice(0, 2).map((a) => a.id);
    assert.equal(ids.length, 2, "the demo has two more actions for the menu");
    cfg.buttons = [...cfg.buttons.filter((b) => b.id != "menu"), { id: "menu", active: true, domainId: cfg.domains[0].id, type: "MULTI", actions: ids, options: { placement: "BOTTOM_LEFT", position: "FIXED", displayMode: "ALWAYS" } }];
  });
  for (const [lang, dir, toggle, brand] of [
    ["fr", "ltr", "Moyens de contact", "Propulsé par Beckon"],
    ["ar", "rtl", "خيارات التواصل", "مدعوم من Beckon"],
    ["en", "ltr", "Contact options", "Powered by Beckon"],
  ]) {
    const { page, context } = await visitor(lang, { dir, path: `/${lang}-menu` });
    const menu = page.locator('.call-now-button[data-button-id="menu"]');
    await menu.getByRole("button", { name: toggle }).click();
    await menu.locator(".cnb-brand", { hasText: brand }).waitFor();
    assert.deepEqual(await axeViolations(page, '.call-now-button[data-button-id="menu"]'), []);
    if (lang == "ar") await shot(page, "i18n-menu-ar.png");
    await context.close();
  }
});

test("the domain's language wins over the page's", async () => {
  await republish((cfg) => {
    cfg.domains[0].properties = { ...cfg.domains[0].properties, language: "de" };
  });
  const { page, context, langs } = await visitor("fr", { path: "/fr-de" });
  // The menu's words come with the hosted embed in the domain's language: no language chunk is
  // fetched for them before the buttons show (the page's French is not asked for at all).
  await page.locator('.call-now-button[data-button-id="menu"]').getByRole("button", { name: "Kontaktmöglichkeiten" }).waitFor();
  assert.deepEqual(langs, []);
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  await chatDialog(page).getByRole("form", { name: "Profil" }).getByLabel("Vollständiger Name").waitFor();
  assert.ok(langs.includes("de"));
  await context.close();
});
