import { describe, expect, it } from "vitest";
import { readFrame } from "../../../src/app/chat/core/frames";

const read = (frame: unknown) => readFrame(JSON.stringify(frame));
const persona = { id: "a-1", type: "ChatAgentPersona", name: "Ada", avatarUrl: null };
const message = { id: "m-1", seq: 1, clientId: "c", text: "Hi", sender: persona, attachments: [], createdAt: "2026-01-01T00:00:00Z" };

describe("frames from the socket (docs/realtime.md)", () => {
  it("reads the server's frames", () => {
    const frames = [
      { op: "ready", role: "visitor", channelId: "c-1", personaId: "p-1", lastSeq: 0, agentsOnline: true },
      { op: "chat-message", channelId: "c-1", seq: 1, message },
      { op: "ack", channelId: "c-1", clientId: "cid-1", id: "m-1", seq: 1, duplicate: false },
      { op: "presence", action: "enter", persona, name: "Ada", status: "online", typing: false, domainId: "d-1" },
      { op: "error", code: 429, error: "too fast", clientId: "cid-1" },
      { op: "error", code: 401, error: "expired" },
      { op: "channel-ended", channelId: "c-1" },
      { op: "pong" },
    ];
    for (const f of frames) expect(read(f)).toEqual(f);
  });

  it("ignores what is not a frame", () => {
    for (const data of ["not json", "null", "42", '"ready"', "[]", "{}", '{"op":7}']) expect(readFrame(data), data).toBeUndefined();
  });

  it("ignores a frame without what the chat reads of its op", () => {
    const bad = [
      { op: "chat-message", channelId: "c-1", seq: 1 },
      { op: "chat-message", channelId: "c-1", seq: 1, message: { ...message, seq: "1" } },
      { op: "ack", id: "m-1", seq: 1 },
      { op: "error", code: "410", error: "ended" },
      { op: "error", code: 410 },
      { op: "error", code: 429, error: "too fast", clientId: 7 },
      { op: "presence", action: "enter", name: "Ada", status: "online" },
      { op: "presence", action: "enter", persona: null, name: "Ada", status: "online" },
    ];
    for (const f of bad) expect(read(f), JSON.stringify(f)).toBeUndefined();
  });
});
