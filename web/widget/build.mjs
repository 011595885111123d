// Builds the embed: dist/beckon.js (the loader, a minified classic script: an IIFE for es2019 that
// is safe with `async`) and dist/beckon.css, plus dist/sizes.json (raw and gzip-9 bytes of both)
// for the size budget. Usage: node build.mjs
import * as esbuild from "esbuild";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const DIST = here("dist/");

await mkdir(DIST, { recursive: true });

await Promise.all([
  esbuild.build({
    entryPoints: [here("src/loader/main.ts")],
    outfile: DIST + "beckon.js",
    bundle: true,
    format: "iife",
    target: "es2019",
    platform: "browser",
    minify: true,
    legalComments: "none",
    charset: "utf8",
    logLevel: "warning",
  }),
  esbuild.build({
    entryPoints: [here("src/styles/beckon.css")],
    outfile: DIST + "beckon.css",
    bundle: true,
    minify: true,
    target: ["chrome80", "edge80", "firefox78", "safari13"],
    legalComments: "none",
    charset: "utf8",
    logLevel: "warning",
  }),
]);

const sizes = {};
let total = 0;
for (const name of ["beckon.js", "beckon.css"]) {
  const bytes = await readFile(DIST + name);
  const gzip = gzipSync(bytes, { level: 9 }).length;
  sizes[name] = { raw: bytes.length, gzip };
  total += gzip;
}
sizes.totalGzip = total;
await writeFile(DIST + "sizes.json", JSON.stringify(sizes, null, 2) + "\n");
console.log(
  Object.entries(sizes)
    .map(([k, v]) => (typeof v == "number" ? `${k} ${v} B` : `${k} ${v.raw} B raw, ${v.gzip} B gzip`))
    .join("\n"),
);
