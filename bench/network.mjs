// A first visit on a phone over a slow network, as the issue measured it: Chrome's "Slow 4G"
// profile (562 ms added to every request, 180 KB/s down, 84 KB/s up; CDP
// Network.emulateNetworkConditions) and 4× CPU throttle, a fresh browser context per visit (cold
// cache), touch emulation (390×800, no hover). A real `beckon serve` (target/debug/beckon, SQLite)
// with the demo domain's chat published, and a site of its own origin whose page uses the hosted
// embed; the same page without the widget, and with the inline embed of the same config (without
// and with a preload of beckon.css in the head), are visited side by side in the same run.
// Per visit:
// - navigation → first button visible (a MutationObserver in the page, performance.now());
// - the page's first contentful paint and load event, with and without the widget;
// - tap → painted chat window: the visitor taps the chat button --wait ms after the load event (the
//   page is read first); from the tap's pointerdown to the frame after the chat dialog appears;
// - the widget's own script during load: from a trace of the visit from navigation to the tap, the
//   main thread's time in the widget's scripts (their outermost evaluations, compilations and
//   calls, by script URL: everything served by Beckon, or the peer's bundle), and the main thread's
//   task time, against the page without a widget.
// A peer in the same run: react-floating-whatsapp (the npm package, a devDependency of web/e2e,
// bundled with React at the bench's start by web/e2e/lib/peers.mjs and served by the site: never
// committed), on the same page: its script during load and tap on its button → its chat box
// painted open.
// Usage: cargo test --workspace --no-run && make build && node bench/network.mjs [--runs 5] [--wait 3000]
//   --dist DIR,DIR…  compare widget builds (WIDGET_OUT=DIR/ for build.mjs and app.build.mjs), one
//                    server per folder, visits alternating between them (bench/lib.mjs benchDists).
// Writes bench/results.md ("network"), one row per page and widget build.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { benchDists, median, recordSection } from "./lib.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, wait: { type: "string", default: "3000" }, dist: { type: "string" } } });
const RUNS = Number(values.runs);
const WAIT_MS = Number(values.wait);
const DISTS = await benchDists(values.dist);
// After BECKON_BIN is settled: e2e/lib/beckon.mjs reads it once, when first imported.
const { launchBrowser } = await import("../web/e2e/lib/browser.mjs");
const { startBeckon, DEMO } = await import("../web/e2e/lib/beckon.mjs");
const { CHAT_ACTION_ID, publishChat } = await import("../web/e2e/lib/chat.mjs");
const { startServer } = await import("../web/demo/server.mjs");
const { reactFloatingWhatsApp } = await import("../web/e2e/lib/peers.mjs");

/** Chrome DevTools' "Slow 4G" (latency in ms, throughput in bytes per second). */
const SLOW_4G = { offline: false, latency: 562, downloadThroughput: 180 * 1024, uploadThroughput: 84 * 1024 };
const THROTTLE = 4;
const PHONE = { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true };

