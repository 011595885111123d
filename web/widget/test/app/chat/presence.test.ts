import { describe, expect, it } from "vitest";
import { agentPresence, initialPresence, reducePresence, type PresenceFrame } from "../../../src/app/chat/core/presence";

const agent = (id: string, name: string) => ({ id, type: "ChatAgentPersona" as const, name, avatarUrl: null });
const dom = (action: string, id: string, status = "online"): PresenceFrame => ({ op: "presence", action, persona: agent(id, id.toUpperCase()), name: id.toUpperCase(), status });

describe("agent presence in the header (spec §4.5)", () => {
  it("any online agent gives online", () => {
    let s = initialPresence(false);
    expect(agentPresence(s).online).toBe(false);
    s = reducePresence(s, dom("enter", "a"), "p-1");
    s = reducePresence(s, dom("enter", "b", "away"), "p-1");
    expect(agentPresence(s).online).toBe(true);
    s = reducePresence(s, dom("update", "a", "away"), "p-1");
    expect(agentPresence(s).online).toBe(false);
    s = reducePresence(s, dom("update", "b", "online"), "p-1");
    expect(agentPresence(s).online).toBe(true);
    s = reducePresence(s, dom("leave", "b"), "p-1");
    expect(agentPresence(s).online).toBe(false);
  });

  it("starts from ready.agentsOnline until an agent goes away", () => {
    let s = initialPresence(true);
    expect(agentPresence(s).online).toBe(true);
    s = reducePresence(s, dom("leave", "a"), "p-1");
    expect(agentPresence(s).online).toBe(false);
  });

  it("who is typing in this chat; the visitor's own presence is ignored", () => {
    let s = initialPresence(true);
    s = reducePresence(s, { op: "presence", action: "update", channelId: "c-1", persona: agent("a", "Ada"), typing: true, status: "online" }, "p-1");
    expect(agentPresence(s)).toEqual({ online: true, typing: ["Ada"] });
    s = reducePresence(s, { op: "presence", action: "update", channelId: "c-1", persona: { id: "p-1", type: "ChatClient", name: "Ann" }, typing: true }, "p-1");
    expect(agentPresence(s).typing).toEqual(["Ada"]);
    s = reducePresence(s, { op: "presence", action: "update", channelId: "c-1", persona: agent("a", "Ada"), typing: false }, "p-1");
    expect(agentPresence(s).typing).toEqual([]);
  });
});
