// Builds the embed into dist/:
//   beckon.js         the loader: a classic script (an IIFE, safe with `async`) with only what is
//                     needed before the buttons show
//   beckon-extras.js  the runtime's lazy chunk (an ES module, src/loader/extras.ts), imported by the
//                     loader from its own folder once the buttons are revealed
//   beckon.css        the stylesheet
// JavaScript is minified by esbuild, then by terser (a second pass saves a few hundred bytes).
// Sizes are measured by bench/size.mjs, not here. Usage: node build.mjs
import * as esbuild from "esbuild";
import { minify } from "terser";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const DIST = here("dist/");
/** The chunk's file name: the one place that names it (the loader gets it as BECKON_EXTRAS). */
const EXTRAS = "beckon-extras.js";

const js = { bundle: true, target: "es2020", platform: "browser", minify: true, legalComments: "none", charset: "utf8", logLevel: "warning" };

/** A second minifier pass over a built file. */
async function terse(file, module) {
  const out = await minify(await readFile(file, "utf8"), {
    ecma: 2020,
    module,
    compress: { passes: 3, unsafe_arrows: true, pure_getters: true },
    mangle: { toplevel: true },
    format: { comments: false },
  });
  await writeFile(file, out.code);
}

await mkdir(DIST, { recursive: true });
await Promise.all([
  esbuild
    .build({ ...js, entryPoints: [here("src/loader/main.ts")], outfile: DIST + "beckon.js", format: "iife", define: { BECKON_EXTRAS: JSON.stringify(EXTRAS) } })
    .then(() => terse(DIST + "beckon.js", false)),
  esbuild
    .build({ ...js, entryPoints: [here("src/loader/extras.ts")], outfile: DIST + EXTRAS, format: "esm" })
    .then(() => terse(DIST + EXTRAS, true)),
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
