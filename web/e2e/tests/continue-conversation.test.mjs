// A conversation that continues after the visitor leaves, in any browser: a visitor writes and
// leaves; an agent answers; the reply they did not see is mailed to them (a real SMTP server,
// lib/smtp.mjs) with a link (/c/{token}) that, opened in another browser, leads back to the page
// where the chat began when that page still loads the embed (the chat opens with the history, the
// visitor's profile restored, the token gone from the address), and otherwise to Beckon's own page
// with the chat window, where the visitor writes on. A link changed by one character opens nothing.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { chatDialog, composer, endChat, focusedElement, openAgent, publishChat, startChat, storedChannel } from "../lib/chat.mjs";
import { openApiVisitor } from "../lib/console.mjs";
import { startSmtp } from "../lib/smtp.mjs";
import { eventually } from "../lib/wait.mjs";

const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

const smtp = await startSmtp();
after(() => smtp.close());
const fx = beckonFixture({
  site: true,
  args: ["--smtp-url", smtp.url, "--mail-from", "Shop <shop@example.com>", "--notify-delay-seconds", "0"],
  async setup(f) {
    await publishChat(f.server.origin);
    f.agent = await openAgent(f.browser, f.server.origin);
  },
});

/**
 * The chat opened by the link has the focus in its message box once usable: the visitor types at
 * once and `text` reaches the agent (typing into the dialog itself went nowhere, and Space
 * scrolled the page behind).
 */
async function typedStraightAway(page, text) {
  let at;
  await eventually(async () => (at = await focusedElement(page)) == "textarea Message", () => `the message box to have the focus (it is on ${at})`);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == text);
  assert.equal(await page.evaluate(() => scrollY), 0, "the page behind did not scroll");
}

/** The continuation link of the mail to `address` once it came (quoted-printable undone). */
async function linkMailedTo(address) {
  let mail;
  await eventually(() => (mail = smtp.mails.find((m) => m.to.includes(address))), `a mail to ${address}`);
  assert.equal(mail.subject, "You have a reply from localhost");
  const text = mail.raw.replace(/=\r?\n/g, "");
  const link = /https?:\/\/[^\s"<>]+\/c\/c1\.[\w.-]+/.exec(text)?.[0];
  assert.ok(link, `a /c/ link in ${text}`);
  return link;
}

test("opened in another browser, the link goes back to the page where the chat began and opens it there", async () => {
  const first = await openPage(fx.browser);
  await first.page.goto(fx.site.page());
  await startChat(first.page, { name: "Eve Returning", email: "eve@example.com" });
  await composer(first.page).fill("Is the blue one in stock?");
  await composer(first.page).press("Enter");
  const channelId = await storedChannel(first.page);
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Is the blue one in stock?");
  await first.context.close(); // the visitor leaves
  await fx.agent.reply(channelId, "Yes, two left. Shall I keep one for you?");
  const link = await linkMailedTo("eve@example.com");

  const { page, context } = await openPage(fx.browser);
  try {
    await page.goto(link);
    assert.equal(new URL(page.url()).origin, fx.site.origin, "on the page where the chat began");
    await chatDialog(page).getByText("Yes, two left. Shall I keep one for you?").waitFor();
    await chatDialog(page).getByText("Is the blue one in stock?").waitFor();
    await eventually(async () => (await page.evaluate(() => location.hash)) === "", "the token to leave the address");
    assert.equal(await storedChannel(page), channelId, "the conversation is this browser's now");
    const persona = await page.evaluate(() => JSON.parse(localStorage.getItem("cnb.chat.persona")));
    assert.equal(persona.name, "Eve Returning");
    await composer(page).and(page.locator(":enabled")).waitFor();
    await typedStraightAway(page, "Yes please, keep one for me");
    await shot(page, "continue-on-the-site.png");
  } finally {
    await context.close();
  }
});

test("where the page no longer loads the embed, Beckon's own page holds the chat; a changed link opens nothing", async () => {
  const visitor = await openApiVisitor(fx.browser, fx.server.origin, { name: "Max Gone", email: "max@example.com", url: "https://old-shop.example/landing" });
  const { channelId } = await visitor.start();
  await visitor.connect();
  await visitor.say("Do you still sell seeds?");
  await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "Do you still sell seeds?");
  await visitor.context.close();
  await fx.agent.reply(channelId, "We do, all year round.");
  const link = await linkMailedTo("max@example.com");

  // A phone-sized window (a touch screen would hold the focus in the dialog: no keyboard unasked).
  const { page, context, errors } = await openPage(fx.browser, { reducedMotion: "reduce", viewport: { width: 390, height: 844 } });
  try {
    await page.goto(link);
    assert.equal(new URL(page.url()).pathname.startsWith("/c/"), true);
    await page.getByRole("heading", { name: "Your conversation with localhost" }).waitFor();
    await chatDialog(page).getByText("We do, all year round.").waitFor();
    await composer(page).and(page.locator(":enabled")).waitFor();
    await typedStraightAway(page, "Great, I'll order tomorrow.");
    assert.deepEqual(await axeViolations(page, "body"), []);
    await shot(page, "continue-own-page.png");
    // Closed, it opens again from the page.
    await chatDialog(page).getByRole("button", { name: /close/i }).click();
    await chatDialog(page).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Open the conversation" }).click();
    await chatDialog(page).getByText("Great, I'll order tomorrow.").waitFor();
    assert.deepEqual(errors, []);

    const changed = link.slice(0, -1) + (link.endsWith("A") ? "B" : "A");
    const r = await page.goto(changed);
    assert.equal(r.status(), 404);
    await page.getByText("This link does not lead to a conversation.").waitFor();
  } finally {
    await context.close();
  }
});

test("at End Chat the visitor asks for the conversation by e-mail and gets it", async () => {
  const { page, context } = await openPage(fx.browser, { reducedMotion: "reduce" });
  try {
    await page.goto(fx.site.page());
    await startChat(page, { name: "Tia Transcript", email: "tia@example.com" });
    await composer(page).fill("What are your opening hours?");
    await composer(page).press("Enter");
    const channelId = await storedChannel(page);
    await fx.agent.waitFrame((f) => f.op == "chat-message" && f.message.text == "What are your opening hours?");
    await fx.agent.reply(channelId, "9 to 5 <b>every</b> weekday.");
    await chatDialog(page).getByText("9 to 5 <b>every</b> weekday.").waitFor();
    await endChat(page);
    const ask = chatDialog(page).getByRole("button", { name: "E-mail me this conversation" });
    await ask.click();
    await chatDialog(page).getByText("We've sent this conversation to tia@example.com.").waitFor();
    assert.deepEqual(await axeViolations(page, ".cnb-m-host"), []);
    await shot(page, "chat-transcript-sent.png");
    let mail;
    await eventually(() => (mail = smtp.mails.find((m) => m.to.includes("tia@example.com") && m.subject == "Your conversation with localhost")), "the transcript");
    const raw = mail.raw.replace(/=\r?\n/g, "");
    assert.match(raw, /What are your opening hours\?/);
    assert.match(raw, /9 to 5 &lt;b&gt;every&lt;\/b&gt; weekday\./, "escaped in the HTML part");
  } finally {
    await context.close();
  }
});
