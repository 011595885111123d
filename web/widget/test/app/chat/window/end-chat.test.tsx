// The chat window (ChatWindow.tsx) on a real session: End Chat and rating the ended chat.
import { describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ChatWindow, TEXTS } from "../../../../src/app/chat/ChatWindow";
import { FakeSocket } from "../fakes";
import { chatWindowHooks, action, ann, routes, calls, store, makeSession, show, input, endChat, connectSocket, forgetCalls } from "./harness";

chatWindowHooks();

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
    forgetCalls();
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
