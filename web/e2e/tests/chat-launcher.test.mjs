// The chat inside a multi button (the demo's layout), against a real `beckon serve`: the chat opens
// on the side of the button that opened it (bottom left here, mirrored on a right-to-left page);
// its header says "Online" before the profile is saved when an agent is online (the HTTP
// availability answer, until the socket reports presence); and replies that arrive while the chat
// is closed show on the visible launcher (the collapsed menu's toggle), in its accessible name, and
// are said once through a polite live region.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatDialog, chatFixture, composer, storedChannel } from "../lib/chat.mjs";
import { CEILING } from "../lib/wait.mjs";

const fx = chatFixture({ publish: { chatInMulti: true } });

async function visitor({ dir, viewport } = {}) {
  const opened = await openPage(fx.browser, { reducedMotion: "reduce", viewport });
  await opened.page.goto(fx.site.page(dir ? `/shop-${dir}` : "/shop", { dir }));
  await opened.page.locator(".call-now-button").waitFor({ state: "visible" });
  return opened;
}

const toggle = (page) => page.locator(".call-now-button .cnb-toggle");
/** The toggle's bubble: at its corner, a child of the button's root (the toggle's own text stays its label). */
const toggleBubble = (page) => page.locator(".call-now-button > .cnb-c-badge");

/** Opens the menu and the chat in it; resolves to the visible dialog. */
async function openChat(page) {
  await toggle(page).click();
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  const dialog = chatDialog(page);
  await dialog.waitFor();
  return dialog;
}

test("the chat opens on the side of the button that opened it, mirrored on a right-to-left page", async () => {
  for (const dir of [undefined, "rtl"]) {
    const { page, context } = await visitor({ dir });
    const button = await toggle(page).boundingBox();
    const dialog = await openChat(page);
    const box = await dialog.boundingBox();
    const width = page.viewportSize().width;
    if (dir) {
      assert.ok(button.x > width / 2, "rtl: the bottom-left button shows on the right");
      assert.ok(box.x > width / 2 && box.x + box.width <= width, `rtl: the chat is on the right: ${JSON.stringify(box)}`);
    } else {
      assert.ok(button.x < width / 2, "the button is on the left");
      assert.ok(box.x >= 0 && box.x + box.width < width / 2, `the chat is on the left: ${JSON.stringify(box)}`);
    }
    // Above the button, not over it.
    assert.ok(box.y + box.height <= button.y, "the chat is above the button");
    await context.close();
  }
});

test("an agent is online: the header says Online before the profile is saved", async () => {
  await fx.agent.setStatus("online");
  const { page, context } = await visitor();
  const dialog = await openChat(page);
  await dialog.getByRole("form", { name: "Profile" }).waitFor();
  await dialog.getByText("Online", { exact: true }).waitFor();
  assert.equal(await dialog.getByText("Away", { exact: true }).count(), 0);
  await context.close();
});

test("a reply while the chat is closed: count on the collapsed menu's toggle and in its name, said once", async () => {
  const { page, context } = await visitor();
  const dialog = await openChat(page);
  await dialog.getByLabel(/name/i).fill("Ann Visitor");
  await dialog.getByLabel(/e-?mail/i).fill("ann@example.com");
  await dialog.getByRole("form", { name: "Profile" }).getByRole("button").click();
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
  const channelId = await storedChannel(page);
  // The visitor's first message: the chat reaches the agent.
  await composer(page).fill("Hello?");
  await composer(page).press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Hello?");
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
  assert.equal(await toggle(page).getAttribute("aria-expanded"), "false", "the menu is collapsed");
  // Every text the live region (in the surfaces' shadow root) is given, in order.
  await page.evaluate(() => {
    window.said = [];
    const shadow = document.querySelector(".cnb-m-host").shadowRoot;
    new MutationObserver(() => {
      const r = shadow.querySelector('[role="status"]');
      if (r && r.textContent && window.said.at(-1) !== r.textContent) window.said.push(r.textContent);
    }).observe(shadow, { subtree: true, childList: true, characterData: true });
  });

  await fx.agent.reply(channelId, "Hello, how can I help?");
  const named = page.getByRole("button", { name: "Contact us, 1 unread message", exact: true });
  await named.waitFor();
  assert.equal(await toggleBubble(page).textContent(), "1");
  // Visible, on the toggle's top corner.
  const [t, b] = [await toggle(page).boundingBox(), await toggleBubble(page).boundingBox()];
  assert.ok(b && b.width > 0 && b.x + b.width > t.x + t.width - 4 && b.y < t.y + 4, `the count is on the toggle's corner: ${JSON.stringify([t, b])}`);
  await page.waitForFunction(() => window.said.length >= 1);
  assert.match((await page.evaluate(() => window.said))[0], /^New message from .+: Hello, how can I help\?$/);
  assert.deepEqual(await axeViolations(page), []);

  // A second reply; opening and closing the menu keeps the count on the toggle and in its name.
  await fx.agent.reply(channelId, "Are you still there?");
  await page.getByRole("button", { name: "Contact us, 2 unread messages", exact: true }).waitFor();
  await toggle(page).click();
  await page.getByRole("button", { name: "Close, 2 unread messages", exact: true }).waitFor();
  await toggle(page).click();
  await page.getByRole("button", { name: "Contact us, 2 unread messages", exact: true }).waitFor();
  assert.equal(await toggleBubble(page).textContent(), "2");
  const said = await page.evaluate(() => window.said);
  assert.equal(said.length, 2, `each reply said once: ${JSON.stringify(said)}`);
  assert.match(said[1], /: Are you still there\?$/);

  // Opening the chat reads them: the count goes, the toggle has its own name back.
  await openChat(page);
  await chatDialog(page).getByText("Are you still there?").waitFor();
  await toggleBubble(page).waitFor({ state: "detached" });
  assert.equal(await toggle(page).getAttribute("aria-label"), null);
  await context.close();
});
