// What clicking an action does. Pure data, built from the config by links.ts.
import type { Warning } from "../messages";

export type ActionLink =
  /** A plain link the browser follows (tel:, mailto:, https://wa.me/…, …). */
  | { kind: "href"; href: string; target?: string; download?: string }
  /** ANCHOR: scroll smoothly to the element with this id. */
  | { kind: "anchor"; targetId: string }
  /** Opens a surface of the lazy React app (IFRAME, TALLY, INTERCOM, CHAT, WhatsApp/Facebook pop-outs).
   *  fallbackHref is opened when the app cannot load. */
  | { kind: "surface"; fallbackHref?: string }
  /** The action cannot be used (invalid value); error says why. */
  | { kind: "invalid"; error: Warning };
