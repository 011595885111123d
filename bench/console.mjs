// The console as an agent feels it, against a real `beckon serve` (target/debug/beckon, SQLite)
// in Chromium:
// - the build's size (gzip -9 of web/console/dist/assets: the app, the preview page, the API reference);
// - log in → the inbox listing 9 chats: median of RUNS fresh logins, from the click on "Log in";
// - reload → the inbox with those chats shown: median of RUNS reloads, from navigation start;
// - visitor message → shown in the console's chat list: a visitor page sends over its realtime
//   socket, the console page notes when the text appears (MutationObserver); median and p99 of
//   MESSAGES messages. Both pages are in one browser (one clock). Paced under the server's rate limit.
// Usage: cargo build -p beckon-server && make build && node bench/console.mjs [--runs 9] [--messages 40]
//        node bench/console.mjs --sizes-only   (the build's sizes, no server, no timing)
import { readdir, readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { loadavg, cpus } from "node:os";
import { parseArgs } from "node:util";
import { launchBrowser } from "../web/e2e/lib/browser.mjs";
import { startBeckon, DEMO } from "../web/e2e/lib/beckon.mjs";
import { openApiVisitor } from "../web/e2e/lib/console.mjs";
import { median, percentile, recordSection } from "./lib.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "9" }, messages: { type: "string", default: "40" }, "sizes-only": { type: "boolean", default: false } } });
const RUNS = Number(values.runs);
const MESSAGES = Number(values.messages);
const PACE_MS = 550;
// The server lets one address open 10 chats at once: 9 listed, 1 for the message visitor.
const CHATS = 9;
const fmt = (ms) => ms.toFixed(1);

const assets = new URL("../web/console/dist/assets/", import.meta.url);
// What loads when: the app (every screen: login, inbox), the owner's screens (lazy chunks of
// Domains and Agents, with what they share with the builder), the builder (a lazy chunk of a
// domain's Buttons tab), the phone-number library (loaded when the builder first checks a number
// or lists countries), the conversation's thread (a lazy chunk with react-virtuoso, fetched as the
// inbox opens), the page the live preview frames, and the API reference (/api/docs).
const KINDS = [
  ["conversation thread", /^MessageThread-/],
  ["preview page", /^preview/],
  ["API reference", /^api-docs-/],
  ["builder", /^Builder/],
  ["owner screens", /^(DomainsPage|AgentsPage|problems)-/],
  ["phone numbers", /^min-/],
  ["app", /./],
];
const sizes = {};
for (const f of await readdir(assets)) {
  const kind = KINDS.find(([, re]) => re.test(f))[0];
  sizes[kind] = (sizes[kind] ?? 0) + gzipSync(await readFile(new URL(f, assets)), { level: 9 }).length;
}
const kib = (kind) => `${((sizes[kind] ?? 0) / 1024).toFixed(1)} KiB`;
const sizeRows = [
  ["console app, gzip -9 (JS + CSS every screen loads)", kib("app")],
  ["conversation thread, gzip -9 (react-virtuoso; loaded as the inbox opens)", kib("conversation thread")],
  ["owner screens, gzip -9 (loaded when an owner opens Domains or Agents)", kib("owner screens")],
  ["builder, gzip -9 (loaded with a domain's Buttons tab)", kib("builder")],
  ["phone numbers and countries, gzip -9 (loaded when the builder first needs them)", kib("phone numbers")],
  ["preview page, gzip -9", kib("preview page")],
  ["API reference page (/api/docs, Swagger UI), gzip -9", kib("API reference")],
];
if (values["sizes-only"]) {
  console.log(sizeRows.map(([a, b]) => `| ${a} | ${b} |`).join("\n"));
  process.exit(0);
}

const load0 = loadavg()[0];
const server = await startBeckon();
const browser = await launchBrowser();
for (let i = 0; i < CHATS; i++) {
  const r = await fetch(`${server.origin}/api/v1/chat/public/channels/domain/${DEMO.domainId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Visitor ${i}`, email: `v${i}@example.com`, url: `${server.origin}/`, legalNoticeAccepted: Date.now() }),
  });
  if (!r.ok) throw new Error(`chat ${i}: ${r.status}`);
}

const listShown = () => document.querySelectorAll(".chat-item").length > 0;

const logins = [];
const reloads = [];
let consolePage;
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/console/`);
  await page.getByLabel("E-mail").fill(DEMO.agent);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("tab", { name: "All open" }).or(page.getByRole("button", { name: "Log in" })).first().waitFor();
  const t0 = await page.evaluate(() => performance.now());
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForFunction(listShown);
  logins.push((await page.evaluate(() => performance.now())) - t0);
  await page.reload();
  await page.waitForFunction(listShown);
  reloads.push(await page.evaluate(() => performance.now()));
  if (i < RUNS - 1) await context.close();
  else consolePage = page;
}

// Messages: the console shows the chat list (All open); the visitor writes.
await consolePage.getByRole("tab", { name: "All open" }).click();
const visitor = await openApiVisitor(browser, server.origin, { name: "Bench Visitor", email: "bench@example.com" });
await visitor.start();
await visitor.connect();
await consolePage.evaluate(() => {
  window.seen = {};
  new MutationObserver(() => {
    for (const el of document.querySelectorAll(".chat-preview")) {
      const t = el.textContent;
      if (t.startsWith("bench-") && !(t in window.seen)) window.seen[t] = performance.timeOrigin + performance.now();
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});
const latencies = [];
for (let i = 0; i < MESSAGES; i++) {
  const text = `bench-${i}`;
  const sent = await visitor.page.evaluate((text) => {
    window.ws.send(JSON.stringify({ op: "chat-message", clientId: text, message: text, attachments: [] }));
    return performance.timeOrigin + performance.now();
  }, text);
  await consolePage.waitForFunction((t) => t in window.seen, text);
  latencies.push((await consolePage.evaluate((t) => window.seen[t], text)) - sent);
  await new Promise((r) => setTimeout(r, PACE_MS));
}
const load1 = loadavg()[0];
await browser.close();
await server.close();

const rows = [
  ...sizeRows,
  [`click "Log in" → inbox listing ${CHATS} chats`, `median ${fmt(median(logins))} ms of ${RUNS} (max ${fmt(Math.max(...logins))} ms)`],
  [`reload → inbox listing ${CHATS} chats (from navigation start)`, `median ${fmt(median(reloads))} ms of ${RUNS} (max ${fmt(Math.max(...reloads))} ms)`],
  ["visitor sends → message shown in the console's chat list", `median ${fmt(median(latencies))} ms, p99 ${fmt(percentile(latencies, 99))} ms (${MESSAGES} messages)`],
];
const md = `## Console
Command: \`cargo build -p beckon-server && make build && node bench/console.mjs --runs ${RUNS} --messages ${MESSAGES}\` — real \`beckon serve\` (debug build, SQLite) on loopback, Chromium; ${cpus().length} CPUs, load average ${load0.toFixed(1)} → ${load1.toFixed(1)} during the run (other work on the machine inflates every figure).

| what | figure |
|---|---|
${rows.map(([a, b]) => `| ${a} | ${b} |`).join("\n")}
`;
console.log(md);
await recordSection("console", md);
