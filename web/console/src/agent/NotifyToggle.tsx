// "Notifications" in the top bar: on, this browser is pushed to when a visitor writes while the
// agent is not online (even with the console closed: ./pushDevice.ts), and shows desktop
// notifications while the console is open in another tab. Where push is not available (a
// development server), it only asks for the desktop notifications' permission, as before.
import { useT } from "../i18n/index";
import { useEffect, useState } from "react";
import { askDesktopPermission, desktopPermission } from "./notify";
import { PushSubscribeError, pushState, turnPushOff, turnPushOn, type PushState } from "./pushDevice";

export function NotifyToggle() {
  const [push, setPush] = useState<PushState | "checking">("checking");
  const [permission, setPermission] = useState(desktopPermission());
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    pushState().then((s) => live && setPush(s), () => live && setPush("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  const t = useT();
  if (push === "checking" || push === "denied") return null;
  if (push === "unsupported") {
    return permission === "default" ? (
      <button className="subtle" onClick={async () => setPermission(await askDesktopPermission())}>
        {t("notifications.enableDesktop")}
      </button>
    ) : null;
  }
  const toggle = async () => {
    setBusy(true);
    setProblem("");
    try {
      setPush(push === "on" ? await turnPushOff() : await turnPushOn());
    } catch (e) {
      setProblem(e instanceof PushSubscribeError ? t("notifications.subscribeFailed", { reason: e.message }) : (e as Error).message);
    } finally {
      setBusy(false);
      setPermission(desktopPermission());
    }
  };
  return (
    <>
      <button className="subtle toggle" aria-pressed={push === "on"} disabled={busy} onClick={toggle} title={t("shell.notifyHint")}>
        <span className="switch" aria-hidden="true" />
        {t("shell.notify")}
        <span className="toggle-state" aria-hidden="true">
          {push === "on" ? t("shell.on") : t("shell.off")}
        </span>
      </button>
      <span className="push-problem" aria-live="polite">
        {problem}
      </span>
    </>
  );
}
