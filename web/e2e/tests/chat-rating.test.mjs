// Satisfaction, against a real `beckon serve`, with the visitor's widget and the console in real
// pages: once a chat has ended the visitor may rate it (five stars, an optional comment):
// - the visitor ends the chat an agent answered, rates it 4 by keyboard with a comment; the
//   agent's console shows the rating in the conversation;
// - on a phone, the agent ends a chat nobody answered; the visitor taps 2 stars;
// - the owner's statistics of the domain show both: the mean, and per agent (the one who answered,
//   and nobody for the chat nobody was assigned to).
// Each screen is checked with axe; with SCREENSHOTS=dir the form, the thanks and the console views
// are saved there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { DEMO } from "../lib/beckon.mjs";
import { openConsole } from "../lib/console.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, endChat, startChat, storedChannel } from "../lib/chat.mjs";

const fx = chatFixture();
const SHOTS = process.env.SCREENSHOTS;
/** A screenshot of the page, or of one element (a locator), when SCREENSHOTS is set. */
const shot = (what, name) => SHOTS && what.screenshot({ path: join(SHOTS, name) });
const QUESTION = "How was this conversation?";
const THANKS = "Thank you for your feedback.";

async function visitor(options = {}) {
  const opened = await openPage(fx.browser, { reducedMotion: "reduce", ...options });
  await opened.page.goto(fx.site.page("/shop"));
  await opened.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).waitFor({ state: "visible" });
  return opened;
}

const say = async (page, text) => {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == text);
};

/** The star radios of the rating form, by their names. */
const star = (page, n) => chatDialog(page).getByRole("radio", { name: `${n} out of 5` });

test("the visitor ends the chat and rates it 4 with a comment by keyboard; the agent's console shows it", async () => {
  const { page, context, errors } = await visitor();
  await startChat(page, { name: "Ivy", email: "ivy@example.com" });
  const channelId = await storedChannel(page);
  await say(page, "Can I return a plant?");
  await fx.agent.reply(channelId, "Yes, within 30 days."); // the agent answers: the chat is theirs
  const dialog = chatDialog(page);
  await dialog.getByText("Yes, within 30 days.").waitFor();
  assert.equal(await dialog.getByRole("group", { name: QUESTION }).count(), 0, "no rating while the chat is open");
  // The rating form is in a chunk of its own (beckon-ended.js), loaded while the chat is live so
  // that it shows as soon as the chat ends.
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith("/beckon-ended.js")));

  await endChat(page);
  const stars = dialog.getByRole("group", { name: QUESTION });
  await stars.waitFor();
  assert.equal(await stars.getByRole("radio").count(), 5);
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);

  // Keyboard only: the stars are one radio group (arrows choose), then the comment and the button.
  await star(page, 1).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  assert.equal(await star(page, 4).isChecked(), true);
  await shot(dialog, "chat-rating-chosen.png"); // the focused star is ringed
  await page.keyboard.press("Tab");
  await page.keyboard.type("Quick and friendly.");
  assert.equal(await dialog.getByRole("textbox", { name: "Comment (optional)" }).inputValue(), "Quick and friendly.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await dialog.getByText(THANKS).waitFor();
  assert.equal(await stars.count(), 0, "the form gives way to the thanks");
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await shot(dialog, "chat-rating-thanks.png");
  assert.deepEqual(errors, []);

  // The agent's console: the conversation shows the rating.
  const agent = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${channelId}` });
  const rating = agent.page.getByTestId("visitor-rating");
  await rating.getByText("Rated 4 out of 5").waitFor();
  await rating.getByText("Quick and friendly.").waitFor();
  assert.deepEqual(await axeViolations(agent.page, "body"), []);
  await shot(agent.page, "console-rating.png");
  await agent.context.close();
  await context.close();
});

test("on a phone: the agent ends a chat nobody answered, and the visitor taps 2 stars", async () => {
  const { page, context } = await visitor({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await startChat(page, { name: "Jo", email: "jo@example.com" });
  const channelId = await storedChannel(page);
  await say(page, "Hello?");
  // The agent's console is open on the chat: the rating shows there as soon as it is given.
  const agent = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${channelId}` });
  await agent.page.getByRole("log", { name: "Messages" }).getByText("Hello?").waitFor();
  assert.ok((await fx.agent.api(`/api/v1/agent/channels/${channelId}/end`, { method: "POST" })).ok);

  const dialog = chatDialog(page);
  await dialog.getByRole("group", { name: QUESTION }).waitFor();
  await shot(page, "chat-rating-phone.png");
  await star(page, 2).tap();
  await dialog.getByRole("button", { name: "Send rating" }).tap();
  await dialog.getByText(THANKS).waitFor();
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await agent.page.getByTestId("visitor-rating").getByText("Rated 2 out of 5").waitFor();
  await agent.context.close();
  await context.close();
});

test("the owner's statistics show the ratings of the period: the mean, and per agent", async () => {
  const owner = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: `domains/${DEMO.domainId}/stats`, viewport: { width: 1280, height: 900 } });
  const { page } = owner;
  const ratings = page.getByTestId("ratings");
  await ratings.getByRole("heading", { name: "Satisfaction" }).waitFor();
  assert.equal((await page.getByTestId("ratings-summary").textContent()).trim(), "3.0 out of 5 on average, from 2 ratings of visitors in this period.");
  const row = (name) => ratings.getByRole("row", { name: new RegExp(`^${name}`) }).getByRole("cell").allTextContents();
  assert.deepEqual(await row("Demo Agent"), ["1", "4.0"]);
  assert.deepEqual(await row("Nobody assigned"), ["1", "2.0"]);
  assert.deepEqual(await row("All chats of this site"), ["2", "3.0"]);
  assert.deepEqual(await axeViolations(page, "body"), []);
  await shot(ratings, "stats-ratings.png");
  await owner.context.close();
});
