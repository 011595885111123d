// The console (web/console, served at /console/ by `beckon serve`) in a browser, for the
// console*.test.mjs browser tests: a page logged in through the login form.
import { DEMO } from "./beckon.mjs";
import { openPage } from "./browser.mjs";
import { CEILING } from "./wait.mjs";

export { CEILING, eventually } from "./wait.mjs";

/**
 * An accessible name that ends in an unread count, as a screen reader gets it: "Mine, 1 unread".
 * (Chromium puts a space before the comma of the hidden text; a screen reader does not say it.)
 */
export const withUnread = (label, count) => new RegExp(`^${label}\\s*, ${count} unread$`);

/** An inbox tab by its label, with or without an unread count after it. */
export const inboxTab = (page, label) => page.getByRole("tab", { name: new RegExp(`^${label}(\\s*, \\d+ unread)?$`) });

/**
 * A new page logged in as `email` (the demo agent by default); resolves once the console shows.
 * Other options are the page's (openPage: viewport, timezoneId…).
 */
export async function openConsole(browser, origin, { email = DEMO.agent, path = "", ...pageOptions } = {}) {
  const opened = await openPage(browser, pageOptions);
  const { page } = opened;
  await page.goto(`${origin}/console/${path}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("navigation", { name: "Console" }).waitFor();
  return opened;
}

/**
 * A visitor on a page of the site (the demo domain; `url`: the page they say they are on) driven
 * through the public chat API and the realtime socket: start(previousPersonaId?) creates the chat
 * (naming the visitor of an ended chat of this browser, as the widget does), connect() opens the
 * socket, say(text) sends, waitFrame(pred) waits for a frame the socket received.
 */
export async function openApiVisitor(browser, origin, { name = "Ann Visitor", email = "ann@example.com", url } = {}) {
  const { page, context } = await openPage(browser);
  await page.goto(`${origin}/api/openapi.json`); // a document of the site's origin
  const visitor = {
    page,
    context,
    async start(previousPersonaId) {
      return page.evaluate(
        async ({ domainId, name, email, previousPersonaId, url }) => {
          const r = await fetch(`/api/v1/chat/public/channels/domain/${domainId}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name, email, url: url ?? `${location.origin}/pricing?plan=pro`, legalNoticeAccepted: Date.now(), personaId: previousPersonaId ?? null }),
          });
          if (!r.ok) throw new Error(`new chat: ${r.status} ${await r.text()}`);
          const { channel, chatClientPersona } = await r.json();
          window.chat = { channelId: channel.id, personaId: chatClientPersona.id };
          return window.chat;
        },
        { domainId: DEMO.domainId, name, email, previousPersonaId, url },
      );
    },
    connect() {
      return page.evaluate(async () => {
        const { channelId, personaId } = window.chat;
        const t = await (await fetch(`/api/v1/chat/public/channel/${channelId}/token?personaId=${personaId}`)).json();
        window.frames_ = window.frames_ || [];
        await new Promise((resolve, reject) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/v1/realtime?token=${encodeURIComponent(t.token)}`);
          window.ws = ws;
          ws.onmessage = (e) => {
            const f = JSON.parse(e.data);
            window.frames_.push(f);
            if (f.op === "ready") resolve();
          };
          ws.onerror = () => reject(new Error("visitor socket failed"));
        });
      });
    },
    send: (frame) => page.evaluate((f) => window.ws.send(JSON.stringify(f)), frame),
    say: (text) => visitor.send({ op: "chat-message", clientId: `v-${Math.random().toString(36).slice(2)}`, message: text, attachments: [] }),
    async waitFrame(pred, what, timeout = CEILING) {
      const end = Date.now() + timeout;
      for (;;) {
        const frames = await page.evaluate(() => window.frames_);
        const hit = frames.find(pred);
        if (hit) return hit;
        if (Date.now() > end) throw new Error(`visitor: no ${what} in ${timeout} ms; got ${JSON.stringify(frames).slice(-1500)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  return visitor;
}
