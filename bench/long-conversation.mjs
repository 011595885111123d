// A long conversation in the console as an agent feels it: a chat of MESSAGES messages (5 000;
// seeded as the browser test seeds it, web/e2e/lib/console.mjs seedLongChat: a visitor's message
// in every 250, the rest the demo agent's and owner's replies) against a real `beckon serve`
// (target/debug/beckon, SQLite) on loopback, in Chromium, RUNS fresh logins:
// - click on the chat in the inbox → the text of the thread's last message wholly in view (checked
//   every animation frame), and the main thread's long tasks (> 50 ms) meanwhile;
// - reload of the chat's address → the same, from navigation start;
// - typing 25 characters in the reply box (Event Timing API): keystrokes that took 16 ms or more
//   to the next paint, and the longest time the page spent handling one key event (what the
//   console's code costs; the rest of a keystroke's time to paint is the browser's rendering);
// - scrolling up with the wheel (WHEELS notches of 400 px, one after another, as a fast wheel
//   does): frame intervals (requestAnimationFrame), long tasks, and how many messages went by;
// - message rows in the DOM, and all elements of the page, once the chat is open.
// With --compare DIR (or NAME=DIR,NAME=DIR…), console builds from before are measured too, on the
// same server and data (bench/lib.mjs switchableConsole), runs alternating between the builds. A
// build of main's console from this checkout (what this branch added stays, unused):
//   git checkout main -- web/console/src && (cd web/console && npx vite build --outDir /tmp/console-before --emptyOutDir) && git checkout HEAD -- web/console/src
// Usage: cargo build -p beckon-server && make build && node bench/long-conversation.mjs [--runs 5] [--messages 5000] [--wheels 120] [--cpu-slowdown 1] [--compare /tmp/console-before] [--no-record]
import { loadavg, cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { median, recordSection, switchableConsole } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    messages: { type: "string", default: "5000" },
    wheels: { type: "string", default: "120" },
    "cpu-slowdown": { type: "string", default: "1" },
    compare: { type: "string" },
    "no-record": { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const MESSAGES = Number(values.messages);
const WHEELS = Number(values.wheels);
const SLOWDOWN = Number(values["cpu-slowdown"]);
const THIS_BUILD = fileURLToPath(new URL("../web/console/dist", import.meta.url));
// --compare "NAME=DIR,…" (or just DIR, named "before").
const compared = (values.compare ?? "").split(",").filter(Boolean).map((c) => (c.includes("=") ? { name: c.split("=")[0], dir: c.split("=").slice(1).join("=") } : { name: "before", dir: c }));
const BUILDS = [...compared, { name: "this build", dir: THIS_BUILD }];
const useConsole = await switchableConsole();
await useConsole(BUILDS[0].dir);
// After BECKON_BIN is settled: e2e/lib/beckon.mjs reads it once, when first imported.
const { launchBrowser } = await import("../web/e2e/lib/browser.mjs");
const { startBeckon } = await import("../web/e2e/lib/beckon.mjs");
const { openConsole, seedLongChat } = await import("../web/e2e/lib/console.mjs");

const fmt = (ms) => ms.toFixed(1);
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** In the page: records long tasks (and, with `events`, slow input events) from now on into window.__perf. */
const startRecording = (page) =>
  page.evaluate(() => {
    const perf = (window.__perf = { longTasks: [], events: [] });
    new PerformanceObserver((l) => perf.longTasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
    const keys = (l) => l.getEntries().filter((e) => e.name === "keydown" || e.name === "keypress" || e.name === "input");
    new PerformanceObserver((l) => perf.events.push(...keys(l).map((e) => ({ name: e.name, duration: e.duration, handling: e.processingEnd - e.processingStart })))).observe({
      type: "event",
      durationThreshold: 16,
    });
  });
const recorded = (page) => page.evaluate(() => window.__perf);

/**
 * In the page: resolves at the first animation frame in which the text of the thread's last row
 * (the newest message it holds) is wholly in view, with the time since `t0` (performance.now()) and what
 * shows last.
 */
const threadAtEnd = (page, t0) =>
  page.evaluate(
    (t0) =>
      new Promise((resolve) => {
        const check = () => {
          const log = document.querySelector('[role="log"][aria-label="Messages"]');
          const rows = log?.querySelectorAll("li");
          const text = rows?.[rows.length - 1]?.querySelector(".message-text");
          const box = log?.getBoundingClientRect();
          const r = text?.getBoundingClientRect();
          if (r && r.top >= box.top && r.bottom <= box.bottom) {
            return resolve({ ms: performance.now() - t0, lastText: text.textContent, rows: rows.length, elements: document.getElementsByTagName("*").length });
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    t0,
  );

/** The number in the text of the first message row showing ("Message 17…" → 17). */
const firstShown = (page) =>
  page.getByRole("log", { name: "Messages" }).evaluate((log) => {
    const box = log.getBoundingClientRect();
    const row = [...log.querySelectorAll("li")].find((li) => li.getBoundingClientRect().bottom > box.top + 1);
    return Number(/Message (\d+)/.exec(row?.textContent ?? "")?.[1]);
  });

/** One fresh login measured on the build being served. */
async function measure(browser, origin, channelId) {
  const { page, context } = await openConsole(browser, origin);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
  await page.getByRole("tab", { name: /^All open/ }).click();
  const item = page.locator(`a[href="/console/inbox/${channelId}"]`);
  await item.waitFor();

  // Click → the thread at its end.
  await startRecording(page);
  const t0 = await page.evaluate((href) => {
    const t = performance.now();
    document.querySelector(`a[href="${href}"]`).click();
    return t;
  }, `/console/inbox/${channelId}`);
  const open = await threadAtEnd(page, t0);
  const openLongTasks = (await recorded(page)).longTasks;

  // Typing in the reply box.
  const reply = page.getByRole("textbox", { name: /^Reply to/ });
  await reply.click();
  await startRecording(page);
  await reply.pressSequentially("Thanks, I will look at it", { delay: 40 });
  const typing = await recorded(page);
  await reply.fill("");

  // Wheel-scrolling up through the thread.
  const log = page.getByRole("log", { name: "Messages" });
  const box = await log.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const fromMessage = await firstShown(page);
  await startRecording(page);
  await page.evaluate(() => {
    window.__frames = [];
    const tick = (t) => {
      window.__frames.push(t);
      if (!window.__stopFrames) requestAnimationFrame(tick);
    };
    window.__stopFrames = false;
    requestAnimationFrame(tick);
  });
  for (let i = 0; i < WHEELS; i++) await page.mouse.wheel(0, -400);
  // Let the last wheel's scrolling land.
  await page.waitForTimeout(300);
  const frames = await page.evaluate(() => ((window.__stopFrames = true), window.__frames));
  const scroll = await recorded(page);
  const toMessage = await firstShown(page);
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  const rowsAfterScroll = await log.evaluate((l) => l.querySelectorAll("li").length);

  // Reload of the chat's address → the thread at its end (from navigation start).
  await page.reload();
  const reload = await threadAtEnd(page, 0);
  await context.close();
  return {
    open: open.ms,
    openLongTaskMs: openLongTasks.reduce((a, b) => a + b, 0),
    reload: reload.ms,
    lastText: open.lastText,
    rows: open.rows,
    elements: open.elements,
    slowKeys: typing.events.filter((e) => e.name === "keydown").length,
    longestKeyHandling: Math.max(0, ...typing.events.map((e) => e.handling)),
    frameP50: percentile(gaps, 50),
    frameP95: percentile(gaps, 95),
    frameMax: Math.max(...gaps),
    framesOver50: gaps.filter((g) => g > 50).length,
    scrollLongTasks: scroll.longTasks.length,
    scrollLongTaskMs: scroll.longTasks.reduce((a, b) => a + b, 0),
    messagesScrolled: fromMessage - toMessage,
    rowsAfterScroll,
  };
}

const load0 = loadavg()[0];
const server = await startBeckon();
const browser = await launchBrowser();
let chat;
const results = Object.fromEntries(BUILDS.map((b) => [b.name, []]));
try {
  const seedStart = performance.now();
  chat = await seedLongChat(browser, server.origin, { messages: MESSAGES });
  console.log(`seeded ${chat.lastSeq} messages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  await chat.visitor.context.close();
  let serving = BUILDS[0].dir;
  for (let run = 0; run < RUNS; run++) {
    for (const build of BUILDS) {
      if (serving !== build.dir) {
        await useConsole(build.dir);
        await server.restart();
        serving = build.dir;
      }
      const r = await measure(browser, server.origin, chat.channelId);
      console.log(build.name, JSON.stringify(r));
      results[build.name].push(r);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const load1 = loadavg()[0];

const med = (name, key) => median(results[name].map((r) => r[key]));
const max = (name, key) => Math.max(...results[name].map((r) => r[key]));
const row = (what, cell) => `| ${what} | ${BUILDS.map((b) => cell(b.name)).join(" | ")} |`;
const lastShown = (name) => {
  const texts = [...new Set(results[name].map((r) => /Message (\d+)/.exec(r.lastText)?.[1] ?? r.lastText))];
  return texts.map((n) => `message ${n}`).join(", ");
};
const md = `## A long conversation in the console
Command: \`cargo build -p beckon-server && make build && node bench/long-conversation.mjs --runs ${RUNS} --messages ${MESSAGES} --wheels ${WHEELS} --cpu-slowdown ${SLOWDOWN}${values.compare ? ` --compare ${JSON.stringify(values.compare)}` : ""}\` — a chat of ${chat.lastSeq} messages, real \`beckon serve\` (debug build, SQLite) on loopback, Chromium 1280×800${SLOWDOWN > 1 ? `, CPU throttled ${SLOWDOWN}× (CDP)` : ""}; medians of ${RUNS} fresh logins${BUILDS.length > 1 ? ", the builds alternating" : ""}; ${cpus().length} CPUs, load average ${load0.toFixed(1)} → ${load1.toFixed(1)} during the run (other work on the machine inflates every figure).

| what | ${BUILDS.map((b) => b.name).join(" | ")} |
|---|${BUILDS.map(() => "---|").join("")}
${row("click on the chat → its last message in view", (n) => `${fmt(med(n, "open"))} ms (max ${fmt(max(n, "open"))})`)}
${row("long tasks meanwhile (total)", (n) => `${fmt(med(n, "openLongTaskMs"))} ms`)}
${row("reload of the chat's address → its last message in view (from navigation start)", (n) => `${fmt(med(n, "reload"))} ms (max ${fmt(max(n, "reload"))})`)}
${row("the last message the thread shows", lastShown)}
${row("message rows in the DOM once open / after the wheel", (n) => `${med(n, "rows")} / ${med(n, "rowsAfterScroll")}`)}
${row("elements in the page once open", (n) => `${med(n, "elements")}`)}
${row("typing 25 characters: keystrokes taking ≥ 16 ms to the next paint; longest handling of a key event", (n) => `${med(n, "slowKeys")}; ${fmt(med(n, "longestKeyHandling"))} ms`)}
${row(`wheel up (${WHEELS} × 400 px): messages gone by`, (n) => `${med(n, "messagesScrolled")}`)}
${row("… frame interval p50 / p95 / max", (n) => `${fmt(med(n, "frameP50"))} / ${fmt(med(n, "frameP95"))} / ${fmt(med(n, "frameMax"))} ms`)}
${row("… frames over 50 ms; long tasks (count, total)", (n) => `${med(n, "framesOver50")}; ${med(n, "scrollLongTasks")}, ${fmt(med(n, "scrollLongTaskMs"))} ms`)}
`;
console.log(md);
if (!values["no-record"]) await recordSection(`long-conversation${SLOWDOWN > 1 ? `-x${SLOWDOWN}` : ""}`, md);
