// What an agent notices around answering a chat, against a real `beckon serve` (issue 11, items
// 14, 15 and 17): after logging in focus is on the page's main heading; the Sound toggle shows
// whether it is on; a reply that claims an unassigned chat keeps the chat listed (the list moves to
// Mine and says so, until that chat leaves the list); an ended chat says who ended it and when; a
// reply over the message limit is not sent and the console says by how much. Ending a chat asks
// first (issue 20, item 11). A message of a file alone shows by the file in the list. The visitor
// side is driven through the public chat API and the realtime socket.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually, inboxTab, openApiVisitor, openConsole as openConsoleAs } from "../lib/console.mjs";

const fx = beckonFixture();

const openConsole = () => openConsoleAs(fx.browser, fx.server.origin);
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

/** A visitor with a chat that has said `text`; resolves once the agent's page lists it. */
async function visitorSays(page, text, name) {
  const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name, email: `${name.split(" ")[0].toLowerCase()}@example.com` });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say(text);
  const item = page.locator(`a[href="/console/inbox/${channelId}"]`);
  return { visitor, channelId, item };
}

test("after login focus is on the main heading, and the Sound toggle shows on or off", async () => {
  const { page, context, errors } = await openConsole();
  await page.waitForFunction(() => document.activeElement?.matches("#main h1"));
  assert.equal(await page.evaluate(() => document.activeElement.textContent.trim()), "Inbox");

  const sound = page.getByRole("button", { name: "Sound" });
  assert.equal(await sound.getAttribute("aria-pressed"), "true");
  assert.equal((await sound.innerText()).replace(/\s+/g, " ").trim(), "Sound on");
  const switchColour = () => sound.locator(".switch").evaluate((el) => getComputedStyle(el).backgroundColor);
  const onColour = await switchColour();
  await sound.click();
  await page.waitForFunction(() => document.querySelector(".toggle[aria-pressed='false']"));
  assert.equal((await sound.innerText()).replace(/\s+/g, " ").trim(), "Sound off");
  // (The switch's colour changes over a short transition.)
  await eventually(async () => (await switchColour()) != onColour, "the switch looks different when off");
  assert.deepEqual(await axeViolations(page, "body"), []);
  // The choice is kept for the next visit.
  await page.reload();
  await page.getByRole("button", { name: "Sound", pressed: false }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test("a reply that claims an unassigned chat keeps it listed: the list moves to Mine and says so", async () => {
  const { page, context, errors } = await openConsole();
  const { visitor, item } = await visitorSays(page, "Do you ship to Belgium?", "Bea Visitor");
  const tab = (name) => inboxTab(page, name);
  await tab("Unassigned").click();
  await item.click();
  const conversation = page.getByRole("region", { name: "Conversation" });
  await conversation.getByRole("heading", { name: "Bea Visitor" }).waitFor();

  await page.getByLabel("Reply to Bea Visitor").fill("Yes, we do.");
  await page.keyboard.press("Enter");
  await visitor.waitFrame((f) => f.op === "chat-message" && f.message?.text === "Yes, we do.", "the reply");

  // The chat is now the agent's: the list shows Mine with the chat in it, and says why.
  await page.waitForFunction(() => document.querySelector("#tab-mine")?.getAttribute("aria-selected") === "true");
  await item.waitFor();
  assert.equal(await item.getAttribute("aria-current"), "page");
  const notice = page.getByRole("status").filter({ hasText: "This chat is yours now" });
  await notice.waitFor();
  assert.equal(await page.getByText("No chats here.").count(), 0);
  assert.deepEqual(await axeViolations(page, "body"), []);

  // Picking a tab is the agent's choice again: the notice goes.
  await tab("Unassigned").click();
  await page.waitForFunction(() => !document.querySelector(".inbox-notice")?.textContent);

  // Claimed again (another chat), then it ends: it leaves Mine, and the notice about it goes too.
  const next = await visitorSays(page, "And to Luxembourg?", "Flo Visitor");
  await next.item.click();
  await conversation.getByRole("heading", { name: "Flo Visitor" }).waitFor();
  await page.getByLabel("Reply to Flo Visitor").fill("Yes, there too.");
  await page.keyboard.press("Enter");
  await notice.waitFor();
  await next.item.waitFor();
  await next.visitor.send({ op: "client-action", action: "end-chat" });
  await next.item.waitFor({ state: "detached" });
  await page.waitForFunction(() => !document.querySelector(".inbox-notice")?.textContent);
  await shot(page, "console-moved-notice-gone.png");
  assert.deepEqual(errors, []);
  await visitor.context.close();
  await next.visitor.context.close();
  await context.close();
});

test("an ended chat says who ended it and when", async () => {
  const { page, context, errors } = await openConsole();
  const conversation = page.getByRole("region", { name: "Conversation" });

  // The visitor ends it.
  const first = await visitorSays(page, "Thanks, that is all.", "Cas Visitor");
  await first.item.click();
  await conversation.getByRole("heading", { name: "Cas Visitor" }).waitFor();
  await first.visitor.send({ op: "client-action", action: "end-chat" });
  const byVisitor = conversation.locator(".ended-note");
  await byVisitor.filter({ hasText: "Ended by Cas Visitor (the visitor) on" }).waitFor();
  const endedAt = await page.evaluate(async (id) => (await (await fetch(`/api/v1/agent/channels/${id}`)).json()).endedAt, first.channelId);
  const shown = await page.evaluate((iso) => new Date(iso).toLocaleString(), endedAt);
  assert.match(await byVisitor.innerText(), new RegExp(`on ${shown.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.`));

  // The agent ends the next one, unanswered: the console asks first, and Cancel (or Esc) keeps it open.
  const second = await visitorSays(page, "Hello?", "Dan Visitor");
  await second.item.click();
  await conversation.getByRole("heading", { name: "Dan Visitor" }).waitFor();
  const status = () => page.evaluate(async (id) => (await (await fetch(`/api/v1/agent/channels/${id}`)).json()).status, second.channelId);
  const endChat = conversation.getByRole("button", { name: "End chat" });
  const confirmEnd = page.getByRole("alertdialog", { name: "End this chat?" });
  await endChat.click();
  await confirmEnd.getByText("Nobody has answered Dan Visitor yet.").waitFor();
  assert.equal(await confirmEnd.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement), true, "Cancel, the safe answer, has the focus");
  assert.deepEqual(await axeViolations(page, "body"), [], "the confirmation");
  await shot(page, "console-end-chat-confirm.png");
  await confirmEnd.getByRole("button", { name: "Cancel" }).click();
  await confirmEnd.waitFor({ state: "hidden" });
  assert.equal(await status(), "open", "Cancel leaves the chat open");
  assert.equal(await endChat.evaluate((b) => b === document.activeElement), true, "focus back on End chat");
  await endChat.click();
  await confirmEnd.waitFor();
  await page.keyboard.press("Escape");
  await confirmEnd.waitFor({ state: "hidden" });
  assert.equal(await status(), "open", "Esc leaves the chat open");
  await endChat.click();
  await confirmEnd.getByRole("button", { name: "End chat" }).click();
  await conversation.locator(".ended-note").filter({ hasText: "Ended by you on" }).waitFor();
  assert.equal(await status(), "ended");
  // Reopened, it no longer says so.
  await conversation.getByRole("button", { name: "Reopen the chat" }).click();
  await page.getByLabel("Reply to Dan Visitor").waitFor();
  assert.equal(await conversation.locator(".ended-note").count(), 0);
  assert.deepEqual(await axeViolations(page, "body"), []);
  assert.deepEqual(errors, []);
  await first.visitor.context.close();
  await second.visitor.context.close();
  await context.close();
});

test("a reply over the message limit is not sent, and the console says by how much", async () => {
  const { page, context, errors } = await openConsole();
  const { visitor, item } = await visitorSays(page, "Can you send the full terms?", "Eve Visitor");
  await item.click();
  const reply = page.getByLabel("Reply to Eve Visitor");
  const send = page.getByRole("button", { name: "Send" });

  await reply.fill("é".repeat(4002));
  const tooLong = page.getByRole("status").filter({ hasText: "2 characters too long: a message holds at most 4000." });
  await tooLong.waitFor();
  assert.equal(await send.isDisabled(), true);
  assert.equal(await reply.getAttribute("aria-invalid"), "true");
  await page.keyboard.press("Enter");
  assert.equal(await reply.inputValue(), "é".repeat(4002), "Enter sends nothing and keeps the text");
  assert.deepEqual(await axeViolations(page, "body"), []);

  // Two characters fewer: it fits, and it reaches the visitor whole.
  await reply.fill("é".repeat(4000));
  await page.waitForFunction(() => !document.getElementById("reply-too-long"));
  await send.click();
  const got = await visitor.waitFrame((f) => f.op === "chat-message" && f.message?.sender?.type !== "ChatClient", "the long reply");
  assert.equal([...got.message.text].length, 4000);
  assert.deepEqual(errors, []);
  await visitor.context.close();
  await context.close();
});

test("a message of a file alone shows in the list by the file, live and after a reload", async () => {
  const { page, context, errors } = await openConsole();
  const { visitor, channelId, item } = await visitorSays(page, "Here is the invoice.", "Gil Visitor");
  /** The visitor uploads a PDF to the chat and sends it with no text. */
  const sendFile = (name) =>
    visitor.page.evaluate(
      async ({ channelId, name }) => {
        const form = new FormData();
        form.append("file", new Blob(["%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"], { type: "application/pdf" }), name);
        const r = await fetch(`/api/v1/chat/public/channel/${channelId}/attachments?personaId=${window.chat.personaId}`, { method: "POST", body: form });
        if (!r.ok) throw new Error(`upload: ${r.status} ${await r.text()}`);
        const file = await r.json();
        window.ws.send(JSON.stringify({ op: "chat-message", clientId: `f-${name}`, message: "", attachments: [file] }));
      },
      { channelId, name },
    );
  await inboxTab(page, "Unassigned").click();
  const preview = item.locator(".chat-preview");
  await preview.filter({ hasText: "Here is the invoice." }).waitFor();
  await sendFile("invoice.pdf");
  await preview.filter({ hasText: /^File: invoice\.pdf$/ }).waitFor();
  await page.reload();
  await preview.filter({ hasText: /^File: invoice\.pdf$/ }).waitFor();
  await shot(page, "console-file-preview.png");
  assert.deepEqual(await axeViolations(page, "body"), []);
  assert.deepEqual(errors, []);
  await visitor.context.close();
  await context.close();
});
