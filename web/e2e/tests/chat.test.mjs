// The live chat in a real browser against a real `beckon serve` (SQLite, demo seed): a visitor on a
// page using the server's hosted embed opens the chat from its button (the loader imports the app
// chunk), fills the profile and chats with the demo agent, who answers through the agent API and
// its realtime socket. Both directions, typing, presence and the visitor's read acknowledgement;
// End Chat; the agent ending the chat (and the 410 of a chat ended while the visitor was away);
// a stored chat resumed on the next page view with its unread bubble and auto-open.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, publishChat, startChat, storedChannel } from "../lib/chat.mjs";
import { CEILING } from "../lib/wait.mjs";

const fx = chatFixture();

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
  await fx.agent.waitFrame((f) => f.op == "new-channel");

  // Visitor → agent: typing first, then the message (Enter sends).
  await composer(page).pressSequentially("Hello, do you ship to Norway?");
  await fx.agent.waitFrame((f) => f.op == "presence" && f.channelId && f.typing === true);
  await composer(page).press("Enter");
  const got = await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Hello, do you ship to Norway?");
  assert.equal(got.message.sender.name, "Ann Visitor");
  assert.equal(await composer(page).inputValue(), "", "the input is emptied once sent");
  await dialog.getByText("Sending…").waitFor({ state: "detached" });

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
  await dialog.getByRole("button", { name: /menu/i }).click();
  await dialog.getByRole("menuitem", { name: "End Chat" }).click();
  await fx.agent.waitFrame((f) => f.op == "channel-ended" && f.channelId == channelId);
  await dialog.getByText("Chat has ended").first().waitFor();
  assert.equal(await composer(page).isDisabled(), true);
  assert.equal(await storedChannel(page), null);
  const r = await fx.agent.reply(channelId, "too late").catch((e) => e);
  assert.match(String(r), /410/);
  await context.close();
});

test("the agent ends the chat: the open window says so; a chat ended while away answers 410 and is forgotten", async () => {
  // Live: the agent ends it while the visitor looks.
  let v = await visitor();
  await startChat(v.page, { name: "Cleo", email: "cleo@example.com" });
  let channelId = await storedChannel(v.page);
  const end = await fx.agent.api(`/api/v1/agent/channels/${channelId}/end`, { method: "POST" });
  assert.ok(end.ok, `end: ${end.status}`);
  await chatDialog(v.page).getByText("Chat has ended").first().waitFor();
  assert.equal(await storedChannel(v.page), null);
  await v.context.close();

  // Away: the visitor leaves the page, the agent ends the chat, the visitor comes back.
  v = await visitor();
  await startChat(v.page, { name: "Dan", email: "dan@example.com" });
  channelId = await storedChannel(v.page);
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
