// The warm-up of the first open (src/app/warm.tsx): with the focus on a chat button when the chunk
// arrives, the chat window is rendered hidden and unmounted again before any click. Nothing of it
// may reach the visitor: no focus change, nothing a screen reader could find (aria-hidden, inert,
// visibility hidden), no chat connection although a profile is stored, no event, no title change.
import { afterAll, describe, expect, it, vi } from "vitest";
import { act } from "@testing-library/react";
import { KEYS } from "../../src/shared/storage-keys";
import { disposeSessions } from "../../src/app/chat/index";

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

afterAll(() => {
  disposeSessions();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("warm-up before the click", () => {
  it("renders the chat window only hidden and inert, moves no focus, connects nothing, and leaves nothing behind", async () => {
    document.body.innerHTML = `
      <div class="call-now-button" data-button-id="b1">
        <button class="cnb-act" data-action-type="CHAT" data-action-id="chat-1">Chat</button>
      </div>`;
    // A returning visitor: with a profile stored, an opened chat window would connect at once.
    localStorage.setItem(KEYS.persona, JSON.stringify({ name: "Ann", email: "ann@example.com" }));
    const button = document.querySelector<HTMLElement>(".cnb-act")!;
    button.focus();
    const title = (document.title = "Shop");

    const fetches = vi.spyOn(globalThis, "fetch");
    const sockets = vi.fn();
    vi.stubGlobal("WebSocket", sockets);
    const focusMoves: EventTarget[] = [];
    document.addEventListener("focusin", (e) => focusMoves.push(e.target!), true);
    const events: string[] = [];
    for (const n of ["cnb:expand", "cnb:close", "cnb:chat-unread"]) document.addEventListener(n, () => events.push(n));

    // The chunk arrives (as after a prefetch): its container goes in, the warm-up is scheduled.
    await act(async () => {
      await import("../../src/app/index");
    });
    const shadow = document.querySelector(".cnb-m-host")!.shadowRoot!;
    const seen: Array<{ hidden: boolean; inert: boolean; visibility: string }> = [];
    const look = () => {
      for (const d of Array.from(shadow.querySelectorAll('[role="dialog"]'))) {
        const box = d.closest<HTMLElement>(".cnb-m-warm");
        seen.push({
          hidden: box?.getAttribute("aria-hidden") == "true",
          inert: !!(box as { inert?: boolean } | null)?.inert,
          visibility: box ? getComputedStyle(box).visibility : "",
        });
      }
    };
    new MutationObserver(look).observe(shadow, { childList: true, subtree: true });

    for (let i = 0; i < 40 && !(seen.length && !shadow.querySelector(".cnb-m-warm")); i++) await wait(100);

    expect(seen.length).toBeGreaterThan(0); // it did warm up
    expect(seen.every((s) => s.hidden && s.inert && s.visibility == "hidden")).toBe(true);
    expect(shadow.querySelector('.cnb-m-warm, [role="dialog"]')).toBeNull(); // cleaned up
    expect(document.activeElement).toBe(button);
    expect(focusMoves).toEqual([]);
    expect(fetches).not.toHaveBeenCalled();
    expect(sockets).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(document.title).toBe(title);
  });
});

describe("which surface is warmed", () => {
  const page = () => {
    document.body.innerHTML = `
      <div class="call-now-button" data-button-id="b1">
        <button class="cnb-act" data-action-type="IFRAME" data-action-id="frame-1">Form</button>
        <button class="cnb-act" data-action-type="CHAT" data-action-id="chat-1">Chat</button>
      </div>`;
  };
  const screen = (hover: boolean) => vi.spyOn(window, "matchMedia").mockImplementation((q) => ({ matches: q == "(hover: none)" ? !hover : false }) as MediaQueryList);

  it("on a screen without hover, the first shown warmed surface button without any focus", async () => {
    const { intended } = await import("../../src/app/warm");
    page();
    screen(false);
    expect(intended()).toMatchObject({ id: "chat-1", actionType: "CHAT" });
  });

  it("with a hovering pointer, only the button pointed at or focused", async () => {
    const { intended } = await import("../../src/app/warm");
    page();
    screen(true);
    expect(intended()).toBeNull();
    document.querySelector<HTMLElement>("[data-action-id=chat-1]")!.focus();
    expect(intended()).toMatchObject({ id: "chat-1" });
    document.querySelector<HTMLElement>("[data-action-id=frame-1]")!.focus();
    expect(intended()).toBeNull(); // a frame is not warmed: its iframe would load
  });
});
