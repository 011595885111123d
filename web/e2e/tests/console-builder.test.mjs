// The button builder, as an owner uses it: every channel of the grid built from its tile with
// only what it asks for, shown by the real widget in the preview and accepted by the server;
// page rules answered by the test box the same way the widget answers; a button's channels
// reordered with the keyboard alone; a domain's buttons reordered by mouse drag, keyboard drag and
// Move up/down; a channel's label in French, published, on a French page and an English one.
// Real server, real console, real widget, axe on each screen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { beckonFixture } from "../lib/fixture.mjs";
import { openPage } from "../lib/browser.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { eventually } from "../lib/wait.mjs";
import { addDomain, channelOrder, choose, form, pickChannel, preview, row, saveDraft, savedConfig, tile } from "../lib/builder.mjs";

const fx = beckonFixture({ site: true, owner: { viewport: { width: 1280, height: 900 } } });
// With SCREENSHOTS=dir, the hidden-button warning and its fixed state go there (docs/screenshots/).
const SHOTS = process.env.SCREENSHOTS;
const shot = (name) => SHOTS && fx.owner.page.screenshot({ path: join(SHOTS, name) });

// Each tile, the question its form asks (none for the live chat) and an answer an owner would give.
const CHANNELS = [
  ["Call", "PHONE", "Your phone number", "+31 20 123 4567"],
  ["WhatsApp", "WHATSAPP", "Your WhatsApp number", "+31 6 1234 5678"],
  ["Messenger", "FACEBOOK", "Your Facebook page (name or id)", "beckonshop"],
  ["E-mail", "EMAIL", "Your e-mail address", "hello@shop.test"],
  ["SMS", "SMS", "Your mobile number", "+31 6 1234 5678"],
  ["Telegram", "TELEGRAM", "Your Telegram username", "beckonshop"],
  ["Viber", "VIBER", "Your Viber number", "+31612345678"],
  ["LINE", "LINE", "Your LINE id", "@beckonshop"],
  ["WeChat", "WECHAT", "Your WeChat id (or a web link)", "beckonshop"],
  ["Zalo", "ZALO", "Your Zalo number, official account id or group code", "+84912345678"],
  ["Signal", "SIGNAL", "Your Signal number", "+31 6 1234 5678"],
  ["Skype", "SKYPE", "Your Skype name", "beckonshop"],
  ["Map", "MAP", "Your address", "Damrak 1, Amsterdam"],
  ["Link", "LINK", "Address of the page", "https://shop.test/offers"],
  ["Scroll to section", "ANCHOR", "Id of the section", "#contact"],
  ["Form (Tally)", "TALLY", "Your Tally form (link or id)", "https://tally.so/r/abc123"],
  ["Page in a window", "IFRAME", "Address of the page to show", "https://shop.test/booking"],
  ["Live chat", "CHAT", null, null],
  ["Intercom", "INTERCOM", "Your Intercom app id", "abc12def"],
];

