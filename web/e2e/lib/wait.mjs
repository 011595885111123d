// Waiting for conditions, never for fixed times: a test must neither pass when the behaviour is
// merely slow nor fail when the machine is busy.

/**
 * How long a test waits for a condition before it fails: generous, because the machine may be
 * busy (tests run in parallel beside builds), and a test that passes never waits for it.
 */
export const CEILING = 30_000;

/**
 * Polls `check` (sync or async) until it returns something truthy, and returns that; throws after
 * `timeout` ms, saying `what` (text, or a function giving it at that moment).
 */
export async function eventually(check, what, timeout = CEILING) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${typeof what == "function" ? what() : what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const EXTRAS_CHUNK = "**/static/beckon-extras.js";

/**
 * Routes the extras chunk of `page` so that, once it has run and handled everything the loader
 * queued for it (debug lines, statistics, warnings: promise callbacks, all done before a timer
 * fires), it marks `<html data-test-extras-ran>`. Call before the page loads; see extrasRan().
 */
export async function markExtrasRun(page) {
  await page.route(EXTRAS_CHUNK, async (route) => {
    // Fetched from Node, where *.test names do not resolve (the browser maps them to 127.0.0.1).
    const url = new URL(route.request().url());
    if (url.hostname.endsWith(".test")) url.hostname = "127.0.0.1";
    const response = await route.fetch({ url: url.href });
    const body = `${await response.text()}\n;setTimeout(() => document.documentElement.setAttribute("data-test-extras-ran", ""));\n`;
    await route.fulfill({ response, body });
  });
}

/** Waits until the extras chunk of a page prepared by markExtrasRun() has run. */
export const extrasRan = (page, timeout = CEILING) => page.waitForSelector("html[data-test-extras-ran]", { state: "attached", timeout });

/**
 * Waits until `file` of the widget (e.g. "beckon-extras.js") has been fetched by the page: its
 * resource timing entry is there. Returns the entry's { startTime, responseEnd }.
 */
export async function fetchedByPage(page, file, timeout = CEILING) {
  const handle = await page.waitForFunction(
    (f) => {
      const e = performance.getEntriesByType("resource").find((r) => new URL(r.name).pathname.endsWith(`/${f}`));
      return e && { startTime: e.startTime, responseEnd: e.responseEnd };
    },
    file,
    { timeout },
  );
  return handle.jsonValue();
}

/**
 * An init script (page.addInitScript(revealedAt)): sets window.revealed to the time
 * (performance.now(), the clock of resource timing entries) the first Beckon button became visible.
 */
export const revealedAt = () =>
  new MutationObserver((_, o) => {
    const b = document.querySelector(".call-now-button");
    if (b?.checkVisibility()) (window.revealed = performance.now()), o.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true });

/** An init script (page.addInitScript(recordFetches)): window.fetched lists the URLs the page passed to fetch(), in call order. */
export const recordFetches = () => {
  const fetch = window.fetch;
  window.fetched = [];
  window.fetch = (input, init) => (window.fetched.push(String(input?.url ?? input)), fetch(input, init));
};

/**
 * Waits until no CSS animation or transition runs in the page or in the surfaces' shadow root
 * (a slide-in is over), so what is measured or checked is the final state.
 */
export async function animationsDone(page, timeout = CEILING) {
  await page.waitForFunction(
    () => {
      const roots = [document, document.querySelector(".cnb-m-host")?.shadowRoot].filter(Boolean);
      return roots.every((r) => r.getAnimations().every((a) => a.playState != "running" && a.playState != "pending"));
    },
    null,
    { timeout },
  );
}
