// Screenshots of the owner's button builder for docs/console.md (docs/screenshots/builder-*.png),
// taken from a real `beckon serve` and the built console in Chromium.
// Usage: cd web && npm run build -w console && node e2e/screenshots.mjs
import { startBeckon, DEMO, ROOT } from "./lib/beckon.mjs";
import { launchBrowser } from "./lib/browser.mjs";
import { openConsole } from "./lib/console.mjs";
import { addDomain, choose, form, pickChannel, preview } from "./lib/builder.mjs";
import { join } from "node:path";

const out = (name) => join(ROOT, "docs/screenshots", `builder-${name}.png`);
const beckon = await startBeckon();
const browser = await launchBrowser();
try {
  const { page } = await openConsole(browser, beckon.origin, { email: DEMO.owner, path: "domains", viewport: { width: 1280, height: 800 } });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await addDomain(page, beckon.origin, "bakery.example");
  await pickChannel(page, "Call");
  await form(page, "Call").getByLabel("Your phone number", { exact: true }).fill("+31 20 123 4567");
  await pickChannel(page, "WhatsApp");
  const wa = form(page, "WhatsApp");
  await wa.getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 12");
  await wa.getByLabel("Message visitors start with").fill("Hello! I would like to order a cake.");
  await preview(page).locator(".call-now-button").waitFor();
  await page.evaluate(() => (document.querySelector("main").scrollTop = 0));
  await page.screenshot({ path: out("channels") });
  // Tall enough that each part below is shot whole.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await wa.locator(".field-error").waitFor();
  await wa.screenshot({ path: out("channel-form") });
  await wa.getByLabel("Your WhatsApp number", { exact: true }).fill("+31 6 1234 5678");
  await choose(wa, "At set hours");
  await wa.getByLabel("Time zone", { exact: true }).selectOption("Europe/Amsterdam");
  // A shop's week: Monday to Friday 09:00–18:00, Saturday 10:00–14:00, closed on Sunday.
  await wa.getByLabel("Monday until", { exact: true }).fill("18:00");
  await wa.getByRole("button", { name: "Use Monday’s hours on every open day" }).click();
  await wa.getByRole("checkbox", { name: "Saturday", exact: true }).check();
  await wa.getByLabel("Saturday from", { exact: true }).fill("10:00");
  await wa.getByLabel("Saturday until", { exact: true }).fill("14:00");
  await wa.locator("fieldset").filter({ has: page.locator("legend", { hasText: "Opening hours" }) }).screenshot({ path: out("hours") });
  await page.locator("section").filter({ has: page.getByRole("heading", { name: "How the button looks" }) }).screenshot({ path: out("look") });
  await page.getByRole("button", { name: "Add a page rule" }).click();
  await page.getByLabel("Rule 1", { exact: true }).selectOption("EXCLUDE");
  await page.getByLabel("Rule 1: address part", { exact: true }).fill("/checkout");
  await page.getByLabel("Try an address").fill("https://bakery.example/checkout/pay");
  await page.getByLabel("Find a country").fill("Neth");
  await page.getByRole("button", { name: "Add Netherlands" }).click();
  await choose(page.locator("fieldset").filter({ has: page.locator("legend", { hasText: "Scrolling" }) }), "After the first screen");
  await page.locator("section").filter({ has: page.getByRole("heading", { name: "When and where it shows" }) }).screenshot({ path: out("where") });
  // A second button: the domain's buttons as a list to reorder.
  await page.getByRole("button", { name: "Add another button" }).click();
  await pickChannel(page, "Live chat");
  await page.locator("section").filter({ has: page.getByRole("heading", { name: "Your buttons" }) }).screenshot({ path: out("buttons") });
  await page.getByRole("row", { name: /^Button 1/ }).click();
  await page.setViewportSize({ width: 820, height: 1180 }); // a tablet, upright
  await page.evaluate(() => (document.querySelector("main").scrollTop = 0));
  await page.screenshot({ path: out("tablet") });
  console.log("written to docs/screenshots/builder-*.png");
} finally {
  await browser.close();
  await beckon.close();
}
