// The live chat in a real browser against a real `beckon serve` (SQLite, demo seed): a visitor on a
// page using the server's hosted embed opens the chat from its button (the loader imports the app
// chunk), fills the profile and chats with the demo agent, who answers through the agent API and
// its realtime socket. Both directions, typing, presence and the visitor's read acknowledgement;
// End Chat; the agent ending the chat (and the 410 of a chat ended while the visitor was away);
// a stored chat resumed on the next page view with its unread bubble and auto-open. Focus after the
// profile's Save and "Start a new chat"; a message over the limit is not cut; the status line
// never promises an answer time the owner did not write, and says when nobody is online; the send
// button sits beside the message box before the profile is saved too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, endChat, focusedElement, publishChat, startChat, storedChannel } from "../lib/chat.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";

const fx = chatFixture();
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });
/** Waits until the message box has the focus (it takes it once enabled), saying where the focus is otherwise. */
async function boxFocused(page) {
  let at;
  await eventually(async () => (at = await focusedElement(page)) == "textarea Message", () => `the message box to have the focus (it is on ${at})`);
}

async function visitor() {
  const opened = await openPage(fx.browser, { reducedMotion: "reduce" });
  const url = fx.site.page();
  await opened.page.goto(url);
  await opened.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).waitFor({ state: "visible" });
  return { ...opened, url };
}

/** The texts of the chat's message log, in order. */
const logTexts = (page) => chatDialog(page).locator('[role="log"] .cnb-c-row:not(.cnb-c-welcome) .cnb-c-text').allInnerTexts();

test("a visitor fills the profile and chats with an agent: both directions, typing, presence, read", async () => {
  await fx.agent.setStatus("online");
  const { page, context } = await visitor();
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  const dialog = chatDialog(page);
  await dialog.waitFor();
  // No profile yet: the profile form, and the input says why it is disabled.
  assert.equal(await composer(page).getAttribute("placeholder"), "Complete your profile first");
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await dialog.getByLabel(/name/i).fill("Ann Visitor");
  await dialog.getByLabel(/e-?mail/i).fill("ann@example.com");
  await dialog.getByRole("form", { name: "Profile" }).getByRole("button").click();
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
  // An agent of the domain is online: the header says so.
  await dialog.getByText("Online", { exact: true }).waitFor();
  const channelId = await storedChannel(page);
  assert.ok(channelId, "the open chat is stored");

  // Visitor → agent (Enter sends): the chat reaches the agents with its first message.
  await composer(page).pressSequentially("Hello, do you ship to Norway?");
  await composer(page).press("Enter");
  await fx.agent.waitFrame((f) => f.op == "new-channel" && f.channel.id == channelId);
  const got = await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Hello, do you ship to Norway?");
  assert.equal(got.message.sender.name, "Ann Visitor");
  assert.equal(await composer(page).inputValue(), "", "the input is emptied once sent");
  await dialog.getByText("Sending…").waitFor({ state: "detached" });
  // The visitor's typing reaches the agent.
  await composer(page).pressSequentially("And");
  await fx.agent.waitFrame((f) => f.op == "presence" && f.channelId == channelId && f.typing === true);
  await composer(page).fill("");

  // Agent → visitor: typing shown in the header, then the reply on the agent's side with the name.
  await fx.agent.send({ op: "presence", channelId, typing: true });
  await dialog.getByText(/is typing/).waitFor();
  const reply = await fx.agent.reply(channelId, "Yes, within 3 days.");
  await dialog.getByText("Yes, within 3 days.").waitFor();
  await dialog.getByText(/is typing/).waitFor({ state: "detached" });
  assert.deepEqual(await logTexts(page), ["Hello, do you ship to Norway?", "Yes, within 3 days."]);
  // The visitor sees it: the read marker reaches the agent.
  await fx.agent.waitFrame((f) => f.op == "channel-update" && f.update == "read" && f.seq >= reply.seq);

  // Agent goes away: the header follows.
  await fx.agent.setStatus("away");
  await fx.agent.send({ op: "presence", status: "away" });
  await dialog.getByText("Away", { exact: true }).waitFor();
  await fx.agent.setStatus("online");
  await fx.agent.send({ op: "presence", status: "online" });
  await dialog.getByText("Online", { exact: true }).waitFor();
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);

  // Shift+Enter is a new line, not a send.
  await composer(page).fill("line one");
  await composer(page).press("Shift+Enter");
  assert.match(await composer(page).inputValue(), /line one\n/);
  await context.close();
});

