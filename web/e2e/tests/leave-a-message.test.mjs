// Leave a message when nobody is online: the owner chooses per chat in the builder between taking
// messages (with opening hours that tell visitors when someone is back) and hiding the button; a
// visitor who opens the chat while every agent is away reads that they can leave a message and
// how the answer reaches them; their chat waits in the console's Waiting tab, the longest waiting
// first, until an agent answers. The server is started with an SMTP address (nothing need listen
// there: the chat only says that replies are mailed; delivery is tested in crates/server/tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { CHAT_ACTION_ID, chatDialog, composer, openAgent, publishChat, startChat, storedChannel } from "../lib/chat.mjs";
import { choose, form, openChannel, saveDraft, savedConfig } from "../lib/builder.mjs";
import { inboxTab, openConsole } from "../lib/console.mjs";

const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

// Office hours in Amsterdam; the visitor comes on a Wednesday at 22:00 there.
const OFFICE = { showAlways: false, timezone: "Europe/Amsterdam", daysOfWeek: [true, true, true, true, true, false, false], start: "09:00", stop: "17:00" };
const WEDNESDAY_EVENING = "2026-11-25T21:00:00Z";

const fx = beckonFixture({
  site: true,
  args: ["--smtp-url", "smtp://127.0.0.1:9", "--mail-from", "Shop <shop@example.com>"],
});

/** The visitor's chat, on the site's page, with the visitor's clock at `time` in Amsterdam. */
async function visitor(time) {
  const opened = await openPage(fx.browser, { timezoneId: "Europe/Amsterdam", locale: "en-GB", reducedMotion: "reduce" });
  await opened.page.clock.install({ time: new Date(time) });
  await opened.page.goto(fx.site.page());
  await opened.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).waitFor({ state: "visible" });
  return opened;
}

test("nobody online: the chat takes the message, says how the answer comes and when someone is back", async () => {
  const owner = await publishChat(fx.server.origin);
  // The opening hours as the builder writes them (the builder test below checks that).
  const cfg = await (await owner(`/api/v1/owner/domains/${DEMO.domainId}/config`)).json();
  cfg.actions.find((a) => a.id == CHAT_ACTION_ID).openingHours = OFFICE;
  assert.equal((await owner(`/api/v1/owner/domains/${DEMO.domainId}/config`, { method: "PUT", body: JSON.stringify(cfg) })).status, 200);
  assert.equal((await owner(`/api/v1/owner/domains/${DEMO.domainId}/publish`, { method: "POST" })).status, 200);

  const { page, context } = await visitor(WEDNESDAY_EVENING);
  await startChat(page, { name: "Eve Late", email: "eve@example.com" });
  const note = chatDialog(page).locator(".cnb-c-away");
  await note.waitFor();
  assert.equal(
    await note.innerText(),
    "We're away right now. Leave a message and we'll reply here and by e-mail. We're back tomorrow at 09:00.",
  );
  assert.equal(await note.getAttribute("role"), "status");
  assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
  await composer(page).fill("Do you deliver on Saturdays?");
  await composer(page).press("Enter");
  await chatDialog(page).getByText("Do you deliver on Saturdays?").waitFor();
  await shot(page, "chat-away.png");
  const channelId = await storedChannel(page);

  // The agent sees it waiting (API and console), the longest waiting first; an answer takes it off.
  const agent = await openAgent(fx.browser, fx.server.origin);
  try {
    const waiting = async () => (await (await agent.api("/api/v1/agent/channels?filter=waiting")).json()).channels;
    const listed = await waiting();
    assert.deepEqual(
      listed.map((c) => c.id),
      [channelId],
    );
    assert.ok(listed[0].waitingSince, "says since when");

    const { page: inbox, context: consoleContext } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.agent, path: "inbox" });
    await inboxTab(inbox, "Waiting").click();
    const item = inbox.locator("#chat-list .chat-item").filter({ hasText: "Eve Late" });
    await item.waitFor();
    assert.match(await item.locator("time").getAttribute("title"), /^Waiting since /);
    assert.deepEqual(await axeViolations(inbox, "body"), []);
    await shot(inbox, "console-waiting.png");

    await agent.reply(channelId, "Yes, until noon.");
    await item.waitFor({ state: "detached" });
    assert.deepEqual(await waiting(), []);
    await consoleContext.close();

    // The agent's reply reaches the visitor's open chat; an agent online clears the notice.
    await chatDialog(page).getByText("Yes, until noon.").waitFor();
    await agent.setStatus("online");
    await note.waitFor({ state: "detached" });
    await agent.setStatus("away");
  } finally {
    await agent.close();
    await context.close();
  }
});

