// Statistics as an owner reads them across two domains: each series (page views, button views,
// clicks) keeps its colour and marker whatever its rank on a domain, two series with the same
// figures are both named (the legend says one line covers the other), and each action shows its
// click-through (clicks ÷ views of the buttons that hold it). The figures reach the real server
// through the widget's statistics API. The owner's browser is British (en-GB): the chart's days are
// written in the console's language with the month's name ("Nov 8"), never as 11/8.
import { test } from "node:test";
import assert from "node:assert/strict";
import { login, DEMO } from "../lib/beckon.mjs";
import { beckonFixture } from "../lib/fixture.mjs";
import { eventually } from "../lib/console.mjs";
import { axeViolations } from "../lib/axe.mjs";

const domains = {};
const fx = beckonFixture({
  owner: { viewport: { width: 1280, height: 900 }, locale: "en-GB" },
  async setup() {
    const owner = await login(fx.server.origin, DEMO.owner);
    for (const name of ["alpha.test", "beta.test"]) {
      const created = await owner("/api/v1/owner/domains", { method: "POST", body: JSON.stringify({ name }) });
      assert.equal(created.status, 201, await created.clone().text());
      const { id } = await created.json();
      domains[name] = id;
      const config = await (await owner(`/api/v1/owner/domains/${id}/config`)).json();
      config.actions = [
        { id: "wa", actionType: "WHATSAPP", actionValue: "+31612345678", labelText: "WhatsApp" },
        { id: "tel", actionType: "PHONE", actionValue: "+31201234567", labelText: "Call us" },
      ];
      config.buttons = [{ id: "b1", active: true, domainId: id, type: "MULTI", actions: ["wa", "tel"] }];
      const saved = await owner(`/api/v1/owner/domains/${id}/config`, { method: "PUT", body: JSON.stringify(config) });
      assert.equal(saved.status, 200, await saved.text());
    }
    // alpha: 5 page views, its button seen 4 times, WhatsApp clicked once and Call us twice.
    // beta: 2 page views, the button seen 4 times, WhatsApp clicked twice: as many clicks as page
    // views, and the ranks differ from alpha's.
    await send(domains["alpha.test"], { pageviews: 5, views: 4, clicks: { wa: 1, tel: 2 } });
    await send(domains["beta.test"], { pageviews: 2, views: 4, clicks: { wa: 2 } });
  },
});

/** What the widget sends for these page views, button views and clicks (spec §7 and its extension). */
async function send(domainId, { pageviews, views, clicks }) {
  const post = (payload) =>
    fetch(`${fx.server.origin}/api/v1/stats`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "event", payload: { website: "beckon", event_name: domainId, url: "https://shop.test/", ...payload } }),
    }).then((r) => assert.equal(r.status, 204));
  for (let i = 0; i < pageviews; i++) await post({});
  for (let i = 0; i < views; i++) await post({ name: "view", buttons: ["b1"] });
  for (const [action, n] of Object.entries(clicks)) for (let i = 0; i < n; i++) await post({ name: "click", buttons: ["b1"], action });
}

const legend = () => fx.owner.page.getByRole("list", { name: "Chart legend" });

/** The statistics of a domain, once the server has written all of its figures. */
async function openStats(name, expected) {
  const { page } = fx.owner;
  await page.goto(`${fx.server.origin}/console/domains/${domains[name]}/stats`);
  await eventually(async () => {
    await page.reload();
    await page.getByRole("heading", { name: "Statistics" }).waitFor();
    const text = (await legend().count()) ? await legend().textContent() : "";
    return expected.every((e) => text.includes(e));
  }, `${name}'s figures: ${expected.join(", ")}`);
}

/** The colour, dash and marker the chart draws a series with. */
const drawn = (label) =>
  fx.owner.page.locator(`svg.chart g.series[data-series="${label}"]`).evaluate((g) => {
    const line = g.querySelector("polyline");
    return { colour: line.getAttribute("stroke"), dash: line.getAttribute("stroke-dasharray"), marker: line.nextElementSibling.tagName };
  });

const SERIES = ["Page views", "Button views (all buttons)", "Clicks (all actions)"];

test("each series keeps its look across domains; equal series are both named; click-through per action", async () => {
  const { page } = fx.owner;
  await openStats("alpha.test", ["Page views: 5", "Button views (all buttons): 4", "Clicks (all actions): 3"]);
  const alpha = Object.fromEntries(await Promise.all(SERIES.map(async (s) => [s, await drawn(s)])));
  assert.equal(new Set(Object.values(alpha).map((d) => d.colour)).size, 3, "three colours");

  // Click-through: WhatsApp 1 of 4 views, Call us 2 of 4.
  const ctr = page.getByTestId("click-through");
  const row = (name) => ctr.getByRole("row", { name: new RegExp(`^${name}`) }).getByRole("cell").allTextContents();
  assert.deepEqual(await row("WhatsApp"), ["4", "1", "25 %"]);
  assert.deepEqual(await row("Call us"), ["4", "2", "50 %"]);
  assert.deepEqual(await axeViolations(page, "body"), []);

  await openStats("beta.test", ["Page views: 2", "Button views (all buttons): 4", "Clicks (all actions): 2"]);
  for (const s of SERIES) assert.deepEqual(await drawn(s), alpha[s], `${s} looks the same on both domains`);
  // Page views and clicks are the same line here: the legend says so, and their markers differ.
  const text = await legend().textContent();
  assert.match(text, /Page views: 2 \(the same line as Clicks \(all actions\)\)/);
  assert.notEqual((await drawn("Page views")).marker + (await drawn("Page views")).dash, (await drawn("Clicks (all actions)")).marker + (await drawn("Clicks (all actions)")).dash);
  assert.deepEqual(await row("WhatsApp"), ["4", "2", "50 %"]);
  assert.deepEqual(await row("Call us"), ["4", "0", "0 %"]);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/stats-beta.png`, fullPage: true });
  assert.deepEqual(await axeViolations(page, "body"), []);
});

/** The days written under the chart. */
const axisDays = () => fx.owner.page.locator("svg.chart > text[text-anchor=middle]").allTextContents();

test("the chart's days name their month in the console's language, on a desktop and on a phone", async () => {
  const { page } = fx.owner;
  await openStats("alpha.test", ["Page views: 5"]);
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    const days = await axisDays();
    assert.ok(days.length >= 5, `${days.length} days under the chart`);
    // "Nov 8": the month by name (English, the console's language), no number a British or an American reader reads differently.
    for (const d of days) assert.match(d, /^[A-Z][a-z]{2} \d{1,2}$/, `"${d}" at ${viewport.width} px`);
    assert.deepEqual(await axeViolations(page, "body"), [], `statistics at ${viewport.width} px`);
    if (process.env.SCREENSHOTS) {
      await page.locator("svg.chart").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/stats-days-${viewport.width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});
