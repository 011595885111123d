// The chat as a surface of the app (app/surfaces: SURFACES.CHAT): the surface props the app hands
// every surface, mapped onto ChatWindow. Unread agent messages are announced with the
// `cnb:chat-unread` event { actionId, count, from?, text? } (through ctx.emit), for the chat
// button's bubble; from and text are those of a reply that raised the count while the chat was closed.
// Also the entry point when the chat is built as a chunk of its own.
import type { Action, Config, Domain } from "../../config/types.gen";
import { ChatWindow } from "./ChatWindow";
import type { ChatMessage } from "./core/types";

export { ChatWindow, type ChatWindowProps } from "./ChatWindow";
export { createChatSession, sessionFor, disposeSessions, type ChatSession } from "./session";

/** The part of the app's surface props the chat uses (app/context.ts SurfaceProps). */
export type ChatSurfaceProps = {
  action: Action;
  ctx: {
    config: Config;
    domain: Domain | null;
    staticRoot: string;
    debug: boolean;
    emit(name: string, detail: object): void;
  };
  open: boolean;
  onClosed(): void;
  returnFocus: HTMLElement | null;
  warm?: boolean;
};

/** The detail of cnb:chat-unread. */
export const unreadDetail = (actionId: string, count: number, m?: ChatMessage) => ({
  actionId,
  count,
  ...(m ? { from: (m.sender && m.sender.name) || "", text: m.text } : {}),
});

export function ChatSurface({ action, ctx, open, onClosed, returnFocus, warm }: ChatSurfaceProps) {
  const domain = ctx.domain || (ctx.config.domains && ctx.config.domains[0]);
  if (!domain) return null;
  return (
    <ChatWindow
      action={action}
      domain={domain}
      apiRoot={(ctx.config.options && ctx.config.options.apiRoot) || ""}
      staticRoot={ctx.staticRoot}
      debug={ctx.debug}
      open={open}
      returnFocus={returnFocus}
      warm={warm}
      onClose={onClosed}
      onUnread={(count, m) => ctx.emit("cnb:chat-unread", unreadDetail(action.id, count, m))}
    />
  );
}
