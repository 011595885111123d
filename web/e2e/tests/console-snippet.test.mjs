// Copying the embed snippet when the console is on plain http under a host name (not localhost):
// the browser has no clipboard API there, so the console selects the snippet and says to press
// Ctrl+C, and that copies exactly the snippet. Never a silent failure.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEMO } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { openConsole } from "../lib/console.mjs";
import { axeViolations } from "../lib/axe.mjs";

const fx = beckonFixture();

test("on plain http the copy button selects the snippet and says to press Ctrl+C", async () => {
  // *.test names resolve to this machine (lib/browser.mjs): a plain-http origin that is not
  // localhost, so not a secure context.
  const plainOrigin = fx.server.origin.replace("127.0.0.1", "beckon.test");
  const { page, context } = await openConsole(fx.browser, plainOrigin, { email: DEMO.owner, path: `domains/${DEMO.domainId}/publish` });
  assert.equal(await page.evaluate(() => window.isSecureContext), false);
  // Published demo: the publish screen says when a publication reaches visitors.
  await page.getByText("visitors see what you publish on their next page view").waitFor();

  const hosted = page.getByLabel("Hosted (recommended) snippet");
  const snippet = (await hosted.textContent()).trim();
  await page.getByRole("button", { name: "Copy hosted snippet" }).click();
  await page.getByRole("status").filter({ hasText: "The snippet is selected: press Ctrl+C to copy it." }).waitFor();
  assert.equal((await page.evaluate(() => getSelection().toString())).trim(), snippet);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-label")), "Hosted (recommended) snippet");

  // The owner presses Ctrl+C: the clipboard holds the snippet (read back on a secure page).
  await page.keyboard.press("Control+C");
  await context.grantPermissions(["clipboard-read"], { origin: fx.server.origin });
  const reader = await context.newPage();
  await reader.goto(`${fx.server.origin}/api/openapi.json`);
  assert.equal((await reader.evaluate(() => navigator.clipboard.readText())).trim(), snippet);
  assert.deepEqual(await axeViolations(page, "body"), []);
  await context.close();
});