test("End Chat ends the chat for both sides and forgets it", async () => {
  const { page, context } = await visitor();
  await startChat(page, { name: "Ben", email: "ben@example.com" });
  const channelId = await storedChannel(page);
  await composer(page).fill("Thanks, bye");
  await composer(page).press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Thanks, bye");
  const dialog = chatDialog(page);
  await endChat(page);
  await fx.agent.waitFrame((f) => f.op == "channel-ended" && f.channelId == channelId);
  await dialog.getByText("Chat has ended").first().waitFor();
  assert.equal(await composer(page).isDisabled(), true);
  assert.equal(await storedChannel(page), null);
  const r = await fx.agent.reply(channelId, "too late").catch((e) => e);
  assert.match(String(r), /410/);
  await context.close();
});

/** The visitor writes; resolves once the agent has it (agents know a chat from its first message). */
async function firstMessage(page, text) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == text);
}

test("the agent ends the chat: the open window says so; a chat ended while away answers 410 and is forgotten", async () => {
  // Live: the agent ends it while the visitor looks.
  let v = await visitor();
  await startChat(v.page, { name: "Cleo", email: "cleo@example.com" });
  let channelId = await storedChannel(v.page);
  await firstMessage(v.page, "Hello, Cleo here");
  const end = await fx.agent.api(`/api/v1/agent/channels/${channelId}/end`, { method: "POST" });
  assert.ok(end.ok, `end: ${end.status}`);
  await chatDialog(v.page).getByText("Chat has ended").first().waitFor();
  assert.equal(await storedChannel(v.page), null);
  await v.context.close();

  // Away: the visitor leaves the page, the agent ends the chat, the visitor comes back.
  v = await visitor();
  await startChat(v.page, { name: "Dan", email: "dan@example.com" });
  channelId = await storedChannel(v.page);
  await firstMessage(v.page, "Hello, Dan here");
  await v.page.goto("about:blank");
  assert.ok((await fx.agent.api(`/api/v1/agent/channels/${channelId}/end`, { method: "POST" })).ok);
  await v.page.goto(v.url);
  await v.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  await chatDialog(v.page).getByText("This chat has ended. Please refresh the page to start a new chat.").waitFor();
  assert.equal(await storedChannel(v.page), null, "the stored channel is cleared");
  await v.context.close();
});

test("a stored chat resumes on the next page view: unread bubble with the count, then it opens by itself", async () => {
  const v = await visitor();
  await startChat(v.page, { name: "Eve", email: "eve@example.com" });
  const channelId = await storedChannel(v.page);
  await composer(v.page).fill("Is the red one in stock?");
  await composer(v.page).press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Is the red one in stock?");
  await v.page.goto("about:blank");
  await fx.agent.reply(channelId, "Let me check…");
  await fx.agent.reply(channelId, "Yes, 4 left.");

  const t0 = Date.now();
  await v.page.goto(v.url);
  // The loader's extras chunk finds the stored chat and loads the app without a click.
  const bubble = v.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"] .cnb-c-badge`);
  await bubble.waitFor();
  assert.equal(await bubble.innerText(), "2");
  const dialog = chatDialog(v.page);
  await dialog.getByText("Yes, 4 left.").waitFor();
  assert.ok(Date.now() - t0 >= 1000, "auto-open waits 1 s");
  await bubble.waitFor({ state: "detached" }); // seen: the bubble goes
  // Nothing shown twice.
  const texts = await logTexts(v.page);
  assert.deepEqual(texts, ["Is the red one in stock?", "Let me check…", "Yes, 4 left."]);
  await v.context.close();
});

test("welcome messages and show-notification-count: the chat button shows 1 until the chat is opened", async () => {
  await publishChat(fx.server.origin, { properties: { "chatmodal-messages": "Hi there 👋\nAsk us anything" } });
  const { page, context } = await visitor();
  const bubble = page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"] .cnb-c-badge`);
  await bubble.waitFor();
  assert.equal(await bubble.innerText(), "1");
  assert.equal(await bubble.getAttribute("aria-hidden"), "true");
  assert.deepEqual(await axeViolations(page), []);
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  await chatDialog(page).waitFor(); // the profile form first: a new visitor
  await bubble.waitFor({ state: "detached" });
  await context.close();
});

test("after the profile's Save and after \"Start a new chat\" the focus is in the message box", async () => {
  await fx.agent.setStatus("online");
  const { page, context } = await visitor();
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  const dialog = chatDialog(page);
  // A desktop: the profile's first field has the focus on open, ready to type.
  await eventually(async () => (await focusedElement(page)) == "input name", "the name field to have the focus");
  await dialog.getByLabel(/name/i).fill("Fay Visitor");
  await dialog.getByLabel(/e-?mail/i).fill("fay@example.com");
  await dialog.getByRole("form", { name: "Profile" }).getByRole("button", { name: "Save" }).press("Enter");
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
  await boxFocused(page);
  await page.keyboard.type("Typed straight away");
  await page.keyboard.press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Typed straight away");

  await endChat(page);
  const again = dialog.getByRole("button", { name: "Start a new chat" });
  await again.click();
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
  await boxFocused(page);
  await context.close();
});

