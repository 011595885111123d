// Privacy, against a real `beckon serve`, in the owner's console:
// - the owner chooses how long the demo domain keeps ended conversations, and the choice holds
//   after a reload;
// - a visitor asks for their data: the owner exports it by the e-mail address they gave (a JSON
//   file with their conversation and message), then erases it after confirming; the agent's
//   search no longer finds the visitor, and another visitor's chat stays.
// Each screen is checked with axe; with SCREENSHOTS=dir the screen and the dialog are saved there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { DEMO, login } from "../lib/beckon.mjs";
import { openApiVisitor, openConsole } from "../lib/console.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { eventually } from "../lib/wait.mjs";

const fx = beckonFixture();
const SHOTS = process.env.SCREENSHOTS;
const shot = (what, name) => SHOTS && what.screenshot({ path: join(SHOTS, name) });

/** A chat by a visitor who writes `text`; its channel id. */
async function chatBy(name, email, text) {
  const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name, email });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say(text);
  await visitor.waitFrame((f) => f.op === "chat-message" && f.message.text === text, "its message back");
  await visitor.context.close();
  return channelId;
}

test("the owner sets how long ended conversations are kept", async () => {
  const { page, context, errors } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "privacy", viewport: { width: 1280, height: 900 } });
  await page.getByRole("heading", { name: "Privacy", level: 1 }).waitFor();
  const keep = page.getByRole("combobox", { name: "localhost" });
  await keep.waitFor();
  assert.equal(await keep.locator("option:checked").textContent(), "Until you erase them");
  await keep.selectOption({ label: "90 days" });
  await page.getByRole("status").filter({ hasText: "localhost keeps ended conversations for 90 days." }).waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);
  await shot(page, "console-privacy.png");

  await page.reload();
  const after = page.getByRole("combobox", { name: "localhost" });
  await eventually(async () => (await after.isEnabled()) && (await after.inputValue()) === "90", "the kept choice after a reload");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a visitor's data is exported, then erased after the owner confirms", async () => {
  const gia = await chatBy("Gia", "gia@example.com", "Order 77, please call me back");
  const hal = await chatBy("Hal", "hal@example.com", "Just browsing");
  const { page, context, errors } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "privacy", viewport: { width: 1280, height: 900 } });
  const address = page.getByRole("textbox", { name: "Visitor's e-mail address" });
  await address.fill("Gia@Example.com");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export" }).click()]);
  assert.equal(download.suggestedFilename(), "beckon-visitor-data-gia@example.com.json");
  const data = JSON.parse(await readFile(await download.path(), "utf8"));
  assert.deepEqual(
    data.conversations.map((c) => [c.id, c.visitor.name, c.messages.map((m) => m.text)]),
    [[gia, "Gia", ["Order 77, please call me back"]]],
  );
  await page.getByRole("status").filter({ hasText: "1 conversation, 1 message and 0 files of gia@example.com." }).waitFor();

  // Erasing asks first; Cancel (which has the focus) keeps everything.
  await page.getByRole("button", { name: "Erase…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Erase the data of Gia@Example.com?" });
  await dialog.waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);
  await shot(page, "console-privacy-erase.png");
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "hidden" });
  const agent = await login(fx.server.origin, DEMO.agent);
  const found = async (q) => (await (await agent(`/api/v1/agent/channels?filter=all&q=${q}`)).json()).channels.map((c) => c.id);
  assert.deepEqual(await found("gia"), [gia], "cancelled: still there");

  await page.getByRole("button", { name: "Erase…" }).click();
  await dialog.getByRole("button", { name: "Erase" }).click();
  await page.getByRole("status").filter({ hasText: "Erased 1 conversation and 0 files of Gia@Example.com." }).waitFor();
  assert.deepEqual(await found("gia"), [], "the agents' search finds nothing of Gia's");
  assert.deepEqual(await found("hal"), [hal], "another visitor's chat stays");
  assert.equal((await agent(`/api/v1/agent/channels/${gia}`)).status, 404);
  assert.deepEqual(errors, []);
  await context.close();
});
