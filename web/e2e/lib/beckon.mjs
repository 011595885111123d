// Starts the real Beckon server (target/debug/beckon, built by `make test-e2e`) for browser tests:
// its own temporary data directory (SQLite), the demo organisation seeded (owner@demo.beckon and
// agent@demo.beckon, password "demo"; domain id "demo" for localhost and 127.0.0.1), the built
// widget from web/widget/dist. restart() stops it and starts it again on the same port and data
// directory, which is how tests check that nothing is lost across a server restart. startSite():
// a customer's site whose pages use the server's hosted embed.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../demo/server.mjs";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const BECKON_BIN = process.env.BECKON_BIN ?? join(ROOT, "target/debug/beckon");
export const DEMO = { domainId: "demo", owner: "owner@demo.beckon", agent: "agent@demo.beckon", password: "demo" };

const LISTENING = /Beckon listening on http:\/\/(\S+)/;

/** Spawns `beckon serve` and resolves once it listens; rejects with its output when it exits first. */
function spawnServer({ listen, dataDir, env, args }) {
  if (!existsSync(BECKON_BIN)) {
    throw new Error(`${BECKON_BIN} is missing: build it with \`cargo build -p beckon-server\` (make test-e2e does)`);
  }
  const child = spawn(
    BECKON_BIN,
    // This checkout's widget and console builds, also when BECKON_BIN was built from another one.
    ["serve", "--listen", listen, "--data-dir", dataDir, "--seed-demo", "--static-dir", join(ROOT, "web/widget/dist"), "--console-dir", join(ROOT, "web/console/dist"), ...args],
    { cwd: ROOT, env: { ...process.env, RUST_LOG: "info,sqlx=warn", NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const m = output.match(LISTENING);
      if (m) resolve({ child, addr: m[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`beckon serve exited (${code}) before listening:\n${output}`)));
  });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts a Beckon server. Returns { origin, dataDir, restart(), close(), output() }.
 * `env` adds environment variables (e.g. DATABASE_URL to run on PostgreSQL), `args` arguments of
 * `beckon serve`.
 */
export async function startBeckon({ env = {}, args = [] } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), "beckon-e2e-"));
  let running = await spawnServer({ listen: "127.0.0.1:0", dataDir, env, args });
  const listen = running.addr;
  return {
    origin: `http://${listen}`,
    dataDir,
    output: () => running.output(),
    async restart() {
      await stop(running.child);
      running = await spawnServer({ listen, dataDir, env, args });
    },
    async close() {
      await stop(running.child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The site: a web server of its own (web/demo/server.mjs) on 127.0.0.1, whose pages use the Beckon
 * server's hosted embed, as a customer's site would. page(path, {dir, lang, domainId, host})
 * (`lang: null`: a page that names no language) registers a page (of the demo domain, or `domainId`'s) and returns its URL (on `host`, if given);
 * `pages` holds the pages by path, for a page written out in full.
 */
export async function startSite(beckonOrigin) {
  const site = await startServer();
  return {
    origin: site.origin,
    pages: site.pages,
    page(path = "/shop", { dir, lang = "en", domainId = DEMO.domainId, host } = {}) {
      site.pages[path] = `<!doctype html><html${lang ? ` lang="${lang}"` : ""}${dir ? ` dir="${dir}"` : ""}><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body><main><h1>Shop</h1><p>Everything for your garden.</p></main>
<script async src="${beckonOrigin}/d/${domainId}.js"></script></body></html>`;
      // Under another host name (`*.test` resolves to this machine), as another shop's site.
      return host ? `http://${host}:${new URL(site.origin).port}${path}` : site.origin + path;
    },
    close: () => site.close(),
  };
}

/** Logs in over the account API; returns a fetch wrapper carrying the session cookie and CSRF token. */
export async function login(origin, email, password = DEMO.password) {
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { csrfToken } = await res.json();
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return async (path, init = {}) => {
    const headers = { cookie, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers };
    if (init.method && init.method !== "GET") headers["x-beckon-csrf"] = csrfToken;
    return fetch(`${origin}${path}`, { ...init, headers });
  };
}