test("each channel of the grid is built from its tile: its own question, the real widget shows it, the server takes it", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "grid.test");
  assert.equal(await page.locator(".channel-tile").count(), CHANNELS.length);
  for (const [name, type, question, answer] of CHANNELS) {
    await pickChannel(page, name);
    const f = form(page, name);
    if (question) await f.getByLabel(question, { exact: true }).fill(answer);
    // One channel on the button: a single button showing exactly this action.
    await preview(page).locator(`.call-now-button [data-action-type="${type}"]`).waitFor({ state: "attached" });
    await saveDraft(page);
    const saved = await savedConfig(page, domainId);
    assert.equal(saved.buttons[0].type, "SINGLE", name);
    assert.equal(saved.actions.length, 1, name);
    assert.equal(saved.actions[0].actionType, type);
    if (answer) assert.equal(saved.actions[0].actionValue, answer);
    // No free "property name" field anywhere: every property has its own labelled control.
    assert.equal(await page.getByText(/property name/i).count(), 0);
    if (name === "WhatsApp" || name === "Live chat") assert.deepEqual(await axeViolations(page, "body"), [], name);
    await tile(page, name).click(); // unpicked again
    await row(page, name).waitFor({ state: "detached" });
  }

  // Several at once: Beckon proposes a button that opens a list, in the order they were picked.
  for (const name of ["Call", "WhatsApp", "E-mail"]) await pickChannel(page, name);
  await form(page, "E-mail").getByLabel("Your e-mail address", { exact: true }).fill("hello@shop.test");
  await row(page, "Call").locator(".action-name").click();
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  await row(page, "WhatsApp").locator(".action-name").click();
  await form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  assert.ok(await page.getByRole("radio", { name: /A button that opens a list/ }).isChecked());
  assert.deepEqual(await channelOrder(page), ["Call", "WhatsApp", "E-mail"]);
  // Placed from the page outline.
  await choose(page, "Top left");
  await preview(page).locator(".call-now-button.cnb-multi").waitFor();
  await saveDraft(page);
  const saved = await savedConfig(page, domainId);
  assert.equal(saved.buttons[0].type, "MULTI");
  assert.equal(saved.buttons[0].options.placement, "TOP_LEFT");
  assert.deepEqual(saved.actions.map((a) => a.actionType), ["PHONE", "WHATSAPP", "EMAIL"]);
});

test("page rules: the test box answers as the widget does, and the preview agrees", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "rules.test");
  await pickChannel(page, "Call");
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  const verdict = page.locator(".test-box output");
  const tryAddress = (url) => page.getByLabel("Try an address").fill(url);
  await tryAddress("https://rules.test/checkout/pay");
  await verdict.filter({ hasText: "The button shows on this page." }).waitFor();

  // Hide on pages whose address contains /checkout.
  await page.getByRole("button", { name: "Add a page rule" }).click();
  await page.getByLabel("Rule 1", { exact: true }).selectOption("EXCLUDE");
  await page.getByLabel("Rule 1: address part", { exact: true }).fill("/checkout");
  await verdict.filter({ hasText: "The button is hidden on this page." }).waitFor();
  await tryAddress("https://rules.test/products/shoes");
  await verdict.filter({ hasText: "The button shows on this page." }).waitFor();

  // The preview on those two pages says the same.
  const pageUrl = page.getByLabel("Page URL");
  await pageUrl.fill("https://rules.test/checkout/pay");
  await preview(page).locator(".call-now-button").waitFor({ state: "detached" });
  await pageUrl.fill("https://rules.test/products/shoes");
  await preview(page).locator(".call-now-button").waitFor();

  // Show only where the address matches a pattern: /products/ followed by a name.
  await page.getByRole("button", { name: "Add a page rule" }).click();
  await page.getByLabel("Rule 2: how to compare", { exact: true }).selectOption("REGEX");
  await page.getByLabel("Rule 2: address part", { exact: true }).fill("/products/[a-z]+$");
  await verdict.filter({ hasText: "The button shows on this page." }).waitFor();
  await tryAddress("https://rules.test/about");
  await verdict.filter({ hasText: "The button is hidden on this page." }).waitFor();
  await pageUrl.fill("https://rules.test/about");
  await preview(page).locator(".call-now-button").waitFor({ state: "detached" });

  // A pattern that is no pattern: the server's message is beside that field.
  const pattern = page.getByLabel("Rule 2: address part", { exact: true });
  await pattern.fill("/products/[a-z");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByRole("alert").filter({ hasText: "The draft was not saved" }).waitFor();
  assert.equal(await pattern.getAttribute("aria-invalid"), "true");
  await page.locator(".rule").nth(1).locator(".field-error").waitFor();
  assert.deepEqual(await axeViolations(page, "body"), []);
  await pattern.fill("/products/[a-z]+$");
  // An emptied address part is saved as an empty one, not left out (crates/model requires it).
  const part1 = page.getByLabel("Rule 1: address part", { exact: true });
  await part1.fill("");
  await saveDraft(page);
  assert.equal((await savedConfig(page, domainId)).conditions[0].matchValue, "");
  await part1.fill("/checkout");
  await saveDraft(page);
  const saved = await savedConfig(page, domainId);
  assert.deepEqual(
    saved.conditions.map(({ filterType, conditionType, matchType, matchValue }) => ({ filterType, conditionType, matchType, matchValue })),
    [
      { filterType: "EXCLUDE", conditionType: "URL", matchType: "SUBSTRING", matchValue: "/checkout" },
      { filterType: "INCLUDE", conditionType: "URL", matchType: "REGEX", matchValue: "/products/[a-z]+$" },
    ],
  );
  assert.deepEqual(saved.buttons[0].conditions, saved.conditions.map((c) => c.id));
});

