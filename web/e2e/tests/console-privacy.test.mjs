// Privacy, against a real `beckon serve`, in the owner's console:
// - the owner chooses how long the demo domain keeps ended conversations, and the choice holds
//   after a reload;
// - a visitor asks for their data: the owner exports it by the e-mail address they gave (a JSON
//   file with their conversation and message), then erases it after confirming; the agent's
//   search no longer finds the visitor, and another visitor's chat stays;
// - erasure stays erased: a visitor chats from the site's widget (a webhook of the domain, a real
//   endpoint on 127.0.0.1, hears it), the owner erases her data, then her own browser loads the
//   site again with what the widget kept: the server refuses it, the widget forgets her profile,
//   and neither the agents' inbox nor the webhook's endpoint hears anything about her.
// Each screen is checked with axe; with SCREENSHOTS=dir the screen and the dialog are saved there.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { DEMO, login } from "../lib/beckon.mjs";
import { openApiVisitor, openConsole } from "../lib/console.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { composer, publishChat, startChat } from "../lib/chat.mjs";
import { eventually } from "../lib/wait.mjs";

// The site's chat, and webhooks may reach this machine (the endpoint below).
const fx = beckonFixture({ site: true, args: ["--allow-private-outbound"], setup: (f) => publishChat(f.server.origin) });

/** A webhook endpoint of the test's own: keeps every body it receives. */
const endpoint = { received: [], url: "" };
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    endpoint.received.push(JSON.parse(body));
    res.end("ok");
  });
});
await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
endpoint.url = `http://127.0.0.1:${receiver.address().port}/crm`;
after(() => new Promise((r) => receiver.close(r)));
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

test("after an erasure, the visitor's own browser brings nothing back: no inbox entry, no webhook, no stored profile", async () => {
  const owner = await login(fx.server.origin, DEMO.owner);
  const events = ["conversation.started", "message.created", "conversation.ended", "conversation.rated"];
  const hook = await owner("/api/v1/owner/webhooks", { method: "POST", body: JSON.stringify({ url: endpoint.url, events, domainId: DEMO.domainId }) });
  assert.equal(hook.status, 201, await hook.text());
  const agent = await login(fx.server.origin, DEMO.agent);
  const inbox = async (filter) => (await (await agent(`/api/v1/agent/channels?filter=${filter}`)).json()).channels.map((c) => c.visitor.email);
  const about = (email) => endpoint.received.filter((b) => b.data?.conversation?.visitor?.email === email).map((b) => b.type);

  // Ivy chats from the site's widget; the webhook hears it.
  const context = await fx.browser.newContext();
  const page = await context.newPage();
  await page.goto(fx.site.page("/shop"));
  await startChat(page, { name: "Ivy Erased", email: "ivy@example.com" });
  await composer(page).fill("Please forget me afterwards");
  await page.keyboard.press("Enter");
  await eventually(() => about("ivy@example.com").includes("message.created"), "the webhook heard Ivy's message");
  assert.deepEqual(about("ivy@example.com"), ["conversation.started", "message.created"]);
  const kept = () => page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith("cnb.chat.")));
  assert.ok(JSON.stringify(await kept()).includes("ivy@example.com"), "the widget keeps her profile");

  const erased = await owner("/api/v1/owner/visitor-data/erase", { method: "POST", body: JSON.stringify({ email: "ivy@example.com" }) });
  assert.deepEqual(await erased.json(), { conversations: 1, files: 0 });
  endpoint.received.length = 0;

  // Her own browser, with what the widget kept, loads the shop again (the chat closed).
  await page.reload();
  await eventually(async () => (await kept()).length === 0, "the widget forgot everything it kept about Ivy");
  // Another visitor's message after that: its webhook arrives after anything of Ivy's would have.
  const hal = await openApiVisitor(fx.browser, fx.server.origin, { name: "Hal", email: "hal.after@example.com" });
  await hal.start();
  await hal.connect();
  await hal.say("Just looking around");
  await eventually(() => about("hal.after@example.com").includes("message.created"), "the webhook heard Hal");
  await hal.context.close();
  assert.deepEqual(about("ivy@example.com"), [], "nothing about Ivy reached the webhook");
  assert.ok(!JSON.stringify(endpoint.received).includes("Ivy"), `not her name either: ${JSON.stringify(endpoint.received)}`);
  const listed = [...(await inbox("all")), ...(await inbox("open"))];
  assert.ok(listed.includes("hal.after@example.com"), "Hal's chat is listed");
  assert.ok(!listed.includes("ivy@example.com"), "the agents' inbox holds nothing of Ivy's");

  // The agents' console too: Hal's chat is listed, nothing of Ivy's.
  const { page: console_, context: consoleContext, errors } = await openConsole(fx.browser, fx.server.origin, { viewport: { width: 1280, height: 800 } });
  await console_.getByRole("link", { name: /Hal/ }).first().waitFor();
  assert.equal(await console_.getByText("Ivy Erased").count(), 0);
  assert.deepEqual(errors, []);
  await consoleContext.close();

  // If she chooses to write again, she is a new, blank visitor.
  await page.locator('.call-now-button [data-action-id="chat-live"]').click();
  const name = page.locator(".cnb-m-host").getByLabel(/name/i).filter({ visible: true });
  assert.equal(await name.inputValue(), "");
  await context.close();
});
