// Builds the embed into dist/:
//   beckon.js         the loader: a classic script (an IIFE, safe with `async`) with only what is
//                     needed before the buttons show, and every optional part (src/shared/features.ts)
//   beckon-loader*.js the loader with some optional parts left out, one per combination, named
//                     after the parts it has (beckon-loader-lists-hours.js …; beckon-loader.js has
//                     none): the hosted embed carries the one its config needs (the server picks it)
//   beckon-extras.js  the runtime's lazy chunk (an ES module, src/loader/extras.ts), imported by the
//                     loader from its own folder once the buttons are revealed
//   beckon.css        the stylesheet, bundling its two parts (src/styles/beckon.css):
//   beckon-core.css   every root and single buttons, and
//   beckon-lists.css  full bar, multi and dots lists: the hosted embed carries the parts its config uses
//   beckon-words.json the loader's few words in every language, for the server's hosted embed
//   beckon-anim.css   the animation rules (src/styles/beckon-anim.css), loaded by the extras chunk
//                     from the stylesheet's folder when a shown button is animated
// JavaScript is bundled by esbuild and minified by terser (see bundle()).
// Sizes are measured by bench/size.mjs, not here. Usage: node build.mjs
import * as esbuild from "esbuild";
import { minify } from "terser";
import { mkdir, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { languageTables } from "./i18n-tables.mjs";
import { fileURLToPath } from "node:url";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
// WIDGET_OUT: another folder, e.g. to compare two builds side by side.
const DIST = process.env.WIDGET_OUT || here("dist/");
/**
 * The chunks: the loader imports beckon-{name}.js from its own folder (src/loader/boot.ts);
 * beckon-continue.js is the entry of Beckon's own page for a link from a visitor's e-mail;
 * beckon-call.js the call panel with its QR library, on a call click on a desktop (src/call/panel.ts).
 */
const CHUNKS = { extras: "src/loader/extras.ts", continue: "src/continue.ts", call: "src/call/panel.ts" };
/**
 * The loader's optional parts (src/shared/features.ts) by the name a variant's file carries. A
 * variant replaces that module by one with some flags false, so the minifiers drop their code.
 */
const PARTS = { lists: "LISTS", hours: "HOURS_BY_DAY", "first-screen": "FIRST_SCREEN", translations: "TRANSLATIONS" };
/** Every combination of parts but the whole set, which is beckon.js itself. */
const VARIANTS = Object.keys(PARTS)
  .reduce((sets, part) => sets.flatMap((set) => [set, [...set, part]]), [[]])
  .filter((set) => set.length < Object.keys(PARTS).length);
/** An esbuild plugin giving the loader a features module with only the parts named. */
const withParts = (parts) => ({
  name: "loader-parts",
  setup(build) {
    build.onResolve({ filter: /\/features$/ }, () => ({ path: "features", namespace: "loader-parts" }));
    build.onLoad({ filter: /.*/, namespace: "loader-parts" }, () => ({
      contents: Object.entries(PARTS).map(([part, flag]) => `export const ${flag} = ${parts.includes(part)};`).join("\n"),
      loader: "js",
    }));
  },
});
/**
 * The loader's own words (src/loader/render/texts.ts) per language, from the catalogue
 * (i18n-tables.mjs): beckon-words.json, which the server reads to put the domain's language's into
 * its hosted embed (crates/server/src/api/http/hosting.rs). The loader builds in English's only.
 */
const LOADER_WORDS = Object.fromEntries(Object.entries(await languageTables()).map(([l, t]) => [l, [t.modal.poweredBy, t.buttons.options]]));
const variantFile = (parts) => ["beckon-loader", ...parts].join("-") + ".js";

/** The stylesheets: beckon.css (or its parts) before the buttons show, beckon-anim.css after. */
const STYLES = ["beckon", "beckon-core", "beckon-lists", "beckon-anim"];

const js = { bundle: true, target: "es2020", platform: "browser", legalComments: "none", charset: "utf8", logLevel: "warning", write: false };
/**
 * esbuild bundles, terser minifies. Which esbuild pass lets terser do best depends on the code:
 * esbuild's syntax minifier usually helps, but it hoists the loader's part flags
 * (src/shared/features.ts) where terser can no longer fold them, and an absent part's code would
 * stay. So each file is bundled both ways and the smaller result (gzip) is kept.
 */
const ESBUILD_PASSES = [{ minifySyntax: true }, {}];

/** The smallest minified bundle of an entry point, written to file. */
async function bundle(entry, file, format, plugins = []) {
  const candidates = await Promise.all(
    ESBUILD_PASSES.map(async (pass) => {
      const built = await esbuild.build({ ...js, ...pass, entryPoints: [here(entry)], format, plugins });
      const out = await minify(built.outputFiles[0].text, {
        ecma: 2020,
        module: format === "esm",
        compress: { passes: 5, unsafe_arrows: true, pure_getters: true },
        mangle: { toplevel: true },
        format: { comments: false },
      });
      return { code: out.code, gzip: gzipSync(out.code, { level: 9 }).length };
    }),
  );
  candidates.sort((a, b) => a.gzip - b.gzip);
  await writeFile(DIST + file, candidates[0].code);
}

await mkdir(DIST, { recursive: true });
await Promise.all([
  bundle("src/loader/main.ts", "beckon.js", "iife"),
  writeFile(DIST + "beckon-words.json", JSON.stringify(LOADER_WORDS)),
  ...VARIANTS.map((parts) => bundle("src/loader/main.ts", variantFile(parts), "iife", [withParts(parts)])),
  ...Object.entries(CHUNKS).map(([name, src]) => bundle(src, `beckon-${name}.js`, "esm")),
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
