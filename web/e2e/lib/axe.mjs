// Runs axe-core inside the page and returns its violations (empty means none found).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let source;

export async function axeViolations(page, include = ".call-now-button") {
  source ??= await readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(source);
  return page.evaluate(async (selector) => {
    const result = await window.axe.run({ include: [selector] }, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  }, include);
}
