// FACEBOOK with facebook-dialog-type "widget" (spec §3.4, §4.3): the Messenger chat plugin of
// Facebook's SDK (v16.0), loaded only on the first click and revealed by it; its dialog then opens
// when facebook-widget-default-state is "open", else (the default, "closed") only the plugin shows.
// Later clicks open its dialog. When the SDK cannot load (blocked, offline, timeout), the
// conversation opens on https://m.me/{page} in a new tab instead; if the browser blocks that tab
// too, a Messenger modal offers the link.
import type { Action } from "../../config/types.gen";
import { Modal } from "../modal/Modal";
import { modalProps } from "./modalProps";
import { useHandOver } from "./handOver";
import { modalOptions, prop } from "../options";
import type { SurfaceProps } from "../context";
import { loadScript } from "./script";
import { messengerUrl, openTab } from "./Popout";
import { Welcome } from "./Welcome";

export const FACEBOOK_SDK = "https://connect.facebook.net/en_US/sdk/xfbml.customerchat.js";
export const FACEBOOK_VERSION = "v16.0";
/** Give up on the SDK while the click still allows opening a tab (browsers allow ~5 s). */
export const FACEBOOK_TIMEOUT = 4000;

type FB = {
  init(o: object): void;
  CustomerChat?: { show(shouldShowDialog?: boolean): void; showDialog(): void };
};
type FbWindow = Window & { FB?: FB; fbAsyncInit?: () => void };

let loaded = false;

/** Loads and reveals the chat plugin for page a.actionValue; rejects when it cannot. */
export async function showFacebookWidget(a: Action): Promise<void> {
  const w = window as FbWindow;
  if (loaded && w.FB?.CustomerChat) return w.FB.CustomerChat.showDialog();
  const open = /^open$/i.test(prop(a, "facebook-widget-default-state"));
  if (!document.getElementById("fb-root")) document.body.appendChild(document.createElement("div")).id = "fb-root";
  const chat = document.createElement("div");
  chat.className = "fb-customerchat";
  const attrs: Record<string, string> = {
    page_id: a.actionValue.trim(),
    attribution: "biz_inbox",
    greeting_dialog_display: open ? "show" : "hide",
    ref: prop(a, "facebook-ref"),
    logged_in_greeting: prop(a, "facebook-welcome-message"),
    logged_out_greeting: prop(a, "facebook-welcome-message"),
  };
  for (const k in attrs) if (attrs[k]) chat.setAttribute(k, attrs[k]);
  document.body.appendChild(chat);
  const init = new Promise<void>((done) => {
    w.fbAsyncInit = () => {
      w.FB!.init({ xfbml: true, version: FACEBOOK_VERSION, ...(prop(a, "facebook-app-id") ? { appId: prop(a, "facebook-app-id") } : {}) });
      done();
    };
  });
  try {
    await loadScript(FACEBOOK_SDK, FACEBOOK_TIMEOUT);
    await Promise.race([init, new Promise((_, no) => setTimeout(no, FACEBOOK_TIMEOUT, new Error("no fbAsyncInit")))]);
    if (!w.FB?.CustomerChat) throw new Error("no chat plugin");
  } catch (e) {
    chat.remove();
    throw e;
  }
  loaded = true;
  w.FB.CustomerChat.show(open);
}

export function FacebookWidget(p: SurfaceProps) {
  const { action } = p;
  // Blocked: the SDK did not come and the browser refused the m.me tab too.
  if (!useHandOver(p, showFacebookWidget, () => openTab(messengerUrl(action)))) return null;
  const o = modalOptions(action, "facebook");
  return (
    <Modal
      {...modalProps("facebook", o, p)}
      footer={
        <a className="cnb-m-cta" href={messengerUrl(action)} target="_blank" rel="noopener" data-autofocus="">
          Continue in Messenger
        </a>
      }
    >
      <Welcome messages={o.messages} animate={false} spacing={0} />
    </Modal>
  );
}
