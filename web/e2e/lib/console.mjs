// The console (web/console, served at /console/ by `beckon serve`) in a browser, for the
// console*.test.mjs browser tests: a page logged in through the login form.
import { DEMO } from "./beckon.mjs";
import { openPage } from "./browser.mjs";

/** A new page logged in as `email` (the demo agent by default); resolves once the console shows. */
export async function openConsole(browser, origin, { email = DEMO.agent, path = "", viewport } = {}) {
  const opened = await openPage(browser, viewport ? { viewport } : {});
  const { page } = opened;
  await page.goto(`${origin}/console/${path}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("navigation", { name: "Console" }).waitFor();
  return opened;
}

/** Polls `check` until it is true. */
export async function eventually(check, what, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
