// Builds the widget's lazy React app (src/app/index.tsx) into dist/beckon-app.js: an ES module the
// loader imports from its own folder on first need (docs/decisions.md "React code on Preact").
//   - the app is React code; react, react-dom and the JSX runtime are mapped onto Preact's React
//     layer (preact/compat), a well-kept library of a few KB instead of ~70 KB of React. Its
//     component tests run on both (vitest.config.ts);
//   - the surfaces' stylesheet (`import css from "./app.css?raw"`) is minified into the chunk as
//     text and injected by it: no extra request;
//   - minified by esbuild (es2020), then by terser, like the loader's chunks; it starts with V8's
//     compile hint (see below).
// Prints the chunk's size and its zlib-9 gzip size, a quick figure: the budget (≤ 28 KB gzip,
// docs/architecture.md) holds for the Zopfli .gz Beckon serves, ~3.5 % smaller (precompress.mjs),
// which bench/size.mjs --check measures;
// with --breakdown first the bytes each source file leaves in the chunk after esbuild's minifier
// (before terser; gzip shares are not separable: the files compress against each other).
// WIDGET_OUT: another folder than dist/ (as build.mjs), e.g. to compare two builds side by side.
// Usage: node app.build.mjs [--breakdown]
import * as esbuild from "esbuild";
import { minify } from "terser";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { languageTables } from "./i18n-tables.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const OUT = resolve(process.env.WIDGET_OUT || here("dist/"), "beckon-app.js");
const BUDGET = 28 * 1024;

/** `*.css?raw` imports: the file minified, as a string. */
const rawCss = {
  name: "raw-css",
  setup(b) {
    b.onResolve({ filter: /\.css\?raw$/ }, (a) => ({ path: resolve(a.resolveDir, a.path.slice(0, -4)), namespace: "raw-css" }));
    b.onLoad({ filter: /.*/, namespace: "raw-css" }, async (a) => {
      const { code } = await esbuild.transform(await readFile(a.path, "utf8"), {
        loader: "css",
        minify: true,
        target: ["chrome80", "edge80", "firefox78", "safari13"],
        legalComments: "none",
      });
      return { contents: code.trim(), loader: "text", watchFiles: [a.path] };
    });
  },
};

/** What the app imports of React, on Preact's React layer. */
const REACT_ON_PREACT = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
};

/** What the app and its own lazy chunk (the files tray, below) are built with. */
const COMMON = {
  bundle: true,
  format: "esm",
  target: "es2020",
  platform: "browser",
  minify: true,
  legalComments: "none",
  charset: "utf8",
  logLevel: "warning",
  // tsconfig.json's react-jsx: the automatic runtime, aliased onto Preact's with the rest.
  jsx: "automatic",
  // Class fields without initialisers (ChatError's) are left to the constructor's assignments
  // instead of a defineProperty helper each.
  tsconfigRaw: { compilerOptions: { jsx: "react-jsx", useDefineForClassFields: false } },
};

/**
 * The app's own chunks (src/app/chunks.ts), each built into dist/beckon-{name}.js from its entry;
 * the app's imports of them become imports of those files beside it.
 */
const LAZY = {
  ended: "src/app/chat/ended.tsx",
  files: "src/app/chat/files/FilesTray.tsx",
  continued: "src/app/continued.ts",
  sdk: "src/app/surfaces/handed-over.ts",
  live: "src/app/chat/live.ts",
};
/** The app's modules its chunks use, and the names the app exports of them (src/app/index.tsx). */
const OF_THE_APP = {
  "i18n/index": ["locale", "t", "texts"],
  "modal/Modal": ["Modal"],
  "surfaces/modalProps": ["modalProps"],
  options: ["modalOptions", "prop"],
  "surfaces/Popout": ["messengerUrl", "openTab"],
  "surfaces/Welcome": ["Welcome"],
};
const lazyChunks = {
  name: "lazy-chunks",
  setup(b) {
    const byEntry = Object.fromEntries(Object.entries(LAZY).map(([name, src]) => [here(src).replace(/\.tsx?$/, ""), name]));
    b.onResolve({ filter: /^\.\// }, (a) => {
      const name = a.importer.endsWith("/src/app/chunks.ts") && byEntry[resolve(a.resolveDir, a.path)];
      return name ? { path: `./beckon-${name}.js`, external: true } : undefined;
    });
  },
};

