// Lighthouse 12 against the system Chromium (for bench/load-time.mjs, which lives outside web/).
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM } from "./browser.mjs";

const PORT = 9333;

/** Runs a mobile performance audit of each URL; resolves to { tbt, cls, score } per URL. */
export async function audit(urls) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--host-resolver-rules=MAP *.test 127.0.0.1", `--remote-debugging-port=${PORT}`],
  });
  try {
    const out = [];
    for (const url of urls) {
      const r = await lighthouse(url, { port: PORT, onlyCategories: ["performance"], logLevel: "error", formFactor: "mobile", throttlingMethod: "simulate" });
      const a = r.lhr.audits;
      out.push({ tbt: a["total-blocking-time"].numericValue, cls: a["cumulative-layout-shift"].numericValue, score: Math.round(r.lhr.categories.performance.score * 100) });
    }
    return out;
  } finally {
    await browser.close();
  }
}
