// Opening hours are the shop's hours: an owner whose browser is in Berlin adds a domain, which
// takes Berlin as its time zone (shown, changeable, saved); a Call channel open Monday to Friday
// 9–17 then reaches a visitor in New York and one in UTC alike, through the hosted embed of a real
// `beckon serve`, at the same instant. The console names the zone hours follow (Settings, the hours
// card, the preview), and a domain without one says so with a one-click fix. Also the defaults
// that must not mislead: colours shown are the ones visitors get and read well, a list button says
// what it is for, "Powered by Beckon" is a choice, a pasted address becomes the host, and status
// lines go once they are untrue. A live chat has one set of hours, and the choice of what it does
// outside them (take messages and say when someone is back, or hide) is made right under them.
//
// With SCREENSHOTS=dir, screenshots of these screens go there (docs/screenshots/:
// `SCREENSHOTS=$PWD/docs/screenshots node --test web/e2e/tests/console-shop-hours.test.mjs`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { visibleButtons } from "../lib/harness.mjs";
import { CEILING, eventually } from "../lib/wait.mjs";
import { choose, form, openChannel, pickChannel, putConfig, saveDraft, savedConfig } from "../lib/builder.mjs";

const SHOTS = process.env.SCREENSHOTS;
const shot = (page, name) => SHOTS && page.screenshot({ path: join(SHOTS, name) });
const OWNER_ZONE = "Europe/Berlin";
const HOST = "hours.test";

const fx = beckonFixture({ site: true, owner: { viewport: { width: 1280, height: 800 }, timezoneId: OWNER_ZONE } });
let domainId;

/** The owner API from the console's page (its session and CSRF token). */
const ownerApi = (page, method, path) =>
  page.evaluate(
    async ({ method, path }) => {
      const me = await (await fetch("/api/v1/auth/me")).json();
      const r = await fetch(`/api${path}`, { method, headers: { "x-beckon-csrf": me.csrfToken } });
      return r.json();
    },
    { method, path },
  );

/** A domain's Settings tab (the Domains page also holds the new-domain form). */
const settings = (page) => page.getByRole("region", { name: "Settings" });

const rgb = (hex) => `rgb(${hex.slice(1).match(/../g).map((x) => parseInt(x, 16)).join(", ")})`;

/**
 * A visitor's page of the site in `timezoneId` with the clock at `time`: which of the shop's
 * channels it offers (the list opened), the colour of the Call icon, and the list button's words.
 */
async function visit(timezoneId, time) {
  const { page, context, errors } = await openPage(fx.browser, { timezoneId });
  await page.clock.install({ time: new Date(time) });
  const port = new URL(fx.site.origin).port;
  fx.site.pages["/"] = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body><h1>Shop</h1><script async src="${fx.server.origin}/d/${domainId}.js"></script></body></html>`;
  await page.goto(`http://${HOST}:${port}/`);
  assert.equal(await visibleButtons(page), 1, "the button with the always-offered e-mail");
  const toggle = page.locator(".call-now-button .cnb-toggle");
  const words = await toggle.innerText();
  await toggle.click();
  await page.locator(".call-now-button.cnb-expand").waitFor();
  const offered = await page.locator(".call-now-button .cnb-act:visible").evaluateAll((els) => els.map((e) => e.getAttribute("href")?.split(":")[0]));
  const types = await page.locator(".call-now-button .cnb-act:visible").evaluateAll((els) => els.map((e) => e.dataset.actionType));
  const callColour = await page.locator('.call-now-button a[href^="tel:"] .cnb-i').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
  assert.deepEqual(errors, []);
  await context.close();
  return { offered, types, callColour: callColour[0], words };
}

