// A returning visitor lands in the same thread: a visitor's chat is ended by the agent (the
// widget then forgets the channel, spec §8, and keeps its visitor persona id); the visitor starts
// a new chat from that browser with the same e-mail and the server reopens the ended one. The console shows one open thread with the old history, and the
// new message arrives in it. The visitor side is driven through the public chat API and the
// realtime socket (lib/console.mjs), against a real `beckon serve`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { inboxTab, openApiVisitor, openConsole } from "../lib/console.mjs";

const fx = beckonFixture();

test("a returning visitor's new chat reopens their ended thread, shown once in the console", async () => {
  const agent = await openConsole(fx.browser, fx.server.origin);
  const { page } = agent;
  const first = await openApiVisitor(fx.browser, fx.server.origin, { name: "Flo First", email: "flo@example.com" });
  const { channelId, personaId } = await first.start();
  await first.connect();
  await first.say("Do you ship to Norway?");
  const item = page.locator(`a[href="/console/inbox/${channelId}"]`);
  await item.filter({ hasText: "Do you ship to Norway?" }).waitFor();

  // The agent ends the chat; the visitor's page is closed and its stored chat forgotten.
  await item.click();
  await page.getByRole("button", { name: "End chat" }).click();
  await page.getByRole("alertdialog", { name: "End this chat?" }).getByRole("button", { name: "End chat" }).click();
  await page.getByText("This chat has ended.").waitFor();
  await first.context.close();

  // Days later the same browser (it kept the persona id) and e-mail (other case) start a chat again.
  const back = await openApiVisitor(fx.browser, fx.server.origin, { name: "Flo", email: "FLO@example.com" });
  const again = await back.start(personaId);
  assert.deepEqual(again, { channelId, personaId }, "the same thread and visitor");
  await back.connect();
  await back.say("Me again: and to Iceland?");

  // The console: the thread is open again (out of Ended), listed once, with the old history.
  await inboxTab(page, "All open").click();
  await item.filter({ hasText: "Me again: and to Iceland?" }).waitFor();
  assert.equal(await page.locator('a[href^="/console/inbox/"]').filter({ hasText: /Flo/ }).count(), 1);
  await page.getByRole("log", { name: "Messages" }).getByText("Do you ship to Norway?").waitFor();
  await page.getByText("This chat has ended.").waitFor({ state: "detached" });
  // The visitor as introduced this time.
  await page.getByRole("log", { name: "Messages" }).getByText("Me again: and to Iceland?").waitFor();
  assert.equal(await item.filter({ hasText: "Flo First" }).count(), 0, "renamed to what the visitor gave now");
  await inboxTab(page, "Ended").click();
  await item.waitFor({ state: "detached" });
  assert.deepEqual(await axeViolations(page, "body"), []);
  await back.context.close();
  await agent.context.close();
});
