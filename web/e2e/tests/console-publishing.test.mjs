// Safe publishing against a real `beckon serve`: the publish dialog says what changed since the
// published version in plain words; the history lists each version with who and when; any version
// shows in the live preview and is restored as the draft in one click; after the snippet is
// copied, "Waiting for your site…" turns into "Installed on http://shop.test:…" once a page of the
// site loads the embed, and a page of another host (a typo) is warned about; the builder's edits
// are undone and redone (keys and buttons), leaving with unsaved changes asks, discard goes back;
// a setting saved on Settings says visitors get it with the next publication, whose summary names it.
// axe on each screen.
// With SCREENSHOTS=dir, screenshots of these screens go there (docs/console.md's are in docs/screenshots/:
// `SCREENSHOTS=$PWD/docs/screenshots node --test web/e2e/tests/console-publishing.test.mjs`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { join } from "node:path";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { form, openChannel } from "../lib/builder.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";

const fx = beckonFixture({ owner: { viewport: { width: 1280, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] } });
const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });

const HOST = "shop.test";

/** The owner API from the console's page (its session cookie and CSRF token). */
function ownerApi(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const me = await (await fetch("/api/v1/auth/me")).json();
      const r = await fetch(`/api${path}`, {
        method,
        headers: { "content-type": "application/json", "x-beckon-csrf": me.csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    { method, path, body },
  );
}

function config(domain, { whatsapp, label, saturdays }) {
  return {
    userId: "u",
    domains: [{ id: domain.id, name: domain.name, aliases: domain.aliases, type: domain.type, properties: domain.properties }],
    buttons: [{ id: "b1", active: true, domainId: domain.id, type: "FULL", actions: ["wa", "call"], options: { placement: "BOTTOM_RIGHT" } }],
    actions: [
      { id: "wa", actionType: "WHATSAPP", actionValue: whatsapp, labelText: label },
      {
        id: "call",
        actionType: "PHONE",
        actionValue: "+31201234567",
        labelText: "Call us",
        schedule: { showAlways: false, daysOfWeek: [true, true, true, true, true, saturdays, false], start: "09:00", stop: "17:00" },
      },
    ],
    conditions: [],
    options: {},
  };
}

let domain;

test("publishing shows what changed in plain words and keeps each version with who and when", async () => {
  const { page } = fx.owner;
  domain = await ownerApi(page, "POST", "/v1/owner/domains", { name: HOST, type: "PRO" });
  await ownerApi(page, "PUT", `/v1/owner/domains/${domain.id}/config`, config(domain, { whatsapp: "+31612345678", label: "WhatsApp us", saturdays: true }));
  await ownerApi(page, "POST", `/v1/owner/domains/${domain.id}/publish`);
  // The draft now differs: another WhatsApp number and label, and no calls on Saturdays.
  await ownerApi(page, "PUT", `/v1/owner/domains/${domain.id}/config`, config(domain, { whatsapp: "+31687654321", label: "Message us", saturdays: false }));

  await page.goto(`${fx.server.origin}/console/domains/${domain.id}/publish`);
  await page.getByRole("button", { name: "Publish…" }).click();
  const dialog = page.getByRole("dialog", { name: `Publish ${HOST}?` });
  const changes = dialog.getByRole("list", { name: "Changes" });
  await changes.waitFor();
  assert.deepEqual(await changes.getByRole("listitem").allTextContents(), ["WhatsApp number changed", 'WhatsApp: label changed to "Message us"', "Call hidden on Saturdays"]);
  assert.deepEqual(await axeViolations(page, "body"), [], "publish dialog");
  await shot(page, "publish-dialog.png");
  // Esc closes it without publishing; then publish for real.
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Publish…" }).click();
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await page.getByText("Published: version 2 is live.").waitFor();

  const versions = page.getByRole("list", { name: "Published versions" }).getByRole("listitem");
  await page.waitForFunction(() => document.querySelectorAll(".version-list > li").length === 2);
  const rows = await versions.allTextContents();
  assert.match(rows[0], /^Version 2Live.*Demo Owner/);
  assert.match(rows[1], /^Version 1.*Demo Owner/);
  assert.doesNotMatch(rows[1], /Live/);
  // Nothing left to publish: the dialog says so and offers no publication.
  await page.getByRole("button", { name: "Publish…" }).click();
  await dialog.getByText("No changes since the published version.").waitFor();
  assert.equal(await dialog.getByRole("button", { name: "Publish now" }).isDisabled(), true);
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test("any version shows in the preview and is restored as the draft in one click", async () => {
  const { page } = fx.owner;
  await page.getByRole("button", { name: "Preview version 1" }).click();
  const region = page.getByRole("region", { name: "Version 1 in the preview" });
  // It opens in view, with focus on it.
  await eventually(
    () => region.evaluate((r) => r === document.activeElement && r.getBoundingClientRect().top >= document.querySelector("main").getBoundingClientRect().top - 1 && r.getBoundingClientRect().top < innerHeight / 2),
    "the version's preview in view",
  );
  // The real widget renders version 1 on the phone and the desktop: its WhatsApp label, not the
  // published one's.
  for (const screen of ["phone", "desktop"]) {
    if (screen === "desktop") await region.getByRole("radio", { name: "Desktop", exact: true }).check();
    const frame = region.frameLocator(`iframe[title="Preview of your buttons on a ${screen}"]`);
    await frame.locator(".call-now-button").waitFor({ state: "attached" });
    await frame.locator(".call-now-button").getByText("WhatsApp us", { exact: false }).first().waitFor({ state: "attached" });
    assert.equal(await frame.getByText("Message us").count(), 0);
  }
  assert.deepEqual(await axeViolations(page, "body"), [], "history and preview");
  if (SHOTS) {
    // A tall window for the picture: the list and the whole framed page with its bar.
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.getByRole("heading", { name: "History" }).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await shot(page, "publish-history.png");
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  await page.getByRole("button", { name: "Restore as draft: version 1" }).click();
  await page.getByText("Version 1 is now the draft. Publish it to put it live.").waitFor();
  const draft = await ownerApi(page, "GET", `/v1/owner/domains/${domain.id}/config`);
  assert.equal(draft.actions[0].actionValue, "+31612345678");
  assert.equal(draft.actions[0].labelText, "WhatsApp us");
  // The embed still serves version 2 until the restored draft is published.
  const embed = await (await fetch(`${fx.server.origin}/d/${domain.id}.js`)).text();
  assert.match(embed, /Message us/);
  await page.getByText("draft not published").waitFor();
  await page.getByRole("button", { name: "Publish…" }).click();
  const changes = page.getByRole("dialog").getByRole("list", { name: "Changes" });
  await changes.waitFor();
  assert.deepEqual(await changes.getByRole("listitem").allTextContents(), ["WhatsApp number changed", 'WhatsApp: label changed to "WhatsApp us"', "Call shown on Saturdays"]);
  await page.keyboard.press("Escape");
  // The Buttons tab opens the same dialog directly, with the same changes.
  await page.getByRole("navigation", { name: "Domain" }).getByRole("link", { name: "Buttons" }).click();
  await page.getByRole("heading", { name: "What should visitors be able to do?" }).waitFor();
  await page.getByRole("button", { name: "Publish…" }).click();
  await changes.waitFor();
  assert.deepEqual(await changes.getByRole("listitem").allTextContents(), ["WhatsApp number changed", 'WhatsApp: label changed to "WhatsApp us"', "Call shown on Saturdays"]);
  assert.deepEqual(await axeViolations(page, "body"), [], "publish dialog on the Buttons tab");
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "hidden" });
  await page.getByRole("navigation", { name: "Domain" }).getByRole("link", { name: "Publish and embed" }).click();
});

test("after copying the snippet, the console waits for the site and says where it is installed; another host is warned about", async () => {
  const { page } = fx.owner;
  await page.getByRole("button", { name: "Copy hosted snippet" }).click();
  await page.getByText("Copied.").waitFor();
  await page.getByText("Waiting for your site…").waitFor();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());

  // A page of the site, from a server of its own on this machine (shop.test resolves here,
  // lib/browser.mjs): a page on a loopback address may load the loopback embed.
  const siteServer = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop</h1>${snippet}</body></html>`);
  });
  await new Promise((r) => siteServer.listen(0, "127.0.0.1", r));
  const port = siteServer.address().port;
  const site = await openPage(fx.browser);
  const pageOf = (host) => `http://${host}:${port}/contact`;
  const embedLoaded = site.page.waitForResponse((r) => r.url().startsWith(`${fx.server.origin}/d/${domain.id}.js`));
  await site.page.goto(pageOf(HOST));
  assert.equal((await embedLoaded).status(), 200);
  // The console asks every few seconds; the server writes what it saw about once a second.
  const installed = page.getByRole("status").filter({ hasText: `Installed on http://${HOST}:${port}` });
  await installed.waitFor({ timeout: CEILING });
  assert.match(await installed.textContent(), /\(seen just now\)$/);

  // The snippet on a page of a host that is not the domain (a typo): a warning names it.
  await site.page.goto(pageOf("shpo.test"));
  const warning = page.getByRole("alert").filter({ hasText: `The snippet was loaded by http://shpo.test:${port}` });
  await warning.waitFor({ timeout: CEILING });
  assert.match(await warning.textContent(), /which is not shop\.test or one of its aliases/);
  assert.deepEqual(await axeViolations(page, "body"), [], "installation check");
  await page.getByRole("heading", { name: "Embed on your site" }).scrollIntoViewIfNeeded();
  await shot(page, "installation-check.png");
  await site.context.close();
  siteServer.close();
});

test("edits are undone and redone with Ctrl+Z / Ctrl+Shift+Z and the buttons; leaving with unsaved changes asks; discard goes back", async () => {
  const { page } = fx.owner;
  await page.getByRole("link", { name: "Buttons" }).click();
  await openChannel(page, "WhatsApp");
  const number = form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true });
  const before = await number.inputValue();
  // The line under the domain's name: "Published version 2 · unsaved changes".
  const status = () => page.locator(".domain-title + .muted").textContent();
  await number.fill("+31 6 5555 5555");
  await eventually(async () => (await status()).includes("unsaved changes"), "unsaved changes");
  // Ctrl+Z undoes the edit (typing in one field is one step), Ctrl+Shift+Z redoes it.
  await page.keyboard.press("Control+Z");
  await eventually(async () => (await number.inputValue()) === before, "the number undone");
  assert.equal(await page.getByRole("button", { name: "Redo" }).isEnabled(), true);
  await page.keyboard.press("Control+Shift+Z");
  await eventually(async () => (await number.inputValue()).replace(/\s/g, "") === "+31655555555", "the number redone");
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Redo" }).click();
  await eventually(async () => (await number.inputValue()).replace(/\s/g, "") === "+31655555555", "the number redone");

  // Another console screen asks first; staying keeps the edit.
  let asked = "";
  page.once("dialog", (d) => ((asked = d.message()), d.dismiss()));
  await page.getByRole("link", { name: "Agents" }).click();
  assert.match(asked, /unsaved changes/);
  assert.match(page.url(), /\/buttons$/);
  // Another tab of the same domain keeps the draft without asking.
  await page.getByRole("link", { name: "Publish and embed" }).click();
  await page.getByRole("link", { name: "Buttons" }).click();
  await eventually(async () => (await status()).includes("unsaved changes"), "unsaved changes");

  // Discard goes back to the saved draft.
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Discard changes" }).click();
  await eventually(async () => !(await status()).includes("unsaved changes"), "the draft saved as it was");
  assert.equal(await page.getByRole("button", { name: "Undo" }).isDisabled(), true);
  assert.deepEqual(await axeViolations(page, "body"), [], "buttons tab with the edit toolbar");
});

