// The console in German (docs/console.md "Languages"), against a real `beckon serve`: the agent
// picks Deutsch in Settings; the shell and the inbox speak German at once, and still after a
// reload (the choice is remembered in this browser); axe clean. Screenshot: SCREENSHOTS=dir.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { openConsole } from "../lib/console.mjs";

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
