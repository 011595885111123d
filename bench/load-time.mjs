// Page-load cost of the widget at 4× CPU throttle, side by side with the same page without it, on
// a short and a long article page:
// - DOMContentLoaded → buttons visible (stylesheet cached), median of RUNS reloads;
// - main-thread task time in the 500 ms from DOMContentLoaded on, and its style and layout part, from a trace of each load (the CDP
//   Performance metrics add up per renderer process and restart when a reload changes process);
// - long tasks (> 50 ms) observed on the page;
// - Lighthouse 12 TBT and CLS with and without the widget.
// Usage: make build && node bench/load-time.mjs [--runs 15] [--no-lighthouse]
// To compare two widget builds side by side, build one elsewhere (WIDGET_OUT=DIR node
// web/widget/build.mjs) and alternate runs with --static DIR (serves that build instead of
// web/widget/dist; such a run prints its figures and records nothing).
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startServer } from "../web/demo/server.mjs";
import { embedPage } from "../web/demo/page.mjs";
import { launchBrowser } from "../web/e2e/lib/browser.mjs";
import { median, recordSection } from "./lib.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "15" }, "no-lighthouse": { type: "boolean", default: false }, static: { type: "string" } } });
const RUNS = Number(values.runs);
const THROTTLE = 4;
const LIGHTHOUSE_RUNS = 5;

const config = JSON.parse(await readFile(new URL("../crates/model/tests/fixtures/demo.json", import.meta.url), "utf8"));
config.domains = config.domains.map((d) => ({ ...d, aliases: [...(d.aliases ?? []), "bench.beckon.test"] }));
config.options = { ...config.options, cssLocation: "/static/beckon.css" };

// Recorded before the loader runs: when DOMContentLoaded fired and when a Beckon button was first painted visible.
const PROBE = `<script>
window.__bench = { longTasks: [] };
new PerformanceObserver((l) => l.getEntries().forEach((e) => __bench.longTasks.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  __bench.dcl = performance.now();
  (function check() {
    const b = document.querySelector(".call-now-button");
    if (b && b.getBoundingClientRect().width > 0 && getComputedStyle(b).display !== "none" && getComputedStyle(b).visibility !== "hidden") __bench.visible = performance.now();
    else requestAnimationFrame(check);
  })();
});
</script>`;
const article = (paragraphs) => `<main><h1>Bench page</h1>${"<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero.</p>".repeat(paragraphs)}</main>`;
// A short article, and a long one (3 000 paragraphs) on which any layout the widget forces shows.
const ARTICLES = { "": article(40), "/long": article(3000) };

const pages = {};
for (const [prefix, body] of Object.entries(ARTICLES)) {
  pages[`${prefix}/with`] = embedPage({ config, head: PROBE, body });
  pages[`${prefix}/without`] = embedPage({ head: PROBE, body, loaderSrc: "data:text/javascript," });
}
const server = await startServer({ cacheStatic: true, pages, ...(values.static ? { staticDir: values.static } : {}) });
const port = new URL(server.origin).port;
const url = (path) => `http://bench.beckon.test:${port}${path}`;
const browser = await launchBrowser();

async function measure(path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url(path)); // warm the cache: the stylesheet and loader come from it afterwards
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
    await page.reload({ waitUntil: "load" });
    // A fixed wait for both pages, then one plain evaluation: waitForFunction would compile
    // Playwright's injected script in the page (a long task of the test driver's own), and polling
    // would add tasks to one page's trace only.
    await page.waitForTimeout(1000);
    for (let t = 0; path.endsWith("/with") && !(await page.evaluate(() => window.__bench.visible !== undefined)); t += 100) {
      if (t > 10000) throw new Error(`${path}: the buttons did not show within 10 s`);
      await page.waitForTimeout(100);
    }
    const busy = mainThreadTime(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
    const b = await page.evaluate(() => window.__bench);
    samples.push({ visible: b.visible - b.dcl, ...busy, longTasks: b.longTasks.map(([start, d]) => d), longTaskStarts: b.longTasks.map(([start, d]) => [start - b.dcl, d]) });
  }
  await context.close();
  return samples;
}

/** From a trace of one page load: the page's main-thread task time, and its style and layout part (ms). */
function mainThreadTime(events) {
  // The page's renderer main thread: the one that parsed its HTML.
  const parse = events.find((e) => e.name == "ParseHTML");
  const main = events.filter((e) => e.ph == "X" && e.pid == parse.pid && e.tid == parse.tid);
  // From the task that runs DOMContentLoaded on, where the widget starts (before it: the
  // browser's navigation and parsing, the same with or without it, and the noisiest part).
  const dcl = events.find((e) => e.pid == parse.pid && e.tid == parse.tid && e.name == "EventDispatch" && e.args?.data?.type == "DOMContentLoaded");
  // Until 500 ms after it (the widget's startup, reveal and extras chunk take ~100 ms at 4×): a
  // longer window mostly adds the browser's idle-time work, which differs from page to page.
  const after = main.filter((e) => dcl && e.ts + e.dur >= dcl.ts && e.ts < dcl.ts + 500e3);
  const on = (name) => after.filter((e) => e.name == name).reduce((t, e) => t + e.dur / 1000, 0);
  const tasks = after.filter((e) => e.name == "RunTask");
  // Beckon's own time: its scripts' top-level calls and evaluations (loader, extras chunk), with
  // the style and layout they force, over the whole load (the whole page's task time differs by
  // ±20 ms from reload to reload, more than the widget costs).
  const ours = main
    .filter((e) => /^(FunctionCall|EvaluateScript|v8\.evaluateModule)$/.test(e.name) && /beckon/.test(e.args?.data?.url || e.args?.data?.scriptName || ""))
    .sort((a, b) => a.ts - b.ts);
  let widget = 0;
  let end = 0;
  for (const e of ours) if (e.ts >= end) (widget += e.dur / 1000), (end = e.ts + e.dur); // outermost only
  return { task: on("RunTask"), styleLayout: on("UpdateLayoutTree") + on("Layout"), widget, longest: Math.max(0, ...tasks.map((e) => e.dur / 1000)) };
}

