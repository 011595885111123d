// Lighthouse 12 against the system Chromium (for bench/load-time.mjs, which lives outside web/).
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM } from "./browser.mjs";

const PORT = 9333;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs a mobile performance audit of each URL `runs` times, the URLs in turn (so that a busy
 * moment of the machine falls on both); resolves to the median { tbt, cls, score } per URL and
 * every run's TBT. One run is not enough: simulated throttling multiplies each observed task
 * by 4, so one task slowed by the machine moves TBT by hundreds of ms.
 */
export async function audit(urls, runs = 1) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--host-resolver-rules=MAP *.test 127.0.0.1", `--remote-debugging-port=${PORT}`],
  });
  try {
    const all = urls.map(() => []);
    for (let i = 0; i < runs; i++)
      for (const [k, url] of urls.entries()) {
        const r = await lighthouse(url, { port: PORT, onlyCategories: ["performance"], logLevel: "error", formFactor: "mobile", throttlingMethod: "simulate" });
        const a = r.lhr.audits;
        all[k].push({ tbt: a["total-blocking-time"].numericValue, cls: a["cumulative-layout-shift"].numericValue, score: Math.round(r.lhr.categories.performance.score * 100) });
      }
    return all.map((rs) => ({
      tbt: median(rs.map((r) => r.tbt)),
      cls: median(rs.map((r) => r.cls)),
      score: median(rs.map((r) => r.score)),
      tbts: rs.map((r) => r.tbt),
    }));
  } finally {
    await browser.close();
  }
}
