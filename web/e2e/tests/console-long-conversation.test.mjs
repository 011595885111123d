// A long conversation in the console against a real `beckon serve`: a chat of a few thousand
// messages opens on the latest one with only a few dozen in the DOM; the agent scrolls up with
// the keyboard and the wheel to its very first message (earlier pages are fetched on the way);
// a new message keeps the view where the agent is, or at the bottom when the agent is there; a
// reply brings the view down; screen readers hear new messages; axe finds nothing.
// With SCREENSHOTS=dir, the thread at its top, middle and bottom goes there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually, openConsole, seedLongChat } from "../lib/console.mjs";

const MESSAGES = 3000;
const SHOTS = process.env.SCREENSHOTS;

const fx = beckonFixture({
  async setup(f) {
    f.chat = await seedLongChat(f.browser, f.server.origin, { messages: MESSAGES });
  },
});

/** The place (aria-posinset, i.e. seq) of the first and last message row showing in the thread, and how many rows are in the DOM. */
const threadState = (page) =>
  page.getByRole("log", { name: "Messages" }).evaluate((log) => {
    const box = log.getBoundingClientRect();
    const rows = [...log.querySelectorAll("li")];
    const shown = rows.filter((li) => {
      const r = li.getBoundingClientRect();
      return r.bottom > box.top + 1 && r.top < box.bottom - 1;
    });
    const place = (li) => Number(li?.getAttribute("aria-posinset"));
    return { rows: rows.length, first: place(shown[0]), last: place(shown.at(-1)), setSize: Number(rows[0]?.getAttribute("aria-setsize")) };
  });

/** Whether `locator` shows inside the thread's visible box (not merely in the DOM). */
const shownInThread = (locator) =>
  locator.evaluate((el) => {
    // (A reply on its way is replaced by the stored message: the element may have just left.)
    const box = el.closest('[role="log"]')?.getBoundingClientRect();
    if (!box) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  });

test("a conversation of a few thousand messages opens on the latest, scrolls by keyboard and wheel to the first, and stays small in the DOM", async () => {
  const { channelId, visitor, firstText, lastText, lastSeq } = fx.chat;
  const { page, context, errors } = await openConsole(fx.browser, fx.server.origin, { path: `inbox/${channelId}` });
  const conversation = page.getByRole("region", { name: "Conversation" });
  const log = conversation.getByRole("log", { name: "Messages" });
  const message = (text) => log.locator(".message-text").getByText(text, { exact: true });

  // Opens on the latest message, with only the rows near the viewport in the DOM.
  await message(lastText).waitFor();
  await eventually(() => shownInThread(message(lastText)), "the latest message in view");
  let state = await threadState(page);
  assert.equal(state.last, lastSeq, "the last row showing is the latest message");
  assert.equal(state.setSize, lastSeq, "each row says its place in the whole conversation");
  assert.ok(state.rows < 100, `${state.rows} rows in the DOM for ${lastSeq} messages`);
  if (SHOTS) await conversation.screenshot({ path: join(SHOTS, "long-conversation-bottom.png") });

  // The keyboard: the focused thread scrolls with PageUp (earlier) and End (back to the latest).
  await log.focus();
  const before = state.first;
  // PageUp until earlier messages show (a key pressed while the list is still settling may move nothing).
  state = await eventually(async () => {
    await page.keyboard.press("PageUp");
    const s = await threadState(page);
    return s.first < before - 10 && s;
  }, "PageUp to show earlier messages");
  // ArrowDown: the row at the top moves up (or out of view).
  const top = () => log.evaluate((l, seq) => l.querySelector(`li[aria-posinset="${seq}"]`)?.getBoundingClientRect().top ?? -Infinity, state.first);
  // Measured once PageUp's scrolling has come to rest (two frames alike), then ArrowDown until it moves.
  const scrollTop = () => log.evaluate((l) => new Promise((r) => requestAnimationFrame(() => r([...l.querySelectorAll("*")].concat(l).map((e) => e.scrollTop).join()))));
  let last;
  await eventually(async () => last === (last = await scrollTop()), "PageUp's scrolling to come to rest");
  const topBefore = await top();
  await eventually(async () => {
    await page.keyboard.press("ArrowDown");
    return (await top()) < topBefore - 10;
  }, "ArrowDown to scroll down a little");
  await page.keyboard.press("End");
  await eventually(() => shownInThread(message(lastText)), "End to bring back the latest message");

  // The wheel, up to the very first message: earlier pages are fetched on the way.
  const logBox = await log.boundingBox();
  await page.mouse.move(logBox.x + logBox.width / 2, logBox.y + logBox.height / 2);
  let middleShot = false;
  await eventually(
    async () => {
      await page.mouse.wheel(0, -3000);
      if (SHOTS && !middleShot && (await threadState(page)).first < lastSeq / 2) {
        middleShot = true;
        await conversation.screenshot({ path: join(SHOTS, "long-conversation-middle.png") });
      }
      return (await message(firstText).count()) > 0 && shownInThread(message(firstText));
    },
    "the wheel to reach the first message",
    60_000,
  );
  state = await threadState(page);
  assert.equal(state.first, 1);
  assert.ok(state.rows < 150, `${state.rows} rows in the DOM at the top of ${lastSeq} messages`);
  if (SHOTS) await conversation.screenshot({ path: join(SHOTS, "long-conversation-top.png") });

  // A new message while the agent reads the start: the view stays there; screen readers hear it.
  await visitor.say("Are you still there?");
  await page.locator('[aria-live="polite"]').getByText("Lena Longtalk: Are you still there?").waitFor({ state: "attached" });
  assert.ok(await shownInThread(message(firstText)), "the first message is still in view");
  assert.equal(await message("Are you still there?").count(), 0, "the new message is not rendered up here");

  // Back at the bottom (the wheel), the next message shows as it arrives: the view is pinned.
  await eventually(
    async () => {
      await page.mouse.wheel(0, 20000);
      return (await message("Are you still there?").count()) > 0 && shownInThread(message("Are you still there?"));
    },
    "the wheel to reach the latest message",
    60_000,
  );
  await visitor.say("Hello?");
  await eventually(async () => (await message("Hello?").count()) > 0 && shownInThread(message("Hello?")), "the newest message in view");

  // Scrolled up, the agent replies: the view goes down to the reply. (The wheel is turned until
  // the view moves: Virtuoso may hold the bottom for a moment after following a new message.)
  await eventually(async () => {
    await page.mouse.wheel(0, -2000);
    return (await threadState(page)).last < lastSeq;
  }, "scrolled up");
  const reply = conversation.getByLabel("Reply to Lena Longtalk");
  await reply.fill("Yes, sorry for the wait!");
  await reply.press("Enter");
  await eventually(async () => (await message("Yes, sorry for the wait!").count()) > 0 && shownInThread(message("Yes, sorry for the wait!")), "the reply in view");

  assert.deepEqual(await axeViolations(page, "body"), []);
  assert.deepEqual(errors, []);
  await context.close();
});
