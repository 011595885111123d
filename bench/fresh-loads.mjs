// Fresh loads of a page using the hosted embed (/d/demo.js of a real `beckon serve`) in real
// Chromium, with varied timing, counting the loads on which no Beckon button became visible.
// Each load picks (from a seeded random sequence, so a run can be repeated):
// - the page: Beckon's own landing page (same origin), or a site's page where the embed gets in by
//   <script async> in <head> or at the end of <body>, defer, a blocking <script>, or injected by the page's own script at once (document.readyState "loading"), at
//   DOMContentLoaded ("interactive"), at load ("complete") or a while after load;
// - a page whose HTML arrives in two parts (the embed runs while the document still loads);
// - network: latency and download throughput (CDP Network.emulateNetworkConditions);
// - CPU throttling 1-6× (CDP Emulation.setCPUThrottlingRate);
// - the HTTP cache: a fresh browser context (cold), the same context again (warm), or disabled;
// - desktop or phone (touch) viewport;
// - after the buttons showed: a reload, or a navigation away and back (bfcache or not).
// A load counts as "without buttons" when no `.call-now-button` is on the screen, visible (not
// hidden, not transparent), `--deadline` ms after
// navigation starts; such loads are written out with what the page held (roots, their display,
// the stylesheet marker, the loader's state) and waited on up to 30 s, to tell late from never.
// Usage: node bench/fresh-loads.mjs [--loads 500] [--parallel 2] [--seed 1] [--deadline 10000]
//        [--record] (BECKON_BIN: the server binary, as for the browser tests)
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { DEMO, startBeckon } from "../web/e2e/lib/beckon.mjs";
import { launchBrowser } from "../web/e2e/lib/browser.mjs";
import { median, percentile, recordSection } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    loads: { type: "string", default: "500" },
    parallel: { type: "string", default: "2" },
    seed: { type: "string", default: "1" },
    deadline: { type: "string", default: "10000" },
    record: { type: "boolean", default: false },
    only: { type: "string" }, // JSON: fields every variant takes, e.g. '{"after":"reload"}'
  },
});
const LOADS = Number(values.loads);
const PARALLEL = Number(values.parallel);
const DEADLINE = Number(values.deadline);