test("a button's channels are reordered with the keyboard alone, and the widget shows the new order", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "order.test");
  for (const [name, question, answer] of [
    ["Call", "Your phone number", "+31 20 123 4567"],
    ["WhatsApp", "Your WhatsApp number", "+31 6 1234 5678"],
    ["E-mail", "Your e-mail address", "hello@shop.test"],
  ]) {
    await pickChannel(page, name);
    await form(page, name).getByLabel(question, { exact: true }).fill(answer);
  }
  await choose(page, /A bar across the screen/);
  const shownOrder = () => preview(page).locator(".call-now-button [data-action-type]").evaluateAll((els) => els.map((e) => e.dataset.actionType));
  await preview(page).locator('.call-now-button [data-action-type="EMAIL"]').waitFor();
  assert.deepEqual(await shownOrder(), ["PHONE", "WHATSAPP", "EMAIL"]);

  // Tab to E-mail's "Move up" and press Enter twice: E-mail first.
  await page.getByRole("button", { name: "Move E-mail up" }).focus();
  await page.keyboard.press("Enter");
  assert.deepEqual(await channelOrder(page), ["Call", "E-mail", "WhatsApp"]);
  await page.getByRole("button", { name: "Move E-mail up" }).focus();
  await page.keyboard.press("Enter");
  assert.deepEqual(await channelOrder(page), ["E-mail", "Call", "WhatsApp"]);

  // React Aria's keyboard drag: Enter on the handle starts it, an arrow key picks the place, Enter
  // drops. WhatsApp, last, moves up.
  await page.getByRole("button", { name: "Drag WhatsApp" }).focus();
  await page.keyboard.press("Enter");
  await page.locator(".action-row[data-dragging]").waitFor();
  await page.keyboard.press("ArrowUp");
  await page.locator(".action-list [data-drop-target]").waitFor({ state: "attached" });
  await page.keyboard.press("Enter");
  await page.locator(".action-row[data-dragging]").waitFor({ state: "detached" });
  const order = await channelOrder(page);
  assert.ok(order.indexOf("WhatsApp") < 2, `WhatsApp moved up: ${order}`);
  const TYPES = { Call: "PHONE", WhatsApp: "WHATSAPP", "E-mail": "EMAIL" };
  const expected = order.map((n) => TYPES[n]);
  // The preview follows (it renders shortly after the last change).
  await eventually(async () => (await shownOrder()).join() === expected.join(), () => `the preview in the order ${expected}`);
  await saveDraft(page);
  const saved = await savedConfig(page, domainId);
  assert.deepEqual(saved.buttons[0].actions.map((id) => saved.actions.find((a) => a.id === id).actionType), expected);
  assert.deepEqual(await axeViolations(page, "body"), []);
});

