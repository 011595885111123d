// A fuzz run against the real server: mutated and random HTTP bodies, URLs and realtime frames.
// Counted: answers 5xx (must be 0), server panics in its log (must be 0), realtime `error` 500 and
// close 1011 (must be 0), and state changes not explained by an accepted input (must be 0: a
// refused input changes nothing). Runs on SQLite, and on PostgreSQL when DATABASE_URL_BENCH (or
// DATABASE_URL_TEST) names a server (a fresh database, dropped afterwards).
//
//   node --experimental-websocket bench/fuzz.mjs [--requests 4000] [--frames 3000] [--seed 1] [--record]
//
// The server trusts 127.0.0.1 as a proxy, and each request names a random client address in
// X-Forwarded-For, so the per-address rate limits do not hide what validation does.
import { readFileSync } from "node:fs";
import { beckonServer, loginHeaders, newChat, onEachStore, beckonBin } from "./server.mjs";
import { recordSection } from "./lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const REQUESTS = arg("requests", 4000);
const FRAMES = arg("frames", 3000);
const SEED = arg("seed", 1);
const RECORD = process.argv.includes("--record");
if (typeof WebSocket === "undefined") {
  console.error("run with: node --experimental-websocket bench/fuzz.mjs");
  process.exit(2);
}

// ---------- deterministic random inputs ----------

let state = SEED >>> 0 || 1;
const rand = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const int = (n) => Math.floor(rand() * n);

const STRINGS = [
  "",
  " ",
  "a",
  "\u0000",
  "nul\u0000inside",
  "x".repeat(5000),
  "y".repeat(70_000),
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "http://",
  "https://example.com/\u0000",
  "\ud83d\ude00".repeat(100),
  "\u202e\u200b\ufeff",
  "../../etc/passwd",
  "%00",
  "' OR 1=1 --",
  "-1",
  "1e309",
  "null",
  "ONLINE",
];
function randomValue(depth = 0) {
  switch (int(depth > 3 ? 6 : 9)) {
    case 0:
      return pick(STRINGS);
    case 1:
      return pick([0, -1, 1, 2 ** 53, -(2 ** 63), 1.5, 1e308]);
    case 2:
      return pick([true, false]);
    case 3:
      return null;
    case 4:
      return pick(STRINGS) + int(1000);
    case 5:
      return String.fromCharCode(...Array.from({ length: int(40) }, () => int(0x10000)));
    case 6:
      return Array.from({ length: int(4) }, () => randomValue(depth + 1));
    case 7:
      return Object.fromEntries(Array.from({ length: int(4) }, () => [pick(["id", "name", "type", "url", "op", pick(STRINGS)]), randomValue(depth + 1)]));
    default:
      return "[".repeat(200 + int(2000)) + "]".repeat(int(3)); // deep nesting, as text
  }
}

/** A valid body, changed: a field replaced, removed or added, or the whole body replaced. */
function mutate(valid) {
  const v = structuredClone(valid);
  const keys = Object.keys(v);
  switch (int(8)) {
    case 0:
      return randomBytes();
    case 1:
      return JSON.stringify(v).slice(0, int(JSON.stringify(v).length)); // truncated
    case 2:
      if (keys.length) delete v[pick(keys)];
      return JSON.stringify(v);
    case 3:
      v[pick(["extra", "op", "__proto__", "constructor", pick(STRINGS)])] = randomValue();
      return JSON.stringify(v);
    case 4:
      return JSON.stringify(randomValue());
    default:
      if (keys.length) v[pick(keys)] = randomValue();
      return JSON.stringify(v);
  }
}

function randomBytes() {
  const b = Buffer.alloc(int(300));
  for (let i = 0; i < b.length; i++) b[i] = int(256);
  return b;
}

const address = () => `198.51.${int(256)}.${1 + int(254)}`;

// ---------- one run ----------

