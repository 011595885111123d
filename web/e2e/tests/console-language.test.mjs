// The console in German (docs/console.md "Languages"), against a real `beckon serve`: the agent
// picks Deutsch in Settings; the shell and the inbox speak German at once, and still after a
// reload (the choice is remembered in this browser); axe clean. Screenshot: SCREENSHOTS=dir.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { openConsole } from "../lib/console.mjs";
import { DEMO } from "../lib/beckon.mjs";

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
