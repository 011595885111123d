// The real `beckon serve` for the robustness benches (durability.mjs, fuzz.mjs): start it on a
// fixed port and data directory, wait until it answers, kill it with SIGKILL, start it again.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, createWriteStream } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;

/** BECKON_BIN, else the release build, else the debug build. */
export function beckonBin() {
  if (process.env.BECKON_BIN) return process.env.BECKON_BIN;
  for (const p of ["target/release/beckon", "target/debug/beckon"]) if (existsSync(join(ROOT, p))) return join(ROOT, p);
  throw new Error("build the server first: cargo build --release -p beckon-server");
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * A server that can be killed and started again on the same port and data. `databaseUrl`:
 * PostgreSQL, else SQLite in the data directory. Its log (every start) goes to `{dir}/server.log`.
 */
export async function beckonServer({ databaseUrl, extraArgs = [], openFiles, logLevel = "warn" } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "beckon-bench-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(dir, "server.log"), { flags: "a" });
  let child = null;
  let exited = null;
  const self = {
    url,
    dir,
    logPath: join(dir, "server.log"),
    /** The server process's id (its memory is read from /proc). */
    pid: () => child && child.pid,
    async start() {
      const env = { ...process.env, RUST_LOG: logLevel };
      delete env.DATABASE_URL;
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      const args = ["serve", "--listen", `127.0.0.1:${port}`, "--data-dir", join(dir, "data"), "--seed-demo", ...extraArgs];
      // `openFiles`: the server runs with this open-file limit, soft and hard (as a small host).
      child = openFiles
        ? spawn("sh", ["-c", `ulimit -n ${openFiles} && exec "$0" "$@"`, beckonBin(), ...args], {
            env,
            stdio: ["ignore", "ignore", "pipe"],
          })
        : spawn(beckonBin(), args, { env, stdio: ["ignore", "ignore", "pipe"] });
      child.stderr.pipe(log, { end: false });
      exited = new Promise((resolve) => child.once("exit", resolve));
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          const r = await fetch(`${url}/api/v1/geo?ip=192.0.2.1`);
          if (r.ok) return;
        } catch {
          // not listening yet
        }
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${self.logPath}`);
        if (Date.now() > deadline) throw new Error(`the server did not answer within 30 s; see ${self.logPath}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** SIGKILL: no shutdown, no flush, as a crash or an OOM kill. */
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
    /** SIGTERM and wait: the graceful shutdown. */
    async stop() {
      if (!child || child.exitCode !== null) return;
      child.kill("SIGTERM");
      await exited;
      log.end();
    },
  };
  return self;
}

/** Logs in (the demo accounts of --seed-demo); the headers an owner/agent call needs. */
export async function loginHeaders(url, email, password = "demo") {
  const r = await fetch(`${url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!r.ok) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith("beckon_session=")).split(";")[0];
  const { csrfToken } = await r.json();
  return { cookie, "x-beckon-csrf": csrfToken };
}

/**
 * A new visitor chat on the demo domain: { channelId, personaId }. `headers`: e.g. an
 * X-Forwarded-For naming the visitor's address (with `--trusted-proxy 127.0.0.1`).
 */
export async function newChat(url, name, headers = {}) {
  const r = await fetch(`${url}/api/v1/chat/public/channels/domain/demo`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@example.com`, url: "http://localhost/" }),
  });
  if (!r.ok) throw new Error(`new chat: ${r.status} ${await r.text()}`);
  const b = await r.json();
  return { channelId: b.channel.id, personaId: b.chatClientPersona.id };
}

/** A fresh PostgreSQL database for one run (createdb/dropdb), or null when none is configured. */
export async function pgDatabase() {
  const base = process.env.DATABASE_URL_BENCH ?? process.env.DATABASE_URL_TEST;
  if (!base) return null;
  const u = new URL(base);
  const name = `beckon_bench_${process.pid}_${Date.now()}`;
  const args = ["-h", u.hostname, "-p", u.port || "5432", "-U", decodeURIComponent(u.username) || "postgres"];
  await run("createdb", [...args, name]);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run("dropdb", [...args, "--force", name]) };
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
    p.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")}: exit ${code}`))));
  });
}

/**
 * Runs `run(backend, databaseUrl)` on SQLite (databaseUrl null), then on a fresh PostgreSQL
 * database when one is configured (see pgDatabase); resolves to the rows it returned.
 */
export async function onEachStore(run) {
  const rows = [await run("SQLite", null)];
  const pg = await pgDatabase();
  if (!pg) {
    console.log("PostgreSQL skipped: set DATABASE_URL_BENCH (or DATABASE_URL_TEST)");
    return rows;
  }
  try {
    rows.push(await run("PostgreSQL", pg.url));
  } finally {
    await pg.drop();
  }
  return rows;
}
