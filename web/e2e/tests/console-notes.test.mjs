// Private notes (issue 23): in the console's reply box an agent switches to Note (from the
// keyboard), writes a note; it shows in their thread as a note, a second agent's open console
// gets it live, and the visitor's widget never shows it: not in its DOM, not in any frame of its
// realtime socket, not in any answer of the chat API it reads (live, and after a reload that
// catches up from the store). An ended chat still takes notes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, startChat, storedChannel } from "../lib/chat.mjs";
import { DEMO } from "../lib/beckon.mjs";
import { openConsole } from "../lib/console.mjs";

const fx = chatFixture({ agent: false });
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

const NOTE = "VIP customer: the refund was approved by Kim";

/** Everything the visitor's page receives from Beckon: socket frames and API answers. */
function recordTraffic(page) {
  const seen = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => seen.push(String(f.payload))));
  page.on("response", async (r) => {
    if (!r.url().includes("/api/")) return;
    seen.push(await r.text().catch(() => ""));
  });
  return seen;
}

test("an agent's note shows to the team, live, and never to the visitor", async () => {
  const visitor = await openPage(fx.browser, { reducedMotion: "reduce" });
  const traffic = recordTraffic(visitor.page);
  await visitor.page.goto(fx.site.page());
  await startChat(visitor.page, { name: "Ann Visitor", email: "ann@example.com" });
  const channelId = await storedChannel(visitor.page);
  await composer(visitor.page).fill("Where is my refund?");
  await composer(visitor.page).press("Enter");

  const agent = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${channelId}` });
  const owner = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: `inbox/${channelId}` });
  const conversation = agent.page.getByRole("region", { name: "Conversation" });
  const colleague = owner.page.getByRole("region", { name: "Conversation" });
  await conversation.getByText("Where is my refund?").waitFor();
  await colleague.getByText("Where is my refund?").waitFor();

  // Reply is the mode at first; the keyboard reaches the switch and moves it to Note.
  const replyMode = conversation.getByRole("radio", { name: "Reply" });
  const noteMode = conversation.getByRole("radio", { name: "Note" });
  assert.equal(await replyMode.isChecked(), true);
  await replyMode.focus();
  await agent.page.keyboard.press("ArrowRight");
  assert.equal(await noteMode.isChecked(), true);
  const box = conversation.getByRole("textbox", { name: "Private note on the chat with Ann Visitor (only agents see it)" });
  await box.waitFor();
  await conversation.getByText("Private note — only agents see this").waitFor();
  await conversation.getByRole("button", { name: "Add note" }).waitFor();
  await box.fill(NOTE);
  await shot(agent.page, "console-note-mode.png");
  assert.deepEqual(await axeViolations(agent.page, "body"), [], "the reply box in Note mode");
  await box.press("Enter");

  // In the agent's own thread, as a note; the box is empty again and still in Note mode.
  const mine = conversation.locator(".message.note").filter({ hasText: NOTE });
  await mine.getByText("Note — only agents see this").waitFor();
  await mine.getByText("You", { exact: true }).waitFor();
  assert.equal(await box.inputValue(), "");
  // The colleague's console: live, by name, after the visitor's message.
  const theirs = colleague.locator(".message.note").filter({ hasText: NOTE });
  await theirs.getByText("Note — only agents see this").waitFor();
  await theirs.getByText("Demo Agent", { exact: true }).waitFor();
  const order = await colleague.locator(".message-text").allInnerTexts();
  assert.deepEqual(order.slice(-2), ["Where is my refund?", NOTE], "interleaved by time");
  await shot(owner.page, "console-note-in-thread.png");
  assert.deepEqual(await axeViolations(owner.page, "body"), [], "a note in the thread");

  // Back to Reply: the box says so; the reply reaches the visitor, the note does not.
  await replyMode.check();
  const reply = conversation.getByRole("textbox", { name: "Reply to Ann Visitor" });
  await reply.fill("Your refund is on its way.");
  await reply.press("Enter");
  const dialog = chatDialog(visitor.page);
  await dialog.getByText("Your refund is on its way.").waitFor();
  const shows = async () => visitor.page.evaluate((note) => {
    const host = document.querySelector(".cnb-m-host");
    const text = (n) => (n.shadowRoot ? text(n.shadowRoot) : "") + [...n.childNodes].map((c) => (c.nodeType === 3 ? c.textContent : c.nodeType === 1 ? text(c) : "")).join("");
    return text(document.body) + (host ? text(host) : "");
  }, NOTE);
  assert.ok(!(await shows()).includes(NOTE), "the widget shows the note");
  // A reload: the widget reads the conversation again from the server.
  await visitor.page.reload();
  await visitor.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  await chatDialog(visitor.page).getByText("Where is my refund?").waitFor();
  await chatDialog(visitor.page).getByText("Your refund is on its way.").waitFor();
  assert.ok(!(await shows()).includes(NOTE), "the widget shows the note after a reload");
  assert.ok(traffic.length > 0, "the visitor's traffic was recorded");
  assert.ok(traffic.some((t) => t.includes("Your refund is on its way.")), "the reply came over the recorded traffic");
  assert.deepEqual(traffic.filter((t) => t.includes(NOTE) || t.includes('"op":"note"')), [], "a frame or answer carried the note");

  // An ended chat still takes notes (Reply is there, disabled, so the box says which mode it is in).
  await conversation.getByRole("button", { name: "End chat" }).click();
  await agent.page.getByRole("alertdialog", { name: "End this chat?" }).getByRole("button", { name: "End chat" }).click();
  await conversation.getByText("This chat has ended.").waitFor();
  assert.equal(await replyMode.isDisabled(), true);
  assert.equal(await noteMode.isChecked(), true);
  await box.fill("Refund sent after the chat ended");
  await box.press("Enter");
  await colleague.locator(".message.note").filter({ hasText: "Refund sent after the chat ended" }).waitFor();

  assert.deepEqual(agent.errors, []);
  assert.deepEqual(owner.errors, []);
  await visitor.context.close();
  await agent.context.close();
  await owner.context.close();
});
