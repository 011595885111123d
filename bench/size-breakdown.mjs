// Which source files the loader's bytes come from: minified bytes per input file (esbuild
// metafile), with the bundle's gzip total. Usage: node bench/size-breakdown.mjs
import * as esbuild from "../web/node_modules/esbuild/lib/main.js";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const widget = fileURLToPath(new URL("../web/widget/", import.meta.url));
const result = await esbuild.build({
  absWorkingDir: widget,
  entryPoints: ["src/loader/main.ts"],
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  write: false,
  metafile: true,
  outfile: "out.js",
});
const output = Object.values(result.metafile.outputs)[0];
const rows = Object.entries(output.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
for (const [file, { bytesInOutput }] of rows) console.log(String(bytesInOutput).padStart(7), file);
const js = result.outputFiles[0].contents;
console.log(`${String(js.length).padStart(7)} total minified, ${gzipSync(js, { level: 9 }).length} gzip (before any post-minifier)`);
