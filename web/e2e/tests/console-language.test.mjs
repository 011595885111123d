// The console in German and Spanish (docs/console.md "Languages"), against a real `beckon serve`:
// the agent picks Deutsch in Settings; the shell and the inbox speak German at once, and still
// after a reload (the choice is remembered in this browser); a conversation, its reply box and the
// visitor's messages speak German too, times in German form; a browser that prefers Spanish gets
// the login page in Spanish. Axe clean. Screenshots: SCREENSHOTS=dir.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { openApiVisitor, openConsole } from "../lib/console.mjs";
import { openPage } from "../lib/browser.mjs";
import { DEMO } from "../lib/beckon.mjs";

const fx = beckonFixture();

/** Deutsch, picked in Settings (the dialog closed again). */
async function switchToGerman(page) {
  await page.getByRole("button", { name: "Notification settings" }).click();
  await page.getByLabel("Language of the console").selectOption("de");
  await page.getByLabel("Sprache der Konsole").waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("navigation", { name: "Konsole" }).waitFor();
}

test("an agent switches the console to German in Settings; it stays German after a reload", async () => {
  const { page, context } = await openConsole(fx.browser, fx.server.origin, { path: "inbox" });
  await switchToGerman(page);
  const nav = page.getByRole("navigation", { name: "Konsole" });
  await nav.getByRole("link", { name: "Posteingang" }).waitFor();
  await page.getByRole("tablist", { name: "Welche Chats" }).getByRole("tab", { name: /^Nicht zugewiesen/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "de");
  await page.reload();
  await page.getByRole("navigation", { name: "Konsole" }).getByRole("link", { name: "Posteingang" }).waitFor();
  await page.getByRole("button", { name: "Abmelden" }).waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "console-de.png") });
  await context.close();
});

test("in German, an agent opens a visitor's chat: the conversation, the reply box and the messages speak German", async () => {
  const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name: "Greta Besucherin", email: "greta@example.com" });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("Guten Tag, wo bleibt meine Bestellung?");
  const { page, context, errors } = await openConsole(fx.browser, fx.server.origin, { path: "inbox" });
  await switchToGerman(page);
  await page.getByRole("link", { name: /Greta Besucherin/ }).click();
  await page.waitForURL(new RegExp(`/inbox/${channelId}$`));

  const chat = page.getByRole("region", { name: "Gespräch" });
  await chat.getByRole("heading", { name: "Greta Besucherin" }).waitFor();
  await chat.getByRole("button", { name: "Zurück zur Chatliste", includeHidden: true }).waitFor({ state: "attached" }); // shown on a phone
  await chat.getByRole("button", { name: "Annehmen" }).waitFor();
  await chat.getByRole("combobox", { name: "Zugewiesen an" }).waitFor();
  await chat.getByText("Zuerst gesehen").waitFor();
  await chat.getByRole("region", { name: "Angaben zum Besuch" }).getByText("Auf der Website").waitFor();

  // The visitor's message, in the thread named in German, its time as Germans write it (14:05, not 02:05 PM).
  const thread = chat.getByRole("log", { name: "Nachrichten" });
  const message = thread.locator(".message.from-visitor").filter({ hasText: "Guten Tag, wo bleibt meine Bestellung?" });
  await message.waitFor();
  assert.match(await message.locator("time").innerText(), /^\d{2}:\d{2}$/);

  // The reply box: its modes, its name and hint, its buttons; a note mode of its own words.
  const box = chat.getByRole("textbox", { name: "Antwort an Greta Besucherin" });
  assert.match(await box.getAttribute("placeholder"), /^Antwort schreiben – Enter sendet/);
  await chat.getByRole("radio", { name: "Antwort" }).waitFor();
  await chat.getByRole("button", { name: "Datei anhängen" }).waitFor();
  await chat.getByRole("button", { name: "Senden" }).waitFor();
  await chat.getByRole("radio", { name: "Notiz" }).check();
  await chat.getByRole("textbox", { name: "Private Notiz zum Chat mit Greta Besucherin (nur für Mitarbeitende sichtbar)" }).waitFor();
  await chat.getByRole("button", { name: "Notiz hinzufügen" }).waitFor();
  await chat.getByRole("radio", { name: "Antwort" }).check();

  // A reply sent: the agent's own message is "Sie".
  await box.fill("Sie ist unterwegs und kommt morgen an.");
  await box.press("Enter");
  await thread.locator(".message.from-agent").filter({ hasText: "Sie ist unterwegs" }).locator(".message-sender", { hasText: /^Sie$/ }).waitFor();

  // Ending asks first, in German; Abbrechen keeps the chat.
  await chat.getByRole("button", { name: "Chat beenden" }).click();
  const ask = page.getByRole("alertdialog", { name: "Diesen Chat beenden?" });
  await ask.getByText("Der Besucher sieht dann, dass der Chat beendet ist").waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);
  await ask.getByRole("button", { name: "Abbrechen" }).click();
  await ask.waitFor({ state: "hidden" });

  assert.deepEqual(await axeViolations(page, "body"), []);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "console-de-conversation.png") });
  assert.deepEqual(errors, []);
  await context.close();
  await visitor.context.close();
});

test("a browser that prefers Spanish gets the login page in Spanish, its refusal too", async () => {
  const { page, context } = await openPage(fx.browser, { locale: "es-ES" });
  await page.goto(`${fx.server.origin}/console/`);
  await page.getByRole("heading", { name: "Consola de Beckon" }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "es");
  await page.getByLabel("Correo electrónico").fill(DEMO.agent);
  await page.getByLabel("Contraseña").fill("no es la contraseña");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.getByRole("alert").filter({ hasText: "Correo electrónico o contraseña incorrectos." }).waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "console-es-login.png") });
  await context.close();
});

test("an owner sets a domain's language and their own French welcome in its Settings", async () => {
  const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: `domains/${DEMO.domainId}/settings` });
  const languages = page.getByRole("group", { name: "Languages" });
  await languages.getByLabel("Language of the chat and its windows").selectOption("fr");
  await languages.getByRole("combobox", { name: /^Your own words in/ }).selectOption("fr");
  await page.getByRole("group", { name: /^Your own words in/ }).getByLabel("Welcome message").fill("Bienvenue chez nous !");
  assert.deepEqual(await axeViolations(page, "body"), []);
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved.").waitFor();
  const domain = await page.evaluate(async (id) => (await (await fetch("/api/v1/owner/domains")).json()).domains.find((d) => d.id === id), DEMO.domainId);
  assert.equal(domain.properties.language, "fr");
  assert.deepEqual(domain.properties.texts, { fr: { "modal.welcome": "Bienvenue chez nous !" } });
  await context.close();
});
