// The frame around every screen: navigation, the agent's status, notifications and logout.
import { useEffect, useState, type ReactNode } from "react";
import type { Session } from "../api/types";
import { useSession } from "../auth/session";
import { focusMainHeadingWhenShown } from "../auth/landing";
import { useAgent } from "../agent/AgentContext";
import { setSoundPreference, soundPreference } from "../agent/notify";
import { NotifyToggle } from "../agent/NotifyToggle";
import { NotificationSettings } from "../agent/NotificationSettings";
import { UnreadBadge } from "../agent/UnreadBadge";
import { useCanned } from "../canned/useCanned";
import { useOnline } from "../lib/useOnline";
import { OFFLINE_SHORT } from "./Offline";
import { Link } from "./router";

export function Shell({ session, section, children }: { session: Session; section: string; children: ReactNode }) {
  const { logout, arrivedByLogin, landed } = useSession();
  const { unread, status, setStatus, connected } = useAgent();
  const [sound, setSound] = useState(soundPreference);
  const online = useOnline();
  const owner = session.user.role === "owner";
  const canned = useCanned(session.user.id);
  // After logging in, focus goes to the screen's main heading instead of being lost on <body>.
  useEffect(() => {
    if (arrivedByLogin) return focusMainHeadingWhenShown(landed);
  }, [arrivedByLogin, landed]);
  const nav = [
    { to: "inbox", label: "Inbox", id: "inbox" },
    ...(owner
      ? [
          { to: "domains", label: "Domains", id: "domains" },
          { to: "agents", label: "Agents", id: "agents" },
          { to: "privacy", label: "Privacy", id: "privacy" },
          { to: "webhooks", label: "Webhooks", id: "webhooks" },
        ]
      : []),
    ...(owner || canned?.canEdit ? [{ to: "canned-replies", label: "Canned replies", id: "canned-replies" }] : []),
  ];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Beckon</span>
        <nav aria-label="Console">
          <ul>
            {nav.map((n) => (
              <li key={n.id}>
                <Link to={n.to} aria-current={section === n.id ? "page" : undefined}>
                  {n.label}
                  {n.id === "inbox" && unread > 0 && <UnreadBadge count={unread} />}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar-tools">
          <span className={`connection ${connected && online ? "on" : "off"}`} role="status">
            {!online ? OFFLINE_SHORT : connected ? "" : "Reconnecting…"}
          </span>
          <button
            className={`presence ${status}`}
            aria-pressed={status === "online"}
            onClick={() => setStatus(status === "online" ? "away" : "online")}
            title="Visitors see you as available while you are online"
          >
            <span className="dot" aria-hidden="true" />
            {status === "online" ? "Online" : "Away"}
          </button>
          <button
            className="subtle toggle"
            aria-pressed={sound}
            onClick={() => {
              setSoundPreference(!sound);
              setSound(!sound);
            }}
          >
            {/* The state shows as a switch and a word; the name stays "Sound" (aria-pressed says which). */}
            <span className="switch" aria-hidden="true" />
            Sound
            <span className="toggle-state" aria-hidden="true">
              {sound ? "on" : "off"}
            </span>
          </button>
          <NotifyToggle />
          <NotificationSettings />
          <span className="who muted">{session.user.name}</span>
          <button className="subtle" onClick={logout} title={`Logged in as ${session.user.name}`}>
            Log out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