/** mulberry32: a small seeded generator, so a run's sequence of variants can be repeated. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(Number(values.seed));
const pick = (list) => list[Math.floor(rand() * list.length)];

// "landing": Beckon's own landing page (/ of the server: the demo domain's hosted embed, same origin).
const INJECTIONS = ["landing", "async-body", "async-head", "defer", "blocking", "inject-loading", "inject-interactive", "inject-complete", "inject-later"];
const NETWORKS = [
  { name: "none" },
  { name: "20 ms", latency: 20, download: -1 },
  { name: "Slow 4G", latency: 150, download: (1.6 * 1024 * 1024) / 8 },
  { name: "3G", latency: 300, download: (750 * 1024) / 8 },
  { name: "jittery", latency: 60, download: (5 * 1024 * 1024) / 8 },
];
const CPUS = [1, 2, 4, 6];
const CACHES = ["cold", "warm", "disabled"];
const AFTER = ["nothing", "nothing", "reload", "back", "back-no-bfcache"];

const beckon = await startBeckon();
const embed = `${beckon.origin}/d/${DEMO.domainId}.js`;

// The site: pages served by a server of its own, some in two parts `split` ms apart.
const loader = (how, later) => {
  const inject = `var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(embed)};document.head.appendChild(s);`;
  switch (how) {
    case "async-head":
    case "async-body":
      return `<script async src="${embed}"></script>`;
    case "defer":
      return `<script defer src="${embed}"></script>`;
    case "blocking":
      return `<script src="${embed}"></script>`;
    case "inject-loading":
      return `<script>${inject}</script>`;
    case "inject-interactive":
      return `<script>document.addEventListener("DOMContentLoaded",function(){${inject}})</script>`;
    case "inject-complete":
      return `<script>addEventListener("load",function(){${inject}})</script>`;
    case "inject-later":
      return `<script>addEventListener("load",function(){setTimeout(function(){${inject}},${later})})</script>`;
  }
};
const site = createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname == "/away") {
    res.writeHead(200, { "content-type": "text/html" });
    return res.end(`<!doctype html><title>Away</title><p>Another page</p>`);
  }
  const how = url.searchParams.get("how") || "async-body";
  const split = Number(url.searchParams.get("split") || 0);
  const later = Number(url.searchParams.get("later") || 0);
  const noStore = url.searchParams.has("nostore");
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": noStore ? "no-store" : "no-cache" });
  const tag = loader(how, later);
  res.write(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>${how == "async-body" ? "" : tag}</head>
<body><main><h1>Shop</h1>${"<p>Everything for your garden, all year round.</p>".repeat(30)}`);
  const rest = () => res.end(`</main>${how == "async-body" ? tag : ""}</body></html>`);
  if (split) setTimeout(rest, split);
  else rest();
});
await new Promise((r) => site.listen(0, "127.0.0.1", r));
const siteOrigin = `http://127.0.0.1:${site.address().port}`;

const browser = await launchBrowser();

/** What the page holds: the roots, their display, the marker, the loader's state. */
const inspect = () => {
  const roots = [...document.querySelectorAll(".call-now-button")];
  return {
    readyState: document.readyState,
    cnb: !!window.CNB,
    version: window.CNB && window.CNB.version,
    dataLeft: "CNB_DATA" in window,
    cssLeft: "CNB_CSS" in window,
    errors: window.__errors,
    adopted: document.adoptedStyleSheets.length,
    links: [...document.querySelectorAll("link[rel=stylesheet]")].map((l) => l.href),
    roots: roots.map((r) => {
      const b = r.getBoundingClientRect();
      const cs = getComputedStyle(r);
      return { cls: r.className, display: r.style.display, visible: r.checkVisibility(), marker: cs.getPropertyValue("--cnb-loaded"), opacity: cs.opacity, translate: cs.translate, rect: [b.left, b.top, b.width, b.height].map(Math.round) };
    }),
    resources: performance
      .getEntriesByType("resource")
      .filter((e) => /beckon|\/d\//.test(e.name))
      .map((e) => [new URL(e.name).pathname, Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize, e.encodedBodySize, e.decodedBodySize, e.responseStatus]),
  };
};
/** A button the visitor sees: rendered, not transparent nor hidden, and on the screen. */
const anyVisible = () =>
  [...document.querySelectorAll(".call-now-button")].some((r) => {
    const b = r.getBoundingClientRect();
    return r.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && b.width > 0 && b.height > 0 && b.right > 0 && b.bottom > 0 && b.left < innerWidth && b.top < innerHeight;
  });

/** Waits until a button is visible; the time since navigation start, or null after `timeout`. */
async function visibleWithin(page, timeout) {
  try {
    await page.waitForFunction(anyVisible, null, { timeout, polling: 50 });
    return Math.round(await page.evaluate(() => performance.now()));
  } catch {
    return null;
  }
}

const results = [];
const failures = [];
let warm = null; // a context whose HTTP cache holds the embed (per worker)

async function oneLoad(i, v, worker) {
  const phone = v.device == "phone";
  const options = phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 800 } };
  let context = v.cache == "warm" ? worker.warm : null;
  if (!context) context = await browser.newContext(options);
  if (v.cache == "warm" && !worker.warm) worker.warm = context;
  const page = await context.newPage();
  const logs = [];
  page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
  // Every error event, also a cross-origin script's (muted: "Script error.") that pageerror may miss.
  await page.addInitScript(() => {
    window.__errors = [];
    addEventListener("error", (e) => window.__errors.push(`${e.message} ${e.filename || (e.target && e.target.src) || ""}`), true);
  });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const net = [];
    cdp.on("Network.responseReceived", (e) => e.response.url.includes("/d/") && net.push(["response", e.response.status, e.response.headers["content-encoding"] || e.response.headers["Content-Encoding"] || "", e.response.fromDiskCache, e.response.encodedDataLength]));
    const ids = new Set();
    cdp.on("Network.requestWillBeSent", (e) => e.request.url.includes("/d/") && ids.add(e.requestId) && net.push(["request", Math.round(e.timestamp * 1000) % 100000]));
    cdp.on("Network.loadingFinished", (e) => ids.has(e.requestId) && net.push(["finished", e.encodedDataLength]));
    cdp.on("Network.loadingFailed", (e) => ids.has(e.requestId) && net.push(["failed", e.errorText, e.canceled]));
    worker.net = net;
    if (v.cache == "disabled") await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (v.network.latency !== undefined)
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: v.network.latency, downloadThroughput: v.network.download, uploadThroughput: -1 });
    if (v.cpu > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: v.cpu });
    const query = `how=${v.how}&split=${v.split}&later=${v.later}${v.after == "back-no-bfcache" ? "&nostore" : ""}&n=${i}`;
    await page.goto(v.how == "landing" ? `${beckon.origin}/?n=${i}` : `${siteOrigin}/p?${query}`, { waitUntil: "commit" });
    let at = await visibleWithin(page, DEADLINE);
    let phase = "load";
    if (at !== null && v.after == "reload") {
      phase = "reload";
      await page.reload({ waitUntil: "commit" });
      at = await visibleWithin(page, DEADLINE);
    } else if (at !== null && v.after.startsWith("back")) {
      phase = v.after;
      await page.goto(v.how == "landing" ? `${beckon.origin}/api/openapi.json` : `${siteOrigin}/away`);
      await page.goBack({ waitUntil: "commit" });
      at = await visibleWithin(page, DEADLINE);
    }
    const result = { i, ...v, network: v.network.name, phase, at };
    if (at === null) {
      const state = await page.evaluate(inspect).catch((e) => String(e));
      const late = await visibleWithin(page, Math.max(0, 30_000 - DEADLINE));
      failures.push({ ...result, state, late, logs: logs.slice(-20), net: worker.net });
      console.log(`load ${i}: NO BUTTON after ${DEADLINE} ms (${late === null ? "none within 30 s" : `shown at ${late} ms`})`, JSON.stringify({ v: { ...v, network: v.network.name }, state, logs: logs.slice(-5) }));
    }
    results.push(result);
  } finally {
    await page.close().catch(() => {});
    if (context !== worker.warm) await context.close().catch(() => {});
  }
}

