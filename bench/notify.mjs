// Notifications as an agent who is away gets them: a visitor's message → the Web Push request at
// the agent's push service, and → the e-mail at the SMTP server, with `--notify-delay-seconds 0`
// (mail at once). One `beckon serve` (SQLite) on loopback, a stand-in push service (answers 201,
// as a browser's does) and an SMTP server (web/e2e/lib/smtp.mjs) in this process, so the send and
// both arrivals are read from one clock (performance.now()).
//
// The demo agent logs in and subscribes a browser (a real P-256 key and auth secret; the payload
// is not decrypted here: the Rust tests check VAPID and the encryption), and never opens the
// console's socket, so it is away. Each sample is a new visitor chat (its first message; the
// visitor named in the mail's subject), sent on the visitor's realtime socket; the next waits
// until the push and the mails have arrived, so every sample meets an idle server. Every visitor
// comes from its own address (X-Forwarded-For, the server trusting 127.0.0.1 as a proxy): one
// address may open 10 chats a minute. Checked: each message made exactly one push request and one
// mail to each user of the demo organisation (the agent and the owner are both away).
//
//   node --experimental-websocket bench/notify.mjs [--messages 200] [--rounds 2]
//
// Each round starts everything afresh: ROUNDS rounds at delay 0, then one at the default delay
// (the push without mails ahead of it in the outbound queue). The figures of every round go to
// bench/results.md. Exits 1 when a message did not make exactly one push and its mails.
import { createECDH, randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { DEMO } from "../web/e2e/lib/beckon.mjs";
import { startSmtp } from "../web/e2e/lib/smtp.mjs";
import { eventually } from "../web/e2e/lib/wait.mjs";
import { median, percentile, recordSection } from "./lib.mjs";
import { beckonBin, beckonServer, loginHeaders, newChat } from "./server.mjs";

const { values } = parseArgs({ options: { messages: { type: "string", default: "200" }, rounds: { type: "string", default: "2" } } });
const MESSAGES = Number(values.messages);
const ROUNDS = Number(values.rounds);
const PUSH_BUDGET_MS = 1000;
const DEFAULT_DELAY = 120; // beckon serve's --notify-delay-seconds when not given
if (typeof WebSocket === "undefined") {
  console.error("run with: node --experimental-websocket bench/notify.mjs");
  process.exit(2);
}

/**
 * The agent's push service: every POST to /push/… is answered 201 Created, and kept with when its
 * request arrived (headers read) and the headers a Web Push request must carry.
 */
async function startPushService() {
  const requests = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    req.resume();
    req.on("end", () => {
      const webPush = req.method == "POST" && req.headers["content-encoding"] == "aes128gcm" && /^vapid /i.test(req.headers.authorization ?? "");
      requests.push({ at, path: req.url, webPush });
      res.writeHead(201).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, requests, close: () => new Promise((r) => server.close(r)) };
}

/** A browser's subscription as PushSubscription.toJSON() gives it: a fresh P-256 key pair and auth secret. */
function subscription(endpoint) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } };
}

