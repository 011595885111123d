// A chat that goes on across page views (app/embed.ts, session.ts): the agent messages since the
// visitor last looked are unread on the next page view, the chat button shows them as a bubble
// (a count with show-notification-count, a dot without), and the chat opens by itself after 1 s.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChatSession, type ChatSession } from "../../../src/app/chat/session";
import { chatStorage, type ChatStorage } from "../../../src/app/chat/core/storage";
import { KEYS } from "../../../src/shared/storage-keys";
import { createStorage, type Store } from "../../../src/shared/storage";
import { showBubble } from "../../../src/loader/bubble";
import type { Action } from "../../../src/config/types.gen";
import { FakeEnv, FakeSocket } from "./fakes";

const ann = { name: "Ann", email: "ann@example.com", ip: null, url: null, legalNoticeAccepted: 0 };
const ada = { id: "p-9", type: "ChatAgentPersona", name: "Ada", avatarUrl: null };
const me = { id: "p-1", type: "ChatClient", name: "Ann", avatarUrl: null };
const msg = (seq: number, sender = ada) => ({ id: "m-" + seq, seq, text: "t" + seq, sender, attachments: [], createdAt: new Date(seq * 1000).toISOString() });

let raw: Store;
let store: ChatStorage;
let session: ChatSession | undefined;
let history: unknown[];

const fetchMock = async (url: string) => {
  const channel = { channel: { id: "c-1", lastSeq: 0, properties: {} }, chatClientPersona: { id: "p-1" } };
  const body = url.includes("/history") ? { messages: history, personas: [] } : url.includes("/token") ? { token: "tok", expiresAt: 1 } : channel;
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
};

/** A page view: a session over the same browser storage, with the window closed or open. */
function pageView(open: boolean) {
  session = createChatSession({
    apiRoot: "https://chat.example/api",
    staticRoot: "https://chat.example/static",
    domainId: "d-1",
    fetch: fetchMock as unknown as typeof fetch,
    storage: store,
    WebSocket: FakeSocket,
    env: new FakeEnv(),
    random: () => 0.5,
    play: () => {},
    doc: null,
    visible: () => true,
  });
  session.setOpen(open);
  session.begin();
  return session;
}

/** History loaded and the socket open: the chat is live. */
const settled = async (s: ChatSession) => {
  const before = FakeSocket.all.length;
  await vi.waitFor(() => expect(FakeSocket.all.length).toBe(before + 1));
  FakeSocket.last().open();
  FakeSocket.last().ready();
  expect(s.view().phase).toBe("live");
};

beforeEach(() => {
  FakeSocket.all = [];
  raw = createStorage(() => null);
  store = chatStorage(raw);
  store.setPersona(ann);
  store.setChannel("c-1", "p-1");
});
afterEach(() => {
  session?.dispose();
  document.body.innerHTML = "";
});

describe("unread agent messages across page views", () => {
  it("what the visitor saw is remembered; later agent messages are unread on the next page view", async () => {
    history = [msg(1, me), msg(2)];
    const first = pageView(true);
    await settled(first);
    expect(raw.get(KEYS.readSeq)).toBe("2"); // seen and acknowledged
    first.dispose();

    history = [msg(1, me), msg(2), msg(3), msg(4, me), msg(5)];
    const next = pageView(false);
    await settled(next);
    expect(next.view().unread).toBe(2); // 3 and 5: the agent's, after 2
    next.setOpen(true);
    expect(next.view().unread).toBe(0);
  });

  it("an open window counts nothing; a chat that is forgotten forgets what was seen", async () => {
    history = [msg(1), msg(2)];
    const s = pageView(true);
    await settled(s);
    expect(s.view().unread).toBe(0);
    store.setReadSeq(2);
    store.clearChannelId();
    expect(raw.get(KEYS.readSeq)).toBe(null);
  });
});

describe("the chat button's bubble", () => {
  const action = (count?: string): Action => ({
    id: "a-chat",
    actionType: "CHAT",
    actionValue: "",
    properties: count === undefined ? {} : { "show-notification-count": count },
  });
  const button = () => {
    document.body.innerHTML = '<div class="call-now-button"><button class="cnb-act" data-action-id="a-chat">Chat</button></div><button data-action-id="a-chat">not ours</button>';
    return document.querySelector(".cnb-act")!;
  };
  const bubble = () => document.querySelector(".cnb-c-badge");

  it("shows the count with show-notification-count, hidden from screen readers; gone at 0", () => {
    const b = button();
    showBubble(action("true"), 2);
    expect(b.querySelector(".cnb-c-badge")!.textContent).toBe("2");
    expect(bubble()!.getAttribute("aria-hidden")).toBe("true");
    showBubble(action("true"), 3);
    expect(document.querySelectorAll(".cnb-c-badge")).toHaveLength(1);
    expect(bubble()!.textContent).toBe("3");
    showBubble(action("true"), 0);
    expect(bubble()).toBe(null);
  });

  it("a dot without a count otherwise; only on Beckon's own buttons", () => {
    button();
    showBubble(action(), 4);
    expect(bubble()!.textContent).toBe("");
    expect(document.querySelectorAll(".cnb-c-badge")).toHaveLength(1);
  });
});

describe("a message lost on the way (several server instances, a Redis blip)", () => {
  it("a live message that skips some opens a new socket that resumes after the last one held", async () => {
    history = [msg(1, me), msg(2)];
    const s = pageView(true);
    await settled(s);
    const first = FakeSocket.last();
    first.receive({ op: "chat-message", channelId: "c-1", seq: 5, message: msg(5) });
    // Not shown out of order: the server resends 3, 4 and 5 on the new socket.
    expect(s.view().messages.map((m) => m.seq)).toEqual([1, 2]);
    await vi.waitFor(() => expect(FakeSocket.all.length).toBe(2));
    expect(first.closed).toBeDefined();
    const next = FakeSocket.last();
    next.open();
    expect(next.frames("auth")[0].lastSeq).toBe(2);
    next.ready();
    for (const seq of [3, 4, 5]) next.receive({ op: "chat-message", channelId: "c-1", seq, message: msg(seq) });
    expect(s.view().messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});
