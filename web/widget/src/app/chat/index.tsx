// The chat as a surface of the app (app/surfaces: SURFACES.CHAT): the surface props the app hands
// every surface, mapped onto ChatWindow. Unread agent messages are announced with the
// `cnb:chat-unread` event { actionId, count } (through ctx.emit), for the chat button's bubble.
// Also the entry point when the chat is built as a chunk of its own.
import type { Action, Config, Domain } from "../../config/types.gen";
import { ChatWindow } from "./ChatWindow";

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
      onUnread={(count) => ctx.emit("cnb:chat-unread", { actionId: action.id, count })}
    />
  );
}
