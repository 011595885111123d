// The chat window (ChatWindow.tsx) on a real session: sending, files, typing and the message limit.
import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FakeSocket } from "../fakes";
import { chatWindowHooks, ann, store, played, session, show, input, connectSocket } from "./harness";

chatWindowHooks();

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
