// Which surface an action opens (the surface kinds of loader/actions/links.ts).
import type { ComponentType } from "react";
import type { Action, ActionType } from "../../config/types.gen";
import type { SurfaceProps } from "../context";
import { prop } from "../options";
import { Frame } from "./Frame";
import { Popout } from "./Popout";
import { ChatSurface } from "../chat/index";
import { useChunk } from "../chunks";

/**
 * A surface that hands the visitor over to a third party's SDK (Facebook's Messenger plugin,
 * Intercom): in a chunk of its own (./handed-over.ts), loaded when it opens, beside that SDK.
 */
const handedOver = (name: "FacebookWidget" | "Intercom") => (p: SurfaceProps) => {
  const Surface = useChunk("sdk", true)?.[name];
  return Surface ? <Surface {...p} /> : null;
};
const FacebookWidget = handedOver("FacebookWidget");
const Intercom = handedOver("Intercom");

const WhatsApp = (p: SurfaceProps) => <Popout {...p} type="whatsapp" />;
const FacebookPopout = (p: SurfaceProps) => <Popout {...p} type="facebook" />;

/** The surface of each surface action type; FACEBOOK depends on facebook-dialog-type. */
export const SURFACES: Partial<Record<ActionType, ComponentType<SurfaceProps>>> = {
  WHATSAPP: WhatsApp,
  FACEBOOK: FacebookPopout,
  IFRAME: Frame,
  TALLY: Frame,
  INTERCOM: Intercom,
  CHAT: ChatSurface,
};

export function surfaceFor(a: Action): ComponentType<SurfaceProps> | undefined {
  if (a.actionType == "FACEBOOK" && /^widget$/i.test(prop(a, "facebook-dialog-type"))) return FacebookWidget;
  return Object.prototype.hasOwnProperty.call(SURFACES, a.actionType) ? SURFACES[a.actionType] : undefined;
}
