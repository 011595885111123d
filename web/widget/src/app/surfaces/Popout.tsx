// The WhatsApp and Facebook pop-outs (spec §2.4): a modal with the animated welcome messages and a
// message bar whose text opens the conversation in a new tab: https://wa.me/{number}?text=… for
// WhatsApp, https://m.me/{page}?ref=…&text=… for Facebook.
import type { Action } from "../../config/types.gen";
import { Modal } from "../modal/Modal";
import { modalProps } from "./modalProps";
import { MessageBar } from "../modal/MessageBar";
import { modalOptions, prop } from "../options";
import type { SurfaceProps } from "../context";
import { Welcome } from "./Welcome";

const enc = encodeURIComponent;
const q = (o: Record<string, string | undefined>): string => {
  const s = Object.keys(o).filter((k) => o[k]).map((k) => k + "=" + enc(o[k]!)).join("&");
  return s ? "?" + s : "";
};

// The same links as the loader's actionLink (loader/actions/links.ts: WhatsApp numbers keep their
// digits without leading zeros), written out here to keep its other types out of the chunk; a test
// holds the two together.

/** https://wa.me/{number}?text={text} (no text parameter for an empty text). */
export const whatsappUrl = (a: Action, text: string): string =>
  "https://wa.me/" + a.actionValue.replace(/\D/g, "").replace(/^0+/, "") + q({ text });

/** https://m.me/{page}?ref={facebook-ref}&text={text}. */
export const messengerUrl = (a: Action, text = ""): string => "https://m.me/" + a.actionValue.trim() + q({ ref: prop(a, "facebook-ref"), text });

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
          sendLabel={wa ? "Send on WhatsApp" : "Send on Messenger"}
          allowEmpty
          onSend={(text) => openTab(wa ? whatsappUrl(action, text) : messengerUrl(action, text))}
        />
      }
    >
      <Welcome messages={o.messages} animate={o.animate} spacing={o.spacing} />
    </Modal>
  );
}
