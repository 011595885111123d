// The console's agent side against a real `beckon serve`: an agent logs in, sees a visitor's new
// chat with its unread count (in the inbox and the tab title), answers it with Enter, typing is
// seen both ways, the visitor's read shows as "Seen", the chat is ended and reopened in the same
// thread; the agent is available only while a console tab is open; after a server restart the
// console catches up by itself; a login ended elsewhere shows the login form at once.
// The visitor side is driven through the public chat API and the realtime socket from a page of
// the site (the widget's chat app is wired into the loader separately; see tests/chat*).
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually, inboxTab, openApiVisitor, openConsole as openConsoleAs, withUnread } from "../lib/console.mjs";
import { CEILING } from "../lib/wait.mjs";

const fx = beckonFixture();

const openVisitor = (opts) => openApiVisitor(fx.browser, fx.server.origin, opts);
const openConsole = (email = DEMO.agent, viewport) => openConsoleAs(fx.browser, fx.server.origin, { email, viewport });

const available = async () =>
  (await (await fetch(`${fx.server.origin}/api/v1/chat/public/channels/available/${DEMO.domainId}`)).json()).agentAvailable;

test("the login screen refuses a wrong password, has no accessibility violations; log in and out", async () => {
  const { page, context, errors } = await openPage(fx.browser);
  await page.goto(`${fx.server.origin}/console/`);
  assert.deepEqual(await axeViolations(page, "body"), []);
  await page.getByLabel("E-mail").fill(DEMO.agent);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("alert").filter({ hasText: "Wrong e-mail or password" }).waitFor();
  await context.close();

  // The right password logs in; Log out ends the session (a reload shows the login form again).
  const agent = await openConsole();
  await agent.page.getByRole("button", { name: "Log out" }).click();
  await agent.page.getByRole("button", { name: "Log in" }).waitFor();
  await agent.page.reload();
  await agent.page.getByRole("button", { name: "Log in" }).waitFor();
  assert.deepEqual([...errors, ...agent.errors], []);
  await agent.context.close();
});