test("a domain's buttons are reordered by dragging with the mouse, by keyboard drag and with Move up/down; the page shows the first", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "buttons-order.test");
  await pickChannel(page, "Call");
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  await page.getByRole("button", { name: "Add another button" }).click();
  await pickChannel(page, "WhatsApp");
  await form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  const list = page.getByRole("grid", { name: "Your buttons" });
  const buttonOrder = () => list.locator(".action-name strong").allTextContents();
  assert.deepEqual(await buttonOrder(), ["Button 1: Call", "Button 2: WhatsApp"]);
  // Without "several buttons on a page", a page shows the first button only: the call.
  const shown = () => preview(page).locator(".call-now-button [data-action-type]").evaluateAll((els) => els.map((e) => e.dataset.actionType));
  await eventually(async () => (await shown()).join() === "PHONE", "the preview shows the first button, the call");

  // The mouse: WhatsApp's row, dragged and dropped on the top half of the first row, goes first.
  const first = list.locator(".action-row").first();
  const box = await first.boundingBox();
  await list.locator(".action-row").nth(1).locator(".action-name").dragTo(first, { targetPosition: { x: box.width / 2, y: 4 } });
  await eventually(async () => (await buttonOrder()).join() === "Button 1: WhatsApp,Button 2: Call", "WhatsApp first after the drop");
  // The button being built follows its row: WhatsApp's button is still the one selected.
  await list.getByRole("row", { name: "Button 1: WhatsApp" }).and(page.locator('[aria-selected="true"]')).waitFor();
  await eventually(async () => (await shown()).join() === "WHATSAPP", "the preview shows WhatsApp's button");
  await saveDraft(page);
  let saved = await savedConfig(page, domainId);
  assert.deepEqual(
    saved.buttons.map((b) => b.actions.map((id) => saved.actions.find((a) => a.id === id).actionType)),
    [["WHATSAPP"], ["PHONE"]],
  );

  // The keyboard: on the call's row, ArrowRight reaches its drag handle; Enter, ArrowUp, Enter.
  await list.getByRole("row", { name: "Button 2: Call" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.getByRole("button", { name: "Drag Button 2: Call" }).and(page.locator(":focus")).waitFor();
  await page.keyboard.press("Enter");
  await list.locator(".action-row[data-dragging]").waitFor();
  // The drop places are named for screen readers; the first ArrowUp is where the call already is.
  // Each key waits for the focus it moves: on a busy machine a second key can land before the
  // drop places exist.
  await page.keyboard.press("ArrowUp");
  await page.getByRole("button", { name: /^Insert / }).and(page.locator(":focus")).waitFor({ state: "attached" });
  await page.keyboard.press("ArrowUp");
  await page.getByRole("button", { name: "Insert before Button 1: WhatsApp" }).and(page.locator(":focus")).waitFor({ state: "attached" });
  await page.keyboard.press("Enter");
  await list.locator(".action-row[data-dragging]").waitFor({ state: "detached" });
  await eventually(async () => (await buttonOrder()).join() === "Button 1: Call,Button 2: WhatsApp", "the call first again");
  await saveDraft(page);
  saved = await savedConfig(page, domainId);
  assert.equal(saved.actions.find((a) => a.id === saved.buttons[0].actions[0]).actionType, "PHONE");

  // And the row's own buttons.
  await page.getByRole("button", { name: "Move Button 2: WhatsApp up" }).click();
  await eventually(async () => (await buttonOrder()).join() === "Button 1: WhatsApp,Button 2: Call", "WhatsApp first again");
  assert.equal(await page.getByRole("button", { name: "Move Button 1: WhatsApp up" }).isDisabled(), true);
  await saveDraft(page);
  saved = await savedConfig(page, domainId);
  assert.equal(saved.actions.find((a) => a.id === saved.buttons[0].actions[0]).actionType, "WHATSAPP");
  assert.deepEqual(await axeViolations(page, "body"), []);
});

