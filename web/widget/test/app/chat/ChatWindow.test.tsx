import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ChatWindow, TEXTS } from "../../../src/app/chat/ChatWindow";
import { createChatSession, type ChatSession } from "../../../src/app/chat/session";
import { chatStorage, type ChatStorage } from "../../../src/app/chat/core/storage";
import { createStorage } from "../../../src/shared/storage";
import type { Action } from "../../../src/config/types.gen";
import { FakeEnv, FakeSocket } from "./fakes";

const action: Action = { id: "a-chat", actionType: "CHAT", actionValue: "", labelText: "Chat with us" };
const ann = { name: "Ann", email: "ann@example.com", ip: null, url: null, legalNoticeAccepted: 0 };
const ada = { id: "p-9", type: "ChatAgentPersona", name: "Ada", avatarUrl: "https://cdn.example/ada.png" };

type Reply = { status: number; body?: unknown } | "network";
let routes: Record<string, Reply>;
let calls: Array<{ url: string; method: string; body?: any }>;
let store: ChatStorage;
let played: string[];
let session: ChatSession;

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

function makeSession(domainProperties: Record<string, unknown> = {}) {
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

function show(props: { debug?: boolean; onUnread?: (n: number) => void; properties?: Record<string, unknown> } = {}) {
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

const input = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;

/** Menu, End Chat, and the answer to the question that follows ("End Chat" confirms). */
async function endChat(user: ReturnType<typeof userEvent.setup>, answer = "End Chat") {
  await user.click(screen.getByRole("button", { name: "Menu" }));
  await user.click(screen.getByRole("menuitem", { name: "End Chat" }));
  await user.click(within(screen.getByRole("alertdialog", { name: "End this chat?" })).getByRole("button", { name: answer }));
}

/** Lets the API calls resolve and opens the socket (auth → ready). */
async function connectSocket(extra: object = {}) {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const s = FakeSocket.last();
  act(() => {
    s.open();
    s.ready(extra);
  });
  await waitFor(() => expect(input().disabled).toBe(false));
  return s;
}

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

describe("start (spec §4.5)", () => {
  it("without a stored profile: the profile tab, and 'Complete your profile first'", () => {
    show();
    expect(screen.getByRole("dialog", { name: "Chat with us" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Profile" })).toBeTruthy();
    expect(input().placeholder).toBe("Complete your profile first");
    expect(input().disabled).toBe(true);
    // Only who is online is asked (the header's answer until a socket tells it).
    expect(calls.map((c) => c.method + " " + c.url.replace("https://chat.example/api/v1/chat/public", ""))).toEqual(["GET /channels/available/d-1"]);
  });

  it("before a socket tells who is online, the header shows the availability answer; the socket's wins", async () => {
    routes["GET /channels/available/d-1"] = { status: 200, body: { agentAvailable: true } };
    show();
    await screen.findByText("Online");
    expect(screen.queryByText("Away")).toBeNull();
  });

  it("with a stored profile: the chat tab, 'Connecting you to Chat...', then history, subscribe, input enabled", async () => {
    store.setPersona(ann);
    store.setChannel("c-1", "p-1");
    show();
    expect(screen.queryByRole("form", { name: "Profile" })).toBeNull();
    expect(screen.getByRole("log", { name: "Chat messages" })).toBeTruthy();
    expect(input().placeholder).toBe("Connecting you to Chat...");
    expect(input().disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    const s = await connectSocket();
    expect(calls.map((c) => c.method + " " + c.url.replace("https://chat.example/api/v1/chat/public", ""))).toEqual([
      "GET /channels/available/d-1",
      "GET /channel/c-1?personaId=p-1",
      "GET /channel/c-1/history?personaId=p-1",
      "GET /channel/c-1/token?personaId=p-1",
    ]);
    expect(s.sent[0]).toEqual({ op: "auth", token: "tok", channelId: "c-1", personaId: "p-1", lastSeq: 0 });
    expect(input().placeholder).toBe("Type your message");
    expect(screen.getByText("How can we help?")).toBeTruthy();
    // Nobody online (ready: agentsOnline false): no answer time is promised.
    expect(screen.getByText("Nobody is online right now")).toBeTruthy();
    expect(screen.queryByText("We typically respond in 35 minutes")).toBeNull();
  });

  it("opened on its messages (a returning visitor, a continuation link), the message box takes the focus once usable", async () => {
    store.setPersona(ann);
    store.setChannel("c-1", "p-1");
    show();
    expect(input().disabled).toBe(true);
    await connectSocket();
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it("someone online and no status text from the owner: no answer time under the title", async () => {
    store.setPersona(ann);
    show();
    await connectSocket({ agentsOnline: true });
    await screen.findByText("Online");
    expect(screen.queryByText("We typically respond in 35 minutes")).toBeNull();
    expect(screen.queryByText("Nobody is online right now")).toBeNull();
  });
});

describe("profile form (spec §5.3)", () => {
  it("submits only when name and a valid e-mail are given; saving activates the chat tab and creates the chat", async () => {
    const user = userEvent.setup();
    show();
    const save = screen.getByRole("button", { name: "Save" });
    const name = screen.getByRole("textbox", { name: "Full name" }) as HTMLInputElement;
    const email = screen.getByRole("textbox", { name: "Email address" }) as HTMLInputElement;
    expect(name.required).toBe(true);
    expect(email.required).toBe(true);
    expect(email.type).toBe("email");
    await user.click(save);
    expect(store.persona()).toBeNull();
    await user.type(name, "Ann");
    await user.type(email, "ann@example");
    await user.click(save);
    expect(store.persona()).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address");
    await user.type(email, ".com");
    await user.click(save);
    expect(store.persona()).toMatchObject({ name: "Ann", email: "ann@example.com", legalNoticeAccepted: 0 });
    expect(screen.queryByRole("form", { name: "Profile" })).toBeNull();
    await connectSocket();
    const create = calls.find((c) => c.method == "POST")!;
    expect(create.url).toBe("https://chat.example/api/v1/chat/public/channels/domain/d-1");
    expect(create.body).toEqual({ name: "Ann", email: "ann@example.com", ip: null, url: "https://shop.example/p", legalNoticeAccepted: 0, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, language: navigator.language });
    expect(store.channelId()).toBe("c-1");
    expect(store.personaId()).toBe("p-1");
  });

  it("after Save the dialog holds the focus while connecting, then the message box has it", async () => {
    const user = userEvent.setup();
    show();
    await user.type(screen.getByRole("textbox", { name: "Full name" }), "Ann");
    await user.type(screen.getByRole("textbox", { name: "Email address" }), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(input().disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("dialog"));
    await connectSocket();
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it("the form element's validity check gates the submit", () => {
    show();
    const form = screen.getByRole("form", { name: "Profile" }) as HTMLFormElement;
    fireEvent.input(screen.getByRole("textbox", { name: "Full name" }), { target: { value: "Ann" } });
    fireEvent.input(screen.getByRole("textbox", { name: "Email address" }), { target: { value: "not an email" } });
    const spy = vi.spyOn(form, "checkValidity");
    fireEvent.submit(form);
    expect(spy).toHaveBeenCalled();
    expect(store.persona()).toBeNull();
  });

  it("legal notice: required when chat-legal-enabled is the string true, with its links; then 'accepted on'", async () => {
    const user = userEvent.setup();
    show({
      debug: true,
      properties: {
        "chat-legal-enabled": "true",
        "chat-legal-notice": "I agree to the {link1} and the {link2}.",
        "chat-legal-link1": { link: "https://shop.example/terms", text: "terms" },
        "chat-legal-link2": { link: "javascript:alert(1)", text: "privacy policy" },
      },
    });
    const box = screen.getByRole("checkbox") as HTMLInputElement;
    expect(box.required).toBe(true);
    const terms = screen.getByRole("link", { name: "terms" }) as HTMLAnchorElement;
    expect(terms.href).toBe("https://shop.example/terms");
    expect(terms.target).toBe("_blank");
    expect(screen.queryByRole("link", { name: "privacy policy" })).toBeNull();
    expect(screen.getByText(/and the privacy policy\./)).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Full name" }), "Ann");
    await user.type(screen.getByRole("textbox", { name: "Email address" }), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(store.persona()).toBeNull();
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Save" }));
    const accepted = store.persona()!.legalNoticeAccepted;
    expect(accepted).toBeGreaterThan(0);
    expect(store.legalNoticeAccepted()).toBe(accepted);
    // the Profile tab (debug) now shows the acceptance line instead of the checkbox
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Profile" }));
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByText(/^Legal notices accepted on /)).toBeTruthy();
  });

  it("no checkbox when chat-legal-enabled is not the string true", () => {
    show({ properties: { "chat-legal-enabled": true, "chat-legal-notice": "x {link1}" } });
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});

describe("menu tabs (spec §2.4)", () => {
  it("Chat messages and End Chat; System messages and Profile only in debug mode", async () => {
    const user = userEvent.setup();
    store.setPersona(ann);
    show();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getAllByRole("menuitem").map((b) => b.textContent)).toEqual(["Chat messages", "End Chat"]);
    cleanup();
    session.dispose();
    show({ debug: true });
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getAllByRole("menuitem").map((b) => b.textContent)).toEqual(["Chat messages", "System messages", "Profile", "End Chat"]);
    await connectSocket();
    await user.click(screen.getByRole("menuitem", { name: "System messages" }));
    expect(screen.queryByRole("menu")).toBeNull();
    const sys = screen.getByRole("list", { name: "System messages" });
    expect(sys.textContent).toContain("Connecting…");
    expect(sys.textContent).toContain("Connected");
  });
});

describe("sending (spec §5.3)", () => {
  it("Enter sends the trimmed text, Shift+Enter does not, empty is not sent; pending until acked", async () => {
    const user = userEvent.setup();
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    const box = input();
    await user.type(box, "   {Enter}");
    expect(s.frames("chat-message")).toHaveLength(0);
    await user.clear(box);
    await user.type(box, "  Hello{Shift>}{Enter}{/Shift}there  ");
    expect(box.value).toBe("  Hello\nthere  ");
    expect(s.frames("chat-message")).toHaveLength(0);
    await user.type(box, "{Enter}");
    expect(s.frames("chat-message")).toEqual([
      { op: "chat-message", clientId: "cid-1", message: "Hello\nthere", attachments: [], persona: { name: "Ann" }, type: "client-message" },
    ]);
    expect(box.value).toBe("");
    const log = screen.getByRole("log");
    const row = log.querySelector('[data-client-id="cid-1"]')!;
    expect(row.classList.contains("cnb-c-pending")).toBe(true);
    expect(within(row as HTMLElement).getByText("Sending…")).toBeTruthy();
    act(() => {
      s.receive({ op: "ack", channelId: "c-1", clientId: "cid-1", id: "m-1", seq: 1, duplicate: false });
      s.receive({
        op: "chat-message",
        channelId: "c-1",
        seq: 1,
        message: { id: "m-1", seq: 1, clientId: "cid-1", text: "Hello\nthere", sender: { id: "p-1", type: "ChatClient", name: "Ann", avatarUrl: null }, attachments: [], createdAt: new Date().toISOString() },
      });
    });
    expect(log.querySelector('[data-client-id="cid-1"]')).toBeNull();
    expect(log.querySelectorAll('[data-seq="1"]')).toHaveLength(1);
    expect(log.querySelector(".cnb-c-pending")).toBeNull();
    expect(played).toEqual(["https://chat.example/static/audio/message-sent-all.webm"]);
    // the same message again (resume after a reconnect) is not shown twice
    act(() => s.receive({ op: "chat-message", seq: 1, message: { id: "m-1", seq: 1, text: "Hello\nthere", sender: { id: "p-1", type: "ChatClient" }, attachments: [], createdAt: new Date().toISOString() } }));
    expect(log.querySelectorAll('[data-seq="1"]')).toHaveLength(1);
  });

  it("files: 'Attach a file' is usable once the chat is live; a message of files alone goes out with them", async () => {
    store.setPersona(ann);
    show();
    const attach = () => screen.getByRole("button", { name: "Attach a file" }) as HTMLButtonElement;
    expect(attach().disabled).toBe(true);
    const s = await connectSocket();
    expect(attach().disabled).toBe(false);
    const file = { type: "image/png", url: "https://chat.example/files/a/m/a.png", name: "a.png" };
    expect(session.send("  ", [])).toBe(false);
    act(() => void expect(session.send("", [file])).toBe(true));
    expect(s.frames("chat-message")).toEqual([
      { op: "chat-message", clientId: "cid-1", message: "", attachments: [file], persona: { name: "Ann" }, type: "client-message" },
    ]);
    // Shown at once, the picture as a thumbnail.
    expect(screen.getByRole("log").querySelector('img[alt="a.png"]')).toBeTruthy();
  });

  it("typed while the connection is down: shown pending, sent once when it is back", async () => {
    const user = userEvent.setup();
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    act(() => s.drop(1006));
    expect(screen.getByText("Connection lost. Reconnecting…")).toBeTruthy();
    await user.type(input(), "still there?{Enter}");
    expect(screen.getByRole("log").querySelector(".cnb-c-pending")).toBeTruthy();
    expect(s.frames("chat-message")).toHaveLength(0);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
    const s2 = FakeSocket.last();
    act(() => {
      s2.open();
      s2.ready();
    });
    expect(s2.sent[0]).toMatchObject({ op: "auth", lastSeq: 0 });
    expect(s2.frames("chat-message").map((f) => f.clientId)).toEqual(["cid-1"]);
    expect(screen.getByText("Reconnected")).toBeTruthy();
  });

  it("typing goes out on input and off when the input is emptied", async () => {
    const user = userEvent.setup();
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    await user.type(input(), "Hi");
    expect(s.frames("presence")).toEqual([{ op: "presence", typing: true, type: "typing-update" }]);
    await user.clear(input());
    expect(s.frames("presence")[1]).toEqual({ op: "presence", typing: false, type: "typing-update" });
  });
});

describe("the message limit", () => {
  it("a text over 4,000 characters is kept whole, the visitor is told by how much, and nothing is sent until it fits", async () => {
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    const box = input();
    fireEvent.input(box, { target: { value: "é".repeat(4002) } });
    expect(box.value).toHaveLength(4002);
    expect(box.maxLength).toBe(-1); // no browser cut
    const problem = screen.getByText("2 characters too long: a message holds at most 4000.");
    expect(problem.getAttribute("role")).toBe("status");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toBe(problem.id);
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(s.frames("chat-message")).toHaveLength(0);
    expect(box.value).toHaveLength(4002);
    fireEvent.input(box, { target: { value: "é".repeat(4000) } });
    expect(screen.queryByText(/too long/)).toBeNull();
    expect(box.getAttribute("aria-invalid")).toBeNull();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(s.frames("chat-message")).toHaveLength(1);
  });
});

describe("agent side", () => {
  it("agent messages on the agent side with name and avatar, presence and typing in the header, acknowledged", async () => {
    store.setPersona(ann);
    show();
    const s = await connectSocket({ agentsOnline: false });
    expect(screen.getByText("Away")).toBeTruthy();
    act(() => s.receive({ op: "presence", action: "enter", domainId: "d-1", persona: ada, name: "Ada", status: "online", typing: false }));
    expect(screen.getByText("Online")).toBeTruthy();
    act(() => s.receive({ op: "presence", action: "update", channelId: "c-1", persona: ada, name: "Ada", status: "online", typing: true }));
    expect(screen.getByText("Ada is typing…")).toBeTruthy();
    act(() =>
      s.receive({
        op: "chat-message",
        channelId: "c-1",
        seq: 1,
        message: {
          id: "m-1",
          seq: 1,
          text: "Hi Ann!",
          sender: ada,
          attachments: [
            { type: "image/png", url: "https://cdn.example/a.png", name: "shot.png" },
            { type: "application/pdf", url: "https://cdn.example/a.pdf", name: "invoice.pdf" },
            { type: "image/png", url: "javascript:alert(1)", name: "bad" },
          ],
          createdAt: new Date().toISOString(),
        },
      }),
    );
    const row = screen.getByRole("log").querySelector('[data-seq="1"]') as HTMLElement;
    expect(row.classList.contains("cnb-c-them")).toBe(true);
    expect(within(row).getByText("Ada")).toBeTruthy();
    // Laid out by its own words' direction (dir="auto"); the sender's name, isolated (<bdi>), does not decide it.
    expect(row.querySelector(".cnb-c-bubble")!.getAttribute("dir")).toBe("auto");
    expect(within(row).getByText("Ada").tagName).toBe("BDI");
    expect((row.querySelector("img.cnb-c-av") as HTMLImageElement).src).toBe("https://cdn.example/ada.png");
    expect((within(row).getByRole("img", { name: "shot.png" }) as HTMLImageElement).src).toBe("https://cdn.example/a.png");
    expect((within(row).getByRole("link", { name: "invoice.pdf" }) as HTMLAnchorElement).href).toBe("https://cdn.example/a.pdf");
    expect(row.querySelector('[src^="javascript"], [href^="javascript"]')).toBeNull();
    expect(screen.queryByText("Ada is typing…")).toBeNull();
    expect(s.frames("client-action")).toEqual([{ op: "client-action", action: "message-ack", data: { id: "m-1", seq: 1 } }]);
    expect(played).toEqual(["https://chat.example/static/audio/notification-new-message-active-chat-all.webm"]);
  });

  it("counts unread agent messages while the window is closed", async () => {
    store.setPersona(ann);
    const onUnread = vi.fn();
    const { unmount } = show({ onUnread });
    const s = await connectSocket();
    unmount();
    const msg = (seq: number) => ({ op: "chat-message", seq, message: { id: "m-" + seq, seq, text: "ping", sender: ada, attachments: [], createdAt: new Date().toISOString() } });
    act(() => {
      s.receive(msg(1));
      s.receive(msg(2));
    });
    expect(onUnread.mock.calls.map((c) => c[0])).toEqual([1, 2]);
    // Each arrived with the window closed: the message is told with its count (said once by the app).
    expect(onUnread.mock.calls.map((c) => c[1]?.id)).toEqual(["m-1", "m-2"]);
    expect(session.view().banner).toBe(true);
    expect(s.frames("client-action")).toHaveLength(0);
    session.setOpen(true);
    expect(onUnread.mock.lastCall).toEqual([0, undefined]);
    expect(s.frames("client-action")).toEqual([{ op: "client-action", action: "message-ack", data: { id: "m-2", seq: 2 } }]);
  });
});

describe("End Chat (spec §4.5, §8)", () => {
  it("asks first, inside the chat: Keep chatting (focused) or Esc sends nothing, keeps the chat open and the focus goes back to the menu button", async () => {
    // The test's clock: a slide-out begun by mistake would be seen to end.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const closed = vi.fn();
    store.setPersona(ann);
    const s0 = makeSession();
    render(<ChatWindow action={action} domain={{ id: "d-1" }} apiRoot="https://chat.example/api" staticRoot="" onClose={closed} session={s0} />);
    const s = await connectSocket();
    const menu = screen.getByRole("button", { name: "Menu" });
    await user.click(menu);
    await user.click(screen.getByRole("menuitem", { name: "End Chat" }));
    const ask = screen.getByRole("alertdialog", { name: "End this chat?" });
    expect(document.activeElement).toBe(within(ask).getByRole("button", { name: "Keep chatting" }));
    expect(screen.queryByRole("menu")).toBeNull();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(menu);
    await user.click(menu);
    await user.click(screen.getByRole("menuitem", { name: "End Chat" }));
    await user.click(screen.getByRole("button", { name: "Keep chatting" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(menu);
    expect(s.frames("client-action")).toEqual([]);
    expect(input().disabled).toBe(false);
    // Longer than the slide-out (spec: about 200 ms), on the test's clock.
    act(() => void vi.advanceTimersByTime(250));
    expect(closed).not.toHaveBeenCalled();
    // Confirmed: ended, and the focus is on "Start a new chat", inside the chat.
    await endChat(user);
    expect(s.frames("client-action")).toEqual([{ op: "client-action", action: "end-chat" }]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: TEXTS.newChat }));
  });

  it("sends end-chat, clears the input and the stored channel, disables the input with 'Chat has ended'", async () => {
    const user = userEvent.setup();
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    await user.type(input(), "draft");
    await endChat(user);
    expect(s.frames("client-action")).toEqual([{ op: "client-action", action: "end-chat" }]);
    expect(input().value).toBe("");
    expect(input().disabled).toBe(true);
    expect(input().placeholder).toBe("Chat has ended");
    expect(store.channelId()).toBeNull();
    // Forgotten too (spec §4.5): the visitor ended it, the next chat is a new conversation.
    expect(store.personaId()).toBeNull();
    expect(store.persona()?.name).toBe("Ann");
    // Start a new chat: the request names no earlier visitor, so the server opens a new chat.
    calls = [];
    await user.click(screen.getByRole("button", { name: TEXTS.newChat }));
    await connectSocket();
    const create = calls.find((c) => c.method == "POST")!;
    expect(create.url).toBe("https://chat.example/api/v1/chat/public/channels/domain/d-1");
    expect(create.body).not.toHaveProperty("personaId");
  });

  it("after 'Start a new chat' the message box has the focus once the new chat is live", async () => {
    const user = userEvent.setup();
    store.setPersona(ann);
    show();
    await connectSocket();
    await endChat(user);
    FakeSocket.all = [];
    await user.click(screen.getByRole("button", { name: TEXTS.newChat }));
    expect(document.activeElement).toBe(screen.getByRole("dialog"));
    await connectSocket();
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it("a focus the visitor moved meanwhile stays where they put it", async () => {
    const user = userEvent.setup();
    show();
    await user.type(screen.getByRole("textbox", { name: "Full name" }), "Ann");
    await user.type(screen.getByRole("textbox", { name: "Email address" }), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const menu = screen.getByRole("button", { name: "Menu" });
    menu.focus();
    await connectSocket();
    expect(input().disabled).toBe(false);
    expect(document.activeElement).toBe(menu);
  });

  it("when it cannot be sent: quietly, the input stays usable", async () => {
    const user = userEvent.setup();
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    s.readyState = 3; // the socket died without a close event yet
    await user.type(input(), "draft");
    await endChat(user);
    expect(input().disabled).toBe(false);
    expect(input().value).toBe("draft");
    expect(store.channelId()).toBe("c-1");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Menu" }));
  });

  it("the agent ending the chat disables the input too", async () => {
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    act(() => s.receive({ op: "channel-ended", channelId: "c-1" }));
    expect(input().placeholder).toBe("Chat has ended");
    expect(store.channelId()).toBeNull();
  });
});

describe("rating an ended chat (core/rating.ts)", () => {
  const rated = { score: 4, comment: "Quick and kind.", createdAt: "2026-01-01T10:00:00Z" };

  it("after End Chat: five named stars, a comment and Send; then the thanks, which takes the focus", async () => {
    const user = userEvent.setup();
    routes["POST /channel/c-1/rating"] = { status: 200, body: rated };
    store.setPersona(ann);
    show();
    await connectSocket();
    expect(screen.queryByRole("group", { name: "How was this conversation?" })).toBeNull();
    await endChat(user);
    const group = screen.getByRole("group", { name: "How was this conversation?" });
    expect(within(group).getAllByRole("radio")).toEqual(["1", "2", "3", "4", "5"].map((n) => within(group).getByRole("radio", { name: `${n} out of 5` })));
    // Without a score nothing is sent.
    await user.click(screen.getByRole("button", { name: "Send rating" }));
    expect(calls.some((c) => c.url.includes("/rating"))).toBe(false);
    await user.click(screen.getByRole("radio", { name: "4 out of 5" }));
    expect(group.querySelectorAll(".cnb-c-sel")).toHaveLength(4);
    await user.type(screen.getByRole("textbox", { name: "Comment (optional)" }), "  Quick and kind. ");
    await user.click(screen.getByRole("button", { name: "Send rating" }));
    const thanks = await screen.findByText("Thank you for your feedback.");
    expect(thanks.getAttribute("role")).toBe("status");
    expect(document.activeElement).toBe(thanks);
    const post = calls.find((c) => c.url.includes("/rating"))!;
    expect(post.method).toBe("POST");
    expect(post.url).toBe("https://chat.example/api/v1/chat/public/channel/c-1/rating?personaId=p-1");
    expect(post.body).toEqual({ score: 4, comment: "Quick and kind." });
    expect(screen.queryByRole("group", { name: "How was this conversation?" })).toBeNull();
    // A new chat starts without a rating.
    await user.click(screen.getByRole("button", { name: TEXTS.newChat }));
    await connectSocket();
    expect(screen.queryByText("Thank you for your feedback.")).toBeNull();
  });

  it("when the agent ends the chat; a refused rating says so and may be sent again", async () => {
    const user = userEvent.setup();
    routes["POST /channel/c-1/rating"] = "network";
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    act(() => s.receive({ op: "channel-ended", channelId: "c-1" }));
    await user.click(screen.getByRole("radio", { name: "2 out of 5" }));
    await user.click(screen.getByRole("button", { name: "Send rating" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your rating could not be sent. Please try again.");
    routes["POST /channel/c-1/rating"] = { status: 200, body: { ...rated, score: 2, comment: null } };
    await user.click(screen.getByRole("button", { name: "Send rating" }));
    await screen.findByText("Thank you for your feedback.");
    expect(calls.filter((c) => c.url.includes("/rating")).map((c) => c.body)).toEqual([{ score: 2 }, { score: 2 }]);
  });

  it("by keyboard: Tab reaches the stars, arrows choose, then the comment and Send", async () => {
    const user = userEvent.setup();
    routes["POST /channel/c-1/rating"] = { status: 200, body: rated };
    store.setPersona(ann);
    show();
    const s = await connectSocket();
    act(() => s.receive({ op: "channel-ended", channelId: "c-1" }));
    const first = screen.getByRole("radio", { name: "1 out of 5" });
    first.focus();
    await user.keyboard(" ");
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect((screen.getByRole("radio", { name: "4 out of 5" }) as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Comment (optional)" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Send rating" }));
    await user.keyboard("{Enter}");
    await screen.findByText("Thank you for your feedback.");
    expect(calls.find((c) => c.url.includes("/rating"))!.body).toEqual({ score: 4 });
  });
});

describe("errors (spec §8)", () => {
  it("network failure: 'Unable to connect' panel and 'Could not connect to chat'", async () => {
    store.setPersona(ann);
    routes["POST /channels/domain/d-1"] = "network";
    show();
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading").textContent).toBe("Unable to connect");
    expect(panel.textContent).toContain("Please check your internet connection or try again in a moment");
    expect(input().placeholder).toBe("Could not connect to chat");
    expect(input().disabled).toBe(true);
  });

  it("other failures: 'Almost ready to chat...' panel", async () => {
    store.setPersona(ann);
    routes["POST /channels/domain/d-1"] = { status: 500, body: { error: "boom" } };
    show();
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading").textContent).toBe("Almost ready to chat...");
    expect(panel.textContent).toContain("finish the configuration in the chat application");
    expect(input().placeholder).toBe("Could not connect to chat");
  });

  it("410: the chat has ended, the stored channel id is cleared", async () => {
    store.setPersona(ann);
    store.setChannel("c-1", "p-1");
    routes["GET /channel/c-1?personaId"] = { status: 410, body: { error: "this chat has ended" } };
    const said = { id: "m-1", seq: 1, text: "We close at six.", sender: ada, attachments: [], createdAt: new Date().toISOString() };
    routes["GET /channel/c-1/history"] = { status: 200, body: { messages: [said], personas: [], lastSeq: 1, status: "ended" } };
    const user = userEvent.setup();
    show();
    // The spec's text, under the ended chat's history (read-only), with "Start a new chat" there.
    const line = await screen.findByText("This chat has ended. Please refresh the page to start a new chat.");
    expect(line.getAttribute("role")).toBe("status");
    expect(screen.getByRole("log", { name: "Chat messages" }).textContent).toContain("We close at six.");
    expect(input().disabled).toBe(true);
    expect(store.channelId()).toBeNull();
    // Not ended by the visitor: the browser keeps its visitor persona, and the new chat names it
    // (the server reopens the thread for the same e-mail: the returning-visitor rule).
    expect(store.personaId()).toBe("p-1");
    calls = [];
    await user.click(screen.getByRole("button", { name: TEXTS.newChat }));
    await connectSocket();
    expect(calls.find((c) => c.method == "POST")!.body.personaId).toBe("p-1");
  });

  it("history failure: its text, and the chat goes on", async () => {
    store.setPersona(ann);
    routes["GET /channel/c-1/history"] = { status: 500, body: { error: "x" } };
    show();
    await connectSocket();
    expect(screen.getByRole("alert").textContent).toBe("Error while retrieving history. Please refresh the page.");
  });

  it("a 404 for the stored chat starts a new one", async () => {
    store.setPersona(ann);
    store.setChannel("c-old", "p-old");
    show();
    await connectSocket();
    expect(calls.map((c) => c.method + " " + c.url.split("/public")[1])).toContain("POST /channels/domain/d-1");
    expect(store.channelId()).toBe("c-1");
  });

  it("an erased visitor (410 erased) is forgotten: no chat is created, the profile is blank again", async () => {
    store.setPersona(ann);
    store.setChannel("c-gone", "p-gone");
    store.setReadSeq(3);
    store.setLegalNoticeAccepted(1700000000000);
    routes["GET /channel/c-gone?personaId"] = { status: 410, body: { error: "erased", erased: true } };
    show();
    await waitFor(() => expect(input().placeholder).toBe("Complete your profile first"));
    expect(calls.some((c) => c.method == "POST")).toBe(false);
    expect([store.persona(), store.channelId(), store.personaId(), store.readSeq(), store.legalNoticeAccepted()]).toEqual([null, null, null, 0, 0]);
    expect(session.view()).toMatchObject({ phase: "profile", persona: null, personaId: null, messages: [] });
  });

  it("a stored visitor persona the server refuses as erased when starting anew is forgotten too", async () => {
    store.setPersona(ann);
    store.setChannel("c-gone", "p-gone");
    store.clearChannelId(); // an ended chat: the persona id stays for a returning visitor
    routes["POST /channels/domain/d-1"] = { status: 410, body: { error: "erased", erased: true } };
    show();
    await waitFor(() => expect(input().placeholder).toBe("Complete your profile first"));
    expect(calls.filter((c) => c.method == "POST").map((c) => c.body.personaId)).toEqual(["p-gone"]);
    expect([store.persona(), store.personaId()]).toEqual([null, null]);
  });
});
