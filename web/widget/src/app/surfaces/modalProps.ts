// The Modal props a surface takes from its action's chatmodal-* options (options.ts) and from
// the surface props the app gives it: its header, colours and size, branding, and open/close.
import type { ModalType } from "../modal/Modal";
import { branded } from "../modal/Modal";
import type { ModalOptions } from "../options";
import type { SurfaceProps } from "../context";

export const modalProps = (type: ModalType, o: Partial<ModalOptions> & { title: string }, p: SurfaceProps) => ({
  ...o, // header, colours and size; Modal reads only its own props of the rest
  showMenuButton: false, // the chat's menu; these surfaces have none
  type,
  branding: branded(p.ctx.domain),
  open: p.open,
  onClose: p.onClosed,
  returnFocus: p.returnFocus,
  warm: p.warm,
});
