// Webhooks through the outbound queue (docs/webhooks.md): one `beckon serve` (SQLite) on
// loopback with `--allow-private-outbound`, a healthy endpoint (node:http, answers 200 at once) in
// this process, so the send and the arrival are read from one clock (performance.now()).
//
// 1. Latency: each sample is the first message of a new visitor chat, sent on the visitor's
//    realtime socket; ms from `ws.send` to the `message.created` delivery's headers at the
//    endpoint. The next sample waits for the delivery (an idle server each time).
// 2. Throughput: EVENTS test events queued at once (the owner's "Send a test event", 8 requests in
//    flight) and delivered by the one instance's worker: events/s from the first request to the
//    last delivery, and how long queuing them took.
// Checked: every delivery's signature (the `standardwebhooks` npm package) and one delivery per
// event (its webhook-id seen once).
//
//   node --experimental-websocket bench/webhooks.mjs [--messages 200] [--events 2000]
import { createServer } from "node:http";
import { rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { Webhook } from "../web/node_modules/standardwebhooks/dist/index.js";
import { DEMO } from "../web/e2e/lib/beckon.mjs";
import { eventually } from "../web/e2e/lib/wait.mjs";
import { median, percentile, recordSection } from "./lib.mjs";
import { beckonBin, beckonServer, loginHeaders, newChat } from "./server.mjs";

const { values } = parseArgs({ options: { messages: { type: "string", default: "200" }, events: { type: "string", default: "2000" } } });
const MESSAGES = Number(values.messages);
const EVENTS = Number(values.events);
const P99_BUDGET_MS = 1000;
if (typeof WebSocket === "undefined") {
  console.error("run with: node --experimental-websocket bench/webhooks.mjs");
  process.exit(2);
}

/** The endpoint: every POST answered 200 at once, kept with when its headers arrived. */
async function startEndpoint() {
  const requests = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      requests.push({ at, headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, requests, close: () => new Promise((r) => server.close(r)) };
}

/** A visitor's realtime socket on its chat, open once `ready` came. */
async function visitorSocket(url, chat, headers) {
  const r = await fetch(`${url}/api/v1/chat/public/channel/${chat.channelId}/token?personaId=${chat.personaId}`, { headers });
  if (!r.ok) throw new Error(`token: ${r.status} ${await r.text()}`);
  const { token } = await r.json();
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/v1/realtime?token=${encodeURIComponent(token)}`, { headers });
  await new Promise((resolve, reject) => {
    ws.onmessage = (e) => JSON.parse(e.data).op == "ready" && resolve();
    ws.onerror = () => reject(new Error("visitor socket failed"));
  });
  return ws;
}

const fmt = (ms) => ms.toFixed(1);
const spread = (xs) => `p50 ${fmt(median(xs))} · p90 ${fmt(percentile(xs, 90))} · p99 ${fmt(percentile(xs, 99))} · max ${fmt(Math.max(...xs))}`;
const load = () => loadavg()[0].toFixed(1);
const loadBefore = load();

const endpoint = await startEndpoint();
const server = await beckonServer({ extraArgs: ["--allow-private-outbound", "--trusted-proxy", "127.0.0.1"] });
let result;
try {
  await server.start();
  const owner = await loginHeaders(server.url, DEMO.owner);
  const r = await fetch(`${server.url}/api/v1/owner/webhooks`, {
    method: "POST",
    headers: { ...owner, "content-type": "application/json" },
    body: JSON.stringify({ url: endpoint.url, events: ["message.created"] }),
  });
  if (r.status != 201) throw new Error(`webhook: ${r.status} ${await r.text()}`);
  const { webhook, secret } = await r.json();

  // 1. message → delivery, one at a time.
  const latency = [];
  for (let i = 0; i < MESSAGES; i++) {
    const headers = { "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` }; // the benchmarking range
    const chat = await newChat(server.url, `Bench Visitor ${i}`, headers);
    const ws = await visitorSocket(server.url, chat, headers);
    const before = endpoint.requests.length;
    const sent = performance.now();
    ws.send(JSON.stringify({ op: "chat-message", clientId: `bench-${i}`, message: `bench message ${i}`, attachments: [] }));
    await eventually(() => endpoint.requests.length > before, () => `sample ${i}: no delivery`);
    latency.push(endpoint.requests[before].at - sent);
    ws.close();
  }

  // 2. EVENTS test events queued at once, delivered by the worker.
  const before = endpoint.requests.length;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < EVENTS) {
        next++;
        const t = await fetch(`${server.url}/api/v1/owner/webhooks/${webhook.id}/test`, { method: "POST", headers: owner });
        if (t.status != 202) throw new Error(`test event: ${t.status} ${await t.text()}`);
      }
    }),
  );
  const queued = performance.now() - started;
  const keptPace = endpoint.requests.length - before;
  await eventually(() => endpoint.requests.length >= before + EVENTS, () => `${endpoint.requests.length - before} of ${EVENTS} delivered`, 600_000);
  const last = Math.max(...endpoint.requests.slice(before).map((q) => q.at));
  const seconds = (last - started) / 1000;
  // What was left when the owner API stopped adding: the worker alone, nothing else to do.
  const drain = (EVENTS - keptPace) / ((last - started - queued) / 1000);
  // A second delivery of an event would come within a moment: give it that moment, then check.
  await new Promise((r) => setTimeout(r, 2000));
  const wh = new Webhook(secret);
  let signed = 0;
  for (const q of endpoint.requests) {
    try {
      wh.verify(q.body, q.headers);
      signed++;
    } catch {
      // counted as not signed
    }
  }
  const ids = new Set(endpoint.requests.map((q) => q.headers["webhook-id"]));
  const total = MESSAGES + EVENTS;
  result = { latency, queued, keptPace, drain, seconds, perSecond: EVENTS / seconds, signed, distinct: ids.size, total, received: endpoint.requests.length };
} finally {
  await server.stop();
  await rm(server.dir, { recursive: true, force: true });
  await endpoint.close();
}
const loadAfter = load();
const ok = result.signed == result.total && result.distinct == result.total && result.received == result.total;
const p99 = percentile(result.latency, 99);
console.log(`message → delivery (ms): ${spread(result.latency)}`);
console.log(`${EVENTS} test events: queued in ${fmt(result.queued)} ms (${result.keptPace} delivered by then), delivered at ${result.perSecond.toFixed(0)} events/s (${result.seconds.toFixed(2)} s); the rest drained at ${result.drain.toFixed(0)} events/s`);
console.log(`${result.received} deliveries for ${result.total} events, ${result.distinct} distinct webhook-ids, ${result.signed} verified${ok ? "" : " — NOT one signed delivery per event"}`);
console.log(`p99 ${fmt(p99)} ms: ${p99 <= P99_BUDGET_MS ? "within" : "OVER"} the budget of ${P99_BUDGET_MS} ms; load average ${loadBefore} → ${loadAfter}`);

