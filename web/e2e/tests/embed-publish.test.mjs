// A published change is seen on the very next page view in the same browser: the hosted embed
// (/d/{id}.js) is revalidated with its ETag on every page view instead of being reused from the
// browser's cache. The page is the server's own front page, which embeds the demo domain exactly
// as a site does (no request routing in the browser: Playwright's routing would switch the HTTP
// cache off and hide the problem).
import { test } from "node:test";
import assert from "node:assert/strict";
import { login, DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";

const fx = beckonFixture();

test("after Publish, the next page view in the same browser shows the change", async () => {
  const owner = await login(fx.server.origin, DEMO.owner);
  const visitor = await openPage(fx.browser);
  const embedAnswers = [];
  visitor.page.on("response", (r) => {
    if (r.url().endsWith(`/d/${DEMO.domainId}.js`)) embedAnswers.push(r.status());
  });
  await visitor.page.goto(`${fx.server.origin}/`);
  await visitor.page.locator(".call-now-button").getByText("Call us").first().waitFor();

  // The owner renames the call action and publishes.
  const config = await (await owner(`/api/v1/owner/domains/${DEMO.domainId}/config`)).json();
  config.actions.find((a) => a.id === "demo-phone").labelText = "Ring the shop";
  const saved = await owner(`/api/v1/owner/domains/${DEMO.domainId}/config`, { method: "PUT", body: JSON.stringify(config) });
  assert.equal(saved.status, 200, await saved.text());
  const published = await owner(`/api/v1/owner/domains/${DEMO.domainId}/publish`, { method: "POST" });
  assert.equal(published.status, 200, await published.text());

  // The visitor opens the page again (a navigation, not a forced reload).
  await visitor.page.goto(`${fx.server.origin}/`);
  await visitor.page.locator(".call-now-button").getByText("Ring the shop").first().waitFor();
  assert.equal(await visitor.page.locator(".call-now-button").getByText("Call us").count(), 0);

  // Nothing changed since: the browser asks again and gets a cheap 304, and still shows it.
  const before = embedAnswers.length;
  await visitor.page.goto(`${fx.server.origin}/`);
  await visitor.page.locator(".call-now-button").getByText("Ring the shop").first().waitFor();
  assert.equal(embedAnswers.length, before + 1, "the embed is asked for on every page view");
  await visitor.context.close();
});
