// The chat window's test harness: a session over a mocked fetch (routes by method and path, the
// calls it saw), memory storage, fake sockets and the window rendered on it; each test file of
// this folder calls chatWindowHooks() for a fresh one per test.
import { afterEach, beforeEach, expect, vi } from "vitest";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { ChatWindow } from "../../../../src/app/chat/ChatWindow";
import { createChatSession, type ChatSession } from "../../../../src/app/chat/session";
import { chatStorage, type ChatStorage } from "../../../../src/app/chat/core/storage";
import { createStorage } from "../../../../src/shared/storage";
import type { Action } from "../../../../src/config/types.gen";
import { FakeEnv, FakeSocket } from "../fakes";

export const action: Action = { id: "a-chat", actionType: "CHAT", actionValue: "", labelText: "Chat with us" };
export const ann = { name: "Ann", email: "ann@example.com", ip: null, url: null, legalNoticeAccepted: 0 };
export const ada = { id: "p-9", type: "ChatAgentPersona", name: "Ada", avatarUrl: "https://cdn.example/ada.png" };

export type Reply = { status: number; body?: unknown } | "network";
export let routes: Record<string, Reply>;
export let calls: Array<{ url: string; method: string; body?: any }>;
export let store: ChatStorage;
export let played: string[];
export let session: ChatSession;

const fetchMock = async (url: string, init?: RequestInit) => {
  const method = init?.method || "GET";
  calls.push({ url, method, body: init?.body ? JSON.parse(init.body as string) : undefined });
  const key = Object.keys(routes).find((k) => {
    const [m, path] = k.split(" ");
    return m == method && url.includes(path);
  });
  const r = key ? routes[key] : { status: 404, body: { error: "no route" } };
  if (r == "network") throw new TypeError("Failed to fetch");
  return new Response(JSON.stringify(r.body ?? {}), { status: r.status, headers: { "Content-Type": "application/json" } });
};

export function makeSession(domainProperties: Record<string, unknown> = {}) {
  let n = 0;
  session = createChatSession({
    apiRoot: "https://chat.example/api",
    staticRoot: "https://chat.example/static",
    domainId: "d-1",
    domainProperties,
    fetch: fetchMock as unknown as typeof fetch,
    storage: store,
    WebSocket: FakeSocket,
    env: new FakeEnv(),
    random: () => 0.5,
    play: (u) => played.push(u),
    doc: { title: "Shop" },
    visible: () => true,
    newId: () => `cid-${++n}`,
    pageUrl: () => "https://shop.example/p",
  });
  return session;
}

export function show(props: { debug?: boolean; onUnread?: (n: number) => void; properties?: Record<string, unknown> } = {}) {
  const s = makeSession(props.properties);
  return render(
    <ChatWindow
      action={action}
      domain={{ id: "d-1", name: "shop.example", type: "FREE" }}
      apiRoot="https://chat.example/api"
      staticRoot="https://chat.example/static"
      debug={props.debug}
      onClose={() => {}}
      onUnread={props.onUnread}
      session={s}
    />,
  );
}

export const input = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;

/** Menu, End Chat, and the answer to the question that follows ("End Chat" confirms). */
export async function endChat(user: ReturnType<typeof userEvent.setup>, answer = "End Chat") {
  await user.click(screen.getByRole("button", { name: "Menu" }));
  await user.click(screen.getByRole("menuitem", { name: "End Chat" }));
  await user.click(within(screen.getByRole("alertdialog", { name: "End this chat?" })).getByRole("button", { name: answer }));
}

/** Lets the API calls resolve and opens the socket (auth → ready). */
export async function connectSocket(extra: object = {}) {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const s = FakeSocket.last();
  act(() => {
    s.open();
    s.ready(extra);
  });
  await waitFor(() => expect(input().disabled).toBe(false));
  return s;
}

/** A fresh harness for each test of the file. */
export function chatWindowHooks(): void {
  beforeEach(() => {
    FakeSocket.all = [];
    calls = [];
    played = [];
    store = chatStorage(createStorage(() => null));
    const channel = { channel: { id: "c-1", lastSeq: 0, properties: {} }, chatClientPersona: { id: "p-1" } };
    routes = {
      "POST /channels/domain/d-1": { status: 200, body: channel },
      "GET /channel/c-1?personaId": { status: 200, body: channel },
      "GET /channel/c-1/history": { status: 200, body: { messages: [], personas: [], lastSeq: 0 } },
      "GET /channel/c-1/token": { status: 200, body: { token: "tok", expiresAt: 1 } },
    };
  });
  afterEach(() => {
    cleanup();
    session?.dispose();
    document.body.innerHTML = "";
    vi.useRealTimers();
  });
}

/** Forgets the calls seen so far (what a test asserts next is what follows). */
export const forgetCalls = () => {
  calls = [];
};
