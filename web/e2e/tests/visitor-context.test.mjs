// Beside a conversation the agent sees where its visitor is and came from: the referrer, the
// browser, the local time, the page they are on now (a single-page site's address changes too)
// and the pages seen during the conversation (a single-page app's page by the title it sets after
// changing the address), that they are still on the site after the chat ended while their tab is
// open, and that they left the site when they close it.
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
    // The page the chat began on, named by its title once the widget told it.
    const first = term("Pages in this conversation").getByRole("link", { name: "Shop" });
    assert.match(await first.getAttribute("href"), /\/chairs$/);
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
    // A single-page app changes the address first and sets the new page's title after: the
    // entry is named by its own title, not the previous page's.
    await visitor.page.evaluate(() => history.pushState({}, "", "/lamps"));
    const nowOn = term("Now on").getByRole("link");
    await term("Now on").locator('a[href$="/lamps"]').waitFor();
    await visitor.page.evaluate(() => (document.title = "Lamps"));
    await term("Now on").getByRole("link", { name: "Lamps" }).waitFor();
    assert.equal(await nowOn.count(), 1);
    assert.doesNotMatch(await term("Pages in this conversation").innerText(), /Lamps/, "the same page, renamed: not a second one");

    // The chat ends; the visitor's tab stays on the page: still on the site (after a reload too).
    await page.getByRole("button", { name: "End chat" }).click();
    await page.getByRole("alertdialog", { name: "End this chat?" }).getByRole("button", { name: "End chat" }).click();
    await composer(visitor.page).and(visitor.page.locator(":disabled")).waitFor();
    await page.reload();
    await term("Now on").getByRole("link", { name: "Lamps" }).waitFor();
    assert.equal(await term("On the site").innerText(), "Yes, now");
    await visitor.context.close();
    await term("On the site").filter({ hasText: /^Left at / }).waitFor();
    assert.equal(await visit.locator("dt", { hasText: "Last page" }).count(), 1);
  } finally {
    await context.close();
  }
});
