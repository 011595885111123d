// IFRAME and TALLY surfaces: a modal holding the page (actionValue) or the Tally form embed
// (tallyEmbedUrl: hide-title, transparent-background, align-left). The iframe carries a title
// (iframe-title, else the label, else 'Page' / 'Form'); size and colours from the chatmodal-*
// properties (options.ts).
import { tallyEmbedUrl } from "../../loader/actions/tally";
import { Modal, branded } from "../modal/Modal";
import { modalOptions } from "../options";
import type { SurfaceProps } from "../context";

export function Frame({ action, ctx, open, onClosed, returnFocus }: SurfaceProps) {
  const tally = action.actionType == "TALLY";
  const o = modalOptions(action, "iframe");
  const title = tally && o.title == "Page" ? "Form" : o.title;
  return (
    <Modal
      type="iframe"
      title={title}
      subtext={o.subtext}
      icon={tally && !o.icon?.text ? { ...o.icon, text: "tally" } : o.icon}
      headerColor={o.headerColor}
      headerTextColor={o.headerTextColor}
      background={o.background}
      width={o.width}
      height={o.height}
      branding={branded(ctx.domain)}
      open={open}
      onClose={onClosed}
      returnFocus={returnFocus}
    >
      <iframe
        className="cnb-m-fr"
        src={tally ? tallyEmbedUrl(action) : action.actionValue.trim()}
        title={title}
        referrerPolicy="strict-origin-when-cross-origin"
        allow="clipboard-write"
      />
    </Modal>
  );
}