test("the chat's legal notice: the sentence and its links as fields, previewed as visitors will read it", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "legal.test");
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Visitors accept a notice before they chat").check();
  const preview = page.getByTestId("legal-preview");
  // Empty, the widget's default sentence.
  await preview.filter({ hasText: /^I accept the $/ }).waitFor();
  await page.getByLabel("The sentence visitors accept").fill("I accept the {link1} and the {link2}.");
  await page.getByLabel("Link 1: text").fill("privacy policy");
  await page.getByLabel("Link 1: address").fill("https://legal.test/privacy");
  await page.getByLabel("Link 2: text").fill("terms");
  await page.getByLabel("Link 2: address").fill("https://legal.test/terms");
  await preview.filter({ hasText: "I accept the privacy policy and the terms." }).waitFor();
  assert.equal(await preview.getByRole("link", { name: "privacy policy" }).getAttribute("href"), "https://legal.test/privacy");
  assert.equal(await preview.getByRole("link", { name: "terms" }).getAttribute("href"), "https://legal.test/terms");
  assert.deepEqual(await axeViolations(page, "body"), []);
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved.").waitFor();

  const domain = await page.evaluate(async (id) => (await (await fetch("/api/v1/owner/domains")).json()).domains.find((d) => d.id === id), domainId);
  assert.equal(domain.properties["chat-legal-enabled"], "true");
  assert.equal(domain.properties["chat-legal-notice"], "I accept the {link1} and the {link2}.");
  assert.deepEqual(JSON.parse(domain.properties["chat-legal-link1"]), { link: "https://legal.test/privacy", text: "privacy policy" });
  await page.reload();
  assert.equal(await page.getByLabel("Link 2: address").inputValue(), "https://legal.test/terms");
  await preview.filter({ hasText: "I accept the privacy policy and the terms." }).waitFor();
});

/** Shows one screen in the live preview (it shows one at a time) and returns its frame. */
async function showScreen(screen) {
  const { page } = fx.owner;
  await page.getByRole("radio", { name: screen === "desktop" ? "Desktop" : "Phone", exact: true }).check();
  return preview(page, screen);
}

test("a button the widget will not show says so where it is built, with the fix; the fix shows both in the preview", async () => {
  const { page } = fx.owner;
  const domainId = await addDomain(page, fx.server.origin, "two.test");
  await pickChannel(page, "WhatsApp");
  await form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  // "Add another button" puts the focus on the new button's first control: its first channel.
  await page.getByRole("button", { name: "Add another button" }).click();
  await page.getByRole("heading", { name: "What should visitors be able to do with Button 2?" }).waitFor();
  await eventually(() => tile(page, "Call").evaluate((el) => el === document.activeElement), "the focus on the new button's first channel");
  await page.keyboard.press("Space");
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");

  // Both at the bottom right (the defaults), "Allow several buttons on a page" off: the page shows WhatsApp only, and the builder says so.
  const fate = page.getByTestId("button-fate");
  await fate.getByText("Button 2 will not show: a page shows only one button (Button 1) while “Allow several buttons on a page” is off; and Button 1 already takes the bottom right").waitFor();
  const rows = page.getByRole("grid", { name: "Your buttons" }).getByRole("row");
  assert.match(await rows.nth(1).textContent(), /Not shown/);
  assert.doesNotMatch(await rows.nth(0).textContent(), /Not shown/);
  for (const screen of ["desktop", "phone"]) await (await showScreen(screen)).locator('.call-now-button [data-action-type="WHATSAPP"]').waitFor();
  assert.equal(await preview(page).locator(".call-now-button").count(), 1);
  assert.deepEqual(await axeViolations(page, "body"), [], "the warning");
  await page.getByRole("heading", { name: "Your buttons" }).scrollIntoViewIfNeeded();
  await shot("builder-hidden-button.png");

  await fate.getByRole("button", { name: "Allow several buttons and move this one to the bottom centre" }).click();
  await fate.waitFor({ state: "detached" });
  assert.doesNotMatch(await rows.nth(1).textContent(), /Not shown/);
  for (const screen of ["desktop", "phone"]) {
    const frame = await showScreen(screen);
    await frame.locator('.call-now-button.cnb-bottom-center [data-action-type="PHONE"]').waitFor();
    await frame.locator('.call-now-button.cnb-bottom-right [data-action-type="WHATSAPP"]').waitFor();
  }
  await shot("builder-hidden-button-fixed.png");
  await saveDraft(page);
  const saved = await savedConfig(page, domainId);
  assert.equal(saved.domains[0].properties.allowMultipleButtons, true);
  assert.deepEqual(saved.buttons.map((b) => b.options.placement), ["BOTTOM_RIGHT", "BOTTOM_CENTER"]);
});

