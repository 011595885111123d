// The console in German and Spanish (docs/console.md "Languages"), against a real `beckon serve`:
// the agent picks Deutsch in Settings; the shell and the inbox speak German at once, and still
// after a reload (the choice is remembered in this browser); a conversation, its reply box and the
// visitor's messages speak German too, times in German form; a browser that prefers Spanish gets
// the login page in Spanish; an owner reads the Domains list, Privacy and Webhooks in Spanish (and
// German), on a desktop and on a phone, where nothing sticks out of the screen; an owner's button
// builder speaks German too, nothing overflowing at a desktop's width or a phone's. Axe clean.
// Screenshots: SCREENSHOTS=dir.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { openApiVisitor, openConsole } from "../lib/console.mjs";
import { openPage } from "../lib/browser.mjs";
import { DEMO, login } from "../lib/beckon.mjs";
import { CEILING } from "../lib/wait.mjs";
import { addDomain, choose, pickChannel } from "../lib/builder.mjs";

const fx = beckonFixture();

/** Deutsch, picked in Settings (the dialog closed again). */
async function switchToGerman(page) {
  await page.getByRole("button", { name: "Settings", exact: true }).click();
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
  await visitor.say("أين طلبي رقم 42؟");
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
  // Each message's text laid out by its own words (dir="auto"): an Arabic one right to left in a German console.
  const arabic = thread.locator(".message.from-visitor .message-text").filter({ hasText: "أين طلبي" });
  await arabic.waitFor();
  assert.equal(await arabic.evaluate((e) => getComputedStyle(e).direction), "rtl");
  assert.equal(await message.locator(".message-text").evaluate((e) => getComputedStyle(e).direction), "ltr");

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

const HOOK = "https://hooks.example.com/beckon";

/** What an owner's screens say in each language: the screen's path and what shows there once its data came. */
const OWNER_SCREENS = {
  es: {
    domains: (page) => [
      page.getByRole("heading", { name: "Dominios", level: 1 }),
      page.getByRole("link", { name: "localhost" }),
      page.getByRole("heading", { name: "Añadir un dominio" }),
      page.getByRole("textbox", { name: "Nombre de host del sitio" }),
      page.getByRole("combobox", { name: "Zona horaria de tu tienda" }),
      page.getByRole("button", { name: "Añadir el dominio" }),
    ],
    privacy: (page) => [
      page.getByRole("heading", { name: "Privacidad", level: 1 }),
      page.getByRole("heading", { name: "Cuánto tiempo se guardan las conversaciones terminadas" }),
      page.getByRole("combobox", { name: "localhost" }).filter({ has: page.locator("option:checked", { hasText: "Hasta que las borres" }) }),
      page.getByRole("textbox", { name: "Correo electrónico del visitante" }),
      page.getByRole("button", { name: "Exportar" }),
    ],
    webhooks: (page) => [
      page.getByRole("heading", { name: "Webhooks", level: 1 }),
      page.getByRole("columnheader", { name: "Dirección" }),
      page.getByRole("cell", { name: "Empieza una conversación" }),
      page.getByRole("button", { name: `Entregas a ${HOOK}` }),
      page.getByRole("button", { name: `Eliminar el webhook a ${HOOK}` }),
      page.getByRole("group", { name: "Eventos que enviar" }).getByRole("checkbox", { name: /^Un visitante valora una conversación/ }),
    ],
  },
  de: {
    domains: (page) => [page.getByRole("heading", { name: "Domains", level: 1 }), page.getByRole("button", { name: "Domain hinzufügen" })],
    privacy: (page) => [
      page.getByRole("heading", { name: "Datenschutz", level: 1 }),
      page.getByRole("combobox", { name: "localhost" }).filter({ has: page.locator("option:checked", { hasText: "Bis Sie sie löschen" }) }),
    ],
    webhooks: (page) => [page.getByRole("cell", { name: "Ein Gespräch beginnt" }), page.getByRole("button", { name: `Testereignis senden an ${HOOK}` })],
  },
};
test("an owner reads Domains, Privacy and Webhooks in Spanish and German, on a desktop and on a phone", async () => {
  const owner = await login(fx.server.origin, DEMO.owner);
  const made = await owner("/api/v1/owner/webhooks", { method: "POST", body: JSON.stringify({ url: HOOK, events: ["conversation.started"], domainId: null }) });
  assert.equal(made.status, 201, await made.text());
  const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "domains" });
  for (const [lang, screens] of Object.entries(OWNER_SCREENS)) {
    // The choice as Settings stores it (the first test picks it there).
    await page.evaluate((l) => localStorage.setItem("beckon.console.language", l), lang);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 740 });
      for (const [path, shown] of Object.entries(screens)) {
        await page.goto(`${fx.server.origin}/console/${path}`);
        for (const l of shown(page)) await l.waitFor({ timeout: CEILING });
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        // Nothing sticks out of the screen (a long word in a button or a heading would), but in
        // the tables that scroll sideways on their own.
        const out = await page.evaluate(() =>
          [...document.querySelectorAll("main *")]
            .filter((e) => !e.closest(".table-scroll, .visually-hidden") && e.getBoundingClientRect().right > innerWidth + 1)
            .map((e) => `${e.tagName.toLowerCase()}: ${e.textContent.slice(0, 40)}`),
        );
        assert.deepEqual(out, [], `${lang} ${path} at ${width} px`);
        // Nor out of its own box (a long word in a narrow button or cell).
        const cramped = await page.evaluate(() =>
          [...document.querySelectorAll("main :is(button, a, th, td, label, legend, summary, h1, h2, h3, p)")]
            .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
            .map((e) => `${e.tagName.toLowerCase()}: ${e.textContent.slice(0, 40)} (${e.scrollWidth} > ${e.clientWidth})`),
        );
        assert.deepEqual(cramped, [], `${lang} ${path} at ${width} px`);
        assert.deepEqual(await axeViolations(page, "body"), [], `${lang} ${path} at ${width} px`);
        if (process.env.SCREENSHOTS) await wholeShot(page, `owner-${lang}-${path}-${width}.png`);
      }
    }
  }
  await context.close();
});