test("the shop's hours reach a visitor in New York and one in UTC alike", async () => {
  const { page } = fx.owner;
  await page.getByLabel("Site host name").fill(HOST);
  await page.getByRole("button", { name: "Add the domain" }).click();
  await page.getByRole("heading", { name: HOST }).waitFor();
  domainId = decodeURIComponent(new URL(page.url()).pathname.split("/")[3]);

  // Call, open Monday to Friday 9–17 (the builder's starting hours), and e-mail, always.
  await pickChannel(page, "Call");
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  await pickChannel(page, "E-mail");
  await form(page, "E-mail").getByLabel("Your e-mail address", { exact: true }).fill("shop@hours.test");
  await openChannel(page, "Call");
  const call = form(page, "Call");
  await choose(call, "At set hours");
  await call.getByRole("group", { name: "Hours by day" }).waitFor();
  // The colour visitors get while none is set, as the builder shows it.
  const shownColour = await call.getByLabel("Button colour: pick").inputValue();
  await saveDraft(page);
  const published = await ownerApi(page, "POST", `/v1/owner/domains/${domainId}/publish`);
  assert.equal(published.version, 1);

  // Friday 20 November 2026, 20:00 UTC: 21:00 in Berlin (closed), 15:00 in New York.
  // Friday 10:00 UTC: 11:00 in Berlin (open), 05:00 in New York.
  for (const [time, open] of [["2026-11-20T20:00:00Z", false], ["2026-11-20T10:00:00Z", true]]) {
    const newYork = await visit("America/New_York", time);
    const utc = await visit("UTC", time);
    const expected = open ? ["tel", "mailto"] : ["mailto"];
    assert.deepEqual(newYork.offered, expected, `New York visitor at ${time}`);
    assert.deepEqual(utc.offered, expected, `UTC visitor at ${time}`);
    if (open) {
      assert.equal(newYork.callColour, rgb(shownColour), "the Call button has the colour the builder showed");
      // The list button holding the channels carries no English words: its + is named in the visitor's language.
      assert.equal(newYork.words.trim(), "");
    }
  }
});

