// The WhatsApp and Facebook pop-outs (spec §2.4): a modal with the animated welcome messages and a
// message bar whose text opens the conversation in a new tab: https://wa.me/{number}?text=… for
// WhatsApp, https://m.me/{page}?ref=…&text=… for Facebook.
import { t } from "../i18n/index";
import type { Action } from "../../config/types.gen";
import { Modal } from "../modal/Modal";
import { modalProps } from "./modalProps";
import { MessageBar } from "../modal/MessageBar";
import { modalOptions, prop } from "../options";
import type { SurfaceProps } from "../context";
import { Welcome } from "./Welcome";
import { messengerUrl as messengerLink, whatsappUrl as whatsappLink } from "../../shared/chat-links";

/** The WhatsApp chat link for the action's number with `text` (shared/chat-links.ts). */
export const whatsappUrl = (a: Action, text: string): string => whatsappLink(a.actionValue, text);

/** The Messenger link for the action's page, its facebook-ref and `text`. */
export const messengerUrl = (a: Action, text = ""): string => messengerLink(a.actionValue, prop(a, "facebook-ref"), text);

/** Opens url in a new tab without giving it this page; false when the browser blocked it. */
export function openTab(url: string): boolean {
  const w = window.open(url, "_blank");
  if (!w) return false;
  try {
    w.opener = null;
  } catch {
    /* cross-origin already */
  }
  return true;
}

export function Popout(p: SurfaceProps & { type: "whatsapp" | "facebook" }) {
  const { action, type } = p;
  const o = modalOptions(action, type);
  const wa = type == "whatsapp";
  return (
    <Modal
      {...modalProps(type, o, p)}
      footer={
        <MessageBar
          placeholder={o.placeholder}
          initial={o.customerMessage}
          sendColor={o.sendColor}
          sendLabel={t(wa ? "modal.sendWhatsApp" : "modal.sendMessenger")}
          allowEmpty
          onSend={(text) => openTab(wa ? whatsappUrl(action, text) : messengerUrl(action, text))}
        />
      }
    >
      <Welcome messages={o.messages} animate={o.animate} spacing={o.spacing} />
    </Modal>
  );
}
