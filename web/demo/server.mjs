// A small HTTP server for the demo page and the browser tests: serves the built widget under
// /static/, pages registered by the caller, and JSON API routes the caller provides. No dependencies.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

export const DIST_DIR = fileURLToPath(new URL("../widget/dist/", import.meta.url));

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".webm": "audio/webm",
};

/**
 * pages: { "/path": html string | () => html string }
 * api:   { "METHOD /path": (req, body, url) => [status, jsonBody] } — exact path match
 * Every request is recorded in server.requests as { method, path, body }.
 */
export async function startServer({ port = 0, pages = {}, api = {}, staticDir = DIST_DIR, cacheStatic = false } = {}) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    const body = await readBody(req);
    requests.push({ method: req.method, path: url.pathname, search: url.search, body });
    try {
      const handler = api[`${req.method} ${url.pathname}`];
      if (handler) {
        const [status, json] = await handler(req, body, url);
        return send(res, status, JSON.stringify(json), TYPES[".json"]);
      }
      if (url.pathname.startsWith("/static/")) {
        const rel = normalize(decodeURIComponent(url.pathname.slice("/static/".length)));
        if (rel.startsWith("..")) return send(res, 400, "bad path", "text/plain");
        const file = await readFile(join(staticDir, rel)).catch(() => null);
        if (!file) return send(res, 404, "not found", "text/plain");
        const cache = cacheStatic ? "public, max-age=3600" : "no-store";
        return send(res, 200, file, TYPES[extname(rel)] ?? "application/octet-stream", cache);
      }
      const page = pages[url.pathname];
      if (page !== undefined) {
        const type = TYPES[extname(url.pathname)] ?? TYPES[".html"];
        return send(res, 200, typeof page === "function" ? await page(url) : page, type);
      }
      send(res, 404, "not found", "text/plain");
    } catch (err) {
      send(res, 500, String(err?.stack ?? err), "text/plain");
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    requests,
    pages,
    api,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function send(res, status, body, type, cache = "no-store") {
  // Pages of other origins import the widget's lazy chunks with import(), a CORS request.
  res.writeHead(status, { "content-type": type, "cache-control": cache, "access-control-allow-origin": "*" });
  res.end(body);
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}
