import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { ChatSurface, disposeSessions } from "../../../src/app/chat/index";
import type { Config } from "../../../src/config/types.gen";

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  disposeSessions();
  localStorage.clear();
});

describe("the chat as an app surface", () => {
  it("maps the surface props onto the chat window", () => {
    const config = { userId: "u", domains: [{ id: "d-1", name: "shop.example", type: "PRO" }], buttons: [], options: { apiRoot: "https://chat.example/api" } } as Config;
    const emit = vi.fn();
    // The page's session asks who is online when the window opens: nothing leaves the test.
    const fetch = vi.fn(async () => new Response(JSON.stringify({ agentAvailable: false }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    render(
      <ChatSurface
        action={{ id: "a-1", actionType: "CHAT", actionValue: "", properties: { "chatmodal-header-text": "Support" } }}
        ctx={{ config, domain: null, staticRoot: "https://chat.example/static/", debug: false, emit }}
        open
        onClosed={() => {}}
        returnFocus={null}
      />,
    );
    expect(screen.getByRole("dialog", { name: "Support" })).toBeTruthy();
    expect(screen.queryByText("Powered by Beckon")).toBeNull(); // PRO domain
    expect((screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement).placeholder).toBe("Complete your profile first");
    expect(fetch).toHaveBeenCalledWith("https://chat.example/api/v1/chat/public/channels/available/d-1", expect.anything());
  });
});
