// Durability under kill -9: messages are sent to several chats without pause while the server
// is killed with SIGKILL and started again, over and over; each message is re-sent with its
// clientId until it is acknowledged (201 stored, or 200 stored before). Afterwards every chat's
// history must hold each acknowledged message exactly once, at the seq its acknowledgement gave,
// with seqs 1, 2, 3 … without a gap. Runs on SQLite, and on PostgreSQL when DATABASE_URL_BENCH
// (or DATABASE_URL_TEST) names a server (a fresh database is created and dropped).
//
//   node bench/durability.mjs [--restarts 20] [--chats 10] [--record]
//
// The messages go through the agent's HTTP reply route: the same store path (and, on SQLite,
// the same group commit) as a visitor's socket message, without the visitor rate limits.
import { beckonServer, loginHeaders, newChat, onEachStore, beckonBin } from "./server.mjs";
import { recordSection } from "./lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RESTARTS = arg("restarts", 20);
const CHATS = Math.min(arg("chats", 10), 10); // a client address opens 10 chats at once
const RECORD = process.argv.includes("--record");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function run(backend, databaseUrl) {
  const server = await beckonServer({ databaseUrl });
  await server.start();
  const auth = await loginHeaders(server.url, "agent@demo.beckon");
  const chats = [];
  for (let i = 0; i < CHATS; i++) chats.push(await newChat(server.url, `Visitor ${i}`));

  const acked = new Map(); // clientId -> { channelId, seq, id }
  let resent = 0;
  let stopping = false;

  async function send(chat, clientId, text) {
    for (;;) {
      let r;
      try {
        r = await fetch(`${server.url}/api/v1/agent/channels/${chat.channelId}/messages`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ clientId, text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        await sleep(20); // the server is down: send it again
        continue;
      }
      if (r.status === 201 || r.status === 200) {
        const b = await r.json();
        if (r.status === 200) resent++;
        return { channelId: chat.channelId, seq: b.message.seq, id: b.message.id };
      }
      if (r.status >= 500 || r.status === 503 || r.status === 429) {
        await sleep(20);
        continue;
      }
      throw new Error(`${clientId}: unexpected ${r.status} ${await r.text()}`);
    }
  }

  async function worker(chat, w) {
    for (let i = 1; !stopping; i++) {
      const clientId = `w${w}-${i}`;
      acked.set(clientId, await send(chat, clientId, `message ${i} of writer ${w}`));
    }
  }

  const started = Date.now();
  const workers = chats.map((c, w) => worker(c, w));
  for (let r = 0; r < RESTARTS; r++) {
    await sleep(300 + Math.random() * 900);
    await server.kill9();
    await server.start();
  }
  await sleep(500);
  stopping = true;
  await Promise.all(workers);
  const seconds = (Date.now() - started) / 1000;

  // Every chat's stored messages against what was acknowledged.
  let lost = 0;
  let duplicated = 0;
  let gaps = 0;
  let wrongSeq = 0;
  let stored = 0;
  for (const chat of chats) {
    const messages = [];
    for (let after = 0; ; ) {
      const r = await fetch(`${server.url}/api/v1/agent/channels/${chat.channelId}/messages?after=${after}&limit=1000`, {
        headers: auth,
      });
      const page = (await r.json()).messages;
      if (!page.length) break;
      messages.push(...page);
      after = page[page.length - 1].seq;
    }
    stored += messages.length;
    messages.forEach((m, i) => {
      if (m.seq !== i + 1) gaps++;
    });
    const byClient = new Map();
    for (const m of messages) byClient.set(m.clientId, (byClient.get(m.clientId) ?? 0) + 1);
    for (const n of byClient.values()) if (n > 1) duplicated += n - 1;
    for (const [clientId, a] of acked) {
      if (a.channelId !== chat.channelId) continue;
      const m = messages.find((x) => x.clientId === clientId);
      if (!m) lost++;
      else if (m.seq !== a.seq || m.id !== a.id) wrongSeq++;
    }
  }
  await server.stop();
  const row = { backend, restarts: RESTARTS, chats: CHATS, acked: acked.size, resent, stored, lost, duplicated, gaps, wrongSeq, seconds };
  console.log(JSON.stringify(row));
  return row;
}

const rows = await onEachStore(run);
const bad = rows.filter((r) => r.lost || r.duplicated || r.gaps || r.wrongSeq);

if (RECORD) {
  const bin = beckonBin().replace(/.*\/target\//, "target/");
  const table = [
    "| store | kill -9 restarts | chats | acknowledged | re-sent after a kill (200) | stored | lost | duplicated | gaps | other seq than acked | time |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${r.restarts} | ${r.chats} | ${r.acked} | ${r.resent} | ${r.stored} | ${r.lost} | ${r.duplicated} | ${r.gaps} | ${r.wrongSeq} | ${r.seconds.toFixed(0)} s |`,
    ),
  ].join("\n");
  await recordSection(
    "durability",
    `## Durability under kill -9\n\n\`DATABASE_URL_BENCH=postgres://postgres@127.0.0.1:5432/test node bench/durability.mjs --restarts ${RESTARTS} --chats ${CHATS} --record\` (server: \`${bin}\`). Writers send to every chat without pause, each message re-sent with its clientId until acknowledged, while the server is killed with SIGKILL and restarted every 0.3–1.2 s; then every chat's history is compared with the acknowledgements.\n\n${table}`,
  );
}
if (bad.length) {
  console.error("FAILED: acknowledged messages lost, duplicated, out of place or with gaps");
  process.exit(1);
}