/** A visitor's realtime socket on its chat (token in the query), open once `ready` came; `ack` resolves to when the ack came. */
async function visitorSocket(url, chat, headers) {
  const r = await fetch(`${url}/api/v1/chat/public/channel/${chat.channelId}/token?personaId=${chat.personaId}`, { headers });
  if (!r.ok) throw new Error(`token: ${r.status} ${await r.text()}`);
  const { token } = await r.json();
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/v1/realtime?token=${encodeURIComponent(token)}`, { headers });
  let acked;
  const ack = new Promise((resolve) => (acked = resolve));
  await new Promise((resolve, reject) => {
    ws.onmessage = (e) => {
      const f = JSON.parse(e.data);
      if (f.op == "ready") resolve();
      if (f.op == "ack") acked(performance.now());
      if (f.op == "error") reject(new Error(`visitor socket: ${e.data}`));
    };
    ws.onerror = () => reject(new Error("visitor socket failed"));
  });
  return { ws, ack };
}

/**
 * One round on a fresh server, push service and SMTP server: MESSAGES samples. `delay`: the
 * server's --notify-delay-seconds; above 0 no mail is due during the round, and only the pushes
 * are waited for (and no mail may come).
 */
async function round(delay) {
  const mailed = delay == 0;
  const push = await startPushService();
  const smtp = await startSmtp();
  const server = await beckonServer({
    extraArgs: ["--allow-private-outbound", "--notify-delay-seconds", String(delay), "--smtp-url", smtp.url, "--mail-from", "Beckon <beckon@example.com>", "--trusted-proxy", "127.0.0.1"],
  });
  try {
    await server.start();
    const agent = await loginHeaders(server.url, DEMO.agent);
    const r = await fetch(`${server.url}/api/v1/agent/push-subscriptions`, {
      method: "POST",
      headers: { ...agent, "content-type": "application/json" },
      body: JSON.stringify(subscription(`${push.origin}/push/agent-browser`)),
    });
    if (r.status != 204) throw new Error(`push subscription: ${r.status} ${await r.text()}`);
    // Both users of the demo organisation are away: each is mailed.
    const recipients = mailed ? [DEMO.agent, DEMO.owner] : [];
    const mailsAbout = (name, to) => smtp.mails.filter((m) => m.to.includes(to) && m.subject?.startsWith(`${name} is waiting`));
    const samples = [];
    for (let i = 0; i < MESSAGES; i++) {
      const name = `Bench Visitor ${i}`;
      const headers = { "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` }; // the benchmarking range
      const chat = await newChat(server.url, name, headers);
      const { ws, ack } = await visitorSocket(server.url, chat, headers);
      const pushesBefore = push.requests.length;
      const sent = performance.now();
      ws.send(JSON.stringify({ op: "chat-message", clientId: `bench-${i}`, message: `bench message ${i}`, attachments: [] }));
      await eventually(
        () => push.requests.length > pushesBefore && recipients.every((to) => mailsAbout(name, to).length),
        () => `sample ${i}: ${push.requests.length - pushesBefore} push requests, mails: ${recipients.map((to) => `${to} ${mailsAbout(name, to).length}`).join(", ")}`,
      );
      const sample = { name, acked: (await ack) - sent, push: push.requests[pushesBefore].at - sent };
      if (mailed) {
        sample.mail = mailsAbout(name, DEMO.agent)[0].at - sent;
        sample.mailConnected = Math.min(...recipients.map((to) => mailsAbout(name, to)[0].connectedAt)) - sent;
      }
      samples.push(sample);
      ws.close();
    }
    // A second push or mail for a sample would come within a moment of the last one: give it
    // that moment before counting.
    await new Promise((r) => setTimeout(r, 2000));
    const oneEach = samples.filter((s) => recipients.every((to) => mailsAbout(s.name, to).length == 1)).length;
    const counts = { pushes: push.requests.length, webPush: push.requests.filter((q) => q.webPush).length, mails: smtp.mails.length, oneEach };
    const ok = counts.pushes == MESSAGES && counts.webPush == MESSAGES && counts.mails == MESSAGES * recipients.length && oneEach == MESSAGES;
    const column = (k) => samples.map((s) => s[k]);
    return { delay, mailed, counts, ok, push: column("push"), mail: column("mail"), mailConnected: column("mailConnected"), acked: column("acked") };
  } finally {
    await server.stop();
    await rm(server.dir, { recursive: true, force: true });
    await smtp.close();
    await push.close();
  }
}

const fmt = (ms) => ms.toFixed(1);
const spread = (xs) => `p50 ${fmt(median(xs))} · p90 ${fmt(percentile(xs, 90))} · p99 ${fmt(percentile(xs, 99))} · max ${fmt(Math.max(...xs))}`;
const load = () => loadavg()[0].toFixed(1);
const loadBefore = load();

