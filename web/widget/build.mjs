// Builds the embed into dist/:
//   beckon.js         the loader: a classic script (an IIFE, safe with `async`) with only what is
//                     needed before the buttons show
//   beckon-extras.js  the runtime's lazy chunk (an ES module, src/loader/extras.ts), imported by the
//                     loader from its own folder once the buttons are revealed
//   beckon.css        the stylesheet, bundling its two parts (src/styles/beckon.css):
//   beckon-core.css   every root and single buttons, and
//   beckon-lists.css  full bar, multi and dots lists: the hosted embed carries the parts its config uses
//   beckon-anim.css   the animation rules (src/styles/beckon-anim.css), loaded by the extras chunk
//                     from the stylesheet's folder when a shown button is animated
// JavaScript is minified by esbuild, then by terser (a second pass saves a few hundred bytes).
// Sizes are measured by bench/size.mjs, not here. Usage: node build.mjs
import * as esbuild from "esbuild";
import { minify } from "terser";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
// WIDGET_OUT: another folder, e.g. to compare two builds side by side.
const DIST = process.env.WIDGET_OUT || here("dist/");
/** The chunks: the loader imports beckon-{name}.js from its own folder (src/loader/boot.ts). */
const CHUNKS = { extras: "src/loader/extras.ts" };
/** The stylesheets: beckon.css (or its parts) before the buttons show, beckon-anim.css after. */
const STYLES = ["beckon", "beckon-core", "beckon-lists", "beckon-anim"];

const js = { bundle: true, target: "es2020", platform: "browser", minify: true, legalComments: "none", charset: "utf8", logLevel: "warning" };

/** A second minifier pass over a built file. */
async function terse(file, module) {
  const out = await minify(await readFile(file, "utf8"), {
    ecma: 2020,
    module,
    compress: { passes: 5, unsafe_arrows: true, pure_getters: true },
    mangle: { toplevel: true },
    format: { comments: false },
  });
  await writeFile(file, out.code);
}

await mkdir(DIST, { recursive: true });
await Promise.all([
  esbuild
    .build({ ...js, entryPoints: [here("src/loader/main.ts")], outfile: DIST + "beckon.js", format: "iife" })
    .then(() => terse(DIST + "beckon.js", false)),
  ...Object.entries(CHUNKS).map(([name, src]) =>
    esbuild
      .build({ ...js, entryPoints: [here(src)], outfile: DIST + `beckon-${name}.js`, format: "esm" })
      .then(() => terse(DIST + `beckon-${name}.js`, true)),
  ),
  ...STYLES.map((name) =>
    esbuild.build({
      entryPoints: [here(`src/styles/${name}.css`)],
      outfile: DIST + `${name}.css`,
      bundle: true,
      minify: true,
      target: ["chrome80", "edge80", "firefox78", "safari13"],
      legalComments: "none",
      charset: "utf8",
      logLevel: "warning",
    }),
  ),
]);
