// The live chat against a real `beckon serve` (lib/beckon.mjs), for the chat browser tests and
// bench/chat.mjs: the demo domain published with a chat button, a visitor page of a site using the
// server's hosted embed (/d/demo.js), and an agent: the agent API over HTTP (login()) and
// the agent's realtime socket opened by a logged-in page of the server's origin, like the console.
import { DEMO, login } from "./beckon.mjs";
import { beckonFixture } from "./fixture.mjs";
import { CEILING } from "./wait.mjs";

export const CHAT_ACTION_ID = "chat-live";

/** The CHAT action the tests' chat button opens. */
export const chatAction = (properties = {}) => ({
  id: CHAT_ACTION_ID,
  actionType: "CHAT",
  actionValue: "",
  labelText: "Chat with us",
  backgroundColor: "#1a56db",
  iconEnabled: true,
  iconType: "FONT",
  iconText: "chat",
  iconColor: "#ffffff",
  properties: { "chatmodal-header-text": "Live chat", "show-notification-count": "true", ...properties },
});

/**
 * Publishes the demo domain (or `domainId`) with one button: the chat (plus `actions`, more surface
 * actions in a MULTI button when given). With `chatInMulti`, the chat is the first action of that
 * MULTI button (bottom left, its toggle labelled "Contact us") and there is no other button. Returns
 * the owner's fetch.
 */
export async function publishChat(origin, { properties, actions = [], domainProperties = {}, chatInMulti = false, domainId = DEMO.domainId } = {}) {
  const owner = await login(origin, DEMO.owner);
  const cfg = await (await owner(`/api/v1/owner/domains/${domainId}/config`)).json();
  const chat = chatAction(properties);
  cfg.actions = [...cfg.actions.filter((a) => a.id != chat.id && !actions.some((b) => b.id == a.id)), chat, ...actions];
  cfg.domains[0].properties = { ...cfg.domains[0].properties, ...domainProperties };
  const button = (id, type, ids, placement) => ({
    id,
    active: true,
    domainId: cfg.domains[0].id,
    type,
    actions: ids,
    options: { placement, position: "FIXED", displayMode: "ALWAYS" },
  });
  cfg.buttons = chatInMulti ? [] : [button("chat-button", "SINGLE", [chat.id], "BOTTOM_RIGHT")];
  if (actions.length || chatInMulti) {
    const more = button("more-button", "MULTI", [...(chatInMulti ? [chat.id] : []), ...actions.map((a) => a.id)], "BOTTOM_LEFT");
    if (chatInMulti) more.multiButtonOptions = { labelTextOpen: "Contact us", labelTextClose: "Close" };
    cfg.buttons.push(more);
  }
  const put = await owner(`/api/v1/owner/domains/${domainId}/config`, { method: "PUT", body: JSON.stringify(cfg) });
  if (!put.ok) throw new Error(`config: ${put.status} ${await put.text()}`);
  const pub = await owner(`/api/v1/owner/domains/${domainId}/publish`, { method: "POST" });
  if (!pub.ok) throw new Error(`publish: ${pub.status} ${await pub.text()}`);
  return owner;
}

/**
 * The demo agent: `api(path, init)` is the agent API (HTTP); the socket is opened by a page of the
 * server's origin logged in as the agent. frames() lists what the socket received.
 */
