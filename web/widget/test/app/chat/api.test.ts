import { describe, expect, it, vi } from "vitest";
import { ChatError, createChatApi, TEXT } from "../../../src/app/chat/core/api";
import { en } from "../../../src/app/i18n/en";
import { setLanguage } from "../../../src/app/i18n/index";

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

function api(respond: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn(async (u: string, i?: RequestInit) => respond(u, i));
  const onEnded = vi.fn();
  return { fetch, onEnded, api: createChatApi({ apiRoot: "https://chat.example/api/", fetch: fetch as unknown as typeof globalThis.fetch, onEnded }) };
}

const channel = { channel: { id: "c-1", lastSeq: 2, properties: {} }, chatClientPersona: { id: "p-1", name: "Ann" } };

describe("chat API calls (spec §7)", () => {
  it("GET channel with personaId", async () => {
    const t = api(() => json(200, channel));
    await expect(t.api.getChannel("c 1", "p/1")).resolves.toEqual(channel);
    expect(t.fetch.mock.calls[0][0]).toBe("https://chat.example/api/v1/chat/public/channel/c%201?personaId=p%2F1");
    const init = t.fetch.mock.calls[0][1]!;
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(init.method).toBeUndefined();
  });

  it("POST create channel for a domain with the stored persona", async () => {
    const t = api(() => json(200, channel));
    const persona = { name: "Ann", email: "ann@example.com", ip: "1.2.3.4", url: "https://shop.example/", legalNoticeAccepted: 5 };
    // A French chat (in a browser of another language): the server mails her in French.
    setLanguage("fr", {});
    await t.api.createChannel("d-1", persona);
    setLanguage("en", en);
    const [url, init] = t.fetch.mock.calls[0];
    expect(url).toBe("https://chat.example/api/v1/chat/public/channels/domain/d-1");
    expect(init!.method).toBe("POST");
    // The spec's persona, and Beckon's visit context beside it (the page's referrer, the zone,
    // the chat's language).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(JSON.parse(init!.body as string)).toEqual({ ...persona, timeZone: zone, language: "fr" });
  });

  it("GET history and GET token", async () => {
    const t = api((u) =>
      u.includes("/history") ? json(200, { messages: [{ id: "m", seq: 1 }], personas: [], lastSeq: 1 }) : json(200, { token: "v1.x", expiresAt: 9 }),
    );
    const h = await t.api.history("c-1", "p-1");
    expect(h.messages).toHaveLength(1);
    expect(t.fetch.mock.calls[0][0]).toBe("https://chat.example/api/v1/chat/public/channel/c-1/history?personaId=p-1");
    await expect(t.api.token("c-1", "p-1")).resolves.toEqual({ token: "v1.x", expiresAt: 9 });
    expect(t.fetch.mock.calls[1][0]).toBe("https://chat.example/api/v1/chat/public/channel/c-1/token?personaId=p-1");
  });

  it("POST a rating with personaId; a 422 rejects", async () => {
    const rating = { score: 4, comment: "Quick", createdAt: "2026-01-01T10:00:00Z" };
    const t = api((_u, i) => (JSON.parse(i!.body as string).score == 9 ? json(422, { error: "invalid rating", problems: [] }) : json(200, rating)));
    await expect(t.api.rate("c 1", "p/1", { score: 4, comment: "Quick" })).resolves.toEqual(rating);
    const [url, init] = t.fetch.mock.calls[0];
    expect(url).toBe("https://chat.example/api/v1/chat/public/channel/c%201/rating?personaId=p%2F1");
    expect(init!.method).toBe("POST");
    expect(JSON.parse(init!.body as string)).toEqual({ score: 4, comment: "Quick" });
    await expect(t.api.rate("c-1", "p-1", { score: 9 })).rejects.toMatchObject({ status: 422 });
  });

  it("the realtime URL follows the API root's scheme", () => {
    expect(api(() => json(200)).api.realtimeUrl()).toBe("wss://chat.example/api/v1/realtime");
    const plain = createChatApi({ apiRoot: "/api" });
    expect(plain.realtimeUrl("http://localhost:8080/page")).toBe("ws://localhost:8080/api/v1/realtime");
  });
});

describe("chat API errors (spec §8)", () => {
  it("404 rejects with the parsed body", async () => {
    const t = api(() => json(404, { error: "chat channel not found" }));
    const e = (await t.api.getChannel("c", "p").catch((x) => x)) as ChatError;
    expect(e).toBeInstanceOf(ChatError);
    expect(e.kind).toBe("not-found");
    expect(e.body).toEqual({ error: "chat channel not found" });
    expect(t.onEnded).not.toHaveBeenCalled();
  });

  it("410 rejects with the parsed body, the ended text, and clears the stored channel", async () => {
    const t = api(() => json(410, { error: "this chat has ended", channelId: "c" }));
    for (const call of [() => t.api.getChannel("c", "p"), () => t.api.history("c", "p"), () => t.api.token("c", "p")]) {
      const e = (await call().catch((x) => x)) as ChatError;
      expect(e.kind).toBe("ended");
      expect(e.message).toBe("This chat has ended. Please refresh the page to start a new chat.");
      expect(e.body).toEqual({ error: "this chat has ended", channelId: "c" });
    }
    expect(t.onEnded).toHaveBeenCalledTimes(3);
  });

  it("a fetch TypeError is kind network", async () => {
    const t = api(() => {
      throw new TypeError("Failed to fetch");
    });
    const e = (await t.api.createChannel("d", { name: "A", email: "a@b.co", legalNoticeAccepted: 0 }).catch((x) => x)) as ChatError;
    expect(e.kind).toBe("network");
    expect(e.status).toBe(0);
    expect(TEXT.networkTitle).toBe("Unable to connect");
    expect(TEXT.networkText).toBe("Please check your internet connection or try again in a moment");
  });

  it("other failures are kind setup", async () => {
    for (const status of [400, 403, 429, 500, 503]) {
      const t = api(() => json(status, { error: "x" }));
      const e = (await t.api.getChannel("c", "p").catch((x) => x)) as ChatError;
      expect(e.kind).toBe("setup");
      expect(e.status).toBe(status);
    }
    const bad = api(() => new Response("<html>", { status: 200 }));
    expect(((await bad.api.getChannel("c", "p").catch((x) => x)) as ChatError).kind).toBe("setup");
    expect(TEXT.setupTitle).toBe("Almost ready to chat...");
  });

  it("a failed history load is the history error", async () => {
    for (const respond of [() => json(500, { error: "x" }), () => Promise.reject(new TypeError("offline"))]) {
      const t = api(respond as () => Response);
      const e = (await t.api.history("c", "p").catch((x) => x)) as ChatError;
      expect(e.kind).toBe("history");
      expect(e.message).toBe("Error while retrieving history. Please refresh the page.");
    }
  });
});
