// The site's side as the visitor's header shows it (spec §4.5): online when any agent of the
// domain is online, and who of them is typing in this chat. Fed by `ready` and `presence` frames.
import { DEFAULT_STATUS } from "../../options";
import { CLIENT_TYPE } from "./types";
import type { PresenceOut } from "./wire.gen";
import { ownText, t } from "../../i18n/index";

export type AgentPresence = {
  online: boolean;
  /** Names of the agents typing in this chat now. */
  typing: string[];
};

export type PresenceState = {
  /** `ready.agentsOnline`: someone was online when the socket opened (who is unknown). */
  base: boolean;
  agents: Record<string, { status: string; name: string }>;
  typing: Record<string, string>;
};

export const initialPresence = (agentsOnline = false): PresenceState => ({ base: agentsOnline, agents: {}, typing: {} });

export function reducePresence(s: PresenceState, f: PresenceOut, myPersonaId: string | null): PresenceState {
  const p = f.persona;
  const id = p.id || f.name || "";
  if (!id || id == myPersonaId || p.type == CLIENT_TYPE) return s;
  const name = f.name || p.name || "";
  const leave = f.action == "leave";
  if (f.channelId) {
    const typing = { ...s.typing };
    if (f.typing && !leave) typing[id] = name;
    else delete typing[id];
    const agents = f.status && !leave ? { ...s.agents, [id]: { status: f.status, name } } : s.agents;
    return { ...s, typing, agents };
  }
  const agents = { ...s.agents };
  if (leave) delete agents[id];
  else agents[id] = { status: f.status || "online", name };
  const typing = { ...s.typing };
  if (leave) delete typing[id];
  // An agent we heard of going away or leaving tells us more than the `ready` flag did.
  const base = s.base && !(leave || f.status == "away");
  return { base, agents, typing };
}

export function agentPresence(s: PresenceState): AgentPresence {
  const online = s.base || Object.values(s.agents).some((a) => a.status == "online");
  return { online, typing: Object.values(s.typing).filter(Boolean) };
}

/** The status line while no agent of the domain is online and the owner wrote none. */
export const NOBODY_ONLINE = "Nobody is online right now";

/**
 * The status line under the chat's title: the owner's text; else, while an agent is online, the
 * owner's status text for the widget's language (a domain's `texts`, "modal.status"), or nothing:
 * never the spec's default ("We typically respond in 35 minutes", an answer time nobody gave; the
 * builder offers it as a suggestion); NOBODY_ONLINE while none is; nothing before the widget knows
 * (no flash of the wrong one). The default written out as the owner's text (older consoles saved
 * it) counts as unset.
 */
export function statusLine(ownerText: string | undefined, online: boolean | null): string | undefined {
  if (ownerText && ownerText != DEFAULT_STATUS) return ownerText;
  return online == null ? undefined : online ? ownText("modal.status") : t("presence.nobody");
}