test("a channel's label in French: added in its form, published, a French page shows it and an English page the channel's own", async () => {
  const { page } = fx.owner;
  const host = "words.test";
  const domainId = await addDomain(page, fx.server.origin, host);
  await pickChannel(page, "Call");
  const f = form(page, "Call");
  await f.getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  const words = f.getByRole("group", { name: "Label in other languages" });
  const focused = (locator) => locator.and(page.locator(":focus")).waitFor();

  // Keyboard only: the language to add, Add, and the focus is in the new field.
  await words.getByLabel("Add a language").selectOption("fr");
  await words.getByRole("button", { name: "Add the label in français (fr)" }).press("Enter");
  await focused(words.getByLabel("français (fr)", { exact: true }));
  await page.keyboard.type("Appelez-nous");
  // A second language, added and removed again: the focus goes back to where languages are added.
  await words.getByLabel("Add a language").selectOption("de");
  await words.getByRole("button", { name: "Add the label in Deutsch (de)" }).press("Enter");
  await focused(words.getByLabel("Deutsch (de)", { exact: true }));
  await page.keyboard.type("Rufen Sie an");
  await words.getByRole("button", { name: "Remove the label in Deutsch (de)" }).press("Enter");
  await words.getByLabel("Deutsch (de)", { exact: true }).waitFor({ state: "detached" });
  await focused(words.getByLabel("Add a language"));
  assert.deepEqual(await axeViolations(page, "body"), [], "labels in other languages");
  await words.scrollIntoViewIfNeeded();
  await shot("builder-label-languages.png");

  // Published from the first publication's button (the draft is saved first).
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Published: version 1 is live.", { exact: false }).first().waitFor();
  const saved = await savedConfig(page, domainId);
  assert.deepEqual(saved.actions[0].translations, { fr: { labelText: "Appelez-nous" } });

  // A visitor's page in French and one in English (the browser English in both).
  const label = async (lang) => {
    const visitor = await openPage(fx.browser, { locale: "en-US" });
    await visitor.page.goto(fx.site.page(`/${lang}`, { lang, domainId, host }));
    const button = visitor.page.locator('.call-now-button [data-action-type="PHONE"]');
    await button.waitFor();
    const text = (await button.innerText()).trim();
    await visitor.context.close();
    return text;
  };
  assert.equal(await label("fr"), "Appelez-nous");
  assert.equal(await label("en"), "Call");
});

/**
 * A visitor whose browser reads `locale`, on a page of `host` that names no language and no
 * direction, opens the live chat from the list button (named `toggle`) and saves the profile (its
 * labels in `words`); returns the page (closed by the caller) and the chat dialog.
 */
async function visitorChat({ domainId, host, locale, phone, toggle, words }) {
  const size = phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } };
  const visitor = await openPage(fx.browser, { locale, reducedMotion: "reduce", ...size });
  await visitor.page.goto(fx.site.page(`/${locale}-${phone ? "phone" : "desktop"}`, { lang: null, domainId, host }));
  await visitor.page.getByRole("button", { name: toggle }).click();
  await visitor.page.locator('.call-now-button [data-action-type="CHAT"]').click();
  const dialog = visitor.page.locator('.cnb-m-host [role="dialog"]').filter({ visible: true });
  const profile = dialog.getByRole("form", { name: words.form });
  await profile.getByLabel(words.name).fill("Ann Visitor");
  await profile.getByLabel(words.email).fill("ann@example.com");
  await profile.getByRole("button", { name: words.save }).click();
  const box = dialog.getByRole("textbox", { name: words.message, exact: true });
  await box.and(visitor.page.locator(":enabled")).waitFor();
  return { ...visitor, dialog, box };
}

