// Files in chats (docs/attachments.md): what a 10 MB upload costs the server. One `beckon serve`
// (SQLite, files in its data directory) on loopback; a visitor's chat on the demo domain; then
// - one upload of a 10 MB file (multipart, as the widget sends it): its time;
// - 20 such uploads at once into the same chat: the time until all are stored;
// - the server's resident memory (VmRSS) before, after, and at its peak (VmHWM, the kernel's
//   high-water mark) — uploads are streamed to the file store, so the peak should not grow by
//   anything like 20 × 10 MB.
// Every upload is checked: 201, the size stored, the same bytes served back (the first of each).
//
//   node bench/attachments.mjs [--rounds 3]
//
// Needs the server binary (cargo build --release -p beckon-server, or BECKON_BIN). Writes its
// section of bench/results.md.
import { readFile } from "node:fs/promises";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { median, recordSection } from "./lib.mjs";
import { beckonBin, beckonServer, newChat } from "./server.mjs";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "3" } } });
const ROUNDS = Number(values.rounds);
const SIZE = 10 * 1024 * 1024 - 4096; // under the default 10 MB limit
const AT_ONCE = 20;

/** A PNG's signature and header, then bytes that are not all alike (no filesystem or disk trick). */
function file() {
  const b = Buffer.alloc(SIZE);
  Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").copy(b);
  for (let i = 16; i < SIZE; i += 4) b.writeUInt32LE((i * 2654435761) >>> 0, i);
  return b;
}

async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))[1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function upload(url, chat, blob, name) {
  const form = new FormData();
  form.append("file", blob, name);
  const t0 = performance.now();
  const r = await fetch(`${url}/api/v1/chat/public/channel/${chat.channelId}/attachments?personaId=${chat.personaId}`, { method: "POST", body: form });
  const ms = performance.now() - t0;
  if (r.status != 201) throw new Error(`upload ${name}: ${r.status} ${await r.text()}`);
  return { ms, attachment: await r.json() };
}

const bytes = file();
const blob = new Blob([bytes], { type: "image/png" });
const small = new Blob([bytes.subarray(0, 1024 * 1024)], { type: "image/png" });
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const server = await beckonServer();
  await server.start();
  try {
    const chat = await newChat(server.url, `Bench ${round}`);
    const before = await memory(server.pid());
    const one = await upload(server.url, chat, blob, "one.png");
    const served = Buffer.from(await (await fetch(one.attachment.url)).arrayBuffer());
    if (!served.equals(bytes)) throw new Error("the file served is not the file uploaded");
    const afterOne = await memory(server.pid());
    // 20 small files at once first: the peak they reach, to compare with 20 large ones.
    await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => upload(server.url, chat, small, `s${i}.png`)));
    const afterSmall = await memory(server.pid());
    const t0 = performance.now();
    const many = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => upload(server.url, chat, blob, `f${i}.png`)));
    const allMs = performance.now() - t0;
    const after = await memory(server.pid());
    rows.push({ one: one.ms, all: allMs, slowest: Math.max(...many.map((m) => m.ms)), before: before.rss, afterOne: afterOne.rss, smallPeak: afterSmall.peak, after: after.rss, peak: after.peak });
    console.log(`round ${round}: one ${one.ms.toFixed(0)} ms; ${AT_ONCE} at once ${allMs.toFixed(0)} ms; RSS ${before.rss.toFixed(1)} → ${after.rss.toFixed(1)} MB, peak ${after.peak.toFixed(1)} MB`);
  } finally {
    await server.stop();
  }
}

const m = (k) => median(rows.map((r) => r[k]));
const mb = (v) => `${v.toFixed(1)} MB`;
await recordSection(
  "attachments",
  `## Files in chats: 10 MB uploads

\`node bench/attachments.mjs --rounds ${ROUNDS}\` — one \`beckon serve\` (${beckonBin().includes("release") ? "release" : "debug"} build, SQLite, files in its data
directory) on loopback, ${cpus().length} CPUs; a visitor's chat on the demo domain; uploads of a
${(SIZE / 1024 / 1024).toFixed(2)} MB PNG (multipart, as the widget sends them) from Node's fetch in the same machine. Medians
of ${ROUNDS} rounds, each on a fresh server. Memory is the server's: VmRSS, and VmHWM (the peak).

| | |
|---|---|
| one upload | ${m("one").toFixed(0)} ms |
| ${AT_ONCE} uploads at once, until all are stored | ${m("all").toFixed(0)} ms (the slowest ${m("slowest").toFixed(0)} ms) |
| server RSS before | ${mb(m("before"))} |
| after one upload | ${mb(m("afterOne"))} |
| peak (VmHWM) after ${AT_ONCE} uploads of 1 MB at once | ${mb(m("smallPeak"))} |
| after ${AT_ONCE} uploads of 10 MB at once | ${mb(m("after"))} |
| peak (VmHWM) over the run | ${mb(m("peak"))} |

Uploads stream to the file store: per upload the server holds the first 8 KB (to read the type)
and at most a few 256 KB parts on their way to the store, whatever the file's size. So ${AT_ONCE} files of
10 MB at once (${AT_ONCE * 10} MB in all) raise the peak by ${mb(m("peak") - m("before"))} over the idle server, and by
${mb(m("peak") - m("smallPeak"))} over ${AT_ONCE} files of 1 MB (the parts of more uploads in flight at the same moment,
and what the allocator keeps) — not by the files' size.`,
);
