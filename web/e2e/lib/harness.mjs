// One server and one browser per test file; each test loads its own page with its own config.
import { startServer } from "../../demo/server.mjs";
import { embedPage } from "../../demo/page.mjs";
import { launchBrowser, openPage } from "./browser.mjs";
import { fileFixture } from "./fixture.mjs";
import { HOST } from "./fixtures.mjs";
import { CEILING, eventually, fetchedByPage } from "./wait.mjs";

/** api: the server's API routes; pages: pages of its own (startServer's). */
export async function harness({ api = {}, pages = {} } = {}) {
  const server = await startServer({ api, pages });
  // Without a browser there is no harness to close: close its server here.
  const browser = await launchBrowser().catch(async (e) => {
    await server.close();
    throw e;
  });
  const port = new URL(server.origin).port;
  const contexts = [];
  let n = 0;

  return {
    server,
    browser,
    /**
     * Registers a page built by embedPage(pageOptions) and opens it; host defaults to HOST.
     * prepare(page) runs before the page loads (routes, init scripts).
     */
    async load(pageOptions, { host = HOST, viewport, path, waitFor = "load", prepare, ...contextOptions } = {}) {
      const pagePath = path ?? `/page-${++n}`;
      server.pages[pagePath] = embedPage(pageOptions);
      const opened = await openPage(browser, { viewport, ...contextOptions });
      contexts.push(opened.context);
      await prepare?.(opened.page);
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

/** A harness for a test file (fileFixture): started before its first test, closed after its last. */
export function harnessFixture(options) {
  return fileFixture(async (h, keep) => Object.assign(h, keep(await harness(options))));
}

/** Waits until Beckon has rendered and revealed its buttons; returns their count. */
export async function visibleButtons(page, timeout = CEILING) {
  await page.waitForSelector(".call-now-button", { state: "visible", timeout });
  return page.locator(".call-now-button:visible").count();
}

/**
 * Waits until the loader has settled and returns the number of Beckon roots in the DOM. It has
 * settled once it requested the extras chunk, which it does only after its render: when the
 * buttons are revealed, when there is nothing to reveal, or when startup stopped with a code.
 */
export async function settledButtonCount(page) {
  await fetchedByPage(page, "beckon-extras.js");
  return page.locator(".call-now-button").count();
}

/** Waits until a console line matching re was logged (Beckon writes its warnings once the extras chunk is there); returns it. */
export function logged(logs, re, timeout = CEILING) {
  return eventually(() => logs.find((l) => re.test(l.text)), () => `a console line matching ${re}; got: ${JSON.stringify(logs.map((l) => l.text))}`, timeout);
}

/**
 * Scrolls the page to height y and resolves once the frame that handled the scroll has run
 * (Beckon applies scroll rules in the animation frame after a scroll event).
 */
export const scrolledTo = (page, y) =>
  page.evaluate(
    (to) =>
      new Promise((done) => {
        addEventListener("scroll", () => requestAnimationFrame(() => requestAnimationFrame(done)), { once: true });
        scrollTo(0, to);
      }),
    y,
  );
