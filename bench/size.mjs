// Bytes a visitor downloads before the buttons show, config included (docs/architecture.md
// "Budgets"), and for the lazy chunks.
// - The hosted embed `/d/{domainId}.js` as the real server sends it (target/debug/beckon with
//   web/widget/dist): config, the stylesheet parts its buttons need and the loader in one response,
//   for a one-button config and for the demo's config. This is what the budget counts: gzip
//   (Zopfli, composed once per published version by the server); Brotli clients get less.
// - The built files (web/widget/dist): the precompressed .gz sibling written by
//   web/widget/precompress.mjs (Zopfli), what Beckon sends a gzip-only client; an inline embed
//   loads beckon.js and beckon.css (its config is in the page). zlib level 9 is listed beside them
//   for comparison with servers that compress on the fly.
// `node bench/size.mjs` records the figures in bench/results.md; `--check` fails over a budget.
// Needs the server binary (cargo test --workspace --no-run) and the built widget (make build).
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { DIST, recordSection } from "./lib.mjs";
import { DEMO, login, startBeckon } from "../web/e2e/lib/beckon.mjs";

/** docs/architecture.md: before the buttons show, as served, config included (gzip). */
// The one-button config with two optional loader parts (hours by day, the first-screen reveal) may
// take 8.25 KB: those parts are its own features. The demo's lists say their two words in one
// language, not thirteen (src/loader/render/texts.ts).
const EMBED_BUDGETS = { "one button": 8 * 1024, "one button, hours by day, first screen": 8.25 * 1024, demo: 10 * 1024 };
/** The inline embed: beckon.js (every optional part) and beckon.css; its config is in the page. */
const INLINE_BUDGET = 9 * 1024;
const APP_BUDGET = 28 * 1024; // docs/architecture.md: the app chunk for modals and chat (React code on Preact), ≤ 28 KB gzip
const FILES = [
  { name: "beckon.js", note: "inline embed: the loader with every optional part; a hosted embed carries the beckon-loader*.js build with the parts its config uses" },
  { name: "beckon.css", note: "inline embed (its <link>); the hosted embed carries its parts" },
  { name: "beckon-core.css", note: "hosted embed: every config" },
  { name: "beckon-lists.css", note: "hosted embed: configs with a full bar, multi or dots button" },
  { name: "beckon-extras.js", note: "after the buttons show: re-evaluation, scroll rules, analytics, stats, error reports" },
  { name: "beckon-anim.css", note: "after the buttons show, only with an animation" },
  { name: "beckon-files.js", note: "the chat's files tray: while a chat is live, or on the first file a visitor adds (docs/attachments.md)" },
  { name: "beckon-ended.js", note: "what an ended chat shows (rating, transcript): while a chat is live" },
  { name: "beckon-continued.js", note: "a link from the visitor's e-mail: only on a page opened by one" },
  { name: "beckon-sdk.js", note: "the surfaces handed over to a third party's SDK (Messenger plugin, Intercom): when one opens" },
  { name: "beckon-app.js", note: `when a modal or the chat opens (prefetched on hover/focus, at idle on touch screens); budget ${APP_BUDGET} B` },
];

const fail = (msg) => {
  console.error(`size: ${msg}`);
  process.exit(1);
};

/** Sizes of a built file and its precompressed siblings (which must decode to it). */
async function measure({ name }) {
  const read = (n) => readFile(new URL(n, DIST)).catch(() => null);
  const [raw, gz, br] = await Promise.all([read(name), read(name + ".gz"), read(name + ".br")]);
  if (!raw || !gz || !br) fail(`${name} or its .gz/.br is missing in web/widget/dist — run \`make build\` first`);
  if (!gunzipSync(gz).equals(raw) || !brotliDecompressSync(br).equals(raw)) fail(`${name}.gz/.br are stale — run \`make build\``);
  return { raw: raw.length, gzip: gz.length, br: br.length, zlib9: gzipSync(raw, { level: 9 }).length };
}

/** The body bytes of a GET as sent for Accept-Encoding `coding` (fetch would decode them). */
function served(url, coding) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": coding } }, (res) => {
      const parts = [];
      res.on("data", (c) => parts.push(c));
      res.on("end", () => {
        // The first requests of a new embed version do not wait for its packing (its ETag then names no coding).
        if (res.statusCode == 200 && url.includes("/d/") && !/-(gzip|br)"$/.test(res.headers.etag)) setTimeout(() => served(url, coding).then(resolve, reject), 50);
        else if (res.statusCode != 200 || res.headers["content-encoding"] != coding) reject(new Error(`${url}: ${res.statusCode}, content-encoding ${res.headers["content-encoding"]}`));
        else resolve(Buffer.concat(parts));
      });
    })
      .on("error", reject)
      .end();
  });
}

/** A one-button config: the demo's config cut to its first single button and that button's action. */
function oneButton(demo) {
  const b = demo.buttons.find((x) => x.type == "SINGLE");
  const button = { ...b, conditions: [] };
  return { ...demo, buttons: [button], actions: demo.actions.filter((a) => button.actions.includes(a.id)), conditions: [] };
}

/**
 * The one-button config using the loader's optional parts a single button can use (the hosted embed
 * carries their code only then): opening hours that differ by day, reveal after the first screen.
 */
function oneButtonWithParts(demo) {
  const config = oneButton(demo);
  const weekday = { start: "09:00", stop: "18:00" };
  const schedule = { showAlways: false, timezone: "Europe/Amsterdam", hours: [weekday, weekday, weekday, weekday, weekday, { start: "10:00", stop: "14:00" }, null] };
  const [button] = config.buttons;
  return {
    ...config,
    buttons: [{ ...button, options: { ...button.options, scroll: { revealAfterFirstScreen: true } } }],
    actions: config.actions.map((a) => ({ ...a, schedule })),
  };
}

