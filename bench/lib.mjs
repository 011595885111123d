// Shared by the bench scripts: where things are, and how figures land in results.md.
import { chmod, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const DIST = new URL("../web/widget/dist/", import.meta.url);
const RESULTS = new URL("./results.md", import.meta.url);

/** Replaces the section between <!-- name:start --> and <!-- name:end --> in results.md. */
export async function recordSection(name, markdown) {
  const text = await readFile(RESULTS, "utf8").catch(() => "# Beckon benchmark results\n");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(RESULTS, next);
}

/** The nearest-rank percentile `p` (0–100) of `values`. */
export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * BECKON_BIN becomes a wrapper of `beckon serve` that replaces the value of its argument `flag`
 * (web/e2e/lib/beckon.mjs passes this checkout's folders) with what the shell word `value` gives
 * at each start, e.g. "$BENCH_DIST". Call before web/e2e/lib/beckon.mjs is first imported (it
 * reads BECKON_BIN once).
 */
async function wrapBeckon(flag, value) {
  const bin = process.env.BECKON_BIN ?? fileURLToPath(new URL("../target/debug/beckon", import.meta.url));
  const dir = await mkdtemp(join(tmpdir(), "beckon-bench-"));
  const wrapper = join(dir, "beckon");
  await writeFile(wrapper, `#!/bin/sh\nfor a; do shift; [ "$p" = ${flag} ] && a=${value}; set -- "$@" "$a"; p=$a; done\nexec ${JSON.stringify(bin)} "$@"\n`);
  await chmod(wrapper, 0o755);
  process.env.BECKON_BIN = wrapper;
  return dir;
}

/**
 * `--dist DIR,DIR…`: widget builds to compare (folders written with WIDGET_OUT=DIR/ by build.mjs
 * and app.build.mjs). Returns the folders (absolute), or [null] for the default dist/. With
 * folders, BECKON_BIN becomes a wrapper of `beckon serve` whose --static-dir is replaced by
 * $BENCH_DIST: start each server with env { BENCH_DIST }. Call before web/e2e/lib/beckon.mjs is
 * first imported.
 */
export async function benchDists(dist) {
  if (!dist) return [null];
  await wrapBeckon("--static-dir", "$BENCH_DIST");
  return dist.split(",").map((d) => resolve(d));
}

/**
 * Console builds to compare on one server and one data directory: BECKON_BIN becomes a wrapper
 * whose --console-dir is read from a file at each start. Returns use(dir): the next start (and
 * restart()) serves that build. Call before web/e2e/lib/beckon.mjs is first imported.
 */
export async function switchableConsole() {
  const file = join(await wrapBeckon("--console-dir", '$(cat "$BENCH_CONSOLE_DIR_FILE")'), "console-dir");
  process.env.BENCH_CONSOLE_DIR_FILE = file;
  return (dir) => writeFile(file, resolve(dir));
}