const bin = beckonBin().replace(/.*\/(debug|release)\/beckon$/, "target/$1/beckon");
await recordSection(
  "webhooks",
  `## Webhooks: event → delivery, and events per second through the queue (one instance, loopback)

Command: \`node --experimental-websocket bench/webhooks.mjs --messages ${MESSAGES} --events ${EVENTS}\` (server: \`${bin}\`, SQLite): \`beckon serve --seed-demo --allow-private-outbound --trusted-proxy 127.0.0.1\` on a fresh data directory and a healthy endpoint (node:http, answers 200 at once) in the bench's process. ${cpus().length} CPUs shared with other work, load average ${loadBefore} → ${loadAfter}.

| what | figure |
|---|---|
| a visitor's message (first of a new chat, on the realtime socket) → its \`message.created\` delivery's headers at the endpoint, ${MESSAGES} messages one at a time | ${spread(result.latency)} ms |
| ${EVENTS} test events queued at once (8 requests in flight) → all delivered | ${result.perSecond.toFixed(0)} events/s (${result.seconds.toFixed(2)} s; queuing them took ${fmt(result.queued)} ms, by then ${result.keptPace} were delivered: the worker keeps pace with the owner API queuing them, so this is a floor of what the worker can do) |${
  EVENTS - result.keptPace >= EVENTS / 10
    ? `\n| the ${EVENTS - result.keptPace} left waiting once queuing stopped → delivered (the worker alone) | ${result.drain.toFixed(0)} events/s |`
    : ""
}

${result.received} deliveries for ${result.total} events, ${result.distinct} distinct webhook-ids, ${result.signed} verified with the \`standardwebhooks\` npm package${ok ? "" : " — **not one signed delivery per event**"}.

Budget: delivery p99 ≤ ${P99_BUDGET_MS} ms after the event on one instance — ${p99 <= P99_BUDGET_MS ? "met" : "**missed**"} (p99 ${fmt(p99)} ms).`,
);
process.exit(ok ? 0 : 1);