async function run(backend, databaseUrl) {
  const server = await beckonServer({ databaseUrl, extraArgs: ["--trusted-proxy", "127.0.0.1"] });
  await server.start();
  const url = server.url;
  const owner = await loginHeaders(url, "owner@demo.beckon");
  const agent = await loginHeaders(url, "agent@demo.beckon");
  const chats = [];
  for (let i = 0; i < 3; i++) chats.push(await newChat(url, `Fuzz ${i}`));

  const json = async (path, headers) => (await fetch(`${url}${path}`, { headers })).json();
  async function snapshot() {
    const list = await json("/api/v1/agent/channels?filter=all&limit=100", agent);
    let messages = 0;
    for (const c of list.channels) messages += (await json(`/api/v1/agent/channels/${c.id}/messages?limit=1`, agent)).lastSeq;
    return {
      chats: list.channels.length,
      messages,
      agents: (await json("/api/v1/owner/agents", owner)).agents?.length ?? -1,
      domains: JSON.stringify(await json("/api/v1/owner/domains", owner)),
      config: JSON.stringify(await json("/api/v1/owner/domains/demo/config", owner)),
    };
  }
  const before = await snapshot();
  const accepted = { chats: 0, messages: 0, agents: 0, domains: 0, config: 0 };

  const c = chats[0];
  const targets = [
    { method: "POST", path: "/api/v1/chat/public/channels/domain/demo", valid: { name: "Ann", email: "ann@example.com", url: "http://localhost/" }, changes: "chats" },
    { method: "POST", path: "/api/v1/stats", valid: { type: "event", payload: { website: "beckon", event_name: "demo", url: "" } } },
    { method: "POST", path: "/api/v1/auth/login", valid: { email: "nobody@demo.beckon", password: "wrong" } },
    { method: "POST", path: `/api/v1/agent/channels/${c.channelId}/messages`, headers: agent, valid: { clientId: "f-1", text: "hello" }, changes: "messages", created: 201 },
    { method: "POST", path: `/api/v1/agent/channels/${c.channelId}/read`, headers: agent, valid: { seq: 1 } },
    { method: "POST", path: `/api/v1/agent/channels/${c.channelId}/assign`, headers: agent, valid: { agentId: null } },
    { method: "PUT", path: "/api/v1/agent/presence", headers: agent, valid: { status: "online" } },
    { method: "POST", path: "/api/v1/owner/agents", headers: owner, valid: { email: "new@demo.beckon", name: "New", password: "" }, changes: "agents", created: 201 },
    { method: "PUT", path: "/api/v1/owner/domains/demo", headers: owner, valid: { name: "localhost", aliases: [], timezone: "UTC" }, changes: "domains" },
    { method: "PUT", path: "/api/v1/owner/domains/demo/config", headers: owner, valid: JSON.parse(readFileSync(new URL("../crates/model/tests/fixtures/demo.json", import.meta.url), "utf8")), changes: "config" },
  ];
  const getPaths = () =>
    pick([
      `/api/v1/chat/public/channel/${encodeURIComponent(pick(STRINGS))}/history?personaId=${encodeURIComponent(pick(STRINGS))}`,
      `/api/v1/chat/public/channel/${c.channelId}/token?personaId=${encodeURIComponent(pick(STRINGS))}`,
      `/api/v1/chat/public/channels/available/${encodeURIComponent(pick(STRINGS))}`,
      `/d/${encodeURIComponent(pick(STRINGS))}.js`,
      `/api/v1/agent/channels?filter=${encodeURIComponent(pick(STRINGS))}&q=${encodeURIComponent(pick(STRINGS))}&limit=${encodeURIComponent(pick(STRINGS))}`,
      `/api/v1/geo?ip=${encodeURIComponent(pick(STRINGS))}`,
      `/api/v1/${encodeURIComponent(pick(STRINGS))}`,
    ]);

  const statuses = new Map();
  const fives = [];
  for (let i = 0; i < REQUESTS; i++) {
    const isGet = rand() < 0.2;
    const t = isGet ? null : pick(targets);
    const path = isGet ? getPaths() : t.path;
    const body = isGet ? undefined : mutate(t.valid);
    const headers = { ...(isGet ? agent : t.headers), "x-forwarded-for": address() };
    if (!isGet) headers["content-type"] = pick(["application/json", "application/json", "text/plain", "application/x-www-form-urlencoded"]);
    let r;
    try {
      r = await fetch(`${url}${path}`, { method: isGet ? "GET" : t.method, headers, body });
    } catch (e) {
      fives.push(`${path}: no answer (${e.cause?.code ?? e.message})`);
      continue;
    }
    await r.arrayBuffer();
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (r.status >= 500) fives.push(`${t?.method ?? "GET"} ${path} ${String(body).slice(0, 120)} -> ${r.status}`);
    if (t?.changes && r.ok && (!t.created || r.status === t.created)) accepted[t.changes]++;
  }

  // ---------- realtime frames ----------
  const token = (await json(`/api/v1/chat/public/channel/${chats[1].channelId}/token?personaId=${chats[1].personaId}`)).token;
  const wsUrl = `${url.replace("http", "ws")}/api/v1/realtime?token=${encodeURIComponent(token)}`;
  const validFrames = [
    { op: "chat-message", clientId: "w-1", message: "hello", attachments: [], type: "client-message" },
    { op: "presence", typing: true, type: "typing-update" },
    { op: "client-action", action: "message-ack", data: { id: "m-1", seq: 1 } },
    { op: "resume", lastSeq: 0 },
    { op: "ping" },
  ];
  const frameErrors = new Map();
  let serverFaults = 0;
  let closes1011 = 0;
  let sentFrames = 0;
  let newMessages = 0;
  while (sentFrames < FRAMES) {
    const ws = new WebSocket(wsUrl);
    await new Promise((resolve) => {
      let inFlight = 0;
      const next = () => {
        if (sentFrames >= FRAMES || ws.readyState !== WebSocket.OPEN) return;
        if (inFlight > 0) return;
        sentFrames++;
        inFlight++;
        const m = rand() < 0.1 ? randomBytes() : mutate(pick(validFrames));
        ws.send(m);
        // An answer may not come (e.g. presence): move on shortly either way.
        setTimeout(() => {
          inFlight = 0;
          next();
        }, 2);
      };
      ws.onopen = next;
      ws.onmessage = (e) => {
        const f = JSON.parse(e.data);
        if (f.op === "error") {
          frameErrors.set(f.code, (frameErrors.get(f.code) ?? 0) + 1);
          if (f.code >= 500) serverFaults++;
        }
        if (f.op === "ack" && !f.duplicate) newMessages++;
      };
      ws.onclose = (e) => {
        if (e.code === 1011) closes1011++;
        resolve();
      };
      ws.onerror = () => {};
      const done = setInterval(() => {
        if (sentFrames >= FRAMES) {
          clearInterval(done);
          ws.close();
        }
      }, 50);
    });
  }
  accepted.messages += newMessages;

  // ---------- what changed ----------
  const after = await snapshot();
  const unexplained = [];
  for (const k of ["chats", "messages", "agents"]) {
    if (after[k] !== before[k] + accepted[k]) unexplained.push(`${k}: ${before[k]} + ${accepted[k]} accepted, now ${after[k]}`);
  }
  if (!accepted.domains && after.domains !== before.domains) unexplained.push("domains changed with no accepted input");
  // The config's domain entry follows the domain's settings.
  if (!accepted.domains && !accepted.config && after.config !== before.config) unexplained.push("config changed with no accepted input");
  await server.stop();
  const panics = (readFileSync(server.logPath, "utf8").match(/panicked/g) ?? []).length;
  const row = {
    backend,
    requests: REQUESTS,
    frames: FRAMES,
    statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
    frameErrors: Object.fromEntries([...frameErrors].sort((a, b) => a[0] - b[0])),
    fives: fives.length,
    serverFaults,
    closes1011,
    panics,
    accepted,
    unexplained,
  };
  console.log(JSON.stringify(row));
  for (const f of fives.slice(0, 10)) console.log("  5xx:", f);
  return row;
}