test("the browser's Back asks before leaving unsaved changes: staying keeps the draft, leaving goes back", async () => {
  const { page } = fx.owner;
  // The owner came by the console's own links: Agents, Domains, the domain, its Buttons tab.
  await page.getByRole("link", { name: "Agents" }).click();
  await page.getByRole("link", { name: "Domains", exact: true }).click();
  await page.getByRole("link", { name: new RegExp(`^${HOST.replace(".", "\\.")}`) }).click();
  await page.getByRole("link", { name: "Buttons" }).click();
  await openChannel(page, "WhatsApp");
  const number = () => form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true });
  const status = () => page.locator(".domain-title + .muted").textContent();
  await number().fill("+31 6 4444 4444");
  await eventually(async () => (await status()).includes("unsaved changes"), "unsaved changes");
  let asked = 0;
  const count = (d) => (asked++, assert.match(d.message(), /unsaved changes/), d);

  // Back to the same domain's settings keeps the draft without asking.
  await page.goBack();
  await page.waitForURL(/\/console\/domains\/[^/]+$/);
  assert.equal(asked, 0);
  assert.match(await status(), /unsaved changes/);

  // Back once more would leave the domain: the question; staying keeps the page and the draft.
  page.once("dialog", (d) => count(d).dismiss());
  await page.goBack();
  await eventually(() => asked === 1, "the leave question");
  await page.waitForURL(/\/console\/domains\/[^/]+$/);
  assert.match(await status(), /unsaved changes/);
  await page.getByRole("link", { name: "Buttons" }).click();
  await openChannel(page, "WhatsApp");
  assert.equal((await number().inputValue()).replace(/\s/g, ""), "+31644444444");

  // Back, Back again, and leave: the list of domains, as it was before the domain was opened.
  await page.goBack();
  await page.waitForURL(/\/console\/domains\/[^/]+$/);
  page.once("dialog", (d) => count(d).accept());
  await page.goBack();
  await eventually(() => asked === 2, "the leave question again");
  await page.waitForURL(/\/console\/domains$/);
  await page.getByText("Choose a domain, or add one.").waitFor();
  // Forward again: the draft of that session is gone, the saved one shows.
  await page.goForward();
  await page.locator(".domain-title + .muted").waitFor();
  assert.doesNotMatch(await status(), /unsaved changes/);
  assert.deepEqual(await axeViolations(page, "body"), []);
});

