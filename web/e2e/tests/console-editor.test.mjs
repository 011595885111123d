// The builder shows exactly what is saved: an action's opening hours (the days ticked in the
// weekly grid and each day's hours = in the config, both ways, different hours on different days
// included, and the grid's words are the widget's reading of it), a button's scroll reveal,
// the chat's status and welcome texts a visitor would otherwise get as unseen defaults, and each
// messaging channel's brand colour on a new channel. Real server, real console, real widget in
// the live preview. With SCREENSHOTS=dir the weekly grid's screenshot goes there (docs/console.md's is
// docs/screenshots/builder-hours.png).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually } from "../lib/wait.mjs";
import { addDomain, choose, form, openChannel, pickChannel, preview, putConfig, saveDraft, savedConfig } from "../lib/builder.mjs";

const fx = beckonFixture({ owner: { viewport: { width: 1400, height: 900 } } });

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Which day boxes of the weekly grid are ticked, Monday first. */
const ticked = (f) => Promise.all(WEEKDAYS.map((d) => f.getByRole("checkbox", { name: d, exact: true }).isChecked()));
/** What the weekly grid says each day offers. */
const dayTexts = (f) => f.locator("table.week tbody td.week-text").allTextContents();

/** A day's from/until fields in the weekly grid. */
const from = (f, day) => f.getByLabel(`${day} from`, { exact: true });
const until = (f, day) => f.getByLabel(`${day} until`, { exact: true });
/** Shows the preview at a local time of the chosen zone; the call button there or not. */
async function previewAt(page, time, shown) {
  await page.getByLabel("Time", { exact: true }).fill(time);
  await preview(page).locator(".call-now-button").waitFor({ state: shown ? "visible" : "detached" });
}