export async function openAgent(browser, origin) {
  const api = await login(origin, DEMO.agent);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/api/openapi.json`); // any document of the server's origin (a route-fulfilled one cannot open the socket)
  await page.evaluate(
    async ({ email, password }) => {
      const r = await fetch("/api/v1/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
      if (!r.ok) throw new Error("agent login " + r.status);
    },
    { email: DEMO.agent, password: DEMO.password },
  );
  const connect = () =>
    page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          window.frames_ = window.frames_ || [];
          const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/api/v1/realtime");
          window.ws = ws;
          ws.onmessage = (e) => {
            const f = JSON.parse(e.data);
            f.at = performance.timeOrigin + performance.now();
            window.frames_.push(f);
            if (f.op == "ready") resolve();
          };
          ws.onerror = () => reject(new Error("agent socket failed"));
        }),
    );
  await connect();
  const agent = {
    api,
    page,
    /** Reopens the socket (after a server restart). */
    reconnect: connect,
    frames: () => page.evaluate(() => window.frames_),
    send: (frame) => page.evaluate((f) => window.ws.send(JSON.stringify(f)), frame),
    /** Resolves with the first received frame matching pred (a function source run in the page). */
    async waitFrame(pred, timeout = CEILING) {
      const end = Date.now() + timeout;
      for (;;) {
        const hit = (await agent.frames()).find(pred);
        if (hit) return hit;
        if (Date.now() > end) throw new Error(`agent: no frame matching ${pred} in ${timeout} ms; got ${JSON.stringify(await agent.frames()).slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async setStatus(status) {
      const r = await api("/api/v1/agent/presence", { method: "PUT", body: JSON.stringify({ status }) });
      if (!r.ok) throw new Error(`presence: ${r.status}`);
    },
    /** Replies over the agent API; resolves to the stored message. */
    async reply(channelId, text, clientId = `a-${Math.random().toString(36).slice(2)}`) {
      const r = await api(`/api/v1/agent/channels/${channelId}/messages`, { method: "POST", body: JSON.stringify({ clientId, text }) });
      if (!r.ok) throw new Error(`reply: ${r.status} ${await r.text()}`);
      return (await r.json()).message;
    },
    async messages(channelId) {
      const r = await api(`/api/v1/agent/channels/${channelId}/messages?limit=200`);
      if (!r.ok) throw new Error(`messages: ${r.status}`);
      return r.json();
    },
    close: () => context.close(),
  };
  return agent;
}

/** The chat dialog of the visitor's page (visible only: a hover renders a hidden warm-up copy for a moment). */
export const chatDialog = (page) => page.locator('.cnb-m-host [role="dialog"]').filter({ visible: true });

/** Opens the chat from its button, fills the profile, and resolves once the input is enabled. */
export async function startChat(page, { name = "Ann Visitor", email = "ann@example.com" } = {}) {
  await page.locator(`.call-now-button [data-action-id="${CHAT_ACTION_ID}"]`).click();
  const dialog = chatDialog(page);
  await dialog.getByLabel(/name/i).fill(name);
  await dialog.getByLabel(/e-?mail/i).fill(email);
  await dialog.getByRole("form", { name: "Profile" }).getByRole("button").click();
  await composer(page).and(page.locator(":enabled")).waitFor({ timeout: CEILING });
}

/** The visitor ends the chat: Menu, End Chat, and "End Chat" again in the question that follows. */
export async function endChat(page) {
  const dialog = chatDialog(page);
  await dialog.getByRole("button", { name: /menu/i }).click();
  await dialog.getByRole("menuitem", { name: "End Chat" }).click();
  await dialog.getByRole("alertdialog", { name: "End this chat?" }).getByRole("button", { name: "End Chat" }).click();
}

/** The chat's message input (by its name: an ended chat's rating form has a text box too). */
export const composer = (page) => chatDialog(page).getByRole("textbox", { name: "Message", exact: true });

/** The stored channel id of the visitor's chat (localStorage). */
export const storedChannel = (page) => page.evaluate(() => localStorage.getItem("cnb.chat.channel-id"));

/**
 * For a test file (beckonFixture): a `beckon serve` with the chat published (publish: options of
 * publishChat), a site using its embed, a browser and, with `agent`, the demo agent connected.
 * The returned object is filled before the first test and everything is closed after the last.
 */
export function chatFixture({ publish, agent = true } = {}) {
  return beckonFixture({
    site: true,
    async setup(f) {
      await publishChat(f.server.origin, publish);
      if (agent) f.agent = await openAgent(f.browser, f.server.origin);
    },
  });
}

/**
 * What has the focus, looking inside the widget's shadow root: "textarea Message", "input name",
 * "div dialog", "body"… (tag, then the accessible label, the name or the role).
 */
export const focusedElement = (page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    if (!a) return "none";
    const what = a.getAttribute("aria-label") || a.getAttribute("name") || a.getAttribute("role") || "";
    return (a.tagName.toLowerCase() + " " + what).trim();
  });