await mkdir(dirname(OUT), { recursive: true });
const built = await esbuild.build({
  ...COMMON,
  entryPoints: [here("src/app/index.tsx")],
  outfile: OUT,
  alias: REACT_ON_PREACT,
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [rawCss, lazyChunks],
  metafile: process.argv.includes("--breakdown"),
});
if (process.argv.includes("--breakdown")) {
  const { inputs } = Object.values(built.metafile.outputs)[0];
  const rows = Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  for (const [file, { bytesInOutput }] of rows) console.log(String(bytesInOutput).padStart(7), file.replace(/^.*node_modules\//, "").replace(/^raw-css:.*\/src\//, "src/"));
}
const out = await minify(await readFile(OUT, "utf8"), {
  ecma: 2020,
  module: true,
  compress: { passes: 3, unsafe_arrows: true, pure_getters: true },
  mangle: { toplevel: true },
  format: { comments: false },
});
// V8's explicit compile hint (Chrome 136+; a comment elsewhere): compile every function when the
// chunk loads — on a background thread while it streams in, at the prefetch — instead of lazily
// on the first call, which is the click: ≈ 60 ms of compiling at 4× CPU throttle on the way to
// the painted chat window (bench/chat.mjs).
await writeFile(OUT, "//# allFunctionsCalledOnLoad\n" + out.code);
// The app's own chunks (LAZY: the files tray, what an ended chat shows, a link from an e-mail): they run on the app's
// Preact (the app re-exports what they use; one copy, one set of hooks) and its catalogue,
// imported from ./beckon-app.js beside them.
const FROM_APP = "\0from-app";
for (const [name, src] of Object.entries(LAZY))
  await esbuild.build({
    entryPoints: [here(src)],
    ...COMMON,
    outfile: resolve(dirname(OUT), `beckon-${name}.js`),
    plugins: [
      rawCss,
      {
        name: "preact-of-the-app",
        setup(b) {
          const app = here("src/app/");
          b.onResolve({ filter: /.*/ }, (a) => {
            const file = resolve(a.resolveDir, a.path).slice(app.length);
            const ofApp = /^(react|react-dom|preact)(\/.*)?$/.test(a.path) || (a.path.startsWith(".") && resolve(a.resolveDir, a.path).startsWith(app) && file in OF_THE_APP);
            return ofApp ? { path: FROM_APP, namespace: "from-app" } : undefined;
          });
          b.onLoad({ filter: /.*/, namespace: "from-app" }, () => ({
            contents: `export { jsx, jsxs, Fragment, useEffect, useRef, useState, ${Object.values(OF_THE_APP).flat().join(", ")} } from "./beckon-app.js";`,
            loader: "js",
          }));
          b.onResolve({ filter: /^\.\/beckon-app\.js$/ }, (a) => ({ path: a.path, external: true }));
        },
      },
    ],
  });
// The catalogues (src/app/i18n): a chunk per language, beckon-lang-{xx}.js, that the app imports
// when the widget speaks it (src/app/i18n/load.ts), each written out as one object literal.
for (const [lang, table] of Object.entries(await languageTables())) {
  await writeFile(resolve(dirname(OUT), `beckon-lang-${lang}.js`), `export default ${JSON.stringify(table)};\n`);
}
const gz = gzipSync(await readFile(OUT), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1) + " KB";
console.log(`${OUT.replace(/^.*\/(dist\/)/, "$1")}  ${kb(out.code.length)}  zlib-9 ${kb(gz)}  (budget ${kb(BUDGET)} for the served Zopfli .gz: bench/size.mjs --check)`);
