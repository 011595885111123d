// After a chat ends, against a real `beckon serve`, with the visitor's widget and the agent's
// console in real pages:
// - End Chat asks first, inside the chat (keyboard: "Keep chatting" has the focus, Esc keeps
//   chatting and the focus goes back to the menu button); once ended the focus stays in the chat;
// - the visitor ends it (End Chat): "Start a new chat" starts a NEW conversation (the browser
//   forgets its visitor persona, spec §4.5), and the agent sees the earlier one listed in the new
//   conversation's details, openable;
// - the agent ends it while the visitor is away: back on the site, the visitor sees the ended
//   chat's history read-only under the spec's text, with "Start a new chat" right there, which
//   continues in that thread (the returning-visitor rule: the visitor did not end it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { openConsole } from "../lib/console.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, endChat, startChat, storedChannel } from "../lib/chat.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";
import { join } from "node:path";

const fx = chatFixture();
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

/** The text (or accessible name) of what has the focus, looking inside the widget's shadow root. */
const focused = (page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return (a && (a.getAttribute("aria-label") || a.textContent.trim() || a.tagName)) || "none";
  });
const ENDED = "This chat has ended. Please refresh the page to start a new chat.";

async function visitor() {
  const opened = await openPage(fx.browser, { reducedMotion: "reduce" });
  opened.url = fx.site.page("/shop");
  await opened.page.goto(opened.url);
  await opened.page.locator(".call-now-button").first().waitFor({ state: "visible" });
  return opened;
}

/** The texts of the chat's message log, in order (welcome messages left out). */
const logTexts = (page) => chatDialog(page).locator('[role="log"] .cnb-c-row:not(.cnb-c-welcome) .cnb-c-text').allInnerTexts();

const say = async (page, text) => {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == text);
};

for (const [size, options] of [
  ["desktop", { viewport: { width: 1280, height: 800 } }],
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
]) {
  test(`End Chat asks first inside the chat, by keyboard; Esc keeps chatting; once ended the focus stays in the chat (${size})`, async () => {
    const { page, context } = await openPage(fx.browser, { reducedMotion: "reduce", ...options });
    await page.goto(fx.site.page("/shop"));
    await startChat(page, { name: "Kim", email: "kim@example.com" });
    const channelId = await storedChannel(page);
    await say(page, "Just a quick question");
    const dialog = chatDialog(page);
    const menu = dialog.getByRole("button", { name: /menu/i });
    await menu.click();
    await dialog.getByRole("menuitem", { name: "End Chat" }).click();
    const ask = dialog.getByRole("alertdialog", { name: "End this chat?" });
    await ask.waitFor();
    assert.equal(await focused(page), "Keep chatting");
    assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
    await shot(page, `chat-end-ask-${size}.png`);
    // Esc: the question goes, the chat stays open and live, the focus is on the menu button.
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "detached" });
    assert.equal(await dialog.isVisible(), true, "the chat is still open");
    assert.equal(await focused(page), "Menu");
    assert.equal(await storedChannel(page), channelId, "not ended");
    assert.equal(await composer(page).isDisabled(), false);
    // Asked again, and confirmed from the keyboard alone.
    await page.keyboard.press("Enter"); // the menu button opens the menu
    await dialog.getByRole("menuitem", { name: "End Chat" }).focus();
    await page.keyboard.press("Enter");
    await ask.waitFor();
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focused(page), "End Chat");
    await page.keyboard.press("Enter");
    await fx.agent.waitFrame((f) => f.op == "channel-ended" && f.channelId == channelId);
    let at;
    await eventually(async () => (at = await focused(page)) == "Start a new chat", () => `the focus on Start a new chat (it is on ${at})`);
    assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
    await shot(page, `chat-ended-by-visitor-${size}.png`);
    await context.close();
  });
}

test("End Chat, then Start a new chat: a new conversation; the agent sees and opens the earlier one", async () => {
  const { page, context } = await visitor();
  await startChat(page, { name: "Gus", email: "gus@example.com" });
  const first = await storedChannel(page);
  const firstPersona = await page.evaluate(() => localStorage.getItem("cnb.chat.persona-id"));
  await say(page, "Do you ship to Norway?");
  const dialog = chatDialog(page);
  await endChat(page);
  await dialog.getByRole("button", { name: "Start a new chat" }).click();
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
  const second = await storedChannel(page);
  assert.ok(second && second != first, "a new conversation");
  assert.notEqual(await page.evaluate(() => localStorage.getItem("cnb.chat.persona-id")), firstPersona, "a new visitor persona");
  assert.deepEqual(await logTexts(page), [], "the new conversation starts empty");
  await say(page, "Me again: and to Iceland?");

  // The console: the new conversation's details list the earlier one, which opens.
  const agent = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${second}` });
  const details = agent.page.locator("dl.visitor-details");
  const earlier = details.getByRole("link", { name: /\(ended\)$/ });
  await earlier.waitFor();
  assert.equal(await earlier.count(), 1);
  assert.equal(await earlier.getAttribute("href"), `/console/inbox/${first}`);
  await details.getByText("Do you ship to Norway?").waitFor();
  assert.deepEqual(await axeViolations(agent.page, "body"), []);
  await earlier.click();
  const log = agent.page.getByRole("log", { name: "Messages" });
  await log.getByText("Do you ship to Norway?").waitFor();
  assert.equal(await log.getByText("Me again: and to Iceland?").count(), 0, "the earlier conversation, not the new one");
  assert.match(agent.page.url(), new RegExp(`/console/inbox/${first}$`));
  await agent.context.close();
  await context.close();
});

test("ended while away: the history read-only under the spec's text, and Start a new chat right there", async () => {
  const v = await visitor();
  await startChat(v.page, { name: "Hal", email: "hal@example.com" });
  const channelId = await storedChannel(v.page);
  await say(v.page, "Is the shop open on Sunday?");
  await fx.agent.reply(channelId, "No, Monday to Saturday.");
  await chatDialog(v.page).getByText("No, Monday to Saturday.").waitFor();
  await v.page.goto("about:blank");
  assert.ok((await fx.agent.api(`/api/v1/agent/channels/${channelId}/end`, { method: "POST" })).ok);

  await v.page.goto(v.url);
  await v.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  const dialog = chatDialog(v.page);
  await dialog.getByText(ENDED).waitFor();
  await dialog.getByText("No, Monday to Saturday.").waitFor();
  assert.deepEqual(await logTexts(v.page), ["Is the shop open on Sunday?", "No, Monday to Saturday."]);
  assert.equal(await composer(v.page).isDisabled(), true, "read-only");
  assert.equal(await storedChannel(v.page), null, "the stored channel is cleared");
  assert.deepEqual(await axeViolations(v.page, ".cnb-m-host"), []);

  // Not ended by the visitor: the new chat continues the thread (the returning-visitor rule).
  await dialog.getByRole("button", { name: "Start a new chat" }).click();
  await composer(v.page).and(v.page.locator(":enabled")).waitFor({ timeout: CEILING });
  assert.equal(await storedChannel(v.page), channelId);
  await dialog.getByText(ENDED).waitFor({ state: "detached" });
  await v.context.close();
});
