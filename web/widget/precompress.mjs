// Writes the precompressed siblings of the built files that the Beckon server sends (and the size
// check measures): beckon.js.gz with Zopfli (gzip format, a few percent smaller than zlib's best)
// and beckon.js.br with Brotli at quality 11, for every .js and .css file in dist/. The server
// uses a sibling only when it decodes to the file (crates/server/src/infra/assets.rs), so a stale one is
// harmless. Run after build.mjs and app.build.mjs. Usage: node precompress.mjs
import { gzipAsync } from "@gfx/zopfli";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const DIST = fileURLToPath(new URL("dist/", import.meta.url));
/** Zopfli iterations: more for the small files on the critical path, where every byte counts. */
const iterations = (size) => (size < 32 * 1024 ? 100 : 15);

// The loader's builds for the hosted embed (beckon-loader*.js) are sent only inside an embed, which
// the server compresses with its config.
const files = (await readdir(DIST)).filter((f) => /\.(js|css)$/.test(f) && !f.startsWith("beckon-loader"));
await Promise.all(
  files.map(async (f) => {
    const raw = await readFile(DIST + f);
    const gz = await gzipAsync(raw, { numiterations: iterations(raw.length) });
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    await Promise.all([writeFile(DIST + f + ".gz", gz), writeFile(DIST + f + ".br", br)]);
  }),
);
