// The API reference at /api/docs: Swagger UI, shipped with the console's build and served by the
// server under the console's CSP, shows the document the handlers generate. Everything it loads
// comes from this server, and the policy refuses nothing it does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { axeViolations } from "../lib/axe.mjs";

const fx = beckonFixture();

test("/api/docs renders every route from this server alone, within the console's CSP", async () => {
  const { context, page, logs, errors } = await openPage(fx.browser);
  const elsewhere = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== fx.server.origin) elsewhere.push(r.url());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(`${fx.server.origin}/api/docs`);
  assert.match(response.headers()["content-security-policy"], /script-src 'self';/);

  await page.getByRole("heading", { name: /Beckon API/ }).waitFor();
  // A known route, with its summary from the handler's annotation.
  const publish = page.locator('.opblock[id*="publish"]').filter({ has: page.locator('[data-path="/api/v1/owner/domains/{id}/publish"]') });
  await publish.getByText("Publish the draft").waitFor();
  assert.ok((await page.locator(".opblock").count()) > 40, "every operation is listed");
  // Opening it shows its answers.
  await publish.locator(".opblock-summary-control").click();
  await publish.getByText("embedUrl").first().waitFor();

  assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
  assert.deepEqual(elsewhere, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(logs.filter((l) => l.type === "error"), []);
  // Axe-clean with the page's own fixes (api-docs/main.ts, api-docs.css) to Swagger UI's layout.
  assert.deepEqual(await axeViolations(page, "body"), []);
  if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT });
  await context.close();
});
