// Page-load cost of the widget at 4× CPU throttle, side by side with the same page without it:
// - DOMContentLoaded → buttons visible (stylesheet cached), median of RUNS reloads;
// - main-thread script and task time (CDP Performance metrics) with and without the widget;
// - long tasks (> 50 ms) observed on the page;
// - Lighthouse 12 TBT and CLS with and without the widget.
// Usage: make build && node bench/load-time.mjs [--runs 15] [--no-lighthouse]
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startServer } from "../web/demo/server.mjs";
import { embedPage } from "../web/demo/page.mjs";
import { launchBrowser } from "../web/e2e/lib/browser.mjs";
import { median, recordSection } from "./lib.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "15" }, "no-lighthouse": { type: "boolean", default: false } } });
const RUNS = Number(values.runs);
const THROTTLE = 4;

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
const ARTICLE = `<main><h1>Bench page</h1>${"<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer nec odio. Praesent libero.</p>".repeat(40)}</main>`;

const server = await startServer({
  cacheStatic: true,
  pages: {
    "/with": embedPage({ config, head: PROBE, body: ARTICLE }),
    "/without": embedPage({ head: PROBE, body: ARTICLE, loaderSrc: "data:text/javascript," }),
  },
});
const port = new URL(server.origin).port;
const url = (path) => `http://bench.beckon.test:${port}${path}`;
const browser = await launchBrowser();

async function measure(path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url(path)); // warm the cache: the stylesheet and loader come from it afterwards
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const before = metrics(await cdp.send("Performance.getMetrics"));
    await page.reload({ waitUntil: "load" });
    if (path === "/with") await page.waitForFunction(() => window.__bench.visible !== undefined, null, { timeout: 10000 });
    await page.waitForTimeout(300);
    const after = metrics(await cdp.send("Performance.getMetrics"));
    const b = await page.evaluate(() => window.__bench);
    samples.push({ visible: b.visible - b.dcl, script: (after.ScriptDuration - before.ScriptDuration) * 1000, task: (after.TaskDuration - before.TaskDuration) * 1000, longTasks: b.longTasks.map(([start, d]) => d), longTaskStarts: b.longTasks.map(([start, d]) => [start - b.dcl, d]) });
  }
  await context.close();
  return samples;
}
const metrics = ({ metrics }) => Object.fromEntries(metrics.map((m) => [m.name, m.value]));

const withWidget = await measure("/with");
const without = await measure("/without");
const fmt = (n) => n.toFixed(1);
const visible = median(withWidget.map((s) => s.visible));
const scriptDelta = median(withWidget.map((s) => s.script)) - median(without.map((s) => s.script));
const taskDelta = median(withWidget.map((s) => s.task)) - median(without.map((s) => s.task));
const longest = Math.max(0, ...withWidget.flatMap((s) => s.longTasks));
const longestWithout = Math.max(0, ...without.flatMap((s) => s.longTasks));
const runsWithLong = (samples) => samples.filter((s) => s.longTasks.length).length;
// Where the long tasks fall, relative to DOMContentLoaded (negative: before it), to tell them apart.
if (process.env.BENCH_VERBOSE) for (const s of withWidget) console.log("long tasks (start vs DCL, duration):", JSON.stringify(s.longTaskStarts.map(([a, d]) => [Math.round(a), Math.round(d)])));
console.log(`DOMContentLoaded → buttons visible: median ${fmt(visible)} ms (budget 50 ms)`);
console.log(`main-thread script time added: ${fmt(scriptDelta)} ms; task time added: ${fmt(taskDelta)} ms`);
console.log(`longest task with widget ${fmt(longest)} ms, without ${fmt(longestWithout)} ms (budget: none > 50 ms); runs with a long task: ${runsWithLong(withWidget)}/${RUNS} with, ${runsWithLong(without)}/${RUNS} without`);

let lighthouseRows = "";
if (!values["no-lighthouse"]) {
  const { audit } = await import("../web/e2e/lib/lighthouse.mjs");
  const paths = ["/without", "/with"];
  const results = await audit(paths.map(url));
  const rows = paths.map((p, i) => [p, results[i]]);
  for (const [path, r] of rows) console.log(`lighthouse ${path}: TBT ${fmt(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, performance ${r.score}`);
  lighthouseRows = rows.map(([path, r]) => `| Lighthouse 12 (mobile, simulated throttling) ${path === "/with" ? "with" : "without"} widget | TBT ${fmt(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, score ${r.score} |`).join("\n");
}
await browser.close();
await server.close();

await recordSection("load-time", `## Page-load cost
Command: \`make build && node bench/load-time.mjs --runs ${RUNS}\` — Chromium ${THROTTLE}× CPU throttle (CDP), 412×823 viewport, stylesheet and loader cached, demo config; medians of ${RUNS} reloads, the page with and without the widget measured in the same run.

| what | figure |
|---|---|
| DOMContentLoaded → buttons visible (budget ≤ 50 ms) | ${fmt(visible)} ms |
| main-thread script time added by the widget | ${fmt(scriptDelta)} ms |
| main-thread task time added by the widget | ${fmt(taskDelta)} ms |
| longest task with / without the widget (budget: none > 50 ms) | ${fmt(longest)} ms / ${fmt(longestWithout)} ms |
| runs with a long task, with / without the widget | ${runsWithLong(withWidget)} / ${runsWithLong(without)} of ${RUNS} |
${lighthouseRows}`);
