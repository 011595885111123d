// What the console shows when it cannot reach the server before anyone is known to be logged in:
// typically opened offline from the service worker's copy of the app. The session asks the server
// again by itself (src/auth/session.tsx); the button asks at once.
import { useSession } from "../auth/session";
import { useOnline } from "../lib/useOnline";
import { BASE } from "./router";

export const OFFLINE = "You are offline — Beckon will reconnect when the network is back.";
/** The top bar's short form, beside the agent's tools (the socket reconnects by itself). */
export const OFFLINE_SHORT = "You are offline";
export const UNREACHABLE = "Cannot reach the Beckon server — Beckon will reconnect when it answers.";

export function OfflinePage() {
  const { retry } = useSession();
  const online = useOnline();
  return (
    <main className="login">
      <section className="card login-card offline-card" aria-labelledby="offline-title">
        <img className="offline-mark" src={`${BASE}icons/icon-192.png`} alt="" width={64} height={64} />
        <h1 id="offline-title">Beckon console</h1>
        <p className="notice offline" role="status">
          {online ? UNREACHABLE : OFFLINE}
        </p>
        <p className="muted">Your chats and settings show once Beckon is connected: nothing here is out of date.</p>
        <button type="button" onClick={retry}>
          Try again now
        </button>
      </section>
    </main>
  );
}
