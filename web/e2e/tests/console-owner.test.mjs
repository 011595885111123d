// The console's owner side against a real `beckon serve`: an owner adds a domain, builds a
// WhatsApp and a chat button in the editor (an invalid field shows the server's error next to
// it), sees them in the live preview, publishes, and a page of that site using the hosted embed
// shows them; its page view, the views of its button and a click on WhatsApp reach the
// statistics; accounts are added, reset and removed; axe
// finds nothing on each screen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";
import { choose, form, openChannel, pickChannel, savedConfig } from "../lib/builder.mjs";

const fx = beckonFixture({ owner: { viewport: { width: 1400, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] } });

const HOST = "shop.test";
let domainId;

async function noViolations(what) {
  assert.deepEqual(await axeViolations(fx.owner.page, "body"), [], what);
}

test("an owner adds a domain and builds a WhatsApp and a chat button; an invalid field shows its error", async () => {
  const { page } = fx.owner;
  await noViolations("domains");
  await page.getByLabel("Site host name").fill(HOST);
  await page.getByRole("button", { name: "Add the domain" }).click();
  await page.getByRole("heading", { name: HOST }).waitFor();
  domainId = decodeURIComponent(new URL(page.url()).pathname.split("/")[3]);
  assert.ok(domainId, page.url());

  // Two channels from the grid: WhatsApp with its number and message, and the live chat.
  await pickChannel(page, "WhatsApp");
  const whatsapp = form(page, "WhatsApp");
  const number = whatsapp.getByLabel("Your WhatsApp number", { exact: true });
  // A number without its country code: the builder says so beside the field before any save.
  await number.fill("06 1234 5678");
  await whatsapp.locator(".field-error").filter({ hasText: "Start with + and your country code" }).waitFor();
  await number.fill("+31 6 1234 5678");
  await whatsapp.locator(".field-error").waitFor({ state: "detached" });
  await whatsapp.getByLabel("Message visitors start with").fill("Hello from the shop");
  await choose(whatsapp, "A chat preview on your page first");
  await pickChannel(page, "Live chat");
  await form(page, "Live chat").getByLabel("Title of the chat window", { exact: true }).fill("Talk to us");

  // Two channels: Beckon proposed a button that opens a list; the owner picks a full-width bar.
  assert.ok(await page.getByRole("radio", { name: /A button that opens a list/ }).isChecked());
  await choose(page, /A bar across the screen/);

  // A size below zero: the server refuses the draft and the field says why.
  const scale = page.getByLabel("Size", { exact: true });
  await scale.fill("-2");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByRole("alert").filter({ hasText: "The draft was not saved: 1 problem" }).waitFor();
  // The message is next to the field and is its description (read with it by screen readers).
  await page.locator(".field-error").filter({ hasText: "must be greater than 0" }).waitFor();
  assert.equal(await scale.getAttribute("aria-invalid"), "true");
  const described = await scale.evaluate((el) => el.getAttribute("aria-describedby").split(" ").map((id) => document.getElementById(id).textContent).join(" | "));
  assert.match(described, /must be greater than 0/);
  await noViolations("builder with a problem");

  await scale.fill("1");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByText("Draft saved.").waitFor();
  assert.equal(await scale.getAttribute("aria-invalid"), null);
  const saved = await savedConfig(page, domainId);
  assert.equal(saved.actions[0].properties["whatsapp-dialog-type"], "popout");
  // Back to the plain wa.me link (the default is not written).
  await openChannel(page, "WhatsApp");
  await choose(form(page, "WhatsApp"), "WhatsApp directly");
});

