// Onboarding: a new owner (added with `beckon user add`) goes from an empty console to a button on
// their site: domain → channel → (look: the defaults) → publish → snippet → installed. The test
// counts the clicks and the fields typed on the way (bench/results.md records them) and fails if
// the path gets longer; the button shows on a page of the site and the console says it is
// installed. axe on each screen. With SCREENSHOTS=dir, a screenshot of each step goes there (docs/console.md's
// are in docs/screenshots/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { join } from "node:path";
import { startBeckon, BECKON_BIN } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";
import { CEILING } from "../lib/wait.mjs";

const fx = beckonFixture();

const EMAIL = "nora@bakery.test";
const PASSWORD = "a long enough password";
const HOST = "bakery.test";

test("a new owner gets from an empty console to a button on their site in four clicks and two fields", async () => {
  const added = spawnSync(BECKON_BIN, ["user", "add", "--email", EMAIL, "--name", "Nora", "--role", "owner", "--org", "Nora's Bakery", "--password-stdin", "--data-dir", fx.server.dataDir], { input: PASSWORD, encoding: "utf8" });
  assert.equal(added.status, 0, added.stderr);

  const { page, context } = await openPage(fx.browser, { viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: fx.server.origin });
  await page.goto(`${fx.server.origin}/console/`);
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();

  // From here on every click and every field the owner fills is counted.
  let clicks = 0;
  let fields = 0;
  const click = async (locator) => (await locator.click(), clicks++);
  const fill = async (locator, text) => (await locator.fill(text), fields++);

  // The empty console: Domains, with the first steps.
  await page.getByRole("heading", { name: "Welcome! A button on your site in a few steps" }).waitFor();
  assert.deepEqual(await axeViolations(page, "body"), [], "empty console");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "onboarding-empty.png") });

  // 1. The domain.
  await fill(page.getByLabel("Site host name"), HOST);
  await click(page.getByRole("button", { name: "Add the domain" }));
  // 2. A channel: WhatsApp, with the number. Until there is one, nothing can be published.
  await page.getByRole("heading", { name: "What should visitors be able to do?" }).waitFor();
  const publish = page.getByRole("button", { name: "Publish", exact: true });
  assert.equal(await publish.isDisabled(), true, "nothing to publish before a channel");
  assert.deepEqual(await axeViolations(page, "body"), [], "new domain");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "onboarding-domain.png") });
  await click(page.getByRole("button", { name: "WhatsApp", exact: true }));
  await fill(page.getByLabel("Your WhatsApp number", { exact: true }), "+31 6 1234 5678");
  // 3. The look: the defaults (WhatsApp's own colour), as the preview shows them.
  await page.frameLocator('iframe[title="Preview of your buttons on a phone"]').locator('.call-now-button [data-action-type="WHATSAPP"]').waitFor({ state: "attached" });
  // 4. Publish: a first publication says beside the button what goes live, and publishes in one
  // click (the unsaved draft is saved first).
  const goingLive = page.getByRole("list", { name: "What goes live" }).getByRole("listitem");
  assert.deepEqual(await goingLive.allTextContents(), ["A button for WhatsApp at the bottom right"]);
  assert.equal(await publish.isDisabled(), false);
  assert.deepEqual(await axeViolations(page, "body"), [], "ready to publish");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "onboarding-publish.png") });
  await click(publish);
  // 5. The Publish tab leads on to the snippet, with focus on what to do next.
  const next = page.getByText("Published: version 1 is live. Now put it on your site");
  await next.waitFor();
  assert.equal(await next.evaluate((el) => el === document.activeElement), true, "focus on the next step");
  assert.deepEqual(await axeViolations(page, "body"), [], "published");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "onboarding-published.png") });
  await click(page.getByRole("button", { name: "Copy hosted snippet" }));
  await page.getByText("Waiting for your site…").waitFor();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());

  // 6. The owner pastes it into their site; a visitor opens a page: the button is there…
  const site = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bakery</title></head><body><h1>Nora's Bakery</h1>${snippet}</body></html>`);
  });
  await new Promise((r) => site.listen(0, "127.0.0.1", r));
  const visitor = await openPage(fx.browser);
  await visitor.page.goto(`http://${HOST}:${site.address().port}/`);
  const wa = visitor.page.locator('.call-now-button a[href^="https://wa.me/31612345678"]');
  await wa.waitFor();
  // …and the console says so.
  await page.getByRole("status").filter({ hasText: `Installed on http://${HOST}:${site.address().port}` }).waitFor({ timeout: CEILING });
  assert.deepEqual(await axeViolations(page, "body"), [], "installed");
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, "onboarding-installed.png") });

  console.log(`onboarding: ${clicks} clicks and ${fields} fields from an empty console to an installed button`);
  // The path may get shorter, never longer: 4 clicks (Add the domain, WhatsApp, Publish, Copy
  // hosted snippet), fewer than every peer in bench/results.md (6 to 8).
  assert.equal(clicks, 4);
  assert.equal(fields, 2);
  await visitor.context.close();
  site.close();
});

test("with --allow-signup a visitor creates an account from the login page and lands on the first steps", async () => {
  const open = await startBeckon({ env: { BECKON_ALLOW_SIGNUP: "true" } });
  try {
    const { page, context } = await openPage(fx.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${open.origin}/console/`);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Create your Beckon account" }).waitFor();
    // A short password is named beside its field; nothing is created.
    await page.getByLabel("Your name").fill("Sam");
    await page.getByLabel("E-mail").fill("sam@florist.test");
    await page.getByLabel("Password (at least 8 characters)").fill("short");
    await page.getByRole("button", { name: "Create the account" }).click();
    await page.getByRole("alert").filter({ hasText: "Please correct the fields marked." }).waitFor();
    assert.equal(await page.getByLabel("Password (at least 8 characters)").getAttribute("aria-invalid"), "true");
    assert.deepEqual(await axeViolations(page, "body"), [], "sign-up form");
    await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
    await page.getByLabel("Business name (optional)").fill("Sam's Flowers");
    await page.getByRole("button", { name: "Create the account" }).click();
    await page.getByRole("heading", { name: "Welcome! A button on your site in a few steps" }).waitFor();
    // Logged in as Sam (the name shows beside Log out on wide screens, in its title on a laptop's).
    assert.equal(await page.getByRole("button", { name: "Log out" }).getAttribute("title"), "Logged in as Sam");
    await context.close();
  } finally {
    await open.close();
  }
  // Without the flag the login page offers no sign-up.
  const { page, context } = await openPage(fx.browser);
  await page.goto(`${fx.server.origin}/console/`);
  await page.getByRole("button", { name: "Log in" }).waitFor();
  await page.waitForLoadState("networkidle");
  assert.equal(await page.getByRole("button", { name: "Create an account" }).count(), 0);
  await context.close();
});
