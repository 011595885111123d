// What the console shows when it cannot reach the server before anyone is known to be logged in:
// typically opened offline from the service worker's copy of the app. The session asks the server
// again by itself (src/auth/session.tsx); the button asks at once.
import { useSession } from "./session";
import { useOnline } from "../ui/useOnline";
import { useT } from "../i18n/index";
import { BASE } from "../lib/router";

export function OfflinePage() {
  const { retry } = useSession();
  const online = useOnline();
  const t = useT();
  return (
    <main className="login">
      <section className="card login-card offline-card" aria-labelledby="offline-title">
        <img className="offline-mark" src={`${BASE}icons/icon-192.png`} alt="" width={64} height={64} />
        <h1 id="offline-title">{t("app.offlineTitle")}</h1>
        <p className="notice offline" role="status">
          {t(online ? "app.unreachable" : "app.offline")}
        </p>
        <p className="muted">{t("app.offlineBody")}</p>
        <button type="button" onClick={retry}>
          {t("app.tryAgain")}
        </button>
      </section>
    </main>
  );
}
