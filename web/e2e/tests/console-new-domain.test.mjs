// A domain the owner adds while consoles are open (issue 20, item 1): the owner's and an agent's
// consoles are open and Online; the owner adds another shop's host in the console, publishes the
// live chat for it, and a visitor on that shop's site writes. Without any reload, both inboxes list
// the chat and the visitor's chat header says Online; the agent assigns it to the owner and it
// shows under the owner's Mine. Against a real `beckon serve`, the shop's page on its own host name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CHAT_ACTION_ID, chatDialog, composer, publishChat, startChat, storedChannel } from "../lib/chat.mjs";
import { inboxTab, openConsole } from "../lib/console.mjs";

const HOST = "garden-shop.test";

/** With SCREENSHOTS=dir: the page at desktop size, then at phone size (`name`-phone.png). */
async function screenshots(page, name) {
  if (!process.env.SCREENSHOTS) return;
  const desktop = page.viewportSize();
  await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}-phone.png`) });
  await page.setViewportSize(desktop);
}

const fx = beckonFixture({ site: true });

/** The console's status button says Online (its socket is open and holds the agent's leases). */
async function online(page) {
  await page.getByRole("button", { name: "Online", pressed: true }).waitFor();
  await page.locator(".connection.on").waitFor({ state: "attached" });
}

test("a new domain's chat reaches the consoles already open, its visitor sees Online, and an assignment shows under Mine", async () => {
  const owner = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "inbox" });
  const agent = await openConsole(fx.browser, fx.server.origin, { path: "inbox" });
  await online(owner.page);
  await online(agent.page);
  // A mark each document keeps until it is reloaded.
  for (const { page } of [owner, agent]) await page.evaluate(() => (window.notReloaded = true));

  // The owner adds the shop's host in the console (no reload: the console's own navigation).
  await owner.page.getByRole("link", { name: "Domains" }).click();
  await owner.page.getByLabel("Site host name").fill(HOST);
  await owner.page.getByRole("button", { name: "Add the domain" }).click();
  await owner.page.getByRole("heading", { name: HOST }).waitFor();
  const domainId = new URL(owner.page.url()).pathname.split("/")[3];
  assert.ok(domainId, owner.page.url());
  // Live chat published for it.
  await publishChat(fx.server.origin, { domainId });

  // A visitor on that shop's site: the chat header says Online, and the message goes out.
  const visitor = await openPage(fx.browser, { reducedMotion: "reduce" });
  await visitor.page.goto(fx.site.page("/garden", { domainId, host: HOST }));
  await visitor.page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).waitFor({ state: "visible" });
  await startChat(visitor.page, { name: "Gina Gardener", email: "gina@example.com" });
  const dialog = chatDialog(visitor.page);
  await dialog.getByText("Online", { exact: true }).waitFor();
  assert.equal(await dialog.getByText("Away", { exact: true }).count(), 0);
  const channelId = await storedChannel(visitor.page);
  await composer(visitor.page).fill("Do you sell tulip bulbs?");
  await composer(visitor.page).press("Enter");
  await dialog.getByText("Sending…").waitFor({ state: "detached" });
  await screenshots(visitor.page, "new-domain-visitor-online");

  // Both inboxes list it, with the visitor's words, without a reload.
  await owner.page.getByRole("link", { name: /^Inbox/ }).click();
  for (const { page } of [agent, owner]) {
    const item = page.locator(`a[href="/console/inbox/${channelId}"]`);
    await item.filter({ hasText: "Do you sell tulip bulbs?" }).waitFor();
    assert.match(await item.innerText(), /Gina Gardener/);
  }

  // The agent opens it and assigns it to the owner: it shows under the owner's Mine.
  await agent.page.locator(`a[href="/console/inbox/${channelId}"]`).click();
  await agent.page.getByRole("combobox", { name: "Assigned to" }).selectOption({ label: "Demo Owner" });
  await inboxTab(owner.page, "Mine").click();
  await owner.page.locator(`a[href="/console/inbox/${channelId}"]`).waitFor();
  assert.deepEqual(await axeViolations(owner.page, "body"), []);
  await screenshots(owner.page, "new-domain-mine");

  for (const { page } of [owner, agent]) assert.equal(await page.evaluate(() => window.notReloaded), true, "the console was not reloaded");
  assert.deepEqual([...owner.errors, ...agent.errors, ...visitor.errors], []);
  for (const o of [owner, agent, visitor]) await o.context.close();
});
