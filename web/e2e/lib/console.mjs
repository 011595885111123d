// The console (web/console, served at /console/ by `beckon serve`) in a browser, for the
// console*.test.mjs browser tests: a page logged in through the login form.
import { DEMO, login } from "./beckon.mjs";
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

/** A message's text of some length (rows of a long conversation differ in height, as real ones do). */
function longChatText(n) {
  if (n % 7 === 0) return `Message ${n}: two lines,\nthe second one here.`;
  if (n % 5 === 0) return `Message ${n}: a longer one. ${"The order was packed on Tuesday and should reach you within three working days. ".repeat(2)}`;
  return `Message ${n}`;
}

/**
 * A conversation of `messages` messages, seeded quickly for the console's long-conversation test
 * and bench/long-conversation.mjs: a visitor (openApiVisitor: the public API and the realtime
 * socket) starts a chat and writes one message in every `visitorEvery` (the socket's rate limit
 * allows a few dozen), and the demo agent and owner write the rest over the agent API (not rate
 * limited), `concurrency` at a time. Texts say their order of sending ("Message 17"), which
 * concurrent replies may store a little out of order: what the server stored is returned,
 * { channelId, visitor, firstText, lastText, lastSeq }, read back through the history API.
 */
export async function seedLongChat(browser, origin, { messages = 5000, visitorEvery = 250, concurrency = 8, name = "Lena Longtalk", email = "lena@example.com" } = {}) {
  const visitor = await openApiVisitor(browser, origin, { name, email });
  const { channelId } = await visitor.start();
  await visitor.connect();
  const writers = [await login(origin, DEMO.agent), await login(origin, DEMO.owner)];
  const reply = async (n) => {
    const r = await writers[n % 2](`/api/v1/agent/channels/${channelId}/messages`, { method: "POST", body: JSON.stringify({ clientId: `seed-${n}`, text: longChatText(n) }) });
    if (!r.ok) throw new Error(`seed reply ${n}: ${r.status} ${await r.text()}`);
  };
  for (let start = 1; start <= messages; start += visitorEvery) {
    // The visitor's message first, stored (acknowledged) before the team's replies to it.
    const clientId = `seed-visitor-${start}`;
    // (The frames so far are the team's replies: dropped, so that looking for the ack stays quick.)
    await visitor.page.evaluate(() => (window.frames_.length = 0));
    await visitor.send({ op: "chat-message", clientId, message: longChatText(start), attachments: [] });
    await visitor.waitFrame((f) => f.op === "ack" && f.clientId === clientId, `the ack of visitor message ${start}`);
    let next = start + 1;
    const end = Math.min(messages, start + visitorEvery - 1);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next <= end) await reply(next++);
      }),
    );
  }
  const read = async (query) => (await (await writers[0](`/api/v1/agent/channels/${channelId}/messages?${query}`)).json()).messages;
  const [first] = await read("after=0&limit=1");
  const { lastSeq } = await (await writers[0](`/api/v1/agent/channels/${channelId}`)).json();
  const [last] = await read(`after=${lastSeq - 1}&limit=1`);
  if (lastSeq !== messages) throw new Error(`seeded ${lastSeq} messages, not ${messages}`);
  return { channelId, visitor, firstText: first.text, lastText: last.text, lastSeq };
}
