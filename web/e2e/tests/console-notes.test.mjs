// Private notes (issue 23): in the console's reply box an agent switches to Note (from the
// keyboard), writes a note; it shows in their thread as a note, a second agent's open console
// gets it live, and the visitor's widget never shows it: not in its DOM, not in any frame of its
// realtime socket, not in any answer of the chat API it reads (live, and after a reload that
// catches up from the store). An ended chat still takes notes. In a long conversation (the thread
// is virtualised, earlier pages come as the agent scrolls up) notes keep their place among the
// messages, and each row still says its place in the whole conversation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, startChat, storedChannel } from "../lib/chat.mjs";
import { DEMO, login } from "../lib/beckon.mjs";
import { eventually, openApiVisitor, openConsole } from "../lib/console.mjs";

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

test("in a long, virtualised thread notes keep their place and the rows their positions", async () => {
  const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name: "Lena Longtalk", email: "lena@example.com" });
  const { channelId } = await visitor.start();
  // The visitor's first message (agents know a chat from it on); the team writes the rest.
  await visitor.connect();
  await visitor.say("Message 1");
  await visitor.waitFrame((f) => f.op === "chat-message" && f.message.text === "Message 1", "the first message back");
  const api = await login(fx.server.origin, DEMO.agent);
  const post = async (path, body) => {
    const r = await api(`/api/v1/agent/channels/${channelId}/${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  /** Once the clock is past `iso`: the next row is stamped after it (the server and the test share the clock). */
  const after = (iso) => eventually(() => Date.now() > Date.parse(iso) + 1, `the clock past ${iso}`);
  const TOTAL = 450;
  for (let n = 2; n <= TOTAL; n++) {
    const { message } = await post("messages", { clientId: `m-${n}`, text: `Message ${n}` });
    if (n === 100 || n === 400) {
      await after(message.createdAt);
      await after((await post("notes", { text: `Note after ${n}` })).createdAt);
    }
  }

  const agent = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${channelId}` });
  const page = agent.page;
  const log = page.getByRole("log", { name: "Messages" });
  const row = (text) => log.locator("li").filter({ has: page.locator(".message-text", { hasText: new RegExp(`^${text}$`) }) });
  // Opens on the latest message, each row placed among messages and notes (two notes before it).
  await row(`Message ${TOTAL}`).waitFor();
  assert.equal(await row(`Message ${TOTAL}`).getAttribute("aria-posinset"), String(TOTAL + 2));
  assert.equal(await row(`Message ${TOTAL}`).getAttribute("aria-setsize"), String(TOTAL + 2));
  // A little up: the later note among its messages, at its place (one note before it).
  const box = await log.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await eventually(async () => {
    await page.mouse.wheel(0, -600);
    return (await row("Note after 400").count()) > 0;
  }, "the later note");
  assert.equal(await row("Note after 400").getAttribute("aria-posinset"), String(400 + 2));
  assert.equal(await row("Message 400").getAttribute("aria-posinset"), String(400 + 1));
  assert.equal(await row("Message 401").getAttribute("aria-posinset"), String(401 + 2));
  assert.equal(await row("Note after 100").count(), 0, "not in the DOM: far above");

  // Up to the first message with the wheel (earlier pages are fetched on the way): the earlier
  // note comes with its page, in its place.
  await eventually(async () => {
    await page.mouse.wheel(0, -3000);
    return (await row("Message 1").count()) > 0;
  }, "the wheel to reach the first message");
  await eventually(async () => {
    await page.mouse.wheel(0, 600);
    const shown = await Promise.all(["Message 100", "Note after 100", "Message 101"].map((t) => row(t).count()));
    return shown.every((n) => n > 0);
  }, "the earlier note and the messages around it");
  assert.equal(await row("Note after 100").getAttribute("aria-posinset"), String(101));
  assert.equal(await row("Message 100").getAttribute("aria-posinset"), String(100));
  assert.equal(await row("Message 101").getAttribute("aria-posinset"), String(102));
  const texts = await log.locator(".message-text").allInnerTexts();
  const at = texts.indexOf("Note after 100");
  assert.deepEqual(texts.slice(at - 1, at + 2), ["Message 100", "Note after 100", "Message 101"]);
  if (SHOTS) {
    await row("Note after 100").scrollIntoViewIfNeeded();
    await page.getByRole("region", { name: "Conversation" }).screenshot({ path: join(SHOTS, "console-note-long-thread.png") });
  }

  assert.deepEqual(agent.errors, []);
  await visitor.context.close();
  await agent.context.close();
});