/** A screenshot of the whole screen: the console scrolls in its <main>, so the window is made as tall as what main holds. */
async function wholeShot(page, name) {
  const size = page.viewportSize();
  const height = await page.evaluate(() => {
    const main = document.querySelector("main");
    return Math.ceil(main.getBoundingClientRect().top + main.scrollHeight);
  });
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: join(process.env.SCREENSHOTS, name) });
  await page.setViewportSize(size);
}

/** The builder's cards and fieldsets whose content is wider than they are (a long word that does not wrap). */
const overflowing = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".builder .card, .builder fieldset, .first-publish")].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.querySelector("h2, h3, legend")?.textContent ?? el.className),
  );

test("an owner's button builder speaks German once Deutsch is picked in Settings", async () => {
  const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "domains", viewport: { width: 1280, height: 900 } });
  await addDomain(page, fx.server.origin, "deutsch.test");
  await pickChannel(page, "WhatsApp");
  await switchToGerman(page);

  // The same draft, now in German: the question, the channels, the form, the look, the first publication.
  await page.getByRole("heading", { name: "Was sollen Besucher tun können?" }).waitFor();
  const picked = page.getByRole("button", { name: "WhatsApp", exact: true, pressed: true });
  assert.match(await picked.evaluate((el) => getComputedStyle(el, "::after").content), /hinzugefügt/);
  await page.getByRole("button", { name: "Anruf", exact: true, pressed: false }).waitFor();
  await page.getByRole("heading", { name: "Ihre Kanäle" }).waitFor();
  await page.getByLabel("Ihre WhatsApp-Nummer", { exact: true }).fill("+31 6 1234 5678");
  await page.getByRole("group", { name: "Beschriftung in anderen Sprachen" }).getByRole("button", { name: /^Beschriftung auf .* hinzufügen$/ }).waitFor();
  await page.getByRole("heading", { name: "So sieht der Button aus" }).waitFor();
  assert.ok(await page.getByRole("radio", { name: "Unten rechts" }).isChecked());
  await page.getByRole("heading", { name: "Wann und wo er erscheint" }).waitFor();
  const live = page.getByRole("list", { name: "Was live geht" }).getByRole("listitem");
  assert.deepEqual(await live.allTextContents(), ["Ein Button für WhatsApp unten rechts"]);
  assert.equal(await page.getByText("What should visitors be able to do?").count(), 0);
  // The live preview's stand-in page is German too, its lang (which the widget reads) included.
  const stand = page.frameLocator('iframe[title="Vorschau Ihrer Buttons auf einem Smartphone"]');
  await stand.getByRole("heading", { name: "Ihre Seite" }).waitFor();
  await stand.getByText("Ihre Buttons erscheinen so, wie Besucher sie sehen.").waitFor();
  assert.equal(await stand.locator("main").getAttribute("aria-label"), "Eine Seite Ihrer Website");
  assert.equal(await stand.locator("html").getAttribute("lang"), "de");
  assert.equal(await stand.getByText("Your page").count(), 0);
  await stand.locator(".call-now-button").waitFor();
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "preview-de-1280.png") });
  // Opening hours with the German days, the longest words the builder shows.
  await choose(page.locator("section.channel-form"), "Zu festen Zeiten");
  await page.getByRole("group", { name: "Zeiten nach Tag" }).getByLabel("Donnerstag von").waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);
  assert.deepEqual(await overflowing(page), [], "at 1280 px");
  /** Screenshots (the builder scrolls inside the page) with each of these headings at the top. */
  const shots = async (name, headings) => {
    for (const [i, heading] of headings.entries()) {
      await page.getByRole("heading", { name: heading }).evaluate((h) => h.scrollIntoView({ block: "start" }));
      if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}-${i + 1}.png`) });
    }
  };
  await shots("builder-de", ["Was sollen Besucher tun können?", "So sieht der Button aus"]);

  // A phone's width: the long German words wrap inside their cards.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.deepEqual(await overflowing(page), [], "at 390 px");
  await shots("builder-de-390", ["Ihre Kanäle", "WhatsApp", "So sieht der Button aus", "Wann und wo er erscheint"]);
  // On a phone the preview (under the form) shows the German stand-in page too.
  await page.getByRole("button", { name: "Vorschau anzeigen" }).click();
  await stand.getByRole("heading", { name: "Ihre Seite" }).waitFor();
  assert.deepEqual(await axeViolations(page, "body"), [], "the German preview at 390 px");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "preview-de-390.png") });
  await context.close();
});
