// A link from the visitor's e-mail (crates/server/src/api/http/continuation.rs), a chunk of its own
// (dist/beckon-continued.js: ./chunks.ts), loaded when a page opens with one (index.tsx
// continueFromLink): few page views do.
import type { Action, Config } from "../config/types.gen";
import type { ChatApi } from "./chat/core/api";
import type { ChatStorage } from "./chat/core/storage";

/**
 * The conversation the link names becomes this browser's, as if the visitor had started it here
 * (their profile and the chat are stored in `store`, spec §9's keys). Resolves to what went wrong,
 * in words for the visitor, or "".
 */
export async function keepContinued(api: ChatApi, store: ChatStorage, token: string): Promise<string> {
  try {
    const { channel, chatClientPersona: p } = await api.continued(token);
    store.setPersona({ name: p.name, email: p.email || "", ip: p.ip, url: p.url, legalNoticeAccepted: p.legalNoticeAccepted });
    store.setChannel(channel.id, p.id);
    return "";
  } catch (e) {
    return (e as Error).message;
  }
}

/** The chat action of the page's chat button, else the config's first, else a plain one. */
export function chatAction(config: Config | undefined): Action {
  const id = document.querySelector(".call-now-button [data-action-type=CHAT]")?.getAttribute("data-action-id");
  const actions = (config && config.actions) || [];
  return actions.find((x) => x.id == id) || actions.find((x) => x.actionType == "CHAT") || { id: "cnb-continue", actionType: "CHAT", actionValue: "" };
}
