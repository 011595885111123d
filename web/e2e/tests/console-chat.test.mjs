// The whole chat through the console: a visitor on a page of the site (the server's hosted embed,
// the widget's real chat window) starts a chat; the agent answers it in the console. Typing is
// seen on both sides; the agent hears a sound and sees the unread count in the inbox and the tab
// title; the visitor sees the unread count on the chat button for replies that came while away.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, startChat, storedChannel } from "../lib/chat.mjs";
import { inboxTab, openConsole, withUnread } from "../lib/console.mjs";

const fx = chatFixture({ agent: false });

test("a visitor's chat from the hosted embed is answered in the console, with counts and typing on both sides", async () => {
  const agent = await openConsole(fx.browser, fx.server.origin);
  const console_ = agent.page;
  // The first click in the console allows its sounds.
  await inboxTab(console_, "Unassigned").click();

  const visitor = await openPage(fx.browser, { reducedMotion: "reduce" });
  const url = fx.site.page();
  await visitor.page.goto(url);
  await startChat(visitor.page, { name: "Ann Visitor", email: "ann@example.com" });
  const channelId = await storedChannel(visitor.page);
  await composer(visitor.page).fill("Do you ship to Norway?");
  await composer(visitor.page).press("Enter");

  // The agent: the chat with its unread count, in the list and the tab title, and a sound.
  const item = console_.locator(`a[href="/console/inbox/${channelId}"]`);
  await item.filter({ hasText: "Do you ship to Norway?" }).and(console_.getByRole("link", { name: /, 1 unread/ })).waitFor();
  await console_.waitForFunction(() => document.title === "(1) Beckon console");
  await console_.getByRole("navigation", { name: "Console" }).getByRole("link", { name: withUnread("Inbox", 1) }).waitFor();
  assert.ok(["newChat", "message"].includes(await console_.evaluate(() => document.documentElement.dataset.lastSound)), "a sound played");

  await item.click();
  const conversation = console_.getByRole("region", { name: "Conversation" });
  await conversation.getByText("Do you ship to Norway?").waitFor();
  await console_.waitForFunction(() => document.title === "Beckon console");
  // The page the visitor wrote from (where the chat began, and where they are now).
  const began = conversation.locator(".visitor-details > div").filter({ has: console_.locator("dt", { hasText: "Chat began on" }) });
  // Named by the page's title once the widget told it, by its address until then.
  await began.locator(`a[href="${url}"]`).waitFor();
  const now = conversation.getByRole("region", { name: "The visitor's visit" }).locator("div").filter({ has: console_.locator("dt", { hasText: "Now on" }) });
  await now.getByRole("link", { name: "Shop" }).and(now.locator(`a[href="${url}"]`)).waitFor();

  // Visitor types → the console shows it.
  await composer(visitor.page).pressSequentially("Also to");
  await conversation.getByText("Ann Visitor is typing…").waitFor();

  // Agent types → the visitor's chat shows it; Enter sends.
  const reply = conversation.getByLabel("Reply to Ann Visitor");
  await reply.pressSequentially("Yes, within 3 days.");
  const dialog = chatDialog(visitor.page);
  await dialog.getByText(/is typing/).waitFor();
  await reply.press("Enter");
  await dialog.getByText("Yes, within 3 days.").waitFor();

  // The visitor leaves the page; two replies come meanwhile; back on the site, the chat button counts them.
  await visitor.page.goto("about:blank");
  for (const text of ["One more thing:", "shipping is free over 50 €."]) {
    await reply.fill(text);
    await reply.press("Enter");
    await conversation.getByText(text).waitFor();
  }
  await visitor.page.goto(url);
  const bubble = visitor.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"] .cnb-c-badge`);
  await bubble.waitFor();
  assert.equal(await bubble.innerText(), "2");
  await dialog.getByText("shipping is free over 50 €.").waitFor();
  // Read on the visitor's side: the console says so.
  await conversation.getByText("Seen", { exact: true }).waitFor();
  assert.deepEqual(agent.errors, []);
  await visitor.context.close();
  await agent.context.close();
});
