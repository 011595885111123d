// IFRAME and TALLY surfaces: a modal holding the page (actionValue) or the Tally form embed
// (tallyEmbedUrl: hide-title, transparent-background, align-left). The iframe carries a title
// (iframe-title, else the label, else 'Page' / 'Form'); size and colours from the chatmodal-*
// properties (options.ts).
import { t } from "../i18n/index";
import { tallyEmbedUrl } from "../../shared/tally";
import { Modal } from "../modal/Modal";
import { modalProps } from "./modalProps";
import { modalOptions } from "../options";
import type { SurfaceProps } from "../context";

export function Frame(p: SurfaceProps) {
  const { action } = p;
  const tally = action.actionType == "TALLY";
  const o = modalOptions(action, "iframe");
  const title = tally && o.title == t("modal.titlePage") ? t("modal.titleForm") : o.title;
  return (
    <Modal
      {...modalProps("iframe", o, p)}
      title={title}
      icon={tally && !o.icon?.text ? { ...o.icon, text: "tally" } : o.icon}
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
