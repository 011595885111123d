import { afterEach, describe, expect, it } from "vitest";
import { ownTexts } from "../../../src/app/i18n/index";
import { agentPresence, initialPresence, NOBODY_ONLINE, reducePresence, statusLine } from "../../../src/app/chat/core/presence";
import type { PresenceAction, PresenceOut, Status } from "../../../src/app/chat/core/wire.gen";

const agent = (id: string, name: string) => ({ id, type: "ChatAgentPersona" as const, name, avatarUrl: null });
/** An agent entering, changing or leaving on the domain. */
const dom = (action: PresenceAction, id: string, status: Status = "online"): PresenceOut => ({ action, persona: agent(id, id.toUpperCase()), name: id.toUpperCase(), status, typing: false, domainId: "d-1" });
/** Someone typing (or not) in the visitor's chat. */
const inChat = (persona: PresenceOut["persona"], typing: boolean): PresenceOut => ({ action: "update", channelId: "c-1", persona, name: persona.name, status: "online", typing });

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
    s = reducePresence(s, inChat(agent("a", "Ada"), true), "p-1");
    expect(agentPresence(s)).toEqual({ online: true, typing: ["Ada"] });
    s = reducePresence(s, inChat({ id: "p-1", type: "ChatClient", name: "Ann", avatarUrl: null }, true), "p-1");
    expect(agentPresence(s).typing).toEqual(["Ada"]);
    s = reducePresence(s, inChat(agent("a", "Ada"), false), "p-1");
    expect(agentPresence(s).typing).toEqual([]);
  });
});

describe("the status line under the chat's title", () => {
  afterEach(() => ownTexts(undefined));

  it("the owner's text whoever is online; else nothing while an agent is online (no invented answer time), the truth otherwise", () => {
    expect(statusLine("Back at 9", true)).toBe("Back at 9");
    expect(statusLine("Back at 9", false)).toBe("Back at 9");
    expect(statusLine(undefined, true)).toBeFalsy();
    expect(statusLine(undefined, false)).toBe(NOBODY_ONLINE);
    expect(NOBODY_ONLINE).toBe("Nobody is online right now");
    // Not known yet: nothing rather than a guess that flips a moment later.
    expect(statusLine(undefined, null)).toBeUndefined();
    expect(statusLine("Back at 9", null)).toBe("Back at 9");
  });

  it("the owner's status text for the widget's language while an agent is online", () => {
    ownTexts({ "modal.status": "Réponse en 10 minutes" });
    expect(statusLine(undefined, true)).toBe("Réponse en 10 minutes");
    expect(statusLine(undefined, false)).toBe(NOBODY_ONLINE);
  });

  it("the default written out as the owner's text (older consoles did) is unset: never shown", () => {
    expect(statusLine("We typically respond in 35 minutes", false)).toBe(NOBODY_ONLINE);
    expect(statusLine("We typically respond in 35 minutes", true)).toBeFalsy();
  });
});
