// INTERCOM (spec §3.4, §7): Intercom's messenger, its script loaded on the first click
// (https://widget.intercom.io/widget/{app id}) and booted with the app id (actionValue), the
// alignment and the paddings (options.ts), then shown; later clicks show it again. When the script
// cannot load, a modal says so.
import { t } from "../i18n/index";
import type { Action } from "../../config/types.gen";
import { Modal } from "../modal/Modal";
import { modalProps } from "./modalProps";
import { useHandOver } from "./handOver";
import { prop } from "../options";
import type { SurfaceProps } from "../context";
import { loadScript } from "./script";

export const INTERCOM_TIMEOUT = 10000;
export const intercomError = (): string => t("errors.intercom");

type IntercomFn = ((...args: unknown[]) => void) & { q?: unknown[][] };
type IcWindow = Window & { Intercom?: IntercomFn; intercomSettings?: Record<string, unknown> };

/** Intercom's settings for action a. */
export function intercomSettings(a: Action): Record<string, unknown> {
  const px = (k: string) => {
    const n = parseInt(prop(a, "intercom-" + k), 10);
    return n >= 0 ? n : 20;
  };
  return {
    app_id: a.actionValue.trim(),
    alignment: /^left$/i.test(prop(a, "intercom-alignment")) ? "left" : "right",
    horizontal_padding: px("horizontal-padding"),
    vertical_padding: px("vertical-padding"),
  };
}

let booted = "";

/** Loads, boots and shows the messenger; rejects when the script cannot load. */
export async function showIntercom(a: Action): Promise<void> {
  const w = window as IcWindow;
  const s = intercomSettings(a);
  if (booted != s.app_id) {
    w.intercomSettings = s;
    if (typeof w.Intercom != "function") {
      // Intercom's own queue stub: calls made before the script runs are replayed by it.
      const q: IntercomFn = (...args) => void q.q!.push(args);
      q.q = [];
      w.Intercom = q;
    }
    await loadScript("https://widget.intercom.io/widget/" + encodeURIComponent(s.app_id as string), INTERCOM_TIMEOUT);
    w.Intercom!("boot", s);
    booted = s.app_id as string;
  }
  w.Intercom!("show");
}

export function Intercom(p: SurfaceProps) {
  if (!useHandOver(p, showIntercom)) return null;
  return (
    <Modal {...modalProps("default", { title: t("errors.networkTitle") }, p)}>
      <p className="cnb-m-err">{intercomError()}</p>
    </Modal>
  );
}