test("the live preview renders the real widget with unsaved changes, the chosen screen, time in a time zone, country and agent availability", async () => {
  const { page } = fx.owner;
  const preview = page.frameLocator('iframe[title="Preview of your buttons on a desktop"]');
  const phone = page.frameLocator('iframe[title="Preview of your buttons on a phone"]');
  // The phone first (the default), the desktop on request.
  await phone.locator(".call-now-button").getByText("WhatsApp").waitFor();
  await openChannel(page, "Live chat");
  await form(page, "Live chat").getByLabel("Text beside the button", { exact: true }).fill("Ask us anything");
  await phone.locator(".call-now-button").getByText("Ask us anything").waitFor();
  // Phones only: there on the phone, gone on the desktop.
  await choose(page, "Phones only");
  await phone.locator(".call-now-button").getByText("Ask us anything").waitFor();
  await page.getByRole("radio", { name: "Desktop", exact: true }).check();
  await page.locator('iframe[title="Preview of your buttons on a phone"]').waitFor({ state: "detached" });
  await page.locator('iframe[title="Preview of your buttons on a desktop"]').waitFor();
  await preview.locator(".call-now-button").waitFor({ state: "detached" });
  await choose(page, "Phones and desktops");
  await preview.locator(".call-now-button").getByText("Ask us anything").waitFor();

  // WhatsApp only 09:00–17:00 on Mondays, Tokyo time: what a visitor in Tokyo gets on a Monday
  // at 23:00, and at 10:00.
  await openChannel(page, "WhatsApp");
  const whatsapp = form(page, "WhatsApp");
  await choose(whatsapp, "At set hours");
  await whatsapp.getByLabel("Monday from", { exact: true }).fill("09:00");
  await whatsapp.getByLabel("Monday until", { exact: true }).fill("17:00");
  await whatsapp.getByLabel("Time zone", { exact: true }).selectOption("Asia/Tokyo");
  await page.getByLabel("Time zone of that time").selectOption("Asia/Tokyo");
  await page.getByLabel("Time", { exact: true }).fill("2026-11-23T23:00");
  const frame = preview;
  await frame.locator(".call-now-button").getByText("Ask us anything").waitFor();
  await frame.locator(".call-now-button").getByText("WhatsApp").waitFor({ state: "detached" });
  await page.getByLabel("Time", { exact: true }).fill("2026-11-23T10:00");
  await frame.locator(".call-now-button").getByText("WhatsApp").waitFor();
  await choose(whatsapp, "Always");

  // Only for visitors from Japan (picked by name), only while an agent is online.
  await page.getByLabel("Find a country").fill("Japan");
  await page.getByRole("button", { name: "Add Japan" }).click();
  await page.getByLabel("Only while an agent is online").check();
  const bar = frame.locator(".call-now-button");
  await bar.waitFor({ state: "detached" });
  await page.getByLabel("Visitor's country (code)").fill("JP");
  await bar.getByText("WhatsApp").waitFor();
  await page.getByLabel("An agent is online", { exact: true }).uncheck();
  await bar.waitFor({ state: "detached" });
  await page.getByLabel("An agent is online", { exact: true }).check();
  await bar.getByText("WhatsApp").waitFor();
  await page.getByLabel("Only while an agent is online").uncheck();
  await page.getByRole("button", { name: "Remove Japan" }).click();
  await page.getByText("For visitors from every country.").waitFor();

  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByText("Draft saved.").waitFor();
  const saved = await savedConfig(page, domainId);
  assert.deepEqual(saved.conditions ?? [], [], "removed rules leave nothing behind");
  assert.deepEqual(saved.buttons[0].conditions ?? [], []);
  assert.equal(saved.actions[0].properties["whatsapp-dialog-type"], undefined);
});

