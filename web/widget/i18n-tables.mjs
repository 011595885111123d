// The widget's catalogues (src/app/i18n) as whole tables, one per language: its texts with
// English's where it lacks one (src/app/i18n/merge.ts). Read at build time by app.build.mjs (a
// chunk per language, beckon-lang-{xx}.js) and build.mjs (the loader's few texts in every language).
import * as esbuild from "esbuild";
import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const I18N = fileURLToPath(new URL("src/app/i18n/", import.meta.url));

/** { en: {...}, de: {...}, … }: every shipped language's whole table. */
export async function languageTables() {
  const locales = ["en", ...(await readdir(I18N + "locales/")).filter((f) => /^[a-z]{2}\.ts$/.test(f)).map((f) => f.slice(0, 2))];
  const tables = {};
  for (const lang of locales) {
    const own = lang == "en" ? "export default {};" : `export { default } from "./locales/${lang}";`;
    const entry = `import { en } from "./en"; import { withFallback } from "./merge"; import own from "own"; export default withFallback(en, own);`;
    const { outputFiles } = await esbuild.build({
      stdin: { contents: entry, resolveDir: I18N, loader: "ts" },
      bundle: true,
      format: "esm",
      write: false,
      plugins: [{ name: "own", setup: (b) => (b.onResolve({ filter: /^own$/ }, () => ({ path: "own", namespace: "own" })), b.onLoad({ filter: /.*/, namespace: "own" }, () => ({ contents: own, loader: "ts", resolveDir: I18N }))) }],
    });
    tables[lang] = (await import("data:text/javascript;base64," + Buffer.from(outputFiles[0].text).toString("base64"))).default;
  }
  return tables;
}