const rows = await onEachStore(run);

if (RECORD) {
  const bin = beckonBin().replace(/.*\/target\//, "target/");
  const fmt = (o) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(", ");
  const table = [
    "| store | HTTP requests | their statuses | 5xx | frames | `error` codes | `error` 500 / close 1011 | panics | accepted (chats, messages, agents, domain, config) | unexplained state changes |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${r.requests} | ${fmt(r.statuses)} | ${r.fives} | ${r.frames} | ${fmt(r.frameErrors)} | ${r.serverFaults} / ${r.closes1011} | ${r.panics} | ${Object.values(r.accepted).join(", ")} | ${r.unexplained.length} |`,
    ),
  ].join("\n");
  await recordSection(
    "fuzz",
    `## Fuzz: HTTP bodies, URLs and realtime frames\n\n\`DATABASE_URL_BENCH=postgres://postgres@127.0.0.1:5432/test node --experimental-websocket bench/fuzz.mjs --requests ${REQUESTS} --frames ${FRAMES} --seed ${SEED} --record\` (server: \`${bin}\`). Valid bodies of ten routes (public, agent, owner), mutated (a field replaced by a random value — NUL, 70 000 characters, deep nesting, wrong types —, removed or added; the body truncated, random bytes, another Content-Type), random ids and queries in GET URLs, and mutated or random realtime frames on a visitor's socket. A state change is explained when an input was accepted (2xx, an \`ack\`).\n\n${table}`,
  );
}
const bad = rows.filter((r) => r.fives || r.serverFaults || r.closes1011 || r.panics || r.unexplained.length);
if (bad.length) {
  console.error("FAILED:", JSON.stringify(bad.map((r) => ({ backend: r.backend, unexplained: r.unexplained }))));
  process.exit(1);
}