const page = (script, head = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${head}<title>Shop</title></head>
<body><main><h1>Shop</h1><p>Everything for your garden: seeds, tools and advice.</p></main>${script}</body></html>`;

/** The peer's page script (web/e2e/lib/peers.mjs). */
const RFW_JS = await reactFloatingWhatsApp();
/** How each page's widget is tapped, found open, and its scripts told apart (by URL). */
const BECKON = {
  button: `.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`,
  open: () => {
    const shadow = document.querySelector(".cnb-m-host")?.shadowRoot;
    return shadow && Array.from(shadow.querySelectorAll('[role="dialog"]')).find((d) => !d.closest('[aria-hidden="true"]'));
  },
};
const RFW = {
  button: '[class*="whatsappButton"]',
  open: () => document.querySelector('[class*="whatsappChatBox"][class*="open"]'),
  ours: (url) => url.endsWith("/rfw.js"),
};

const setups = [];
for (const dist of DISTS) {
  const server = await startBeckon({ env: dist ? { BENCH_DIST: dist } : {} });
  await publishChat(server.origin);
  // The inline embed of the same config (as the hosted embed serves it), without and with a
  // preload of the stylesheet in the head (docs/configuration.md, "Embed": one round trip for an inline embed).
  const embed = await (await fetch(`${server.origin}/d/${DEMO.domainId}.js`)).text();
  const data = embed.slice("window.CNB_DATA=".length, embed.indexOf(";\n"));
  const inline = `<script>window.CNB_DATA=${data};</script><script async src="${server.origin}/static/beckon.js"></script>`;
  const preload = `<link rel="preload" as="style" href="${server.origin}/static/beckon.css">`;
  const site = await startServer({
    pages: {
      "/widget": page(`<script async src="${server.origin}/d/${DEMO.domainId}.js"></script>`),
      "/plain": page(""),
      "/inline": page(inline),
      "/inline-preload": page(inline, preload),
      "/rfw": page('<script async src="/rfw.js"></script>'),
      "/rfw.js": RFW_JS,
    },
  });
  const beckon = { ...BECKON, ours: (url) => url.startsWith(server.origin) };
  setups.push({ name: dist ?? "web/widget/dist", server, site, beckon, runs: [], inline: [], preloaded: [] });
}
const browser = await launchBrowser();

/** Records in the page: when the first button became visible, and FCP. */
function instrument() {
  new MutationObserver((_, o) => {
    const b = document.querySelector(".call-now-button");
    if (b?.checkVisibility()) (window.__visible = performance.now()), o.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name == "first-contentful-paint") window.__fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
}

/**
 * From a trace of a visit: the main thread's time in the widget's scripts (`ours(url)`: their
 * outermost evaluations, compilations and calls; what they run nested inside counts, their
 * promise reactions run from the browser's microtask checkpoints do not), and its whole task time (ms).
 */
function mainThread(events, ours, url) {
  // The page's renderer main thread: the one that parsed its HTML (not a blank page's before it).
  const parse = events.find((e) => e.name == "ParseHTML" && e.args?.beginData?.url == url) || events.filter((e) => e.name == "ParseHTML").pop();
  const main = events.filter((e) => e.ph == "X" && parse && e.pid == parse.pid && e.tid == parse.tid).sort((a, b) => a.ts - b.ts);
  const source = (e) => e.args?.data?.url || e.args?.data?.scriptName || e.args?.fileName || "";
  const script = main.filter((e) => /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.compile|v8\.compileModule|V8\.CompileCode)$/.test(e.name) && ours(source(e)));
  let own = 0;
  let end = 0;
  for (const e of script) if (e.ts >= end) (own += e.dur / 1000), (end = e.ts + e.dur); // outermost only
  const tasks = main.filter((e) => e.name == "RunTask").reduce((t, e) => t + e.dur / 1000, 0);
  return { own, tasks };
}
const TRACE = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute"];

/** One first visit of url on the slow phone; with a widget (w: BECKON or RFW), then taps its button. */
async function visit(url, w) {
  const context = await browser.newContext(PHONE);
  const p = await context.newPage();
  const cdp = await context.newCDPSession(p);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  await p.addInitScript(instrument);
  await browser.startTracing(p, { categories: TRACE });
  await p.goto(url, { waitUntil: "load", timeout: 60_000 });
  const loadEnd = await p.evaluate(() => performance.getEntriesByType("navigation")[0].loadEventEnd);
  const result = { load: loadEnd };
  if (w && w != RFW) await p.waitForFunction(() => window.__visible !== undefined, null, { timeout: 60_000 });
  await p.waitForTimeout(WAIT_MS); // the visitor reads the page before tapping
  const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  Object.assign(result, mainThread(trace, w?.ours || (() => false), url));
  if (w) {
    await p.waitForSelector(w.button);
    await p.evaluate((open) => {
      const opened = new Function(`return (${open})()`);
      document.addEventListener(
        "pointerdown",
        (e) => {
          const t0 = (window.__tapAt = e.timeStamp);
          // Checked in every frame: the frame that finds the chat open paints it, and a task
          // queued from its animation frame callback runs after that paint.
          const frame = () => (opened() ? setTimeout(() => (window.__painted = performance.now() - t0)) : requestAnimationFrame(frame));
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    }, w.open.toString());
    await p.locator(w.button).first().tap();
    await p.waitForFunction(() => window.__painted !== undefined, null, { timeout: 60_000 });
    result.tap = await p.evaluate(() => window.__painted);
    result.prefetched = await p.evaluate(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith("/beckon-app.js") && e.startTime < window.__tapAt));
  }
  Object.assign(result, await p.evaluate(() => ({ visible: window.__visible, fcp: window.__fcp })));
  if (w == RFW) result.visible = undefined;
  await context.close();
  return result;
}

const fmt = (ms) => (ms === undefined ? "–" : Math.round(ms).toString());
const load = () => loadavg()[0].toFixed(1);
const loadBefore = load();
const plain = [];
const rfw = [];
for (let i = 0; i < RUNS; i++) {
  plain.push(await visit(setups[0].site.origin + "/plain", null));
  for (const s of i % 2 ? [...setups].reverse() : setups) s.runs.push(await visit(s.site.origin + "/widget", s.beckon));
  // The peer, interleaved with Beckon's visits.
  rfw.push(await visit(setups[0].site.origin + "/rfw", RFW));
  // The inline embed, of the last build only (the one under test).
  const last = setups[setups.length - 1];
  last.inline.push(await visit(last.site.origin + "/inline", last.beckon));
  last.preloaded.push(await visit(last.site.origin + "/inline-preload", last.beckon));
}
const med = (runs, k) => {
  const values = runs.map((r) => r[k]).filter((v) => v !== undefined);
  return values.length ? median(values) : undefined;
};
const last = setups[setups.length - 1];
const rows = [
  ["no widget", plain],
  ...setups.map((s) => [`${s.name}: hosted embed`, s.runs]),
  [`${last.name}: inline embed`, last.inline],
  [`${last.name}: inline embed, stylesheet preloaded in the head`, last.preloaded],
  ["react-floating-whatsapp 5.0.8 (peer)", rfw],
];
console.log(`Slow 4G, ${THROTTLE}× CPU, cold cache, touch; medians of ${RUNS} visits (ms)`);
for (const [name, runs] of rows) {
  console.log(`${name}: FCP ${fmt(med(runs, "fcp"))}, load ${fmt(med(runs, "load"))}, buttons visible ${fmt(med(runs, "visible"))} [${runs.map((r) => fmt(r.visible)).join(", ")}], tap → painted chat ${fmt(med(runs, "tap"))} [${runs.map((r) => fmt(r.tap)).join(", ")}], own script until the tap ${fmt(med(runs, "own"))} [${runs.map((r) => fmt(r.own)).join(", ")}], main-thread tasks over the plain page ${fmt(med(runs, "tasks") - med(plain, "tasks"))}${runs[0].prefetched !== undefined ? `, app chunk fetched before the tap in ${runs.filter((r) => r.prefetched).length} of ${runs.length}` : ""}`);
}
console.log(`load average ${loadBefore} → ${load()}`);

await browser.close();
for (const s of setups) await s.site.close(), await s.server.close();
{
  const table = rows
    .map(([name, runs]) => `| ${name} | ${fmt(med(runs, "fcp"))} | ${fmt(med(runs, "load"))} | ${fmt(med(runs, "visible"))} | ${fmt(med(runs, "tap"))} | ${runs == plain ? "–" : fmt(med(runs, "own"))} | ${runs == plain ? fmt(med(runs, "tasks")) : "+" + fmt(med(runs, "tasks") - med(plain, "tasks"))} |`)
    .join("\n");
  await recordSection("network", `## A first visit on a slow phone
Command: \`cargo test --workspace --no-run && make build && node bench/network.mjs --runs ${RUNS} --wait ${WAIT_MS}${values.dist ? " --dist " + values.dist : ""}\` —
Slow 4G (562 ms per request, 180 KB/s), 4× CPU, cold cache, touch emulation; the site page with
the hosted embed, the same page without it and with the inline embed (without and with
\`<link rel="preload" as="style">\` of beckon.css in the head), side by side; medians of ${RUNS} visits, ms from
navigation; tap ${WAIT_MS} ms after the load event. The widget's own script: the main thread's time
in its scripts from navigation to the tap (trace); main-thread tasks: all of the page's, over the
page without a widget. The peer react-floating-whatsapp interleaved in the same run.
${cpus().length} CPUs, load average ${loadBefore} → ${load()}.

| page | first contentful paint | load event | buttons visible | tap → painted chat | widget's own script until the tap | main-thread tasks |
|---|---|---|---|---|---|---|
${table}`);
}
process.exit(0);
