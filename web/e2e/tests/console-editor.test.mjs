// The buttons editor shows exactly what is saved: an action's schedule days (ticked in the form
// = in the config, both ways), the chat's status and welcome texts a visitor would otherwise get
// as unseen defaults, and each messaging channel's brand colour on a new action. Real server,
// real console, real widget in the live preview.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startBeckon, DEMO } from "../lib/beckon.mjs";
import { launchBrowser } from "../lib/browser.mjs";
import { openConsole } from "../lib/console.mjs";
import { axeViolations } from "../lib/axe.mjs";

let beckon;
let browser;
let page;
before(async () => {
  beckon = await startBeckon();
  browser = await launchBrowser();
  ({ page } = await openConsole(browser, beckon.origin, { email: DEMO.owner, path: "domains", viewport: { width: 1400, height: 900 } }));
});
after(async () => {
  await browser?.close();
  await beckon?.close();
});

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const item = (title) => page.locator("details.item").filter({ hasText: title });
const preview = () => page.frameLocator('iframe[title="Preview of your buttons"]');

async function addDomain(host) {
  await page.goto(`${beckon.origin}/console/domains`);
  await page.getByLabel("Site host name").fill(host);
  await page.getByRole("button", { name: "Add the domain" }).click();
  await page.getByRole("heading", { name: host }).waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split("/")[3]);
}

async function addAction(type) {
  await page.getByLabel("New action of type").selectOption(type);
  await page.getByRole("button", { name: "Add the action" }).click();
}

/** The draft as the server holds it. */
const savedConfig = (domainId) => page.evaluate(async (id) => (await fetch(`/api/v1/owner/domains/${id}/config`)).json(), domainId);

async function saveDraft() {
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByText("Draft saved.").waitFor();
}

/** Which day boxes of an action's schedule are ticked, Monday first. */
const ticked = (action) => Promise.all(WEEKDAYS.map((d) => action.getByRole("checkbox", { name: d, exact: true }).isChecked()));

