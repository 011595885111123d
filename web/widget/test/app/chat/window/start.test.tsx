// The chat window (ChatWindow.tsx) on a real session:
// the start, the profile form and the menu's tabs.
import { describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { chatWindowHooks, ann, routes, calls, store, session, show, input, connectSocket } from "./harness";

chatWindowHooks();

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