/** Waits until the chat window (the one on screen, as it is re-rendered) is laid out in `direction`. */
const windowDirection = (dialog, direction) =>
  eventually(async () => (await dialog.evaluate((d) => getComputedStyle(d).direction).catch(() => "")) === direction, `the chat window ${direction}`);

test("a live chat made in the builder speaks each visitor's own language: French and Arabic browsers on a page without lang or dir", async () => {
  const { page } = fx.owner;
  const host = "langues.test";
  const domainId = await addDomain(page, fx.server.origin, host);
  await pickChannel(page, "Live chat");
  const chat = form(page, "Live chat");
  // The widget's own words are shown as defaults, not written in as the owner's.
  const placeholder = chat.getByLabel("Text in the empty message box", { exact: true });
  assert.equal(await placeholder.inputValue(), "");
  assert.equal(await placeholder.getAttribute("placeholder"), "Type your message");
  await chat.getByText("Empty: visitors see “How can we help?”, in their own language.").waitFor();
  assert.equal(await chat.getByLabel("Text beside the button", { exact: true }).inputValue(), "");
  await pickChannel(page, "WhatsApp");
  await form(page, "WhatsApp").getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Published: version 1 is live.", { exact: false }).first().waitFor();
  const saved = await savedConfig(page, domainId);
  const live = saved.actions.find((a) => a.actionType === "CHAT");
  assert.equal(live.labelText, undefined, "no English label");
  assert.equal(live.properties, undefined, "no English welcome or placeholder");
  assert.equal(saved.buttons[0].type, "MULTI");
  assert.equal(saved.buttons[0].multiButtonOptions?.labelTextOpen, undefined, "no English words beside the list");

  for (const phone of [false, true]) {
    const fr = await visitorChat({ domainId, host, locale: "fr-FR", phone, toggle: "Moyens de contact", words: { form: "Profil", name: "Nom complet", email: "Adresse e-mail", save: "Enregistrer", message: "Message" } });
    await fr.dialog.getByText("Comment pouvons-nous vous aider ?", { exact: true }).waitFor();
    assert.equal(await fr.box.getAttribute("placeholder"), "Écrivez votre message");
    await windowDirection(fr.dialog, "ltr");
    assert.deepEqual(await axeViolations(fr.page, ".cnb-m-host"), []);
    if (SHOTS) await fr.page.screenshot({ path: join(SHOTS, `builder-chat-fr-${phone ? "phone" : "desktop"}.png`) });
    await fr.context.close();

    const ar = await visitorChat({ domainId, host, locale: "ar", phone, toggle: "خيارات التواصل", words: { form: "الملف الشخصي", name: "الاسم الكامل", email: "البريد الإلكتروني", save: "حفظ", message: "الرسالة" } });
    const welcome = ar.dialog.locator(".cnb-c-bubble", { hasText: "كيف يمكننا مساعدتك؟" });
    await welcome.waitFor();
    assert.equal(await ar.box.getAttribute("placeholder"), "اكتب رسالتك");
    // Right to left although the page says nothing: the chat window and its Arabic words.
    await windowDirection(ar.dialog, "rtl");
    assert.equal(await welcome.evaluate((b) => getComputedStyle(b).direction), "rtl");
    // A Latin message inside it is laid out left to right by its own words (dir="auto").
    await ar.box.fill("Order 42: when does it ship?");
    await ar.box.press("Enter");
    const latin = ar.dialog.locator(".cnb-c-bubble", { hasText: "Order 42: when does it ship?" });
    // The sent bubble is drawn again once the server has it: read the one on screen.
    await eventually(async () => (await latin.evaluate((b) => getComputedStyle(b).direction).catch(() => "")) === "ltr", "the Latin message laid out left to right");
    assert.deepEqual(await axeViolations(ar.page, ".cnb-m-host"), []);
    if (SHOTS) await ar.page.screenshot({ path: join(SHOTS, `builder-chat-ar-${phone ? "phone" : "desktop"}.png`) });
    await ar.context.close();
  }
});
