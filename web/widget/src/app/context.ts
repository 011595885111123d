// What the loader hands the app when it opens a surface, and what every surface component gets.
import type { Action, Config, Domain } from "../config/types.gen";

export type SurfaceContext = {
  config: Config;
  /** The domain matched to the page host (PRO removes the branding line), or null. */
  domain: Domain | null;
  /** The element that opened the surface (focus returns to it), or null (CNB.open, auto-open). */
  trigger: HTMLElement | null;
  /** Folder of the static assets ("…/static/"), e.g. for the chat's audio files. */
  staticRoot: string;
  debug: boolean;
  /** Dispatches a Beckon DOM event (cnb:…) on the document. */
  emit(name: string, detail: object): void;
};

export type SurfaceProps = {
  action: Action;
  ctx: SurfaceContext;
  /** False once the surface is asked to close from outside (closeSurface, a second click): play the slide-out, then call onClosed. */
  open: boolean;
  /** The surface is gone: unmount it. Also for surfaces that show nothing of their own (Intercom, the Facebook widget). */
  onClosed(): void;
  /** Where focus goes when the surface's modal unmounts. */
  returnFocus: HTMLElement | null;
  /**
   * Rendered ahead of a click, hidden, to warm the first open up (index.tsx): no focus moves, no
   * connection, no events, nothing loaded; unmounted a frame later.
   */
  warm?: boolean;
};
