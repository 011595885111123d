// The live chat survives what networks and servers do (real browser, real `beckon serve`): the
// server restarted mid-chat, and the page's network cut and restored (CDP) while the visitor
// types. Messages typed meanwhile wait as pending and go out once; nothing is lost or duplicated
// on either side.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { chatDialog, chatFixture, composer, publishChat, startChat, storedChannel } from "../lib/chat.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";

const fx = chatFixture();

async function chatting(name) {
  const opened = await openPage(fx.browser, { reducedMotion: "reduce" });
  await opened.page.goto(fx.site.page());
  await startChat(opened.page, { name, email: `${name.toLowerCase()}@example.com` });
  return { ...opened, channelId: await storedChannel(opened.page) };
}

const send = async (page, text) => {
  await composer(page).fill(text);
  await composer(page).press("Enter");
};

/** The visitor's messages (welcome lines aside), and those marked as still being sent. */
const shown = (page) => chatDialog(page).locator('[role="log"] .cnb-c-row:not(.cnb-c-welcome) .cnb-c-text').allInnerTexts();
const pending = (page) => chatDialog(page).locator('[role="log"] .cnb-c-pending .cnb-c-text').allInnerTexts();

/** Waits until the visitor's log reads `texts` exactly (order and count). */
async function shownExactly(page, texts, timeout = CEILING) {
  const end = Date.now() + timeout;
  let now;
  while (JSON.stringify((now = await shown(page))) != JSON.stringify(texts)) {
    if (Date.now() > end) assert.deepEqual(now, texts);
    await page.waitForTimeout(100);
  }
}

/** The stored messages of a chat, as the agent API lists them. */
const stored = async (channelId) => {
  const h = await fx.agent.messages(channelId);
  return (h.messages || h).map((m) => m.text);
};

test("the server restarts mid-chat: the visitor reconnects and resumes, nothing is lost or duplicated", async () => {
  const { page, context, channelId } = await chatting("Ann");
  await send(page, "one");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "one");
  await fx.agent.reply(channelId, "two");
  await shownExactly(page, ["one", "two"]);

  const restarted = fx.server.restart();
  // The visitor types while the server is away: shown at once, as pending.
  await send(page, "three");
  await chatDialog(page).getByText("three").waitFor();
  await restarted;
  await fx.agent.reconnect();
  // Once it is stored (the visitor's back-off decides when), the agent answers.
  await eventually(async () => (await stored(channelId)).includes("three"), "the pending message to reach the server after the restart", 2 * CEILING);
  await fx.agent.reply(channelId, "four");
  await shownExactly(page, ["one", "two", "three", "four"]);
  assert.deepEqual(await pending(page), []);
  assert.deepEqual(await stored(channelId), ["one", "two", "three", "four"]);
  // The chat goes on over the new connection.
  await send(page, "five");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "five");
  await shownExactly(page, ["one", "two", "three", "four", "five"]);
  assert.deepEqual(await stored(channelId), ["one", "two", "three", "four", "five"]);
  await context.close();
});

test("the network is cut while the visitor types: messages wait as pending and go out once when it is back", async () => {
  await publishChat(fx.server.origin); // a restart with --seed-demo publishes the demo fixture again
  const { page, context, channelId } = await chatting("Ben");
  await send(page, "before the cut");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "before the cut");
  // The agent may get the message before the visitor's page gets its acknowledgement: cut only once
  // the page no longer shows it as pending (else it is sent again after the cut, and the server
  // takes it once by its client id: another test).
  await eventually(async () => (await pending(page)).length == 0, "'before the cut' acknowledged");

  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await send(page, "typed offline 1");
  await send(page, "typed offline 2");
  await chatDialog(page).getByText("typed offline 2").waitFor();
  // Shown at once as pending. No time window here: that nothing went out early is proven at the end,
  // where the agent received each message exactly once and in order.
  assert.deepEqual(await pending(page), ["typed offline 1", "typed offline 2"]);
  assert.equal((await fx.agent.frames()).filter((f) => f.op == "chat-message" && /typed offline/.test(f.message.text)).length, 0);
  assert.deepEqual(await stored(channelId), ["before the cut"]);

  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "typed offline 2", 20000);
  await shownExactly(page, ["before the cut", "typed offline 1", "typed offline 2"]);
  assert.deepEqual(await pending(page), []);
  assert.deepEqual(await stored(channelId), ["before the cut", "typed offline 1", "typed offline 2"]);
  // Each went out once.
  const received = (await fx.agent.frames()).filter((f) => f.op == "chat-message" && f.channelId == channelId).map((f) => f.message.text);
  assert.deepEqual(received, ["before the cut", "typed offline 1", "typed offline 2"]);
  await context.close();
});
