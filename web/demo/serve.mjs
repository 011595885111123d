// `make run`: serves the demo page with the demo configuration and the freshly built widget.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startServer } from "./server.mjs";
import { embedPage } from "./page.mjs";

const { values } = parseArgs({ options: { port: { type: "string", default: "8080" } } });
const CONFIG = new URL("../../crates/model/tests/fixtures/demo.json", import.meta.url);
const BODY = new URL("./index.body.html", import.meta.url);

async function demoPage() {
  const config = JSON.parse(await readFile(CONFIG, "utf8"));
  config.options = { ...config.options, cssLocation: "/static/beckon.css", debugMode: true };
  return embedPage({ config, title: "Beckon demo", head: '<link rel="stylesheet" href="/demo.css">', body: await readFile(BODY, "utf8") });
}

const server = await startServer({
  port: Number(values.port),
  pages: { "/": demoPage, "/demo.css": () => readFile(new URL("./demo.css", import.meta.url), "utf8") },
});
console.log(`Beckon demo: ${server.origin.replace("127.0.0.1", "localhost")}/  (Ctrl+C stops it)`);
