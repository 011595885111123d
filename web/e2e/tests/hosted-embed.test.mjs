// The hosted embed (/d/{domainId}.js of a real `beckon serve`) on a site of its own origin, as a
// customer embeds it: the buttons need this one response (config, stylesheet text and loader),
// never a second round trip for beckon.css, also under a Content-Security-Policy that forbids
// inline styles (the stylesheet is adopted as a constructed stylesheet, not an inline <style>).
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEMO } from "../lib/beckon.mjs";
import { openPage } from "../lib/browser.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { visibleButtons } from "../lib/harness.mjs";

const fx = beckonFixture({ site: true });

/** A site page embedding the demo domain; head: extra markup for its <head>. */
function sitePage(path, head = "") {
  fx.site.pages[path] = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${head}<title>Shop</title></head>
<body><main><h1>Shop</h1></main><script async src="${fx.server.origin}/d/${DEMO.domainId}.js"></script></body></html>`;
  return fx.site.origin + path;
}

/** Opens url; the Beckon requests the page made until its buttons were visible, and after. */
async function visit(url) {
  const opened = await openPage(fx.browser);
  const requests = [];
  opened.page.on("request", (r) => r.url().startsWith(fx.server.origin) && requests.push(new URL(r.url()).pathname));
  await opened.page.goto(url);
  assert.ok((await visibleButtons(opened.page)) > 0, "the demo's buttons show");
  return { ...opened, requests };
}

/** The computed position of every shown root: "fixed" once beckon.css's rules apply. */
const positions = (page) => page.locator(".call-now-button").evaluateAll((els) => [...new Set(els.filter((e) => e.checkVisibility()).map((e) => getComputedStyle(e).position))]);

test("the buttons show after the embed's one response: no request for the stylesheet", async () => {
  const { page, context, requests, errors } = await visit(sitePage("/shop"));
  const shownWith = [...requests];
  assert.deepEqual(shownWith.slice(0, 1), [`/d/${DEMO.domainId}.js`]);
  assert.ok(!shownWith.includes("/static/beckon.css"), `requested before the buttons showed: ${shownWith.join(", ")}`);
  assert.deepEqual(await positions(page), ["fixed"], "styled");
  await page.waitForLoadState("load");
  assert.ok(!requests.includes("/static/beckon.css"), "nor after");
  assert.equal(await page.locator('link[href$="/static/beckon.css"]').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a page whose Content-Security-Policy forbids inline styles still gets styled buttons", async () => {
  // style-src 'self': neither an inline <style> nor Beckon's own origin is allowed for styles.
  const csp = `<meta http-equiv="Content-Security-Policy" content="style-src 'self'">`;
  const { page, context, errors } = await visit(sitePage("/strict", csp));
  assert.deepEqual(await positions(page), ["fixed"], "styled");
  assert.deepEqual(errors, []);
  await context.close();
});
