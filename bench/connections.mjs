// Idle connections against a server with the common open-file limit of 1,024: 1,100 idle TCP
// connections from 11 addresses (100 each; the per-address cap is 256). Before the connection
// limits, this locked every client out ("Too many open files"). Now: the connections over the
// server's cap are answered 503 at once, a client from another address is answered (503 while
// the server is full, 200 once some connections close), and every idle connection is closed
// after the header timeout.
//
//   node bench/connections.mjs [--record]
import { connect } from "node:net";
import { readFileSync } from "node:fs";
import { beckonServer, beckonBin } from "./server.mjs";
import { recordSection } from "./lib.mjs";

const RECORD = process.argv.includes("--record");
const IDLE = 1100;
const server = await beckonServer({ openFiles: 1024, logLevel: "info,sqlx=warn" });
await server.start();
const port = Number(new URL(server.url).port);

/** A TCP connection from `from` (any 127.x.y.z reaches the server on Linux). */
const open = (from) =>
  new Promise((resolve, reject) => {
    const s = connect({ host: "127.0.0.1", port, localAddress: from }, () => resolve(s));
    s.once("error", reject);
  });

/** One GET from `from`: the status line and how long the answer took. */
async function get(from) {
  const started = performance.now();
  const s = await open(from);
  s.write("GET /api/v1/geo?ip=192.0.2.1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  let text = "";
  s.setEncoding("utf8");
  for await (const chunk of s) text += chunk;
  return { status: text.split("\r\n")[0], ms: performance.now() - started };
}

/** Idle connections that the server closed: it sent nothing and ended them. */
const closed = new Set();
const idle = [];
for (let i = 0; i < IDLE; i++) {
  const s = await open(`127.0.${1 + Math.floor(i / 100)}.1`);
  s.on("data", () => {}); // a refusal's answer
  s.on("close", () => closed.add(s));
  s.on("error", () => {});
  idle.push(s);
}
await new Promise((r) => setTimeout(r, 500));
const refusedAtOnce = closed.size;
const whileFull = await get("127.0.99.1");
for (const s of idle.slice(0, 300)) s.destroy();
await new Promise((r) => setTimeout(r, 500));
const afterSomeClosed = await get("127.0.99.2");
const deadline = Date.now() + 30_000;
while (closed.size < IDLE && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
const allClosedIn = closed.size === IDLE;
const afterTimeout = await get("127.0.99.3");
await server.stop();
const log = readFileSync(server.logPath, "utf8");
const emfile = (log.match(/Too many open files/g) ?? []).length;
const limits = log.match(/open_files=(\d+) max_connections=(\d+)/);

const rows = [
  ["open-file limit / connection cap", limits ? `${limits[1]} / ${limits[2]}` : "?"],
  [`idle connections opened (11 addresses)`, IDLE],
  ["answered 503 and closed at once (over the cap)", refusedAtOnce],
  ["another address while full", `${whileFull.status} in ${whileFull.ms.toFixed(1)} ms`],
  ["another address after 300 idle ones closed", `${afterSomeClosed.status} in ${afterSomeClosed.ms.toFixed(1)} ms`],
  ["every idle connection closed by the server (header timeout, 10 s)", allClosedIn ? "yes" : `no: ${closed.size} of ${IDLE}`],
  ["a client after that", `${afterTimeout.status} in ${afterTimeout.ms.toFixed(1)} ms`],
  ['"Too many open files" in the server log', emfile],
];
for (const [k, v] of rows) console.log(`${k}: ${v}`);
if (RECORD) {
  const bin = beckonBin().replace(/.*\/target\//, "target/");
  await recordSection(
    "connections",
    `## Idle connections at the open-file limit\n\n\`node bench/connections.mjs --record\` (server: \`${bin}\`, run with \`ulimit -n 1024\`). Before the connection limits, 1,100 idle connections locked every client out.\n\n| what | result |\n|---|---|\n${rows.map(([k, v]) => `| ${k} | ${v} |`).join("\n")}`,
  );
}
if (emfile || !whileFull.status.includes("503") || !afterSomeClosed.status.includes("200") || !allClosedIn || !afterTimeout.status.includes("200")) {
  console.error("FAILED");
  process.exit(1);
}
