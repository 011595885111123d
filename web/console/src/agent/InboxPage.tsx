// The inbox: tabs (unassigned, mine, all open, ended) with unread counts, search by visitor name
// or e-mail, newest activity first; the selected chat beside it (or alone on a phone).
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../api/http";
import type { Channel } from "../api/types";
import { FILTERS, inFilter, matchesSearch, movedNotice, noticeStands, orderOf, previewOf, tabNowHolding, visitorLabel, type InboxFilter } from "../lib/inbox";
import { fullTime, shortTime, waitedText } from "../lib/time";
import { useMinuteClock } from "./useMinuteClock";
import { Link } from "../ui/Link";
import { navigate } from "../lib/router";
import { useAgent } from "./AgentContext";
import { useAnnouncer } from "./announcer";
import { prefetchThread } from "./threadChunk";
import { Conversation } from "./Conversation";
import { UnreadBadge } from "./UnreadBadge";
import { useT } from "../i18n/index";
import { consoleLocale } from "../i18n/locale";

const FILTER_KEY = "beckon.console.filter";

/** The tab an arrow, Home or End key moves to from `current`. */
function tabAfter(current: InboxFilter, key: string): InboxFilter | null {
  const i = FILTERS.findIndex((f) => f.id === current);
  const n = FILTERS.length;
  const to = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[key];
  return to === undefined ? null : FILTERS[to].id;
}

