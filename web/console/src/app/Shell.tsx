// The frame around every screen: navigation, the agent's status, notifications and logout; on a
// phone the bar is one row (the inbox, the connection's state, a menu holding the rest).
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
import { useOnline } from "../ui/useOnline";
import { Link } from "../ui/Link";
import { useDisclosure } from "../ui/useDisclosure";
import { useT } from "../i18n/index";

export function Shell({ session, section, children }: { session: Session; section: string; children: ReactNode }) {
  const { logout, arrivedByLogin, landed } = useSession();
  const { unread, status, setStatus, connected } = useAgent();
  const [sound, setSound] = useState(soundPreference);
  const online = useOnline();
  const owner = session.user.role === "owner";
  const canned = useCanned(session.user.id);
  const t = useT();
  const menu = useDisclosure({ dismissOutside: true });
  // After logging in, focus goes to the screen's main heading instead of being lost on <body>.
  useEffect(() => {
    if (arrivedByLogin) return focusMainHeadingWhenShown(landed);
  }, [arrivedByLogin, landed]);
  const nav = [
    { to: "inbox", label: t("shell.inbox"), id: "inbox" },
    ...(owner
      ? [
          { to: "domains", label: t("shell.domains"), id: "domains" },
          { to: "agents", label: t("shell.agents"), id: "agents" },
          { to: "privacy", label: t("shell.privacy"), id: "privacy" },
          { to: "webhooks", label: t("shell.webhooks"), id: "webhooks" },
        ]
      : []),
    ...(owner || canned?.canEdit ? [{ to: "canned-replies", label: t("shell.canned"), id: "canned-replies" }] : []),
  ];
  /** The sections a phone's top bar keeps in its menu (all but the inbox). */
  const more = nav.filter((n) => n.id !== "inbox");
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("shell.skip")}
      </a>
      <header className="topbar">
        <span className="brand">Beckon</span>
        <nav aria-label={t("shell.nav")}>
          <ul>
            {nav.map((n) => (
              // On a phone only the inbox stands in the bar; the other sections are in the menu.
              <li key={n.id} className={n.id === "inbox" ? undefined : "wide-only"}>
                <Link to={n.to} aria-current={section === n.id ? "page" : undefined}>
                  {n.label}
                  {n.id === "inbox" && unread > 0 && <UnreadBadge count={unread} />}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <span className={`connection ${connected && online ? "on" : "off"}`} role="status">
          {!online ? t("app.offlineShort") : connected ? "" : t("shell.reconnecting")}
        </span>
        {/* On a phone the tools are behind this button (the dot: online or away); wider, they stand in the bar. */}
        <button className={`menu-button presence ${status}`} {...menu.button}>
          <span className="dot" aria-hidden="true" />
          {t("shell.menu")}
        </button>
        <div className={`topbar-tools ${menu.open ? "open" : ""}`} {...menu.panel}>
          {more.length > 0 && (
            <ul className="menu-links">
              {more.map((n) => (
                <li key={n.id}>
                  <Link to={n.to} aria-current={section === n.id ? "page" : undefined} onClick={() => menu.close(false)}>
                    {n.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <button
            className={`presence ${status}`}
            aria-pressed={status === "online"}
            onClick={() => setStatus(status === "online" ? "away" : "online")}
            title={t("shell.presenceHint")}
          >
            <span className="dot" aria-hidden="true" />
            {status === "online" ? t("shell.online") : t("shell.away")}
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
            {t("shell.sound")}
            <span className="toggle-state" aria-hidden="true">
              {sound ? t("shell.on") : t("shell.off")}
            </span>
          </button>
          <NotifyToggle />
          <NotificationSettings />
          <span className="who muted">{session.user.name}</span>
          <button className="subtle" onClick={logout} title={t("app.loggedInAs", { name: session.user.name })}>
            {t("shell.logout")}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