test("opening hours are saved with exactly the days and hours the weekly grid shows, different on different days, and a loaded schedule shows exactly its days", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "hours.test");
  await pickChannel(page, "WhatsApp");
  const whatsapp = form(page, "WhatsApp");
  await whatsapp.getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");

  // "At set hours" starts as office hours: Monday to Friday, 09:00 to 17:00.
  await choose(whatsapp, "At set hours");
  assert.deepEqual(await ticked(whatsapp), [true, true, true, true, true, false, false]);
  assert.equal(await from(whatsapp, "Monday").inputValue(), "09:00");
  assert.equal(await until(whatsapp, "Friday").inputValue(), "17:00");
  assert.equal(await from(whatsapp, "Saturday").count(), 0, "a closed day has no hours");
  // The grid's words write times as the time fields show them: in the browser's locale (en-US
  // here, as headless Chromium's time fields: AM/PM).
  const office = "09:00 AM–05:00 PM";
  assert.deepEqual(await dayTexts(whatsapp), [office, office, office, office, office, "closed", "closed"]);
  assert.deepEqual(await whatsapp.locator("th.week-hours-head span").allTextContents(), ["6 AM", "12 PM", "6 PM"]);
  await whatsapp.getByLabel("Time zone", { exact: true }).selectOption("Europe/Amsterdam");

  // The preview (the real widget with the unsaved config) agrees: not on a Saturday morning,
  // there on a Monday morning.
  await page.getByLabel("Time zone of that time").selectOption("Europe/Amsterdam");
  await previewAt(page, "2026-11-23T10:00", true); // a Monday
  await previewAt(page, "2026-11-28T10:00", false); // a Saturday

  await saveDraft(page);
  const saved = (await savedConfig(page, domainId)).actions.find((a) => a.actionType === "WHATSAPP").schedule;
  assert.deepEqual(saved, {
    showAlways: false,
    timezone: "Europe/Amsterdam",
    daysOfWeek: [true, true, true, true, true, false, false],
    start: "09:00",
    stop: "17:00",
  });

  // A shop's week: Monday to Friday 09:00–18:00 (Monday's hours copied to the open days),
  // Saturday 10:00–14:00, closed on Sunday.
  await until(whatsapp, "Monday").fill("18:00");
  await whatsapp.getByRole("button", { name: "Use Monday’s hours on every open day" }).click();
  await whatsapp.getByRole("checkbox", { name: "Saturday", exact: true }).check();
  assert.equal(await from(whatsapp, "Saturday").inputValue(), "09:00", "a day opened takes the hours of the day before");
  await from(whatsapp, "Saturday").fill("10:00");
  await until(whatsapp, "Saturday").fill("14:00");
  assert.deepEqual(await ticked(whatsapp), [true, true, true, true, true, true, false]);
  const shopDay = "09:00 AM–06:00 PM";
  assert.deepEqual(await dayTexts(whatsapp), [shopDay, shopDay, shopDay, shopDay, shopDay, "10:00 AM–02:00 PM", "closed"]);
  if (process.env.SCREENSHOTS) await whatsapp.locator("fieldset").filter({ has: page.locator("legend", { hasText: "Opening hours" }) }).screenshot({ path: join(process.env.SCREENSHOTS, "builder-hours.png") });
  // The preview agrees at chosen times.
  await previewAt(page, "2026-11-28T13:30", true); // Saturday, inside its own hours
  await previewAt(page, "2026-11-28T14:30", false); // Saturday after 14:00
  await previewAt(page, "2026-11-27T17:30", true); // Friday, open until 18:00
  await previewAt(page, "2026-11-27T18:00", false);
  await previewAt(page, "2026-11-29T12:00", false); // Sunday
  await saveDraft(page);
  const weekday = { start: "09:00", stop: "18:00" };
  assert.deepEqual((await savedConfig(page, domainId)).actions[0].schedule, {
    showAlways: false,
    timezone: "Europe/Amsterdam",
    hours: [weekday, weekday, weekday, weekday, weekday, { start: "10:00", stop: "14:00" }, null],
  });
  await page.reload();
  const shop = form(page, "WhatsApp");
  await shop.waitFor();
  assert.deepEqual(await ticked(shop), [true, true, true, true, true, true, false]);
  assert.equal(await until(shop, "Tuesday").inputValue(), "18:00");
  assert.equal(await from(shop, "Saturday").inputValue(), "10:00");
  assert.equal(await until(shop, "Saturday").inputValue(), "14:00");

  // Overnight on weekends only: the grid says so, and the preview has it on Sunday at 01:00.
  for (const d of WEEKDAYS) await shop.getByRole("checkbox", { name: d, exact: true }).setChecked(d.startsWith("S"));
  await from(shop, "Saturday").fill("22:00");
  await until(shop, "Saturday").fill("02:00");
  await until(shop, "Sunday").fill("02:00");
  await from(shop, "Sunday").fill("22:00");
  assert.deepEqual(await dayTexts(shop), ["closed", "closed", "closed", "closed", "closed", "10:00 PM–02:00 AM (next day)", "10:00 PM–02:00 AM (next day)"]);
  await page.getByLabel("Time zone of that time").selectOption("Europe/Amsterdam");
  await previewAt(page, "2026-11-29T01:00", true); // Sunday night, Saturday's window
  await previewAt(page, "2026-11-27T23:00", false); // a Friday night
  await saveDraft(page);
  await page.reload();
  const reloaded = form(page, "WhatsApp");
  await reloaded.waitFor();
  assert.deepEqual(await ticked(reloaded), [false, false, false, false, false, true, true]);
  assert.equal((await savedConfig(page, domainId)).actions[0].schedule.start, "22:00", "the same hours every open day: the one-window form");

  // A config written elsewhere without daysOfWeek means every day: the grid shows every day.
  const config = await savedConfig(page, domainId);
  delete config.actions[0].schedule.daysOfWeek;
  assert.equal(await putConfig(page, domainId, config), 200);
  await page.reload();
  await form(page, "WhatsApp").waitFor();
  assert.deepEqual(await ticked(form(page, "WhatsApp")), [true, true, true, true, true, true, true]);
  assert.deepEqual(await axeViolations(page, "body"), []);
});