let next = 0;
const variants = Array.from({ length: LOADS }, () => ({
  how: pick(INJECTIONS),
  split: pick([0, 0, 50, 300]),
  later: pick([0, 16, 100, 500]),
  network: pick(NETWORKS),
  cpu: pick(CPUS),
  cache: pick(CACHES),
  device: pick(["desktop", "phone"]),
  after: pick(AFTER),
  ...(values.only ? JSON.parse(values.only, (k, v) => (k == "network" ? NETWORKS.find((n) => n.name == v) : v)) : {}),
}));
const started = Date.now();
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    const worker = { warm: null };
    while (next < LOADS) {
      const i = next++;
      await oneLoad(i, variants[i], worker).catch((e) => {
        failures.push({ i, error: String(e) });
        console.log(`load ${i}: error ${e}`);
      });
      if ((i + 1) % 50 == 0) console.log(`${i + 1} loads, ${failures.length} without buttons`);
    }
    await worker.warm?.close();
  }),
);
await browser.close();
site.close();
await beckon.close();

const shown = results.filter((r) => r.at !== null).map((r) => r.at);
const by = (key) => {
  const groups = {};
  for (const r of results) (groups[r[key]] ??= []).push(r);
  return Object.entries(groups)
    .map(([k, rs]) => `${k} ${rs.length}/${rs.filter((r) => r.at === null).length}`)
    .join(", ");
};
const summary = `Loads: ${results.length} (+${LOADS - results.length} that failed to run), without buttons after ${DEADLINE} ms: **${failures.length}**
Time to the first visible button (from navigation start, loads that showed one): median ${median(shown)} ms, p95 ${percentile(shown, 95)} ms, max ${Math.max(...shown)} ms.
Loads / without buttons by variant: embed: ${by("how")}; cache: ${by("cache")}; network: ${by("network")}; CPU: ${by("cpu")}; after: ${by("after")}; device: ${by("device")}.
Seed ${values.seed}, ${PARALLEL} pages at a time, ${Math.round((Date.now() - started) / 1000)} s.`;
console.log(summary);
for (const f of failures) console.log(JSON.stringify(f));
if (values.record) await recordSection("fresh-loads", `## Fresh loads of the hosted embed\n\n\`node bench/fresh-loads.mjs --loads ${LOADS} --parallel ${PARALLEL} --seed ${values.seed} --record\`\n\n${summary}`);
process.exit(failures.length ? 1 : 0);
