// The chat window (ChatWindow.tsx) on a real session: the error panels and texts.
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TEXTS } from "../../../../src/app/chat/ChatWindow";
import { chatWindowHooks, ann, ada, routes, calls, store, session, show, input, connectSocket, forgetCalls } from "./harness";

chatWindowHooks();

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
    forgetCalls();
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
