// The owner's side of consent first and triggers: the domain's Settings switch "Wait for the
// visitor's consent" (saved as properties.waitForConsent), and the builder's "Moment" controls of
// a button (seconds, % scrolled, page view, exit intent, and a chat that opens by itself once),
// saved into the button's options.triggers; axe finds nothing on either screen.
//
// With SCREENSHOTS=dir, screenshots of both go there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { addDomain, pickChannel, saveDraft, savedConfig } from "../lib/builder.mjs";

const SHOTS = process.env.SCREENSHOTS;
const shot = (locator, name) => SHOTS && locator.screenshot({ path: join(SHOTS, name) });

const fx = beckonFixture({ owner: { viewport: { width: 1280, height: 900 } } });

test("the builder's moment controls save the button's triggers; Settings saves waitForConsent", async () => {
  const { page } = fx.owner;
  const id = await addDomain(page, fx.server.origin, "moments.test");
  await pickChannel(page, "Live chat");
  const moment = page.getByRole("group", { name: "Moment" });
  await moment.getByLabel("Appears after (seconds on the page)").fill("5");
  await moment.getByLabel("Appears after scrolling (% of the page)").fill("40");
  await moment.getByLabel("Appears from page view (in a visit)").fill("2");
  await moment.getByLabel("Appears when the visitor is about to leave (desktops)").check();
  const opens = moment.getByLabel("Opens by itself when it appears");
  await opens.selectOption({ index: 1 });
  await moment.getByLabel("Every time, not once per visit").waitFor();
  await saveDraft(page);
  const saved = await savedConfig(page, id);
  const chat = saved.actions.find((a) => a.actionType === "CHAT");
  assert.deepEqual(saved.buttons[0].options.triggers, { afterSeconds: 5, afterScrollPercent: 40, exitIntent: true, afterPageViews: 2, openAction: chat.id });
  await moment.scrollIntoViewIfNeeded();
  assert.deepEqual(await axeViolations(page, "body"), [], "builder");
  await shot(moment, "builder-moment.png");

  await page.getByRole("navigation", { name: "Domain" }).getByRole("link", { name: "Settings" }).click();
  const consent = page.getByLabel("Wait for the visitor's consent");
  await consent.check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Settings saved.").waitFor();
  const domain = await page.evaluate(async (d) => (await fetch(`/api/v1/owner/domains/${d}`)).json(), id);
  assert.equal(domain.properties.waitForConsent, true);
  assert.deepEqual(await axeViolations(page, "body"), [], "settings");
  await shot(page.getByRole("group", { name: "Privacy" }), "settings-consent.png");
});