test("the notice shows before the profile is filled in; without opening hours it promises no time", async () => {
  await publishChat(fx.server.origin);
  const { page, context } = await visitor(WEDNESDAY_EVENING);
  try {
    await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
    await chatDialog(page).getByRole("form", { name: "Profile" }).waitFor();
    const note = chatDialog(page).locator(".cnb-c-away");
    await note.waitFor();
    assert.equal(await note.innerText(), "We're away right now. Leave a message and we'll reply here and by e-mail.");
    await shot(page, "chat-away-profile.png");
  } finally {
    await context.close();
  }
});

test("the owner chooses in the builder: take messages (with opening hours) or hide the button", async () => {
  await publishChat(fx.server.origin);
  // Opened last: a console open as Online makes someone online for the visitors of the tests above.
  const { page } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: `domains/${DEMO.domainId}/buttons`, viewport: { width: 1280, height: 900 } });
  await openChannel(page, "Live chat");
  const chat = form(page, "Live chat");
  const away = chat.getByRole("group", { name: "When nobody is online" });
  assert.equal(await away.getByRole("radio", { name: "Take messages" }).isChecked(), true, "taking messages is the default");
  // The chat's one set of hours; outside them it stays and says when someone is back (the default).
  const opening = chat.getByRole("group", { name: "Opening hours" });
  await choose(opening, "At set hours");
  await opening.getByRole("group", { name: "Hours by day" }).waitFor();
  assert.equal(await opening.getByRole("radio", { name: /^Show the chat: visitors leave a message/ }).isChecked(), true);
  assert.deepEqual(await axeViolations(page, "section.channel-form"), []);
  await shot(page, "builder-when-away.png");
  await saveDraft(page);
  let saved = await savedConfig(page, DEMO.domainId);
  const hours = saved.actions.find((a) => a.id == CHAT_ACTION_ID).openingHours;
  assert.equal(hours.showAlways, false);
  assert.equal(saved.actions.find((a) => a.id == CHAT_ACTION_ID).schedule?.showAlways ?? true, true, "the chat is not hidden outside its hours");
  assert.deepEqual(saved.buttons[0].conditions ?? [], [], "taking messages hides nothing");

  await choose(away, "Hide the button");
  await away.getByText("The button shows only while an agent of yours is online").waitFor();
  await saveDraft(page);
  saved = await savedConfig(page, DEMO.domainId);
  const condition = saved.conditions.find((c) => saved.buttons[0].conditions?.includes(c.id));
  assert.deepEqual([condition?.conditionType, condition?.matchType, condition?.filterType], ["CHAT", "AGENTS_AVAILABLE", "INCLUDE"]);

  await choose(away, "Take messages");
  await saveDraft(page);
  saved = await savedConfig(page, DEMO.domainId);
  assert.deepEqual(saved.buttons[0].conditions ?? [], [], "the button shows again while nobody is online");
});

test("an agent chooses what they are told about: e-mail on or off, which conversations", async () => {
  const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.agent, path: "inbox", viewport: { width: 1280, height: 800 } });
  try {
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    const email = dialog.getByRole("checkbox", { name: /E-mail me when a visitor waits/ });
    await email.waitFor();
    assert.equal(await email.isChecked(), true, "on by default");
    assert.equal(await dialog.getByRole("radio", { name: "Every conversation" }).isChecked(), true);
    await email.uncheck();
    await dialog.getByText("Saved.").waitFor();
    await choose(dialog, "Only my conversations");
    await dialog.getByText("Saved.").waitFor();
    assert.deepEqual(await axeViolations(page, "dialog"), []);
    await shot(page, "console-notification-settings.png");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const saved = await page.evaluate(async () => (await fetch("/api/v1/agent/notifications")).json());
    assert.deepEqual([saved.email, saved.about], [false, "mine"]);
    // Opened again, it shows what was saved.
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await dialog.getByRole("radio", { name: "Only my conversations" }).and(page.locator(":checked")).waitFor({ state: "attached" });
    assert.equal(await email.isChecked(), false);
  } finally {
    await context.close();
  }
});
