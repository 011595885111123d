// The chat window (ChatWindow.tsx) on a real session:
// the agent's side: messages, presence, typing, unread counts.
import { describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { chatWindowHooks, ann, ada, store, played, session, show, connectSocket } from "./harness";

chatWindowHooks();

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
