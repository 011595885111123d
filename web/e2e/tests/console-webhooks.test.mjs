// Webhooks in the console against a real `beckon serve` (with --allow-private-outbound, so it may
// deliver to this machine) and a real endpoint of the test's own (a node http server on
// 127.0.0.1) that checks every delivery with the Standard Webhooks library (npm
// `standardwebhooks`): an owner adds a webhook (the keyboard ticks an event; the secret is shown
// once and copied), a visitor's chat reaches the endpoint signed, the log shows it; a test event
// the endpoint refuses is retried, and "Send again" sends it at once with the same webhook-id;
// the webhook is deleted after the confirmation dialog. axe finds nothing on each state.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { DEMO } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually } from "../lib/wait.mjs";
import { openPage } from "../lib/browser.mjs";
import { composer, publishChat, startChat, storedChannel } from "../lib/chat.mjs";

const fx = beckonFixture({
  site: true,
  setup: (f) => publishChat(f.server.origin),
  args: ["--allow-private-outbound"],
  owner: { viewport: { width: 1400, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] },
});

/** The endpoint: keeps each request; answers the statuses it is told, then 200. */
const endpoint = { received: [], replies: [], url: "" };
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    endpoint.received.push({ headers: req.headers, body });
    res.statusCode = endpoint.replies.shift() ?? 200;
    res.end(res.statusCode === 200 ? "ok" : "not now");
  });
});
await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
endpoint.url = `http://127.0.0.1:${receiver.address().port}/beckon`;
after(() => new Promise((r) => receiver.close(r)));

let secret = "";

async function noViolations(what) {
  assert.deepEqual(await axeViolations(fx.owner.page, "body"), [], what);
}

async function shot(name) {
  if (process.env.SCREENSHOTS) await fx.owner.page.screenshot({ path: `${process.env.SCREENSHOTS}/webhooks-${name}.png`, fullPage: true });
}

/** The endpoint's requests of one event type, each checked with the Standard Webhooks library. */
function verified(type) {
  const wh = new Webhook(secret);
  return endpoint.received
    .map((r) => ({ ...r, payload: wh.verify(r.body, r.headers) }))
    .filter((r) => r.payload.type === type);
}

test("an owner adds a webhook; the secret is shown once and copied; a chat's events arrive signed", async () => {
  const { page } = fx.owner;
  await page.getByRole("link", { name: "Webhooks" }).click();
  await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
  await page.getByText("No webhooks yet.").waitFor();
  await noViolations("no webhooks");

  // Not an http(s) address: the field says why.
  const url = page.getByLabel("Endpoint address (https)");
  await url.fill("ftp://example.com/x");
  await page.getByRole("checkbox", { name: /A conversation starts/ }).check();
  await page.getByRole("button", { name: "Add the webhook" }).click();
  await page.locator("#webhook-url-err").filter({ hasText: "not an http(s) address" }).waitFor();
  assert.equal(await url.getAttribute("aria-invalid"), "true");
  await noViolations("a refused address");

  // The keyboard ticks the second event.
  await url.fill(endpoint.url);
  await page.getByRole("checkbox", { name: /A message is sent/ }).focus();
  await page.keyboard.press("Space");
  assert.ok(await page.getByRole("checkbox", { name: /A message is sent/ }).isChecked());
  await page.getByRole("button", { name: "Add the webhook" }).click();

  const heading = page.getByRole("heading", { name: `Signing secret for ${endpoint.url}` });
  await heading.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), "webhook-secret-h", "focus moves to the secret");
  secret = (await page.getByLabel("Signing secret", { exact: true }).textContent()).trim();
  assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  await page.getByRole("button", { name: "Copy the secret" }).click();
  await page.getByRole("status").filter({ hasText: "Copied." }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
  await page.getByRole("cell", { name: endpoint.url, exact: true }).waitFor();
  await noViolations("the secret shown");
  await shot("secret");
  await page.getByRole("button", { name: "I have kept it" }).click();
  await heading.waitFor({ state: "detached" });
  // Shown once: a reload does not show it again.
  await page.reload();
  await page.getByRole("cell", { name: endpoint.url, exact: true }).waitFor();
  assert.equal(await page.getByText(secret).count(), 0);

  // A visitor starts a chat and writes (a chat reaches webhooks with its first message): two
  // events, signed with the secret.
  const visitor = await openPage(fx.browser, { reducedMotion: "reduce" });
  await visitor.page.goto(fx.site.page());
  await startChat(visitor.page, { name: "Wendy Webhook", email: "wendy@example.com" });
  await composer(visitor.page).fill("Hello from Wendy");
  await composer(visitor.page).press("Enter");
  await eventually(() => verified("conversation.started").length === 1, "conversation.started arrives");
  const channel = { id: await storedChannel(visitor.page) };
  const chatClientPersona = { id: await visitor.page.evaluate(() => localStorage.getItem("cnb.chat.persona-id")) };
  assert.ok(chatClientPersona.id, "the widget keeps its persona id");
  await visitor.context.close();
  const [started] = verified("conversation.started");
  assert.equal(started.payload.data.conversation.id, channel.id);
  assert.equal(started.payload.data.conversation.visitor.name, "Wendy Webhook");
  assert.equal(started.payload.data.conversation.domain.id, DEMO.domainId);
  assert.ok(!started.body.includes(chatClientPersona.id), "never the visitor's persona id");
  assert.match(started.headers["webhook-id"], /^msg_/);

  await page.getByRole("button", { name: `Deliveries to ${endpoint.url}` }).click();
  const log = page.getByRole("region", { name: `Deliveries to ${endpoint.url}` });
  await log.getByRole("row").filter({ hasText: "A conversation starts" }).filter({ hasText: "Succeeded" }).waitFor();
  await noViolations("the deliveries");
});

test("a test event the endpoint refuses is retried; Send again sends it at once with the same webhook-id", async () => {
  const { page } = fx.owner;
  const log = page.getByRole("region", { name: `Deliveries to ${endpoint.url}` });
  const before = endpoint.received.length;
  endpoint.replies.push(500);
  await page.getByRole("button", { name: `Send a test event to ${endpoint.url}` }).click();
  const row = log.getByRole("row").filter({ hasText: "Test event" });
  await row.filter({ hasText: "Retrying" }).filter({ hasText: "500" }).waitFor();
  await shot("retrying");
  await noViolations("a delivery being retried");

  await row.getByRole("button", { name: /^Send again: Test event/ }).click();
  await row.filter({ hasText: "Succeeded" }).filter({ hasText: "200" }).waitFor();
  const tests = verified("webhook.test");
  assert.equal(endpoint.received.length - before, 2);
  assert.equal(tests.length, 2);
  assert.equal(tests[0].headers["webhook-id"], tests[1].headers["webhook-id"], "the same webhook-id");
  assert.equal(tests[0].body, tests[1].body, "the same body");
  assert.equal(await row.getByRole("cell").nth(2).textContent(), "2", "two attempts");
  await shot("deliveries");
});

test("the webhook is deleted after the confirmation dialog", async () => {
  const { page } = fx.owner;
  await page.getByRole("button", { name: `Delete the webhook to ${endpoint.url}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this webhook?" });
  await dialog.waitFor();
  await noViolations("the confirmation");
  await dialog.getByRole("button", { name: "Delete the webhook" }).click();
  await page.getByText("No webhooks yet.").waitFor();
  await page.getByRole("status").filter({ hasText: `The webhook to ${endpoint.url} was deleted.` }).waitFor();
});