test("domain settings: an invalid alias is named, valid ones are saved", async () => {
  const { page } = fx.owner;
  await page.getByRole("link", { name: "Settings" }).click();
  await noViolations("settings");
  await page.getByLabel("Aliases (comma-separated)").fill("www.shop.test, not a host!");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Not saved: see the fields marked.").waitFor();
  await page.locator(".field-error").first().waitFor();
  // 127.0.0.1 too: the test's page of the site is on the server's address (a routed page of
  // another host may not load scripts from a loopback address).
  await page.getByLabel("Aliases (comma-separated)").fill("www.shop.test, 127.0.0.1");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved.").waitFor();

  // Collision avoidance is on unless the owner turns it off; turned off, it stays off.
  const avoid = page.getByLabel("Move buttons off cookie banners and other fixed bars");
  assert.equal(await avoid.isChecked(), true);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/console-domain-settings.png`, fullPage: true });
  await avoid.uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved.").waitFor();
  await page.reload();
  await avoid.waitFor();
  assert.equal(await avoid.isChecked(), false);
  await avoid.check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved.").waitFor();
});

test("publishing makes the hosted embed show both buttons on the site; the snippet copies; the inline snippet works too", async () => {
  const { page } = fx.owner;
  await page.getByRole("link", { name: "Publish and embed" }).click();
  await noViolations("publish and embed");
  // The first publication: what goes live is said beside the button, and one click publishes.
  await page.getByRole("list", { name: "What goes live" }).waitFor();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Published: version 1 is live.").waitFor();
  const hosted = page.getByLabel("Hosted (recommended) snippet");
  const snippet = (await hosted.textContent()).trim();
  assert.equal(snippet, `<script async src="${fx.server.origin}/d/${domainId}.js"></script>`);
  await page.getByRole("button", { name: "Copy hosted snippet" }).click();
  await page.getByText("Copied.").waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);

  // A page of the site (its alias 127.0.0.1) with exactly that snippet.
  const siteUrl = `${fx.server.origin}/shop`;
  const site = await openPage(fx.browser);
  await site.context.route(siteUrl, (r) =>
    r.fulfill({ contentType: "text/html", body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head><body><h1>Shop</h1>${snippet}</body></html>` }),
  );
  // The page view, then once the buttons show one event naming them (views per button). The
  // extras chunk sends them after the buttons show, late when the machine is busy: each wait is
  // armed just before what causes it, with a generous ceiling.
  const statsOf = (name) => (r) => r.url() == `${fx.server.origin}/api/v1/stats` && JSON.parse(r.postData() || "{}").payload?.name == name;
  const statsSent = (name) => site.context.waitForEvent("request", { predicate: statsOf(name), timeout: CEILING });
  const viewSent = statsSent("view");
  await site.page.goto(siteUrl);
  const buttons = site.page.locator(".call-now-button");
  await buttons.getByText("WhatsApp").waitFor();
  await buttons.getByText("Ask us anything").waitFor();
  const wa = await buttons.locator("a").filter({ hasText: "WhatsApp" }).getAttribute("href");
  assert.match(wa, /^https:\/\/wa\.me\/31612345678\?text=Hello%20from%20the%20shop$/);
  await viewSent;
  // A visitor clicks WhatsApp (wa.me answered locally: nothing is fetched from outside); the
  // click's statistics event leaves the page as it goes.
  await site.context.route(/^https:\/\/wa\.me\//, (r) => r.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title>" }));
  const [clickSent] = await Promise.all([statsSent("click"), buttons.locator("a").filter({ hasText: "WhatsApp" }).click()]);
  const click = JSON.parse(clickSent.postData()).payload;
  assert.equal(click.event_name, domainId);
  assert.equal(click.buttons.length, 1);

  // The inline snippet (config in the page, then the loader) works the same.
  const inline = (await page.getByLabel("Inline snippet").textContent()).trim();
  assert.match(inline, /^<script>window\.CNB_DATA = /);
  await site.context.route(`${fx.server.origin}/shop-inline`, (r) =>
    r.fulfill({ contentType: "text/html", body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head><body><h1>Shop</h1>${inline}</body></html>` }),
  );
  // Its button views must reach the server before the page closes (the statistics count them).
  const inlineViewed = site.context.waitForEvent("requestfinished", { predicate: statsOf("view"), timeout: CEILING });
  await site.page.goto(`${fx.server.origin}/shop-inline`);
  await site.page.locator(".call-now-button").getByText("WhatsApp").waitFor();
  await site.page.locator(".call-now-button").getByText("Ask us anything").waitFor();
  await inlineViewed;
  await site.context.close();
});

test("statistics show the page views, the views of the button and the click on WhatsApp per day", async () => {
  const { page } = fx.owner;
  await page.getByRole("link", { name: "Statistics" }).click();
  const total = (name) => page.getByTestId("stats-totals").getByRole("row", { name });
  // The server writes statistics in batches (about once a second) and the screen reads them when
  // it opens or the period changes: switch the period until the totals show every event (the
  // second visit's view may come in a later batch than the click).
  const cell = async (name) => ((await total(name).count()) ? (await total(name).getByRole("cell").textContent()) : null);
  let period = "30";
  let shown = {};
  await eventually(async () => {
    shown = { clicks: await cell(/Clicks \(all actions\)/), views: await cell(/Button views/) };
    if (shown.clicks == "1" && shown.views == "2") return true;
    period = period == "30" ? "7" : "30";
    const read = page.waitForResponse((r) => r.url().includes(`/v1/owner/domains/${domainId}/stats?`), { timeout: CEILING });
    await page.getByLabel("Period").selectOption(period);
    await read;
  }, () => `totals of 1 click and 2 button views; shown: ${JSON.stringify(shown)}`, 2 * CEILING);
  await total(/Page views/).waitFor();
  await page.getByRole("img", { name: /^Overview.*per day/ }).waitFor();
  assert.equal(await total(/Clicks \(all actions\)/).getByRole("cell").textContent(), "1");
  // Two visits (the hosted and the inline snippet) each showed the button once.
  assert.equal(await total(/Button views/).getByRole("cell").textContent(), "2");
  await noViolations("statistics");

  // Per button and per action, named from the config; the figures per day are a table too.
  await page.getByLabel("Show").selectOption({ label: "Views per button" });
  assert.equal(await total(/^Views of Full button: WhatsApp, /).getByRole("cell").textContent(), "2");
  await page.getByLabel("Show").selectOption({ label: "Clicks per action" });
  assert.equal(await total(/^Clicks on WhatsApp/).getByRole("cell").textContent(), "1");
  await page.getByRole("img", { name: /^Clicks per action, per day/ }).waitFor();
  await page.getByText("Figures per day").click();
  const today = new Date().toISOString().slice(0, 10);
  const perDay = page.getByRole("region", { name: "Figures per day" });
  assert.equal(await perDay.getByRole("row", { name: new RegExp(today) }).getByRole("cell").textContent(), "1");
  await noViolations("statistics per action");
});

test("an owner adds an agent, resets the password and removes the account", async () => {
  const { page } = fx.owner;
  await page.getByRole("link", { name: "Agents" }).click();
  await page.getByRole("heading", { name: "Agents" }).waitFor();
  // This server has no SMTP: the screen says what e-mail would do, and how to turn it on.
  const email = page.getByRole("region", { name: "E-mail notifications" });
  await email.getByRole("note").getByText(/^Off: this server sends no e-mail/).waitFor();
  assert.match(await email.textContent(), /--smtp-url/);
  await noViolations("agents");
  const form = page.locator("form").filter({ hasText: "Add an account" });
  await form.getByLabel("Name").fill("Dee");
  await form.getByLabel("E-mail").fill("dee@shop.test");
  await form.getByLabel(/Password/).fill("short");
  await form.getByRole("button", { name: "Add the account" }).click();
  await form.locator(".field-error").waitFor();
  await form.getByLabel(/Password/).fill("a long password");
  await form.getByRole("button", { name: "Add the account" }).click();
  await page.getByRole("cell", { name: "dee@shop.test" }).waitFor();

  await page.getByRole("button", { name: "Reset password of Dee" }).click();
  const reset = page.getByRole("form", { name: "New password for Dee" });
  await reset.getByLabel("New password for Dee").fill("short");
  await reset.getByRole("button", { name: "Save the new password" }).click();
  await reset.locator(".field-error").waitFor();
  await noViolations("agents, a refused password");
  await reset.getByLabel("New password for Dee").fill("another long password");
  await reset.getByRole("button", { name: "Save the new password" }).click();
  await page.getByText("Dee's password was reset; their sessions ended.").waitFor();
  const login = await fetch(`${fx.server.origin}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "dee@shop.test", password: "another long password" }),
  });
  assert.equal(login.status, 200, "the new password works");

  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Remove Dee" }).click();
  await page.getByRole("cell", { name: "dee@shop.test" }).waitFor({ state: "detached" });
  assert.deepEqual(fx.owner.errors, []);
});