test("the publish summaries say what visitors actually get, and what will not show and why", async () => {
  const { page } = fx.owner;
  const two = await ownerApi(page, "POST", "/v1/owner/domains", { name: "two-buttons.test" });
  // The builder's defaults for two buttons: WhatsApp then Call, both at the bottom right, several buttons not allowed.
  const button = (id, actions) => ({ id, active: true, domainId: two.id, type: "SINGLE", actions, options: { placement: "BOTTOM_RIGHT" } });
  const draft = (label) => ({
    userId: "u",
    domains: [{ id: two.id, name: two.name, type: two.type, properties: two.properties }],
    buttons: [button("b1", ["wa"]), button("b2", ["call"])],
    actions: [
      { id: "wa", actionType: "WHATSAPP", actionValue: "+31612345678", labelText: label },
      { id: "call", actionType: "PHONE", actionValue: "+31201234567" },
    ],
    conditions: [],
    options: {},
  });
  await ownerApi(page, "PUT", `/v1/owner/domains/${two.id}/config`, draft("WhatsApp us"));
  const hidden = "Button 2 (Call) will not show: a page shows only one button (Button 1) while “Allow several buttons on a page” is off; and Button 1 already takes the bottom right, and a place holds one button.";

  // First publication: what goes live beside the Publish button is what the widget will show.
  await page.goto(`${fx.server.origin}/console/domains/${two.id}/buttons`);
  const live = page.getByRole("list", { name: "What goes live" });
  await live.waitFor();
  assert.deepEqual(await live.getByRole("listitem").allTextContents(), ["A button for WhatsApp at the bottom right"]);
  assert.deepEqual(await page.getByRole("list", { name: "What will not show" }).getByRole("listitem").allTextContents(), [hidden]);
  assert.deepEqual(await axeViolations(page, ".first-publish"), [], "first publication");
  if (SHOTS) await page.locator(".first-publish").screenshot({ path: join(SHOTS, "first-publish-left-out.png") });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.waitForURL(/\/publish$/);

  // A later publication: what changed, what visitors then get, and what still will not show.
  await ownerApi(page, "PUT", `/v1/owner/domains/${two.id}/config`, draft("Message us"));
  await page.goto(`${fx.server.origin}/console/domains/${two.id}/publish`);
  await page.getByRole("button", { name: "Publish…" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish two-buttons.test?" });
  await dialog.getByRole("list", { name: "Changes" }).waitFor();
  assert.deepEqual(await dialog.getByRole("list", { name: "Changes" }).getByRole("listitem").allTextContents(), ['WhatsApp: label changed to "Message us"']);
  assert.deepEqual(await dialog.getByRole("list", { name: "What visitors get" }).getByRole("listitem").allTextContents(), ["A button for WhatsApp at the bottom right"]);
  assert.deepEqual(await dialog.getByRole("list", { name: "What will not show" }).getByRole("listitem").allTextContents(), [hidden]);
  assert.deepEqual(await axeViolations(page, "body"), [], "publish dialog with what will not show");
  await shot(page, "publish-dialog-left-out.png");
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test("a setting saved on Settings says visitors get it when you publish, and the publish summary names it", async () => {
  const { page } = fx.owner;
  // shop.test, with the draft of the tests above published: only the settings are left to publish.
  await ownerApi(page, "POST", `/v1/owner/domains/${domain.id}/publish`);
  await page.goto(`${fx.server.origin}/console/domains/${domain.id}/settings`);
  const consent = page.getByLabel("Wait for the visitor's consent", { exact: true });
  await consent.check();
  await page.getByLabel("Scale of every button", { exact: true }).fill("1.2");
  await page.getByRole("button", { name: "Save settings" }).click();
  const saved = page.getByText("Settings saved. Visitors get them when you publish.");
  await saved.waitFor();
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await saved.scrollIntoViewIfNeeded();
    assert.deepEqual(await axeViolations(page, "body"), [], `settings saved at ${width} px`);
    await shot(page, `settings-saved-publish-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // The way on to Publish is beside the words.
  await page.getByRole("link", { name: "Go to publishing" }).click();
  await page.waitForURL(/\/publish$/);
  await page.getByRole("button", { name: "Publish…" }).click();
  const dialog = page.getByRole("dialog", { name: `Publish ${HOST}?` });
  const changes = dialog.getByRole("list", { name: "Changes" });
  await changes.waitFor();
  assert.deepEqual(await changes.getByRole("listitem").allTextContents(), ["Settings: “Wait for the visitor's consent” switched on", "Settings: “Scale of every button” changed"]);
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    assert.deepEqual(await axeViolations(page, "body"), [], `publish dialog naming the settings at ${width} px`);
    await shot(page, `publish-dialog-settings-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await page.getByText(/^Published: version \d+ is live\.$/).waitFor({ timeout: CEILING });
  const live = await ownerApi(page, "GET", `/v1/owner/domains/${domain.id}`);
  assert.equal(live.properties.waitForConsent, true);
});
