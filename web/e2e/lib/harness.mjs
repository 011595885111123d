// One server and one browser per test file; each test loads its own page with its own config.
import { startServer } from "../../demo/server.mjs";
import { embedPage } from "../../demo/page.mjs";
import { launchBrowser, openPage } from "./browser.mjs";
import { HOST } from "./fixtures.mjs";

export async function harness({ api = {} } = {}) {
  const server = await startServer({ api });
  const browser = await launchBrowser();
  const port = new URL(server.origin).port;
  const contexts = [];
  let n = 0;

  return {
    server,
    browser,
    /** Registers a page built by embedPage(pageOptions) and opens it; host defaults to HOST. */
    async load(pageOptions, { host = HOST, viewport, path, waitFor = "load", ...contextOptions } = {}) {
      const pagePath = path ?? `/page-${++n}`;
      server.pages[pagePath] = embedPage(pageOptions);
      const opened = await openPage(browser, { viewport, ...contextOptions });
      contexts.push(opened.context);
      await opened.page.goto(`http://${host}:${port}${pagePath}`, { waitUntil: waitFor });
      return opened;
    },
    url: (path, host = HOST) => `http://${host}:${port}${path}`,
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.close();
    },
  };
}

/** Waits until Beckon has rendered and revealed its buttons; returns their count. */
export async function visibleButtons(page, timeout = 5000) {
  await page.waitForSelector(".call-now-button", { state: "visible", timeout });
  return page.locator(".call-now-button:visible").count();
}

/** Gives the loader time to finish and returns the number of Beckon roots in the DOM. */
export async function settledButtonCount(page) {
  await page.waitForLoadState("load");
  await page.waitForTimeout(300);
  return page.locator(".call-now-button").count();
}

/** Waits until a console line matching re was logged (Beckon writes its warnings once the extras chunk is there); returns it. */
export async function logged(logs, re, timeout = 5000) {
  const end = Date.now() + timeout;
  for (;;) {
    const line = logs.find((l) => re.test(l.text));
    if (line) return line;
    if (Date.now() > end) throw new Error(`no console line matching ${re} within ${timeout} ms; got: ${JSON.stringify(logs.map((l) => l.text))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