test("a message over the limit is not cut: the visitor is told by how much and sends nothing until it fits", async () => {
  await fx.agent.setStatus("online");
  const { page, context } = await visitor();
  await startChat(page, { name: "Gus Visitor", email: "gus@example.com" });
  const channelId = await storedChannel(page);
  const dialog = chatDialog(page);
  // 5,000 characters of words, pasted (inserted as a paste inserts: a browser's maxLength would cut it).
  const words = "Please find the whole order history below so you can check every line. ";
  const long = words.repeat(Math.ceil(5000 / words.length)).slice(0, 5000);
  await composer(page).focus();
  await page.keyboard.insertText(long);
  const tooLong = dialog.getByRole("status").filter({ hasText: "1000 characters too long: a message holds at most 4000." });
  await tooLong.waitFor();
  assert.equal((await composer(page).inputValue()).length, 5000, "nothing cut");
  assert.equal(await composer(page).getAttribute("aria-invalid"), "true");
  assert.equal(await dialog.getByRole("button", { name: "Send" }).isDisabled(), true);
  await composer(page).press("Enter");
  assert.equal((await composer(page).inputValue()).length, 5000, "Enter sends nothing and keeps the text");
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await shot(page, "chat-too-long.png");

  // The visitor shortens it: it fits, the warning goes, and the agent gets it whole.
  const fits = long.slice(0, 4000);
  await composer(page).fill(fits);
  await tooLong.waitFor({ state: "detached" });
  await composer(page).press("Enter");
  const got = await fx.agent.waitFrame((f) => f.op == "chat-message" && f.channelId == channelId && f.message.sender.type == "ChatClient");
  assert.equal(got.message.text, fits.trim());
  const { messages } = await fx.agent.messages(channelId);
  assert.deepEqual(messages.map((m) => m.text.length), [fits.trim().length], "only the message that fits reached the agent");
  await context.close();
});

test("the status line promises no answer time the owner did not write, and says when nobody is online", async () => {
  await fx.agent.setStatus("away");
  const { page, context } = await visitor();
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  const dialog = chatDialog(page);
  const status = dialog.locator(".cnb-m-st");
  await dialog.getByText("Away", { exact: true }).waitFor();
  await status.filter({ hasText: /^Nobody is online right now$/ }).waitFor();
  assert.equal(await dialog.getByText("We typically respond in 35 minutes").count(), 0);
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await shot(page, "chat-nobody-online.png");

  await fx.agent.setStatus("online");
  await startChatFromOpenWindow(page, "Hal Visitor");
  await fx.agent.send({ op: "presence", status: "online" });
  await dialog.getByText("Online", { exact: true }).waitFor();
  await status.waitFor({ state: "detached" }); // nothing rather than an invented "35 minutes"
  assert.equal(await dialog.getByText("We typically respond in 35 minutes").count(), 0);
  await shot(page, "chat-agents-online.png");
  await context.close();
});

/** Fills the profile of an open chat window and waits until the chat is live. */
async function startChatFromOpenWindow(page, name) {
  const dialog = chatDialog(page);
  await dialog.getByLabel(/name/i).fill(name);
  await dialog.getByLabel(/e-?mail/i).fill(`${name.split(" ")[0].toLowerCase()}@example.com`);
  await dialog.getByRole("form", { name: "Profile" }).getByRole("button").click();
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
}

for (const [size, options] of [
  ["desktop", { viewport: { width: 1280, height: 800 } }],
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
]) {
  test(`before the profile is saved the send button sits beside the message box, not under it (${size})`, async () => {
    const { page, context } = await openPage(fx.browser, { reducedMotion: "reduce", ...options });
    // German: the longest "complete your profile first" placeholder of the widget's languages.
    await page.goto(fx.site.page("/de", { lang: "de" }));
    await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
    const dialog = chatDialog(page);
    await dialog.getByRole("form", { name: "Profil" }).waitFor();
    const field = dialog.getByRole("textbox", { name: "Nachricht", exact: true });
    assert.equal(await field.getAttribute("placeholder"), "Bitte vervollständigen Sie zuerst Ihr Profil");
    const box = await field.boundingBox();
    const send = await dialog.getByRole("button", { name: "Senden" }).boundingBox();
    const middle = send.y + send.height / 2;
    assert.ok(middle > box.y && middle < box.y + box.height, `the send button (y ${send.y}) on the message box's row (y ${box.y}–${box.y + box.height})`);
    assert.ok(send.x >= box.x + box.width, "after the box");
    await shot(page, `chat-before-profile-${size}.png`);
    await context.close();
  });
}
