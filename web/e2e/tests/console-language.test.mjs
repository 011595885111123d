// The console in German (docs/console.md "Languages"), against a real `beckon serve`: the agent
// picks Deutsch in Settings; the shell and the inbox speak German at once, and still after a
// reload (the choice is remembered in this browser); an owner's button builder speaks German too,
// with nothing overflowing at a desktop's width or a phone's; axe clean. Screenshots: SCREENSHOTS=dir.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { openConsole } from "../lib/console.mjs";
import { DEMO } from "../lib/beckon.mjs";
import { addDomain, choose, pickChannel } from "../lib/builder.mjs";

const fx = beckonFixture();

test("an agent switches the console to German in Settings; it stays German after a reload", async () => {
  const { page, context } = await openConsole(fx.browser, fx.server.origin, { path: "inbox" });
  await page.getByRole("button", { name: "Notification settings" }).click();
  await page.getByLabel("Language of the console").selectOption("de");
  await page.getByLabel("Sprache der Konsole").waitFor();
  await page.keyboard.press("Escape");
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

/** The console's language picked in Settings (the header's "Notification settings"), from English. */
async function pickLanguage(page, lang, nowLabelled) {
  await page.getByRole("button", { name: "Notification settings" }).click();
  await page.getByLabel("Language of the console").selectOption(lang);
  await page.getByLabel(nowLabelled).waitFor();
  await page.keyboard.press("Escape");
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
  await pickLanguage(page, "de", "Sprache der Konsole");

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