const fmt = (n) => n.toFixed(1);
const runsWithLong = (samples) => samples.filter((s) => s.longTasks.length).length;

/** Measures a page with and without the widget, side by side; prints and returns the table rows. */
async function compare(prefix, label) {
  const withWidget = await measure(`${prefix}/with`);
  const without = await measure(`${prefix}/without`);
  const visible = median(withWidget.map((s) => s.visible));
  const styleDelta = median(withWidget.map((s) => s.styleLayout)) - median(without.map((s) => s.styleLayout));
  const taskDelta = median(withWidget.map((s) => s.task)) - median(without.map((s) => s.task));
  const longest = Math.max(0, ...withWidget.flatMap((s) => s.longTasks));
  const longestWithout = Math.max(0, ...without.flatMap((s) => s.longTasks));
  // Where the long tasks fall, relative to DOMContentLoaded (negative: before it), to tell them apart.
  if (process.env.BENCH_VERBOSE) for (const s of withWidget) console.log("long tasks (start vs DCL, duration):", JSON.stringify(s.longTaskStarts.map(([a, d]) => [Math.round(a), Math.round(d)])));
  console.log(`${label}: DOMContentLoaded → buttons visible: median ${fmt(visible)} ms (budget 50 ms)`);
  const widgetTime = median(withWidget.map((s) => s.widget));
  console.log(`${label}: Beckon's own main-thread time (its scripts, with the style and layout they force): median ${fmt(widgetTime)} ms`);
  console.log(`${label}: main-thread task time added: ${fmt(taskDelta)} ms, of which style and layout ${fmt(styleDelta)} ms`);
  console.log(`${label}: longest task with widget ${fmt(longest)} ms, without ${fmt(longestWithout)} ms (budget: none > 50 ms); runs with a long task: ${runsWithLong(withWidget)}/${RUNS} with, ${runsWithLong(without)}/${RUNS} without`);
  // Less at the mercy of one slow moment of the machine than the maximum: each reload's longest task from DOMContentLoaded on (trace), its median.
  const typical = (samples) => fmt(median(samples.map((s) => s.longest)));
  console.log(`${label}: each reload's longest task from DOMContentLoaded on, median: ${typical(withWidget)} ms with, ${typical(without)} ms without`);
  return `| ${label}: DOMContentLoaded → buttons visible (budget ≤ 50 ms) | ${fmt(visible)} ms |
| ${label}: Beckon's own main-thread time: its scripts' calls, with the style and layout they force (trace) | ${fmt(widgetTime)} ms |
| ${label}: main-thread task time in the 500 ms from DOMContentLoaded on, with minus without the widget (trace; ±20 ms from reload to reload), of which style and layout | ${fmt(taskDelta)} ms, ${fmt(styleDelta)} ms |
| ${label}: longest task with / without the widget (budget: none > 50 ms) | ${fmt(longest)} ms / ${fmt(longestWithout)} ms |
| ${label}: runs with a long task, with / without the widget | ${runsWithLong(withWidget)} / ${runsWithLong(without)} of ${RUNS} |
| ${label}: each reload's longest task from DOMContentLoaded on (trace), median with / without the widget | ${typical(withWidget)} ms / ${typical(without)} ms |`;
}
const rows = [await compare("", "short page"), await compare("/long", "long page (3 000 paragraphs)")].join("\n");

let lighthouseRows = "";
if (!values["no-lighthouse"]) {
  const { audit } = await import("../web/e2e/lib/lighthouse.mjs");
  const paths = ["/without", "/with"];
  const results = await audit(paths.map(url), LIGHTHOUSE_RUNS);
  const rows = paths.map((p, i) => [p, results[i]]);
  const runsOf = (r) => r.tbts.map((t) => t.toFixed(0)).join(", ");
  for (const [path, r] of rows) console.log(`lighthouse ${path}: TBT ${fmt(r.tbt)} ms (runs: ${runsOf(r)}), CLS ${r.cls.toFixed(3)}, performance ${r.score}`);
  lighthouseRows = rows.map(([path, r]) => `| Lighthouse 12 (mobile, simulated throttling) ${path === "/with" ? "with" : "without"} widget, median of ${LIGHTHOUSE_RUNS} | TBT ${fmt(r.tbt)} ms (runs: ${runsOf(r)}), CLS ${r.cls.toFixed(3)}, score ${r.score} |`).join("\n");
}
await browser.close();
await server.close();

if (!values.static) await recordSection("load-time", `## Page-load cost
Command: \`make build && node bench/load-time.mjs --runs ${RUNS}\` — Chromium ${THROTTLE}× CPU throttle (CDP), 412×823 viewport, stylesheet and loader cached, demo config; medians of ${RUNS} reloads, each page with and without the widget measured in the same run; a short article page and a long one (3 000 paragraphs, where a layout forced by the widget would cost 100+ ms).

| what | figure |
|---|---|
${rows}
${lighthouseRows}`);
