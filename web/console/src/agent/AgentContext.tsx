// The agent's live state, shared by the inbox, the conversation, the header and the tab title:
// the open chats (for unread counts and notifications), the team, the socket and the agent's
// status. Frames from the socket update it; a reconnect refetches everything.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { api } from "../api/http";
import type { AgentStatus, Channel, TeamMember, User } from "../api/types";
import { upsertChannel, unreadTotal, visitorLabel, withMessage } from "../lib/inbox";
import { tabTitle } from "../lib/title";
import { navigate } from "../lib/router";
import { desktopNotify, playSound, unlockSoundOnFirstClick } from "./notify";
import { AgentSocket, type ClientFrame, type ServerFrame } from "./realtime";
import { refreshCanned } from "../canned/useCanned";
import { consoleLanguage, translate, useT } from "../i18n/index";
import type { Translate } from "../i18n/locale";

/** t in the console's language at the moment a frame comes (outside rendering). */
const say: Translate = (key, vars) => translate(consoleLanguage(), key, vars);

type FrameListener = (frame: ServerFrame) => void;

type AgentState = {
  me: User;
  open: Channel[];
  unread: number;
  team: TeamMember[];
  connected: boolean;
  status: AgentStatus;
  setStatus: (s: AgentStatus) => void;
  /** The chat on screen: its messages count as read and make no sound. */
  setViewing: (channelId: string | null) => void;
  /** Put a fresh copy of a chat into the open list (after assign/end/read). */
  updateChannel: (c: Channel) => void;
  subscribe: (l: FrameListener) => () => void;
  send: (frame: ClientFrame) => boolean;
  /** Bumped after each reconnect: screens refetch when it changes. */
  resyncCount: number;
};

const Ctx = createContext<AgentState | null>(null);
const STATUS_KEY = "beckon.console.status";

export function AgentProvider({ me, children }: { me: User; children: ReactNode }) {
  const [open, setOpen] = useState<Channel[]>([]);
  const [team, setTeam] = useState<TeamMember[]>([]);
  const [connected, setConnected] = useState(false);
  const [status, setStatusState] = useState<AgentStatus>(() => (localStorage.getItem(STATUS_KEY) === "away" ? "away" : "online"));
  const [resyncCount, setResyncCount] = useState(0);
  const viewing = useRef<string | null>(null);
  const listeners = useRef(new Set<FrameListener>());
  const socket = useRef<AgentSocket | null>(null);

  const refresh = useCallback(async () => {
    const [list, t] = await Promise.all([
      api.GET("/api/v1/agent/channels", { params: { query: { filter: "open", limit: 200 } } }),
      api.GET("/api/v1/agent/team"),
    ]);
    setOpen(list.channels);
    setTeam(t.agents);
  }, []);

  const onFrame = useCallback(
    (f: ServerFrame) => {
      listeners.current.forEach((l) => l(f));
      switch (f.op) {
        case "new-channel": {
          const id = f.channel.id;
          // The public shape lacks the visitor's details: fetch the console's.
          api.GET("/api/v1/agent/channels/{id}", { params: { path: { id } } }).then((c) => {
            setOpen((list) => upsertChannel(list, c));
            playSound("newChat");
            desktopNotify(say("conversation.newChat", { name: visitorLabel(c, say) }), c.domainName, () => navigate(`inbox/${c.id}`));
          }, () => {});
          break;
        }
        case "chat-message": {
          const m = f.message;
          const channelId = f.channelId;
          const fromVisitor = m.sender.type === "ChatClient";
          const seen = viewing.current === channelId && document.visibilityState === "visible";
          setOpen((list) => {
            const c = list.find((x) => x.id === channelId);
            if (!c) {
              api.GET("/api/v1/agent/channels/{id}", { params: { path: { id: channelId } } }).then((fresh) => setOpen((l) => upsertChannel(l, fresh)), () => {});
              return list;
            }
            return upsertChannel(list, withMessage(c, m, fromVisitor, seen));
          });
          if (fromVisitor) {
            if (!seen) playSound("message");
            desktopNotify(m.sender.name ?? say("conversation.visitor"), m.text, () => navigate(`inbox/${channelId}`));
          }
          break;
        }
        case "channel-update":
        case "channel-ended": {
          const channelId = f.channelId;
          api.GET("/api/v1/agent/channels/{id}", { params: { path: { id: channelId } } }).then(
            (c) => setOpen((list) => (c.status === "open" ? upsertChannel(list, c) : list.filter((x) => x.id !== c.id))),
            () => {},
          );
          break;
        }
        case "org-changed":
          // A domain or an account came or went: the socket follows the domains already; the
          // open chats (a deleted domain's go, a removed agent's are unassigned) and the team
          // are read again (and the canned replies: a lost change reads as this one).
          refresh().catch(() => {});
          refreshCanned(me.id).catch(() => {});
          break;
        case "canned-changed":
          // Added, changed or removed anywhere: the "/" list and the management screen follow.
          refreshCanned(me.id).catch(() => {});
          break;
      }
    },
    [refresh, me.id],
  );

  useEffect(() => {
    unlockSoundOnFirstClick();
    refresh().catch(() => {});
    const s = new AgentSocket({
      onFrame,
      onState: setConnected,
      onResync: () => {
        refresh().catch(() => {});
        refreshCanned(me.id).catch(() => {});
        setResyncCount((n) => n + 1);
      },
    });
    socket.current = s;
    const saved = localStorage.getItem(STATUS_KEY);
    if (saved === "away") s.sendSticky("status", { op: "presence", status: "away" });
    s.start();
    return () => s.stop();
  }, [refresh, onFrame, me.id]);

  const unread = unreadTotal(open);
  const t = useT();
  const consoleName = t("login.title");
  useEffect(() => {
    document.title = tabTitle(unread, undefined, consoleName);
  }, [unread, consoleName]);

  // The actions never change, so that screens whose callbacks and effects depend on them (a
  // conversation's loading) do not run again each time the chat list or the connection changes.
  const actions = useMemo<Pick<AgentState, "setStatus" | "setViewing" | "updateChannel" | "subscribe" | "send">>(
    () => ({
      setStatus: (next) => {
        localStorage.setItem(STATUS_KEY, next);
        setStatusState(next);
        socket.current?.sendSticky("status", { op: "presence", status: next });
      },
      setViewing: (id) => {
        viewing.current = id;
      },
      updateChannel: (c) => setOpen((list) => (c.status === "open" ? upsertChannel(list, c) : list.filter((x) => x.id !== c.id))),
      subscribe: (l) => {
        listeners.current.add(l);
        return () => listeners.current.delete(l);
      },
      send: (frame) => socket.current?.send(frame) ?? false,
    }),
    [],
  );
  const value = useMemo<AgentState>(
    () => ({ me, open, unread, team, connected, status, resyncCount, ...actions }),
    [me, open, unread, team, connected, status, resyncCount, actions],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAgent(): AgentState {
  const s = useContext(Ctx);
  if (!s) throw new Error("useAgent outside AgentProvider");
  return s;
}
