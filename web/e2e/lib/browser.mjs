// The system Chromium driven by playwright-core: never a downloaded browser.
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Host names ending in .test resolve to this machine, so pages get realistic domains. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--host-resolver-rules=MAP *.test 127.0.0.1",
    ],
  });
}

/** A fresh page; console warnings and page errors are collected for assertions. */
export async function openPage(browser, { viewport = { width: 1280, height: 800 }, ...options } = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const logs = [];
  const errors = [];
  page.on("console", (m) => logs.push({ type: m.type(), text: m.text() }));
  page.on("pageerror", (e) => errors.push(e));
  return { context, page, logs, errors };
}
