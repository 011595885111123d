import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTENTION, BLINK_INTERVAL_MS, createAttention, soundUrl } from "../../../src/app/chat/core/attention";
import { fakeTimers, useFakeClock } from "./fakes";

let played: string[];
let doc: { title: string };
let banner: boolean[];

function attention() {
  return createAttention({
    staticRoot: "https://cdn.example/static/",
    play: (u) => played.push(u),
    doc,
    timers: fakeTimers(),
    onBanner: (v) => banner.push(v),
  });
}

beforeEach(() => {
  useFakeClock();
  played = [];
  doc = { title: "Shop" };
  banner = [];
});
afterEach(() => vi.useRealTimers());

describe("attention (spec §4.5, §7, §9)", () => {
  it("sound files live under {staticRoot}/audio/", () => {
    expect(soundUrl("https://cdn.example/static", "sent")).toBe("https://cdn.example/static/audio/message-sent-all.webm");
    expect(soundUrl("/s/", "active")).toBe("/s/audio/notification-new-message-active-chat-all.webm");
    expect(soundUrl("", "inactive")).toBe("/audio/notification-new-message-inactive-chat-client.webm");
  });

  it("plays the sent sound and the active-chat sound while the visitor looks at the chat", () => {
    const a = attention();
    a.sent();
    a.agentMessage("Ada", true);
    expect(played).toEqual([
      "https://cdn.example/static/audio/message-sent-all.webm",
      "https://cdn.example/static/audio/notification-new-message-active-chat-all.webm",
    ]);
    expect(doc.title).toBe("Shop");
    expect(a.banner()).toBe(false);
  });

  it("blinks the title every 700 ms while unseen, shows the banner, and clears it 10 s after return", async () => {
    const a = attention();
    a.setSeen(false);
    a.agentMessage("Ada", false);
    expect(played).toEqual(["https://cdn.example/static/audio/notification-new-message-inactive-chat-client.webm"]);
    expect(BLINK_INTERVAL_MS).toBe(700);
    expect(ATTENTION.banner).toBe("You have new messages");
    expect(a.banner()).toBe(true);
    expect(banner).toEqual([true]);
    await vi.advanceTimersByTimeAsync(699);
    expect(doc.title).toBe("Shop");
    await vi.advanceTimersByTimeAsync(1);
    expect(doc.title).toBe("New message from Ada");
    // The page keeps its own title for the agents (the page the visitor is on).
    expect(a.pageTitle()).toBe("Shop");
    await vi.advanceTimersByTimeAsync(700);
    expect(doc.title).toBe("Shop");
    await vi.advanceTimersByTimeAsync(700);
    a.setSeen(true);
    expect(doc.title).toBe("Shop");
    await vi.advanceTimersByTimeAsync(2100);
    expect(doc.title).toBe("Shop");
    expect(a.banner()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000 - 2100 - 1);
    expect(a.banner()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.banner()).toBe(false);
    expect(banner).toEqual([true, false]);
  });

  it("leaving again before the 10 s keeps the banner; a new sender renames the blink", async () => {
    const a = attention();
    a.agentMessage("Ada", false);
    a.setSeen(true);
    await vi.advanceTimersByTimeAsync(5000);
    a.setSeen(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(a.banner()).toBe(true);
    a.agentMessage("Bo", false);
    await vi.advanceTimersByTimeAsync(700);
    expect(doc.title).toBe("New message from Bo");
    a.dispose();
    expect(doc.title).toBe("Shop");
  });
});
