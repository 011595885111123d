// The app's side of the loader (src/loader/surface.ts, chat-resume.ts): the loader hands over its
// current config and decision and the folder it was loaded from; this builds the surface context
// from them (debug mode, events on document, static assets beside the loader) so that the loader
// itself stays a few bytes. Also the chat's life between page views: a stored open chat is
// resumed when the page loads, its unread agent messages are told (cnb:chat-unread: the extras
// chunk shows them as a bubble on the chat button), and the chat opens by itself after 1 s when
// there are unread messages (spec §4.5, §9).
import type { Action, Config, Domain } from "../config/types.gen";
import { flag } from "../shared/flag";
import type { Ctx } from "../loader/contract";
import type { SurfaceContext } from "./context";
import { prop } from "./options";
import { pageSession } from "./chat/session";
import { unreadDetail } from "./chat/index";

/** What the loader knows: its config and the decision drawn (its Ctx, as far as read here). */
export type LoaderState = Pick<Ctx, "config" | "decision">;

/** The spec's chat auto-open delay (§9). */
export const AUTO_OPEN_MS = 1000;

/** Debug mode (spec §4.1): the cnb.debug switch, options.debugMode or the domain's debug property. */
export const isDebug = (c: Config, domain: Domain | null): boolean =>
  flag("cnb.debug") || c.options?.debugMode === true || domain?.properties?.debug === true;

const emit = (name: string, detail: object) => document.dispatchEvent(new CustomEvent(name, { detail }));

/** The surface context of the loader's state. */
export function surfaceContext(l: LoaderState, trigger: Element | null | undefined, base: string): SurfaceContext {
  const config = l.config!;
  const domain = (l.decision && l.decision.domain) || null;
  return {
    config,
    domain,
    trigger: (trigger as HTMLElement) || null,
    staticRoot: base,
    debug: isDebug(config, domain),
    emit, // cnb:chat-unread also puts the bubble on the chat's buttons (loader/chat-resume.ts)
  };
}


/**
 * A chat stored in this browser is open: reconnect now (history, unread since the visitor last
 * looked), show the bubble, and open the chat after 1 s when agent messages are unread.
 */
export function resumeChat(a: Action, ctx: SurfaceContext, open: () => void): void {
  const domain = ctx.domain || (ctx.config.domains && ctx.config.domains[0]);
  if (!domain) return;
  const s = pageSession((ctx.config.options && ctx.config.options.apiRoot) || "", ctx.staticRoot, domain);
  s.setOnUnread((count, m) => ctx.emit("cnb:chat-unread", unreadDetail(a.id, count, m)));
  s.begin();
  const off = s.subscribe(() => {
    const v = s.view();
    if (v.phase == "connecting") return;
    off();
    if (v.unread) setTimeout(() => s.view().unread && open(), AUTO_OPEN_MS);
  });
}
