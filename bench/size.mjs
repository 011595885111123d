// Bytes a visitor downloads before the buttons show: the loader and its stylesheet, gzip level 9.
// `node bench/size.mjs` records the figures in bench/results.md; `--check` fails over the budget.
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { DIST, recordSection } from "./lib.mjs";

const BUDGET = 8 * 1024; // DESIGN.md: ≤ 8 KB gzip, aim 5 KB
const AIM = 5 * 1024;
const FILES = ["beckon.js", "beckon.css"];

const rows = [];
for (const name of FILES) {
  const raw = await readFile(new URL(name, DIST)).catch(() => {
    console.error(`size: ${name} is missing in web/widget/dist — run \`make build\` first`);
    process.exit(1);
  });
  rows.push({ name, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length });
}
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
for (const r of rows) console.log(`${r.name.padEnd(12)} ${String(r.raw).padStart(7)} B raw ${String(r.gzip).padStart(6)} B gzip`);
console.log(`loader total  ${total} B gzip (budget ${BUDGET}, aim ${AIM})`);

if (process.argv.includes("--check")) {
  if (total > BUDGET) {
    console.error(`size check failed: loader JS + CSS is ${total} B gzip, over the ${BUDGET} B budget`);
    process.exit(1);
  }
  console.log("size check passed");
} else {
  const table = rows.map((r) => `| ${r.name} | ${r.raw} | ${r.gzip} |`).join("\n");
  await recordSection("size", `## Loader size
Command: \`make build && node bench/size.mjs\` (gzip level 9). Budget ${BUDGET} B, aim ${AIM} B.

| file | raw bytes | gzip bytes |
|---|---|---|
${table}
| **total** | | **${total}** |`);
}