/** The hosted embed's sizes as served, for the demo's config and for one-button configs. */
async function hostedEmbeds() {
  const server = await startBeckon();
  try {
    const url = `${server.origin}/d/${DEMO.domainId}.js`;
    const sizes = async (name) => {
      const [gz, br] = await Promise.all([served(url, "gzip"), served(url, "br")]);
      const raw = gunzipSync(gz);
      return { name, raw: raw.length, gzip: gz.length, br: br.length, zlib9: gzipSync(raw, { level: 9 }).length, css: raw.includes("window.CNB_CSS=") };
    };
    const demo = await sizes("demo");
    const owner = await login(server.origin, DEMO.owner);
    const path = `/api/v1/owner/domains/${DEMO.domainId}`;
    const config = await (await owner(`${path}/config`)).json();
    const publish = async (name, c) => {
      const put = await owner(`${path}/config`, { method: "PUT", body: JSON.stringify(c) });
      const pub = put.ok && (await owner(`${path}/publish`, { method: "POST" }));
      if (!pub?.ok) fail(`publishing the ${name} config failed: ${put.status} ${await put.text()}`);
      return sizes(name);
    };
    const one = await publish("one button", oneButton(config));
    const parts = await publish("one button, hours by day, first screen", oneButtonWithParts(config));
    return [one, parts, demo];
  } finally {
    await server.close();
  }
}

const embeds = await hostedEmbeds();
const rows = [];
for (const f of FILES) rows.push({ ...f, ...(await measure(f)) });
const app = rows.find((r) => r.name == "beckon-app.js");
for (const e of embeds)
  console.log(`hosted embed, ${e.name.padEnd(38)} ${String(e.raw).padStart(7)} B raw ${String(e.gzip).padStart(6)} B gzip ${String(e.br).padStart(6)} B br ${String(e.zlib9).padStart(6)} B zlib-9  (budget ${EMBED_BUDGETS[e.name]} B gzip)`);
for (const r of rows)
  console.log(`${r.name.padEnd(18)} ${String(r.raw).padStart(7)} B raw ${String(r.gzip).padStart(6)} B gzip ${String(r.br).padStart(6)} B br ${String(r.zlib9).padStart(6)} B zlib-9`);
const inline = ["beckon.js", "beckon.css"].map((n) => rows.find((r) => r.name == n));
const inlineSum = (k) => inline.reduce((s, r) => s + r[k], 0);
console.log(`inline embed (beckon.js + beckon.css, config in the page): ${inlineSum("gzip")} B gzip, ${inlineSum("br")} B Brotli (budget ${INLINE_BUDGET} B gzip)`);
console.log(`app chunk: ${app.gzip} B gzip as served (budget ${APP_BUDGET})`);

if (process.argv.includes("--check")) {
  const over = [];
  for (const e of embeds) {
    if (!e.css) over.push(`the ${e.name} hosted embed carries no stylesheet (a second round trip)`);
    if (e.gzip > EMBED_BUDGETS[e.name]) over.push(`the ${e.name} hosted embed is ${e.gzip} B gzip, over its ${EMBED_BUDGETS[e.name]} B budget`);
  }
  if (inlineSum("gzip") > INLINE_BUDGET) over.push(`the inline embed (beckon.js + beckon.css) is ${inlineSum("gzip")} B gzip, over its ${INLINE_BUDGET} B budget`);
  if (app.gzip > APP_BUDGET) over.push(`beckon-app.js is ${app.gzip} B gzip, over its ${APP_BUDGET} B budget`);
  if (over.length) fail(`check failed: ${over.join("; ")}`);
  console.log("size check passed: within budget");
} else {
  const embedTable = embeds.map((e) => `| ${e.name} | ${EMBED_BUDGETS[e.name]} | ${e.raw} | **${e.gzip}** | ${e.br} | ${e.zlib9} |`).join("\n");
  const table = rows.map((r) => `| ${r.name} | ${r.note} | ${r.raw} | ${r.gzip} | ${r.br} | ${r.zlib9} |`).join("\n");
  await recordSection("size", `## Loader and chunk sizes
Command: \`cargo test --workspace --no-run && make build && node bench/size.mjs\`. Budgets
(docs/architecture.md) count what a visitor downloads before the buttons show, config included:
the hosted embed \`/d/{domainId}.js\` as the server sends it (config, the stylesheet parts its
buttons need and the loader build with the parts it uses, one response), ≤ ${EMBED_BUDGETS["one button"]} B gzip for a one-button
config and ≤ ${EMBED_BUDGETS.demo} B for the demo's; the inline embed (beckon.js and beckon.css, its
config in the page) ≤ ${INLINE_BUDGET} B; ${APP_BUDGET} B gzip for the app chunk. "gzip" is
what Beckon sends a gzip client (Zopfli: precompressed files by web/widget/precompress.mjs, embeds
by the server once per version); Brotli clients get "br"; "zlib-9" is what a server compressing
on the fly at its best level would send.

| hosted embed, config | budget | raw bytes | gzip | br | zlib-9 |
|---|---|---|---|---|---|
${embedTable}

| file | when | raw bytes | gzip | br | zlib-9 |
|---|---|---|---|---|---|
${table}
| **inline embed** (beckon.js + beckon.css) | config in the page | | **${inlineSum("gzip")}** | **${inlineSum("br")}** | **${inlineSum("zlib9")}** |`);
}