test("every owner screen fits a phone-sized screen (no sideways scrolling) and passes axe there", async () => {
  const { page } = fx.owner;
  await page.setViewportSize({ width: 375, height: 740 });
  // Each screen is measured and checked once it shows what its data fills in (a quiet network is
  // no such sign: on a busy machine the page may still be drawing what the last answer brought).
  const screens = {
    [`domains/${domainId}/settings`]: [page.getByRole("button", { name: "Save settings" })],
    [`domains/${domainId}/buttons`]: [page.getByRole("heading", { name: "Your channels" }), page.frameLocator("iframe.preview-frame").first().locator(".call-now-button").first()],
    [`domains/${domainId}/publish`]: [page.getByRole("list", { name: "Published versions" }), page.getByRole("status").filter({ hasText: "Installed on" })],
    [`domains/${domainId}/stats`]: [page.getByTestId("stats-totals")],
    agents: [page.getByRole("cell", { name: DEMO.owner })],
    inbox: [page.locator("#chat-list li").first()],
  };
  for (const [path, shown] of Object.entries(screens)) {
    await page.goto(`${fx.server.origin}/console/${path}`);
    await page.getByRole("navigation", { name: "Console" }).waitFor({ timeout: CEILING });
    for (const l of shown) await l.waitFor({ timeout: CEILING });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `${path}: scrollWidth ${width}`);
    await noViolations(`${path} on a phone`);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
});