test("scroll reveal: after a number of pixels or after the first screen, saved as chosen", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "reveal.test");
  await pickChannel(page, "Call");
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  const scrolling = page.locator("fieldset").filter({ has: page.locator("legend", { hasText: "Scrolling" }) });
  await choose(scrolling, "After scrolling a number of pixels");
  const pixels = scrolling.getByLabel("Appears after scrolling (pixels)");
  assert.equal(await pixels.inputValue(), "300");
  // Emptied, the field stays empty with "After scrolling" chosen and says beside it what to type
  // and what visitors get meanwhile; the draft saves (crates/model takes it) with no scroll rule.
  await pixels.fill("");
  const message = scrolling.getByText("Type how many pixels visitors scroll before the button appears. Until then it appears right away.");
  await message.waitFor();
  assert.equal(await pixels.getAttribute("aria-invalid"), "true");
  assert.ok((await pixels.getAttribute("aria-describedby")).split(" ").includes(await message.getAttribute("id")));
  assert.equal(await scrolling.getByRole("radio", { name: "After scrolling a number of pixels" }).isChecked(), true);
  await preview(page).locator(".call-now-button").waitFor({ state: "visible" });
  await saveDraft(page);
  assert.equal((await savedConfig(page, domainId)).buttons[0].options?.scroll, undefined);
  assert.equal(await pixels.inputValue(), "");
  // Something not a number keeps the rule as it was; a number is saved and the message goes.
  await pixels.fill("650");
  await message.waitFor({ state: "detached" });
  await pixels.fill("650px");
  await scrolling.getByText("Type a whole number of pixels, like 300.").waitFor();
  await pixels.fill("650");
  await saveDraft(page);
  assert.deepEqual((await savedConfig(page, domainId)).buttons[0].options.scroll, { revealAtHeight: 650 });
  // Emptying the hide height of a rule that has only that leaves no rule, not `scroll: {}`.
  await scrolling.getByLabel("Hides again after (pixels)").fill("2000");
  await pixels.fill("");
  await scrolling.getByLabel("Hides again after (pixels)").fill("");
  await saveDraft(page);
  assert.equal((await savedConfig(page, domainId)).buttons[0].options?.scroll, undefined);
  await choose(scrolling, "After the first screen");
  await scrolling.getByText("Once visitors have scrolled one screen down").waitFor();
  assert.equal(await scrolling.getByLabel("Appears after scrolling (pixels)").count(), 0);
  await saveDraft(page);
  assert.deepEqual((await savedConfig(page, domainId)).buttons[0].options.scroll, { revealAfterFirstScreen: true });
  await page.reload();
  await page.getByRole("radio", { name: "After the first screen", exact: true }).and(page.locator(":checked")).waitFor({ state: "attached" });
  await choose(page.locator("fieldset").filter({ has: page.locator("legend", { hasText: "Scrolling" }) }), "Right away");
  await saveDraft(page);
  assert.equal((await savedConfig(page, domainId)).buttons[0].options?.scroll, undefined);
  assert.deepEqual(await axeViolations(page, "body"), []);
});

