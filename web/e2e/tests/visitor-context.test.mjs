// Beside a conversation the agent sees where its visitor is and came from: the referrer, the
// browser, the local time, the page they are on now (a single-page site's address changes too)
// and the pages seen during the conversation, and that they left the site when they close it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { chatFixture, composer, startChat, storedChannel } from "../lib/chat.mjs";
import { eventually, openConsole } from "../lib/console.mjs";
import { DEMO, login } from "../lib/beckon.mjs";

const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });
const fx = chatFixture({ agent: false });

test("the agent sees the visitor's pages, referrer, browser and local time, and when they leave", async () => {
  const visitor = await openPage(fx.browser, { timezoneId: "Asia/Tokyo" });
  await visitor.page.goto(fx.site.page("/chairs"), { referer: "https://search.example/?q=garden+chairs" });
  await startChat(visitor.page, { name: "Kei Visitor", email: "kei@example.com" });
  const channelId = await storedChannel(visitor.page);
  // Agents know a conversation from its first message on.
  await composer(visitor.page).fill("Do you have this one in blue?");
  await visitor.page.keyboard.press("Enter");
  const agent = await login(fx.server.origin, DEMO.agent);
  await eventually(async () => (await agent(`/api/v1/agent/channels/${channelId}`)).ok, "the chat reached the agents");
  // A single-page site moves on: the chat tells the address.
  await visitor.page.evaluate(() => {
    document.title = "Blue chair";
    history.pushState({}, "", "/chairs/blue");
  });

  const { page, context } = await openConsole(fx.browser, fx.server.origin, { email: DEMO.agent, path: `inbox/${channelId}`, viewport: { width: 1280, height: 900 } });
  try {
    const visit = page.getByRole("region", { name: "The visitor's visit" });
    const term = (t) => visit.locator("div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${t}$`) }) }).locator("dd");
    await term("Now on").getByRole("link", { name: "Blue chair" }).waitFor();
    assert.equal(await term("On the site").innerText(), "Yes, now");
    assert.match(await term("Pages in this conversation").innerText(), /\/chairs$/);
    assert.equal(await term("Came from").innerText(), "https://search.example/?q=garden+chairs");
    assert.match(await term("Browser").innerText(), /^Chrome \d+ on Linux/);
    assert.match(await term("Their local time").innerText(), /\(Asia\/Tokyo\)$/);
    assert.deepEqual(await axeViolations(page, "body"), []);
    await shot(page, "console-visit.png");
    // Another page, live.
    await visitor.page.evaluate(() => {
      document.title = "Checkout";
      history.pushState({}, "", "/checkout");
    });
    await term("Now on").getByRole("link", { name: "Checkout" }).waitFor();
    await visitor.context.close();
    await term("On the site").filter({ hasText: /^Left at / }).waitFor();
    assert.equal(await visit.locator("dt", { hasText: "Last page" }).count(), 1);
  } finally {
    await context.close();
  }
});
