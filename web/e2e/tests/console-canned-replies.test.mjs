// Canned replies (issue 23): the owner manages them on the "Canned replies" screen (add, a taken
// or malformed shortcut refused with the reason by the field, edit, delete after a ConfirmDialog);
// the agent types "/" in a chat's reply box, moves through the list with the keyboard, inserts a
// reply with its placeholders filled (an unknown one left as written), edits it and sends it; the
// visitor gets what was sent. Escape closes the list. Agents get the screen only once the owner
// allows it. axe on the screen and on the open list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { DEMO } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { openApiVisitor, openConsole } from "../lib/console.mjs";

const fx = beckonFixture();
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

test("an owner keeps canned replies; an agent finds one with '/', fills it in, edits and sends it", async () => {
  const owner = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "canned-replies" });
  const o = owner.page;
  await o.getByRole("heading", { name: "Canned replies", level: 1 }).waitFor();
  assert.equal(await o.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Canned replies" }).getAttribute("aria-current"), "page");
  const add = o.getByRole("form", { name: "Add a canned reply" });
  const addReply = async (shortcut, text) => {
    await add.getByLabel("Shortcut").fill(shortcut);
    await add.getByLabel("Text").fill(text);
    await add.getByRole("button", { name: "Add canned reply" }).click();
  };
  await addReply("thanks", "Hi {visitor.name}, this is {agent.name} at {domain}. Your order {order.id} is on its way.");
  await o.getByRole("status").filter({ hasText: "/thanks was added." }).waitFor();
  await addReply("hours", "We are open 9 to 5.");
  await o.getByText("/hours", { exact: true }).waitFor();
  // Refused, with the reason by the field: a taken shortcut, a malformed one.
  await addReply("hours", "Again");
  await add.getByText("the shortcut /hours is taken: another canned reply uses it").waitFor();
  assert.equal(await add.getByLabel("Shortcut").getAttribute("aria-invalid"), "true");
  await addReply("Opening Hours", "x");
  await add.getByText(/may hold only a-z, 0-9, - and _/).waitFor();
  // Edited.
  await o.getByRole("button", { name: "Edit /hours" }).click();
  const edit = o.getByRole("form", { name: "Change /hours" });
  await edit.getByLabel("Text").fill("We are open 9 to 6, Monday to Friday.");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await o.getByText("We are open 9 to 6, Monday to Friday.").waitFor();
  // Deleted, after the question.
  await add.getByLabel("Shortcut").fill("temp");
  await add.getByLabel("Text").fill("Temporary");
  await add.getByRole("button", { name: "Add canned reply" }).click();
  await o.getByRole("button", { name: "Delete /temp" }).click();
  const question = o.getByRole("alertdialog", { name: "Delete /temp?" });
  await question.waitFor();
  await question.getByRole("button", { name: "Delete" }).click();
  await o.getByRole("status").filter({ hasText: "/temp was removed." }).waitFor();
  assert.equal(await o.getByText("/temp", { exact: true }).count(), 0);
  await add.getByLabel("Shortcut").fill("");
  await add.getByLabel("Text").fill("");
  await shot(o, "console-canned-replies.png");
  assert.deepEqual(await axeViolations(o, "body"), [], "the Canned replies screen");

  // The agent: no screen of their own until the owner allows it.
  const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name: "Ann Visitor" });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("Is my order on its way?");
  const agent = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${channelId}` });
  const a = agent.page;
  const nav = a.getByRole("navigation", { name: "Console" });
  await nav.getByRole("link", { name: "Inbox" }).waitFor();
  assert.equal(await nav.getByRole("link", { name: "Canned replies" }).count(), 0);
  const conversation = a.getByRole("region", { name: "Conversation" });
  await conversation.getByText("Is my order on its way?").waitFor();
  const site = await conversation.locator(".visitor-details > div").filter({ has: a.locator("dt", { hasText: /^Site$/ }) }).locator("dd").innerText();

  // "/" opens the list: every reply, by shortcut; the arrows move the choice.
  const box = conversation.getByRole("textbox", { name: "Reply to Ann Visitor" });
  await box.fill("");
  await box.pressSequentially("/");
  const list = conversation.getByRole("listbox", { name: "Canned replies" });
  await list.waitFor();
  const options = list.getByRole("option");
  assert.deepEqual(await options.locator("strong").allInnerTexts(), ["/hours", "/thanks"]);
  const selected = () => list.getByRole("option", { selected: true }).locator("strong").innerText();
  assert.equal(await selected(), "/hours");
  assert.equal(await box.getAttribute("aria-activedescendant"), await options.first().getAttribute("id"));
  await box.press("ArrowDown");
  assert.equal(await selected(), "/thanks");
  await box.press("ArrowDown");
  assert.equal(await selected(), "/hours", "round to the first");
  await box.press("ArrowUp");
  assert.equal(await selected(), "/thanks");
  // Typing filters: by shortcut, and by a word of the text.
  await box.pressSequentially("op");
  assert.deepEqual(await options.locator("strong").allInnerTexts(), ["/hours"]);
  await box.press("Backspace");
  await box.press("Backspace");
  await box.pressSequentially("th");
  assert.deepEqual(await options.locator("strong").allInnerTexts(), ["/thanks"]);
  await shot(a, "console-canned-picker.png");
  assert.deepEqual(await axeViolations(a, "body"), [], "the reply box with the canned list open");
  // Enter inserts it, placeholders filled, the unknown one as written; nothing is sent yet.
  await box.press("Enter");
  await list.waitFor({ state: "detached" });
  const filled = `Hi Ann Visitor, this is Demo Agent at ${site}. Your order {order.id} is on its way.`;
  assert.equal(await box.inputValue(), filled);
  assert.equal(await conversation.locator(".message-text").filter({ hasText: "this is Demo Agent" }).count(), 0, "not sent by itself");
  // Edited (the caret is after the reply), then sent.
  await box.press("End");
  await box.pressSequentially(" It arrives Friday.");
  await box.press("Enter");
  const sent = `${filled} It arrives Friday.`;
  await visitor.waitFrame((f) => f.op === "chat-message" && f.message.text === sent, "the edited canned reply");
  await conversation.locator(".message-text").filter({ hasText: "It arrives Friday." }).waitFor();

  // Escape closes the list; the text typed stays. Tab inserts as Enter does.
  await box.pressSequentially("Also /ho");
  await list.waitFor();
  await box.press("Escape");
  await list.waitFor({ state: "detached" });
  assert.equal(await box.inputValue(), "Also /ho");
  await box.pressSequentially("u");
  assert.equal(await list.count(), 0, "closed until the next /");
  await box.fill("");
  await box.pressSequentially("See /ho");
  await list.waitFor();
  await box.press("Tab");
  assert.equal(await box.inputValue(), "See We are open 9 to 6, Monday to Friday.");

  // The owner allows agents: the agent gets the screen (after a reload) and may edit.
  await o.getByLabel("Agents may edit canned replies").check();
  await o.getByRole("status").filter({ hasText: "Agents may now edit canned replies." }).waitFor();
  await a.goto(`${fx.server.origin}/console/canned-replies`);
  await a.getByRole("heading", { name: "Canned replies", level: 1 }).waitFor();
  await a.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Canned replies" }).waitFor();
  await a.getByRole("button", { name: "Edit /thanks" }).waitFor();
  assert.equal(await a.getByLabel("Agents may edit canned replies").count(), 0, "only owners say who may edit");

  assert.deepEqual(owner.errors, []);
  assert.deepEqual(agent.errors, []);
  await visitor.context.close();
  await agent.context.close();
  await owner.context.close();
});

test("a canned reply the owner adds reaches an open console at once; a '/word' that matches nothing is not sent by Enter; capitals are lower case", async () => {
  const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name: "Bo Visitor", email: "bo@example.com" });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("When do you ship?");
  const agent = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${channelId}` });
  const a = agent.page;
  const conversation = a.getByRole("region", { name: "Conversation" });
  await conversation.getByText("When do you ship?").waitFor();
  const box = conversation.getByRole("textbox", { name: "Reply to Bo Visitor" });
  const list = conversation.getByRole("listbox", { name: "Canned replies" });

  // "/ship" matches nothing yet: Enter keeps it in the box and says why, politely.
  await box.fill("");
  await box.pressSequentially("/ship");
  await box.press("Enter");
  const why = conversation.getByRole("status").filter({ hasText: "No canned reply matches /ship, so Enter did not send it." });
  await why.waitFor();
  assert.equal(await box.inputValue(), "/ship");
  await shot(a, "console-canned-no-match.png");
  assert.deepEqual(await axeViolations(a, "body"), [], "the reply box saying why /ship was not sent");
  // More words, or a slash inside text, are sent as usual (and the held "/ship" never was).
  await box.pressSequentially(" today?");
  await why.waitFor({ state: "detached" });
  await box.press("Enter");
  await visitor.waitFrame((f) => f.op === "chat-message" && f.message.text === "/ship today?", "the reply with more words");
  await box.pressSequentially("and/or");
  await box.press("Enter");
  await visitor.waitFrame((f) => f.op === "chat-message" && f.message.text === "and/or", "text holding a slash");
  const texts = await visitor.page.evaluate(() => window.frames_.filter((f) => f.op === "chat-message").map((f) => f.message.text));
  assert.deepEqual(texts.slice(-2), ["/ship today?", "and/or"], "'/ship' alone never reached the visitor");

  // The owner adds one, typed in capitals; the agent's console, not reloaded, has it.
  const owner = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "canned-replies" });
  const o = owner.page;
  const add = o.getByRole("form", { name: "Add a canned reply" });
  await add.getByLabel("Shortcut").fill("Shipping");
  assert.equal(await add.getByLabel("Shortcut").inputValue(), "shipping", "shown as it will be kept");
  await add.getByLabel("Text").fill("We ship within two working days.");
  await add.getByRole("button", { name: "Add canned reply" }).click();
  await o.getByRole("status").filter({ hasText: "/shipping was added." }).waitFor();
  await box.fill("");
  await box.pressSequentially("/SHIP");
  await list.getByRole("option", { name: /\/shipping/ }).waitFor();
  await box.press("Enter");
  assert.equal(await box.inputValue(), "We ship within two working days.");

  // Changed and removed there: the list here follows.
  await o.getByRole("button", { name: "Edit /shipping" }).click();
  const edit = o.getByRole("form", { name: "Change /shipping" });
  await edit.getByLabel("Text").fill("We ship the same day.");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await box.fill("");
  await box.pressSequentially("/ship");
  await list.getByRole("option", { name: /We ship the same day\./ }).waitFor();
  await box.press("Escape");
  await o.getByRole("button", { name: "Delete /shipping" }).click();
  await o.getByRole("alertdialog", { name: "Delete /shipping?" }).getByRole("button", { name: "Delete" }).click();
  await o.getByRole("status").filter({ hasText: "/shipping was removed." }).waitFor();
  await box.fill("");
  await box.pressSequentially("/shipp");
  await list.waitFor({ state: "detached" });
  await box.press("Enter");
  await conversation.getByRole("status").filter({ hasText: "No canned reply matches /shipp" }).waitFor();

  assert.deepEqual(owner.errors, []);
  assert.deepEqual(agent.errors, []);
  await visitor.context.close();
  await agent.context.close();
  await owner.context.close();
});