test("a new chat shows the widget's status and welcome texts as defaults, not values; its own are editable; new channels start in their brand colours", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "brands.test");
  await pickChannel(page, "Live chat");
  const chat = form(page, "Live chat");
  const status = chat.getByLabel("Status text under the title");
  // The status text is left empty: the widget then invents no answer time, and the help says so.
  assert.equal(await status.inputValue(), "");
  await chat.getByText("Empty: nothing shows here while one of you is online, and “Nobody is online right now” when nobody is. Write a promise you keep, for example “We typically respond in 35 minutes”.").waitFor();
  // No welcome written in: the widget's own, in each visitor's language.
  assert.equal(await chat.getByLabel(/^Welcome message \d$/).count(), 0);
  await chat.getByText("Empty: visitors see “How can we help?”, in their own language.").waitFor();
  await status.fill("Back within the hour");
  // A domain not on the Pro plan: the chat carries the branding line, and the builder says so.
  await chat.getByTestId("branding").filter({ hasText: "Visitors see “Powered by Beckon”" }).waitFor();
  await chat.getByRole("button", { name: "Add a welcome message" }).click();
  await chat.getByLabel("Welcome message 1", { exact: true }).fill("Hello!");
  await chat.getByRole("button", { name: "Add a welcome message" }).click();
  await chat.getByLabel("Welcome message 2", { exact: true }).fill("We answer in English and Dutch.");
  await chat.getByRole("button", { name: "Move welcome message 2 up" }).click();
  assert.equal(await chat.getByLabel("Welcome message 1", { exact: true }).inputValue(), "We answer in English and Dutch.");

  // Each channel starts in its brand's hue, darkened just enough for the white icon (4.5:1).
  const colour = (name) => form(page, name).getByLabel("Button colour", { exact: true });
  await pickChannel(page, "WhatsApp");
  assert.equal(await colour("WhatsApp").inputValue(), "#008069");
  await form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  await pickChannel(page, "Messenger");
  assert.equal(await colour("Messenger").inputValue(), "#0972eb");
  await pickChannel(page, "Telegram");
  assert.equal(await colour("Telegram").inputValue(), "#1b7eae");
  await form(page, "Telegram").getByLabel("Your Telegram username", { exact: true }).fill("shop");
  await pickChannel(page, "Viber");
  assert.equal(await colour("Viber").inputValue(), "#725ff0");
  // The owner can change it.
  await colour("Viber").fill("#123456");
  await form(page, "Viber").getByLabel("Your Viber number", { exact: true }).fill("+31612345678");
  await page.getByRole("button", { name: "Messenger", exact: true }).click(); // unpick it again
  await page.locator(".action-row").filter({ hasText: "Messenger" }).waitFor({ state: "detached" });

  // A visitor sees those colours: the preview's full bar shows each action in its colour.
  await choose(page, /A bar across the screen/);
  const shown = (type) =>
    preview(page)
      .locator(`.call-now-button [data-action-type="${type}"]`)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  await preview(page).locator('.call-now-button [data-action-type="VIBER"]').waitFor();
  assert.equal(await shown("WHATSAPP"), "rgb(0, 128, 105)");
  assert.equal(await shown("TELEGRAM"), "rgb(27, 126, 174)");
  assert.equal(await shown("VIBER"), "rgb(18, 52, 86)");

  await saveDraft(page);
  const saved = await savedConfig(page, domainId);
  const byType = (t) => saved.actions.find((a) => a.actionType === t);
  assert.equal(byType("CHAT").properties["chatmodal-header-subtext"], "Back within the hour");
  assert.equal(byType("CHAT").properties["chatmodal-messages"], "We answer in English and Dutch.\nHello!");
  assert.equal(byType("WHATSAPP").backgroundColor, "#008069");
  assert.equal(byType("VIBER").backgroundColor, "#123456");
  assert.equal(byType("FACEBOOK"), undefined, "an unpicked channel is gone");
  assert.equal(saved.buttons[0].type, "FULL");
  assert.deepEqual(saved.buttons[0].actions, saved.actions.map((a) => a.id));
  await openChannel(page, "Live chat");
  assert.deepEqual(await axeViolations(page, "body"), []);
});

test("a new welcome message gets the focus, so a typed sentence is one message; empty rows are not saved", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "welcome.test");
  await pickChannel(page, "Live chat");
  const chat = form(page, "Live chat");
  await chat.getByRole("button", { name: "Add a welcome message" }).click();
  const first = chat.getByLabel("Welcome message 1", { exact: true });
  await eventually(() => first.evaluate((el) => el === document.activeElement), "the focus in the new message");
  // Typed as an owner types: spaces and all go into the field, never onto the button.
  await page.keyboard.type("We answer in English and Dutch.");
  assert.equal(await first.inputValue(), "We answer in English and Dutch.");
  assert.equal(await chat.getByLabel(/^Welcome message \d$/).count(), 1);
  // A row left empty (a second press reuses it rather than adding another) is not saved.
  await chat.getByRole("button", { name: "Add a welcome message" }).click();
  await chat.getByRole("button", { name: "Add a welcome message" }).click();
  assert.equal(await chat.getByLabel(/^Welcome message \d$/).count(), 2);
  await eventually(() => chat.getByLabel("Welcome message 2", { exact: true }).evaluate((el) => el === document.activeElement), "the focus in the empty row");
  await saveDraft(page);
  const messages = (await savedConfig(page, domainId)).actions.find((a) => a.actionType === "CHAT").properties["chatmodal-messages"];
  assert.equal(messages, "We answer in English and Dutch.");
});
