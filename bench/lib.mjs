// Shared by the bench scripts: where things are, and how figures land in results.md.
import { readFile, writeFile } from "node:fs/promises";

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

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
