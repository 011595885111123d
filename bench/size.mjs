// Bytes a visitor downloads: before the buttons show (the loader and its stylesheet, for any
// config) and for the lazy chunks. The figure that counts is the gzip file Beckon serves, the
// precompressed .gz sibling written by web/widget/precompress.mjs (Zopfli) — what a gzip-only
// client receives; browsers that take Brotli get the smaller .br. zlib level 9 is listed beside
// them for comparison with servers that compress on the fly.
// `node bench/size.mjs` records the figures in bench/results.md; `--check` fails over a budget.
import { readFile } from "node:fs/promises";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { DIST, recordSection } from "./lib.mjs";

const BUDGET = 8 * 1024; // docs/architecture.md: loader JS + CSS before the buttons show, ≤ 8 KB gzip, aim 5 KB
const AIM = 5 * 1024;
const APP_BUDGET = 28 * 1024; // docs/architecture.md: the app chunk for modals and chat (React code on Preact), ≤ 28 KB gzip
const BEFORE_SHOW = [
  { name: "beckon.js", note: "every page" },
  { name: "beckon.css", note: "every page" },
];
const AFTER_SHOW = [
  { name: "beckon-extras.js", note: "after the buttons show: re-evaluation, scroll rules, analytics, stats, error reports" },
  { name: "beckon-anim.css", note: "after the buttons show, only with an animation" },
  { name: "beckon-app.js", note: `when a modal or the chat opens (prefetched on hover/focus); budget ${APP_BUDGET} B` },
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

const rows = [];
for (const f of [...BEFORE_SHOW, ...AFTER_SHOW]) rows.push({ ...f, ...(await measure(f)), counted: BEFORE_SHOW.includes(f) });
const sum = (k) => rows.filter((r) => r.counted).reduce((s, r) => s + r[k], 0);
const total = sum("gzip");
const app = rows.find((r) => r.name == "beckon-app.js");
for (const r of rows)
  console.log(`${r.name.padEnd(18)} ${String(r.raw).padStart(7)} B raw ${String(r.gzip).padStart(6)} B gzip ${String(r.br).padStart(6)} B br ${String(r.zlib9).padStart(6)} B zlib-9  ${r.counted ? "before show" : "after show"}`);
console.log(`before the buttons show: ${total} B gzip as served (budget ${BUDGET}, aim ${AIM}); ${sum("br")} B Brotli; ${sum("zlib9")} B zlib-9`);
console.log(`app chunk: ${app.gzip} B gzip as served (budget ${APP_BUDGET})`);

if (process.argv.includes("--check")) {
  const over = [];
  if (total > BUDGET) over.push(`${total} B gzip before the buttons show, over the ${BUDGET} B budget`);
  if (app.gzip > APP_BUDGET) over.push(`beckon-app.js is ${app.gzip} B gzip, over its ${APP_BUDGET} B budget`);
  if (over.length) fail(`check failed: ${over.join("; ")}`);
  console.log("size check passed: within budget");
} else {
  const table = rows.map((r) => `| ${r.name} | ${r.note} | ${r.raw} | ${r.gzip} | ${r.br} | ${r.zlib9} |`).join("\n");
  await recordSection("size", `## Loader and chunk sizes
Command: \`make build && node bench/size.mjs\`. "gzip" is the precompressed file Beckon serves to a
gzip client (Zopfli, web/widget/precompress.mjs); Brotli clients get "br"; "zlib-9" is what a
server compressing on the fly at its best level would send. Budgets (docs/architecture.md): ${BUDGET} B gzip
(aim ${AIM} B) for what a visitor downloads before the buttons show, whatever the config;
${APP_BUDGET} B gzip for the app chunk.

| file | when | raw bytes | gzip | br | zlib-9 |
|---|---|---|---|---|---|
${table}
| **before the buttons show** | | | **${total}** | **${sum("br")}** | **${sum("zlib9")}** |`);
}
