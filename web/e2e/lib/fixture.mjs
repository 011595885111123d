// What a browser test file runs against, opened in node:test's `before` and closed in its `after`:
// beckonFixture() for a real `beckon serve` (chatFixture in lib/chat.mjs builds on it), and
// fileFixture(), the lifecycle both share (harnessFixture in lib/harness.mjs uses it too).
import { before, after } from "node:test";
import { mkdir } from "node:fs/promises";
import { DEMO, startBeckon, startSite } from "./beckon.mjs";
import { launchBrowser } from "./browser.mjs";
import { openConsole } from "./console.mjs";

/**
 * start(fx, keep) runs before the file's first test and fills fx, which is returned at once (its
 * fields are there from the first test on). Whatever start passes to keep() (anything with
 * close()) is closed after the last test, last opened first: all of it, even when one fails to
 * close, and also when start failed part-way (node:test runs `after` when `before` failed).
 */
export function fileFixture(start) {
  const fx = {};
  const open = [];
  const keep = (resource) => (open.push(resource), resource);
  before(() => start(fx, keep));
  after(async () => {
    const failures = [];
    while (open.length) {
      const resource = open.pop();
      await Promise.resolve()
        .then(() => resource.close())
        .catch((e) => failures.push(e));
    }
    if (failures.length) throw failures[0];
  });
  return fx;
}

/**
 * For a test file: a `beckon serve` (startBeckon, with `env` and `args`) as fx.server, a browser as
 * fx.browser, and on request:
 * - `site: true`: fx.site, a site of its own whose pages use the server's hosted embed (startSite);
 * - `owner: {viewport, timezoneId, permissions…}` (or true): fx.owner, a page ({page, context,
 *   logs, errors}) logged in to the console as the demo owner, on its Domains page; `permissions`
 *   are granted on the server's origin (e.g. the clipboard's), the rest are the page's options.
 * setup(fx) runs last (seeding, more pages). With SCREENSHOTS=dir set, that directory is created.
 */
export function beckonFixture({ env, args, site = false, owner, setup } = {}) {
  return fileFixture(async (fx, keep) => {
    if (process.env.SCREENSHOTS) await mkdir(process.env.SCREENSHOTS, { recursive: true });
    fx.server = keep(await startBeckon({ env, args }));
    if (site) fx.site = keep(await startSite(fx.server.origin));
    fx.browser = keep(await launchBrowser());
    if (owner) {
      const { permissions, ...pageOptions } = owner === true ? {} : owner;
      fx.owner = await openConsole(fx.browser, fx.server.origin, { email: DEMO.owner, path: "domains", ...pageOptions });
      if (permissions) await fx.owner.context.grantPermissions(permissions, { origin: fx.server.origin });
      await fx.owner.page.getByRole("heading", { name: "Domains", level: 1 }).waitFor();
    }
    await setup?.(fx);
  });
}