export function InboxPage({ channelId }: { channelId: string | null }) {
  const { open, me, resyncCount } = useAgent();
  const t = useT();
  const locale = consoleLocale();
  const [filter, setFilter] = useState<InboxFilter>(() => FILTERS.find((f) => f.id === localStorage.getItem(FILTER_KEY))?.id ?? "unassigned");
  const [query, setQuery] = useState("");
  const [announcer, announce] = useAnnouncer();
  useEffect(prefetchThread, []);
  const [ended, setEnded] = useState<Channel[]>([]);
  const [searched, setSearched] = useState<Channel[] | null>(null);
  /** The tab the chat on screen moved to (said at render, in the console's language), or "". */
  const [notice, setNotice] = useState<InboxFilter | "">("");

  useEffect(() => localStorage.setItem(FILTER_KEY, filter), [filter]);
  const now = useMinuteClock();

  // The chat on screen stays in the list beside it: when it leaves the tab because it changed
  // (the agent's reply claimed it, someone assigned it), the list moves to the tab that holds it
  // now and says so. A tab the agent picks where the chat never was is left alone.
  const selected = channelId ? open.find((c) => c.id === channelId) : undefined;
  const listedIn = useRef("");
  useEffect(() => {
    if (!selected) return;
    const here = `${selected.id} ${filter}`;
    const to = tabNowHolding(selected, filter, me.id);
    if (!to) {
      listedIn.current = here;
      return;
    }
    if (listedIn.current !== here) return;
    setFilter(to);
    setNotice(to);
  }, [selected, filter, me.id]);
  useEffect(() => setNotice(""), [channelId]);
  const pickFilter = (f: InboxFilter) => {
    setFilter(f);
    setNotice("");
  };

  // Ended chats are not live: fetched when their tab shows.
  useEffect(() => {
    if (filter !== "ended") return;
    api.GET("/api/v1/agent/channels", { params: { query: { filter: "ended", limit: 100 } } }).then((r) => setEnded(r.channels), () => {});
  }, [filter, resyncCount, channelId, open.length]);

  // Search goes to the server too (it sees past the 200 listed open chats), debounced.
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setSearched(null);
      return;
    }
    const timer = setTimeout(() => {
      const serverFilter = filter === "open" ? "open" : filter;
      api.GET("/api/v1/agent/channels", { params: { query: { filter: serverFilter, q, limit: 100 } } }).then(
        (r) => setSearched(r.channels),
        () => {},
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [query, filter]);

  // A reopened chat is live again: it leaves Ended at once.
  const source = filter === "ended" ? ended.filter((c) => !open.some((o) => o.id === c.id)) : open;
  const list = useMemo(() => {
    const live = source.filter((c) => inFilter(c, filter, me.id) && matchesSearch(c, query)).sort(orderOf(filter));
    if (!searched) return live;
    const ids = new Set(live.map((c) => c.id));
    return [...live, ...searched.filter((c) => !ids.has(c.id) && inFilter(c, filter, me.id))];
  }, [source, filter, me.id, query, searched]);

  const counts = (f: InboxFilter) => {
    const cs = open.filter((c) => inFilter(c, f, me.id));
    return { total: cs.length, unread: cs.reduce((n, c) => n + c.unread, 0) };
  };

  return (
    <div className={`inbox ${channelId ? "has-selection" : ""}`}>
      <section className="inbox-list" aria-labelledby="inbox-title">
        <h1 id="inbox-title" className="visually-hidden">
          {t("inbox.title")}
        </h1>
        <div role="tablist" aria-label={t("inbox.tabs")} className="tabs">
          {FILTERS.map((f) => {
            const c = f.id === "ended" ? null : counts(f.id);
            return (
              <button
                key={f.id}
                id={`tab-${f.id}`}
                role="tab"
                aria-selected={filter === f.id}
                aria-controls="chat-list"
                tabIndex={filter === f.id ? 0 : -1}
                className="tab"
                onClick={() => pickFilter(f.id)}
                onKeyDown={(e) => {
                  // The tabs pattern: arrows move between tabs, Tab goes on to the list.
                  const next = tabAfter(f.id, e.key);
                  if (!next) return;
                  e.preventDefault();
                  pickFilter(next);
                  document.getElementById(`tab-${next}`)?.focus();
                }}
              >
                {t(`inbox.${f.id}`)}
                {c && c.unread > 0 && <UnreadBadge count={c.unread} />}
              </button>
            );
          })}
        </div>
        <p className="inbox-notice" role="status">
          {notice && noticeStands(channelId, list) && movedNotice(notice, t)}
        </p>
        <label className="search">
          <span className="visually-hidden">{t("inbox.search")}</span>
          <input type="search" placeholder={t("inbox.searchPlaceholder")} value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <div id="chat-list" role="tabpanel" aria-labelledby={`tab-${filter}`} className="chat-list">
          <ul className="chat-items">
            {list.length === 0 && <li className="empty muted">{query ? t("inbox.noMatch") : t("inbox.none")}</li>}
            {list.map((c) => (
              <li key={c.id}>
                <Link
                  to={`inbox/${c.id}`}
                  className={`chat-item ${c.id === channelId ? "selected" : ""} ${c.unread ? "unread" : ""}`}
                  aria-current={c.id === channelId ? "page" : undefined}
                >
                  <span className="chat-item-top">
                    <strong className="chat-name">{visitorLabel(c, t)}</strong>
                    {filter === "waiting" && c.waitingSince ? (
                      <time dateTime={c.waitingSince} title={t("chatList.waitingSince", { time: fullTime(c.waitingSince, locale) })}>
                        {waitedText(c.waitingSince, now, t)}
                      </time>
                    ) : (
                      <time dateTime={c.lastActivityAt}>{shortTime(c.lastActivityAt, now, locale)}</time>
                    )}
                  </span>
                  <span className="chat-item-bottom">
                    <span className="chat-preview">{previewOf(c, t)}</span>
                    {c.unread > 0 && <UnreadBadge count={c.unread} />}
                  </span>
                  <span className="chat-domain muted">{c.domainName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="inbox-conversation" aria-label={t("inbox.conversation")}>
        {channelId ? (
          <Conversation key={channelId} channelId={channelId} onClose={() => navigate("inbox")} announce={announce} />
        ) : (
          <div className="placeholder muted">
            <p>{t("inbox.select")}</p>
          </div>
        )}
      </section>
      {announcer}
    </div>
  );
}