test("logging out in another tab ends this tab's login at once: it shows the login form", async () => {
  const { page, context, errors } = await openConsole();
  await page.getByRole("navigation", { name: "Console" }).waitFor();
  // The same browser (same cookie) logs out in a second tab: the server closes the first tab's
  // realtime socket (4001) and the first tab asks to log in again without any click.
  const other = await context.newPage();
  await other.goto(`${fx.server.origin}/console/`);
  await other.getByRole("button", { name: "Log out" }).click();
  await other.getByRole("button", { name: "Log in" }).waitFor();
  await page.getByRole("button", { name: "Log in" }).waitFor();
  await page.getByRole("status").filter({ hasText: "Your login ended" }).waitFor();
  // The tab that logged out itself says nothing of the kind.
  assert.equal(await other.getByText("Your login ended").count(), 0);
  assert.deepEqual(await axeViolations(page, "body"), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an agent answers a visitor's chat: unread count, typing both ways, Enter sends, seen, end, reopen", async () => {
  assert.equal(await available(), false, "no agent is online before the console opens");
  const { page, context, errors } = await openConsole();
  await eventually(available, "the agent to be available once the console is open");

  const visitor = await openVisitor();
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("Hello, is the pro plan monthly?");

  // The new chat is listed under Unassigned with its unread count, and the tab title counts it.
  const item = page.locator(`a[href="/console/inbox/${channelId}"]`);
  await item.filter({ hasText: "Ann Visitor" }).filter({ hasText: "is the pro plan monthly?" }).waitFor();
  // A screen reader hears the counts too: the chat, its tab and the console's Inbox link.
  await item.and(page.getByRole("link", { name: /, 1 unread/ })).waitFor();
  await page.getByRole("tab", { name: withUnread("Unassigned", 1) }).waitFor();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: withUnread("Inbox", 1) }).waitFor();
  await page.waitForFunction(() => document.title === "(1) Beckon console");
  assert.deepEqual(await axeViolations(page, "body"), [], "inbox");

  await item.click();
  const conversation = page.getByRole("region", { name: "Conversation" });
  await conversation.getByRole("heading", { name: "Ann Visitor" }).waitFor();
  for (const text of ["ann@example.com", "/pricing?plan=pro", "Consent given", "First seen", "Last seen"]) {
    await conversation.getByText(text, { exact: false }).first().waitFor();
  }
  await conversation.getByText("Hello, is the pro plan monthly?").waitFor();
  // Reading it clears the count.
  await page.waitForFunction(() => document.title === "Beckon console");

  // The visitor types: the agent sees it.
  await visitor.send({ op: "presence", typing: true, type: "typing-update" });
  await conversation.getByText("Ann Visitor is typing…").waitFor();

  // The agent types (the visitor sees it), Shift+Enter adds a line, Enter sends.
  const reply = conversation.getByLabel("Reply to Ann Visitor");
  await reply.click();
  await reply.pressSequentially("Yes, monthly");
  await visitor.waitFrame((f) => f.op === "presence" && f.typing === true && f.persona?.type !== "ChatClient", "agent typing");
  await reply.press("Shift+Enter");
  await reply.pressSequentially("and yearly.");
  assert.equal(await reply.inputValue(), "Yes, monthly\nand yearly.");
  await reply.press("Enter");
  assert.equal(await reply.inputValue(), "");
  const got = await visitor.waitFrame((f) => f.op === "chat-message" && f.message.text === "Yes, monthly\nand yearly.", "the agent's reply");
  assert.notEqual(got.message.sender.type, "ChatClient");
  await visitor.waitFrame((f) => f.op === "presence" && f.typing === false && f.persona?.type !== "ChatClient", "agent typing off");

  // Replying claimed the chat: it moved to Mine.
  await inboxTab(page, "Mine").click();
  await page.locator(`a[href="/console/inbox/${channelId}"]`).waitFor();

  // The visitor reads it: "Seen".
  await visitor.send({ op: "client-action", action: "message-ack", data: { id: got.message.id, seq: got.message.seq } });
  await conversation.getByText("Seen", { exact: true }).waitFor();
  assert.deepEqual(await axeViolations(page, "body"), [], "conversation");
  // Still known after a reload (the server keeps the visitor's read marker).
  await page.reload();
  await conversation.getByText("Seen", { exact: true }).waitFor();

  // End the chat: the visitor is told, the console shows it ended.
  await conversation.getByRole("button", { name: "End chat" }).click();
  await page.getByRole("alertdialog", { name: "End this chat?" }).getByRole("button", { name: "End chat" }).click();
  await visitor.waitFrame((f) => f.op === "channel-ended", "channel-ended");
  await conversation.getByText("This chat has ended.").waitFor();
  await inboxTab(page, "Ended").click();
  await page.locator(`a[href="/console/inbox/${channelId}"]`).waitFor();

  // The visitor comes back: the agent reopens the same thread, and the visitor can write in it again.
  await conversation.getByRole("button", { name: "Reopen the chat" }).click();
  await reply.waitFor();
  await page.locator(`a[href="/console/inbox/${channelId}"]`).waitFor({ state: "detached" });
  await visitor.connect();
  await visitor.say("I'm back with one more question");
  await conversation.getByText("I'm back with one more question").waitFor();
  await conversation.getByText("Hello, is the pro plan monthly?").waitFor();
  assert.deepEqual(errors, []);

  // Closing the last console tab makes the agent away.
  await context.close();
  await eventually(async () => !(await available()), "the agent to be away once every console tab is closed");
  await visitor.context.close();
});