test("a schedule is saved with exactly the days the form shows, and a loaded one shows exactly its days", async () => {
  const domainId = await addDomain("hours.test");
  await addAction("WHATSAPP");
  const whatsapp = item("WhatsApp “WhatsApp”");
  await whatsapp.getByLabel("WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  await page.getByRole("button", { name: "Add a button" }).click();
  await item("Button “button-1”").getByRole("checkbox", { name: /WhatsApp · WhatsApp/ }).check();

  // Unticking "Always offered" shows office hours: Monday to Friday, 09:00 to 17:00.
  await whatsapp.getByLabel("Always offered").uncheck();
  assert.deepEqual(await ticked(whatsapp), [true, true, true, true, true, false, false]);
  assert.equal(await whatsapp.getByLabel("From", { exact: true }).inputValue(), "09:00");
  assert.equal(await whatsapp.getByLabel("Until", { exact: true }).inputValue(), "17:00");
  await whatsapp.getByLabel("Time zone", { exact: true }).selectOption("Europe/Amsterdam");

  // The preview (the real widget with the unsaved config) agrees: not on a Saturday morning,
  // there on a Monday morning.
  await page.getByLabel("Time zone of that time").selectOption("Europe/Amsterdam");
  await page.getByLabel("Time", { exact: true }).fill("2026-11-23T10:00"); // a Monday
  await preview().locator(".call-now-button").waitFor();
  await page.getByLabel("Time", { exact: true }).fill("2026-11-28T10:00"); // a Saturday
  await preview().locator(".call-now-button").waitFor({ state: "detached" });

  await saveDraft();
  const saved = (await savedConfig(domainId)).actions.find((a) => a.actionType === "WHATSAPP").schedule;
  assert.deepEqual(saved, {
    showAlways: false,
    timezone: "Europe/Amsterdam",
    daysOfWeek: [true, true, true, true, true, false, false],
    start: "09:00",
    stop: "17:00",
  });

  // Weekends only, saved, then read back into a freshly loaded editor.
  for (const d of WEEKDAYS) await whatsapp.getByRole("checkbox", { name: d, exact: true }).setChecked(d.startsWith("S"));
  await saveDraft();
  await page.reload();
  const reloaded = item("WhatsApp “WhatsApp”");
  await reloaded.locator("summary").click();
  assert.deepEqual(await ticked(reloaded), [false, false, false, false, false, true, true]);

  // A config written elsewhere without daysOfWeek means every day: the editor shows every day.
  const config = await savedConfig(domainId);
  delete config.actions[0].schedule.daysOfWeek;
  const put = await page.evaluate(
    async ({ id, config }) => {
      const me = await (await fetch("/api/v1/auth/me")).json();
      const r = await fetch(`/api/v1/owner/domains/${id}/config`, { method: "PUT", headers: { "content-type": "application/json", "x-beckon-csrf": me.csrfToken }, body: JSON.stringify(config) });
      return r.status;
    },
    { id: domainId, config },
  );
  assert.equal(put, 200);
  await page.reload();
  await item("WhatsApp “WhatsApp”").locator("summary").click();
  assert.deepEqual(await ticked(item("WhatsApp “WhatsApp”")), [true, true, true, true, true, true, true]);
  assert.deepEqual(await axeViolations(page, "body"), []);
});

test("a new chat shows its status and welcome texts pre-filled and editable; new channels start in their brand colours", async () => {
  const domainId = await addDomain("brands.test");
  await addAction("CHAT");
  const chat = item("Live chat “Live chat”");
  const status = chat.getByLabel("Status text (under the header)");
  assert.equal(await status.inputValue(), "We typically respond in 35 minutes");
  assert.equal(await chat.getByLabel("Welcome messages (one per line)").inputValue(), "How can we help?");
  await status.fill("Back within the hour");

  await addAction("WHATSAPP");
  await addAction("FACEBOOK");
  await addAction("TELEGRAM");
  await addAction("VIBER");
  const colour = (title) => item(title).getByLabel("Button colour", { exact: true });
  assert.equal(await colour("WhatsApp “WhatsApp”").inputValue(), "#008069");
  assert.equal(await colour("Facebook Messenger “Facebook Messenger”").inputValue(), "#0a7cff");
  assert.equal(await colour("Telegram “Telegram”").inputValue(), "#229ed9");
  assert.equal(await colour("Viber “Viber”").inputValue(), "#7360f2");
  // The owner can change it.
  await colour("Viber “Viber”").fill("#123456");

  // A visitor sees those colours: the preview's full bar shows each action in its colour.
  await item("WhatsApp “WhatsApp”").getByLabel("WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  await item("Telegram “Telegram”").getByLabel("Username", { exact: true }).fill("shop");
  await item("Viber “Viber”").getByLabel("Number or public account URI", { exact: true }).fill("+31612345678");
  await page.getByRole("button", { name: "Add a button" }).click();
  const button = item("Button “button-1”");
  await button.getByLabel("Button type", { exact: true }).selectOption("FULL");
  for (const name of [/WhatsApp · WhatsApp/, /Telegram · Telegram/, /Viber · Viber/]) await button.getByRole("checkbox", { name }).check();
  const shown = (type) =>
    preview()
      .locator(`.call-now-button [data-action-type="${type}"]`)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  await preview().locator('.call-now-button [data-action-type="VIBER"]').waitFor();
  assert.equal(await shown("WHATSAPP"), "rgb(0, 128, 105)");
  assert.equal(await shown("TELEGRAM"), "rgb(34, 158, 217)");
  assert.equal(await shown("VIBER"), "rgb(18, 52, 86)");

  await saveDraft();
  const saved = await savedConfig(domainId);
  const byType = (t) => saved.actions.find((a) => a.actionType === t);
  assert.equal(byType("CHAT").properties["chatmodal-header-subtext"], "Back within the hour");
  assert.equal(byType("CHAT").properties["chatmodal-messages"], "How can we help?");
  assert.equal(byType("WHATSAPP").backgroundColor, "#008069");
  assert.equal(byType("VIBER").backgroundColor, "#123456");
  assert.deepEqual(await axeViolations(page, "body"), []);
});
