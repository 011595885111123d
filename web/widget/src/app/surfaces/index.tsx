// Which surface an action opens (the surface kinds of loader/actions/links.ts).
import type { ComponentType } from "react";
import type { Action, ActionType } from "../../config/types.gen";
import type { SurfaceProps } from "../context";
import { prop } from "../options";
import { Modal, branded } from "../modal/Modal";
import { Frame } from "./Frame";
import { Popout } from "./Popout";
import { FacebookWidget } from "./Facebook";
import { Intercom } from "./Intercom";
import { Welcome } from "./Welcome";
import { modalOptions } from "../options";

const WhatsApp = (p: SurfaceProps) => <Popout {...p} type="whatsapp" />;
const FacebookPopout = (p: SurfaceProps) => <Popout {...p} type="facebook" />;

/** Stand-in for the live chat until app/chat provides its surface (register it in SURFACES.CHAT). */
function ChatStandIn({ action, ctx, open, onClosed, returnFocus }: SurfaceProps) {
  const o = modalOptions(action, "chat");
  return (
    <Modal type="chat" title={o.title} subtext={o.subtext} icon={o.icon} headerColor={o.headerColor} branding={branded(ctx.domain)} open={open} onClose={onClosed} returnFocus={returnFocus}>
      <Welcome messages={o.messages} animate={false} spacing={0} />
    </Modal>
  );
}

/** The surface of each surface action type; FACEBOOK depends on facebook-dialog-type. */
export const SURFACES: Partial<Record<ActionType, ComponentType<SurfaceProps>>> = {
  WHATSAPP: WhatsApp,
  FACEBOOK: FacebookPopout,
  IFRAME: Frame,
  TALLY: Frame,
  INTERCOM: Intercom,
  CHAT: ChatStandIn,
};

export function surfaceFor(a: Action): ComponentType<SurfaceProps> | undefined {
  if (a.actionType == "FACEBOOK" && /^widget$/i.test(prop(a, "facebook-dialog-type"))) return FacebookWidget;
  return Object.prototype.hasOwnProperty.call(SURFACES, a.actionType) ? SURFACES[a.actionType] : undefined;
}