test("away makes the agent unavailable; after a server restart the console catches up; search; assign to a colleague", async () => {
  const { page, context } = await openConsole();
  await eventually(available, "online");
  await page.getByRole("button", { name: "Online" }).click();
  await page.getByRole("button", { name: "Away" }).waitFor();
  await eventually(async () => !(await available()), "away");
  await page.getByRole("button", { name: "Away" }).click();
  await eventually(available, "online again");

  // Sound off (this first click would otherwise allow sounds).
  const sound = page.getByRole("button", { name: "Sound" });
  await sound.click();
  assert.equal(await sound.getAttribute("aria-pressed"), "false");

  await fx.server.restart();
  // While the console reconnects, a visitor writes.
  const visitor = await openVisitor({ name: "Bo Returning", email: "bo@example.com" });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("Anyone there after the restart?");
  const item = page.locator(`a[href="/console/inbox/${channelId}"]`);
  await item.filter({ hasText: "Anyone there after the restart?" }).waitFor({ timeout: CEILING });
  await page.getByRole("status").filter({ hasText: "Reconnecting" }).waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.lastSound), undefined, "no sound when turned off");

  // The inbox tabs by keyboard: arrows move between them.
  // (Other tests' chats may leave an unread count on any tab: the tabs are found with or without one.)
  await inboxTab(page, "Unassigned").focus();
  await page.keyboard.press("ArrowRight");
  assert.equal(await inboxTab(page, "Waiting").getAttribute("aria-selected"), "true");
  await page.keyboard.press("ArrowRight");
  const mine = inboxTab(page, "Mine");
  assert.equal(await mine.evaluate((tab) => tab === document.activeElement), true, "focus moved to Mine");
  assert.equal(await mine.getAttribute("aria-selected"), "true");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowRight");
  assert.equal(await inboxTab(page, "Unassigned").getAttribute("aria-selected"), "true");

  // Search by e-mail or name.
  const search = page.getByLabel("Search visitors by name or e-mail");
  await search.fill("nobody-like-this");
  await page.getByText("No chat matches.").waitFor();
  await search.fill("BO@EXAMPLE");
  await item.waitFor();
  await search.fill("");

  // Assign it to a colleague: it leaves Unassigned, and the list moves to All open, where the chat
  // on screen still is, and says so; it is not Mine.
  await item.click();
  await page.getByLabel("Assigned to").selectOption({ label: "Demo Owner" });
  await page.getByRole("status").filter({ hasText: "This chat moved to All open." }).waitFor();
  assert.equal(await inboxTab(page, "All open").getAttribute("aria-selected"), "true");
  await item.waitFor();
  await inboxTab(page, "Mine").click();
  assert.equal(await item.count(), 0);
  await inboxTab(page, "Unassigned").click();
  assert.equal(await item.count(), 0);
  await context.close();
  await visitor.context.close();
});

test("on a phone-sized screen the inbox and the chat take the whole width in turn; claim", async () => {
  const visitor = await openVisitor({ name: "Cy Phone", email: "cy@example.com" });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("Small screen hello");
  const { page, context } = await openConsole(DEMO.agent, { width: 375, height: 740 });
  const item = page.locator(`a[href="/console/inbox/${channelId}"]`);
  await item.click();
  const back = page.getByRole("button", { name: "Back to the chat list" });
  await back.waitFor();
  assert.equal(await item.isVisible(), false, "the list hides while a chat is open");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `no horizontal scrolling (scrollWidth ${width})`);
  // Claim it: it is Mine now.
  await page.getByRole("button", { name: "Claim" }).click();
  await page.getByRole("button", { name: "Claim" }).waitFor({ state: "detached" });
  await back.click();
  await inboxTab(page, "Mine").click();
  await item.waitFor();
  await context.close();
  await visitor.context.close();
});

test("a desktop notification names the new chat while the console is in the background", async () => {
  const { page, context } = await openConsole();
  await context.grantPermissions(["notifications"], { origin: fx.server.origin });
  // The console tab is in the background; the notifications it shows are recorded.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true });
    window.shown = [];
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title, options) {
        super(title, options);
        window.shown.push({ title, body: options?.body });
      }
    };
  });
  const visitor = await openVisitor({ name: "Di Background", email: "di@example.com" });
  await visitor.start();
  await visitor.connect();
  await visitor.say("Hello from the background");
  await page.waitForFunction(() => window.shown.some((n) => n.title === "New chat: Di Background"));
  await page.waitForFunction(() => window.shown.some((n) => n.title === "Di Background" && n.body === "Hello from the background"));
  await context.close();
  await visitor.context.close();
});