test("a new domain takes the owner's time zone, and the console names the zone hours follow", async () => {
  const { page } = fx.owner;
  await page.getByRole("navigation", { name: "Domain" }).getByRole("link", { name: "Buttons" }).click();
  await openChannel(page, "Call");
  const call = form(page, "Call");
  await call.getByText(`These hours follow ${OWNER_ZONE}, your shop's time zone.`).waitFor();
  assert.equal(await call.getByLabel("Time zone", { exact: true }).locator("option:checked").innerText(), `Your shop's (${OWNER_ZONE})`);
  await page.getByTestId("preview-zone").filter({ hasText: `Opening hours follow ${OWNER_ZONE}, your shop's time zone.` }).waitFor();
  assert.equal(await page.getByLabel("Time zone of that time").inputValue(), OWNER_ZONE);
  assert.equal(await page.getByText("Hours follow each visitor's own clock").count(), 0);
  assert.deepEqual(await axeViolations(page, "body"), [], "buttons tab");
  if (SHOTS) {
    await call.getByRole("group", { name: "Hours by day" }).evaluate((e) => e.scrollIntoView({ block: "start" }));
    await shot(page, "hours-zone.png");
    // A tall window: the zone line is under the preview, which stays in view beside the editor.
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.getByTestId("preview-zone").evaluate((e) => e.scrollIntoView({ block: "end" }));
    await shot(page, "preview-zone.png");
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.getByRole("navigation", { name: "Domain" }).getByRole("link", { name: "Settings" }).click();
  const zone = settings(page).getByLabel("Time zone of your shop's hours", { exact: true });
  assert.equal(await zone.inputValue(), OWNER_ZONE);
  await page.getByText(`Every visitor gets your opening hours in ${OWNER_ZONE}, wherever they are.`).waitFor();
  assert.equal((await ownerApi(page, "GET", `/v1/owner/domains/${domainId}`)).timezone, OWNER_ZONE);

  // The new-domain form offers the owner's zone, changeable; a pasted address becomes its host.
  await page.goto(`${fx.server.origin}/console/domains`);
  const newZone = page.getByRole("form", { name: "Add a domain" }).getByLabel("Time zone of your shop's hours", { exact: true });
  assert.equal(await newZone.inputValue(), OWNER_ZONE);
  await page.getByText(`Yours is ${OWNER_ZONE}.`).waitFor();
  assert.deepEqual(await axeViolations(page, "body"), [], "domains");
  const host = page.getByLabel("Site host name");
  await host.fill("https://Pasted.test/opening-times?from=ad");
  await host.press("Tab"); // leaving the field takes the address apart
  assert.equal(await host.inputValue(), "pasted.test");
  await newZone.selectOption("Europe/Lisbon");
  await shot(page, "domain-add.png");
  await page.getByRole("button", { name: "Add the domain" }).click();
  await page.getByRole("heading", { name: "pasted.test" }).waitFor();
  const pasted = decodeURIComponent(new URL(page.url()).pathname.split("/")[3]);
  const created = await ownerApi(page, "GET", `/v1/owner/domains/${pasted}`);
  assert.equal(created.name, "pasted.test");
  assert.equal(created.timezone, "Europe/Lisbon");
});

test("a domain without a time zone says so and takes the owner's in one click; Powered by Beckon is a choice", async () => {
  const { page } = fx.owner;
  await page.goto(`${fx.server.origin}/console/domains/${DEMO.domainId}/settings`);
  const notice = page.getByRole("note", { name: "Time zone of the opening hours" });
  await notice.getByText("Hours follow each visitor's own clock — set your shop's time zone.").waitFor();
  assert.equal(await settings(page).getByLabel("Time zone of your shop's hours", { exact: true }).locator("option:checked").innerText(), "None: each visitor's own clock");
  // Not a plan to buy: the line itself.
  assert.equal(await page.getByLabel("Plan", { exact: true }).count(), 0);
  const branding = page.getByLabel("Show “Powered by Beckon” under the chat and the button lists");
  assert.equal(await branding.isChecked(), (await ownerApi(page, "GET", `/v1/owner/domains/${DEMO.domainId}`)).type !== "PRO");
  assert.deepEqual(await axeViolations(page, "body"), [], "settings without a zone");
  await shot(page, "settings-no-zone.png");

  await notice.getByRole("button", { name: `Use ${OWNER_ZONE} and save` }).click();
  await page.getByText("Settings saved.").waitFor();
  await notice.waitFor({ state: "detached" });
  assert.equal(await settings(page).getByLabel("Time zone of your shop's hours", { exact: true }).inputValue(), OWNER_ZONE);
  assert.equal((await ownerApi(page, "GET", `/v1/owner/domains/${DEMO.domainId}`)).timezone, OWNER_ZONE);

  // "Settings saved." goes once a field changes; the line switched off saves as PRO.
  await branding.setChecked(false);
  await page.getByText("Settings saved.").waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved.").waitFor();
  assert.equal((await ownerApi(page, "GET", `/v1/owner/domains/${DEMO.domainId}`)).type, "PRO");
  await shot(page, "settings.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "settings-phone.png");
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("colour fields show the colours visitors get, new channels start readable, and status lines go once untrue", async () => {
  const { page } = fx.owner;
  await page.goto(`${fx.server.origin}/console/domains/${domainId}/buttons`);
  await page.getByRole("heading", { name: "What should visitors be able to do?" }).waitFor();

  // The chat's title bar: the spec's green and the text colour the widget picks on it, not a stand-in.
  await pickChannel(page, "Live chat");
  const chat = form(page, "Live chat");
  assert.equal(await chat.getByLabel("Title bar colour: pick").inputValue(), "#009900");
  assert.equal(await chat.getByLabel("Title bar colour", { exact: true }).getAttribute("placeholder"), "#009900 (default)");
  assert.equal(await chat.getByLabel("Title text colour: pick").inputValue(), "#111111");
  assert.equal(await chat.getByLabel("Button colour: pick").inputValue(), "#008000");
  if (SHOTS) {
    await chat.getByLabel("Title bar colour", { exact: true }).evaluate((e) => e.scrollIntoView({ block: "center" }));
    await shot(page, "builder-colours.png");
  }
  // LINE, WeChat and Skype start in their brand's hue, dark enough that the builder has nothing to warn about.
  for (const [name, colour] of [["LINE", "#04893b"], ["WeChat", "#058743"], ["Skype", "#007ead"]]) {
    await pickChannel(page, name);
    assert.equal(await form(page, name).getByLabel("Button colour", { exact: true }).inputValue(), colour, name);
    assert.equal(await form(page, name).locator(".warn").count(), 0, `${name}: no contrast warning`);
  }

  // "Draft saved." goes as soon as the draft changes again.
  await saveDraft(page);
  await form(page, "Skype").getByLabel("Your Skype name", { exact: true }).fill("hoursshop");
  await page.getByText("Draft saved.").waitFor({ state: "detached" });
  await saveDraft(page);
  assert.equal((await ownerApi(page, "POST", `/v1/owner/domains/${domainId}/publish`)).version, 2);

  // "Version 1 is now the draft" goes once that draft is published.
  await page.goto(`${fx.server.origin}/console/domains/${domainId}/publish`);
  await page.getByRole("button", { name: "Restore as draft: version 1" }).click();
  const restored = page.getByText("Version 1 is now the draft. Publish it to put it live.");
  await restored.waitFor();
  await page.getByRole("button", { name: "Publish…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish now" }).click();
  await page.getByText("Published: version 3 is live.").waitFor({ timeout: CEILING });
  await restored.waitFor({ state: "detached" });
  await eventually(async () => (await ownerApi(page, "GET", `/v1/owner/domains/${domainId}`)).config.publishedVersion === 3, "version 3 live");
  assert.deepEqual(fx.owner.errors, []);
});

test("a live chat has one set of hours; outside them it takes messages or hides, as chosen under them", async () => {
  const { page } = fx.owner;
  await page.goto(`${fx.server.origin}/console/domains/${domainId}/buttons`);
  await page.getByRole("heading", { name: "What should visitors be able to do?" }).waitFor();
  await pickChannel(page, "Live chat");
  const chat = form(page, "Live chat");
  const opening = chat.getByRole("group", { name: "Opening hours" });
  await choose(opening, "At set hours");
  // One grid, with the question a chat is asked, and the choice right under it: taking messages first.
  await opening.getByRole("group", { name: "Hours by day" }).waitFor();
  assert.equal(await chat.getByRole("group", { name: "Hours by day" }).count(), 1, "one set of hours");
  assert.equal(await chat.getByText("When is it offered?").count(), 0);
  await opening.getByText("When do you answer chats?").waitFor();
  const outside = opening.getByRole("radiogroup", { name: "Outside these hours" });
  assert.equal(await outside.getByRole("radio", { name: "Show the chat: visitors leave a message and read when you're back" }).isChecked(), true);
  await outside.getByText("We're back tomorrow at 09:00.", { exact: false }).waitFor();
  assert.deepEqual(await axeViolations(page, "section.channel-form"), [], "the chat's hours");
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await outside.evaluate((e) => e.scrollIntoView({ block: "center" }));
    assert.deepEqual(await axeViolations(page, "section.channel-form"), [], `the chat's hours at ${width} px`);
    await shot(page, width === 1280 ? "chat-hours.png" : `chat-hours-messages-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveDraft(page);
  const chatAction = (config) => config.actions.find((a) => a.actionType === "CHAT");
  let saved = chatAction(await savedConfig(page, domainId));
  assert.equal(saved.openingHours?.showAlways, false, "the hours say when someone is back");
  assert.equal(saved.schedule, undefined, "and hide nothing");
  await ownerApi(page, "POST", `/v1/owner/domains/${domainId}/publish`);
  // Friday 21:00 in Berlin, closed: the chat is still there to leave a message in.
  assert.ok((await visit("UTC", "2026-11-20T20:00:00Z")).types.includes("CHAT"), "outside its hours the chat takes messages");

  await choose(outside, "Hide the chat");
  await outside.getByText("The chat's button shows only during these hours.").waitFor();
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await outside.evaluate((e) => e.scrollIntoView({ block: "center" }));
    assert.deepEqual(await axeViolations(page, "section.channel-form"), [], `hidden outside the hours at ${width} px`);
    await shot(page, `chat-hours-hide-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveDraft(page);
  saved = chatAction(await savedConfig(page, domainId));
  assert.equal(saved.schedule?.showAlways, false, "the hours hide the chat");
  assert.equal(saved.openingHours, undefined, "one set of hours");
  await ownerApi(page, "POST", `/v1/owner/domains/${domainId}/publish`);
  assert.ok(!(await visit("UTC", "2026-11-20T20:00:00Z")).types.includes("CHAT"), "hidden outside its hours");
  assert.ok((await visit("UTC", "2026-11-20T10:00:00Z")).types.includes("CHAT"), "offered during them");

  // A chat saved with both grids (as the builder wrote before): it reads as what visitors got,
  // hidden outside the hours that hid it; taking messages instead keeps those hours, and only them.
  const config = await savedConfig(page, domainId);
  const both = chatAction(config);
  both.schedule = { showAlways: false, daysOfWeek: [true, true, true, true, true, false, false], start: "08:00", stop: "12:00" };
  both.openingHours = { showAlways: false, daysOfWeek: [true, true, true, true, true, true, true], start: "10:00", stop: "20:00" };
  assert.equal(await putConfig(page, domainId, config), 200);
  await page.reload();
  await openChannel(page, "Live chat");
  assert.equal(await outside.getByRole("radio", { name: "Hide the chat" }).isChecked(), true);
  assert.equal(await opening.getByLabel("Monday from").inputValue(), "08:00");
  assert.equal(await opening.getByRole("checkbox", { name: "Sunday" }).isChecked(), false);
  await choose(outside, "Show the chat: visitors leave a message and read when you're back");
  await saveDraft(page);
  saved = chatAction(await savedConfig(page, domainId));
  assert.deepEqual([saved.schedule, saved.openingHours?.start, saved.openingHours?.stop], [undefined, "08:00", "12:00"]);
  assert.deepEqual(fx.owner.errors, []);
});