// ROUNDS rounds with mail at once, then one with the default delay (no mail on the push's way).
const rounds = [];
for (const delay of [...Array(ROUNDS).fill(0), DEFAULT_DELAY]) {
  const r = await round(delay);
  r.label = r.mailed ? `${rounds.length + 1}` : `delay ${delay} s`;
  const counted = `${r.counts.pushes} push requests (${r.counts.webPush} aes128gcm + VAPID) for ${MESSAGES} messages, ${r.counts.mails} mails`;
  r.summary = r.mailed ? `${counted}, one to the agent and one to the owner for ${r.counts.oneEach} of ${MESSAGES} messages` : `${counted} (none due)`;
  console.log(`round ${r.label}: message → push request (ms): ${spread(r.push)}`);
  if (r.mailed) {
    console.log(`round ${r.label}: message → mail at SMTP (ms):   ${spread(r.mail)}`);
    console.log(`round ${r.label}: message → first SMTP connection (ms): ${spread(r.mailConnected)}`);
  }
  console.log(`round ${r.label}: message → visitor's ack (ms):  ${spread(r.acked)}`);
  console.log(`round ${r.label}: ${r.summary}${r.ok ? "" : " — NOT one push and one mail each"}`);
  rounds.push(r);
}
const loadAfter = load();
const pushP99 = Math.max(...rounds.filter((r) => r.mailed).map((r) => percentile(r.push, 99)));
const withinBudget = pushP99 <= PUSH_BUDGET_MS;
console.log(`push p99 (delay 0) ${fmt(pushP99)} ms: ${withinBudget ? "within" : "OVER"} the budget of ${PUSH_BUDGET_MS} ms; load average ${loadBefore} → ${loadAfter}`);

const bin = beckonBin().replace(/.*\/target\//, "target/");
const rows = rounds.flatMap((r) => [
  `| ${r.label} | message → push request at the push service | ${spread(r.push)} |`,
  ...(r.mailed
    ? [
        `| ${r.label} | message → mail received by the SMTP server (the agent's) | ${spread(r.mail)} |`,
        `| ${r.label} | message → the SMTP server accepts Beckon's connection for the first of its two mails | ${spread(r.mailConnected)} |`,
      ]
    : []),
  `| ${r.label} | message → the visitor's ack (stored) | ${spread(r.acked)} |`,
]);
await recordSection(
  "notify",
  `## Notifications: visitor message → push service and → SMTP (one instance, loopback)

Command: \`node --experimental-websocket bench/notify.mjs --messages ${MESSAGES} --rounds ${ROUNDS}\` (server: \`${bin}\`, SQLite): each round \`beckon serve --seed-demo --allow-private-outbound --notify-delay-seconds 0 --smtp-url smtp://127.0.0.1:PORT --mail-from "Beckon <beckon@example.com>" --trusted-proxy 127.0.0.1\` on a fresh data directory, a stand-in push service (node:http, answers 201) and an SMTP server (\`smtp-server\`, web/e2e/lib/smtp.mjs) in the bench's process; then one round the same with the default \`--notify-delay-seconds ${DEFAULT_DELAY}\` (no mail due while it runs). ${cpus().length} CPUs shared with other work, load average ${loadBefore} → ${loadAfter}.

The demo agent subscribed one browser and is away (no console socket), as is the owner; each sample is the first message of a new visitor chat, sent on the visitor's realtime socket, and the next is sent once its push and mails have arrived (an idle server each time). ms from \`ws.send\` to the push request's headers at the push service, and to the end of the agent's mail's data at the SMTP server.

| round | what | ms (${MESSAGES} messages) |
|---|---|---|
${rows.join("\n")}

${rounds.map((r) => `round ${r.label}: ${r.summary}${r.ok ? "" : " — **not one push and one mail per message**"}`).join("  \n")}

Where the time goes at delay 0: the server has decided and opens its first SMTP connection within the "accepts Beckon's connection" row; each SMTP conversation then lasts about 150 ms, 100 ms of it \`smtp-server\`'s fixed wait before its greeting (its check for clients that talk too soon) and about 40 ms between DATA and the message's end (not looked into; the size of Linux's delayed ACK). The outbound worker runs the jobs it claims together (crates/server/src/service/outbound/worker.rs), so the push request does not wait for the SMTP conversations. With the default delay the mails are not due yet and the push goes out alone (the "delay ${DEFAULT_DELAY} s" round).

Budget: push p99 ≤ ${PUSH_BUDGET_MS} ms on one instance (delay 0) — ${withinBudget ? "met" : "**missed**"} (worst round's p99 ${fmt(pushP99)} ms).`,
);
if (!rounds.every((r) => r.ok)) {
  console.error("FAILED: not every message made exactly one push and one mail to each user");
  process.exit(1);
}
