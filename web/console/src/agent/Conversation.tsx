// One chat: who the visitor is (their visit: VisitContext; their rating of the chat, once given:
// channel-update "rated" reads the chat again), the history (the latest page first, earlier pages
// as the agent scrolls up: lib/history.ts; shown by MessageThread), typing both ways, read state,
// private notes
// (lib/notes.ts: fetched with the chat, live from the socket's `note`), the reply box (Composer:
// Reply or Note; Enter sends, Shift+Enter starts a new line), claim/assign and end. Ending asks first
// (ConfirmDialog) rather than offering an undo: the visitor's window says "Chat has ended" the
// moment the server ends it, and reopening brings the thread back for agents but not the
// visitor's open window, so an undo could not undo what the visitor saw.
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError } from "../api/http";
import type { Attachment, Channel, EarlierConversation, Message, Note, Rating } from "../api/types";
import { endedLine, visitorLabel } from "../lib/inbox";
import { catchUp, earlierPage, knownUnanswered, withFreshPage } from "../lib/history";
import { lastSeqOf, mergeMessages, missedBefore, newClientId, senderLabel } from "../lib/messages";
import { mergeNotes } from "../lib/notes";
import { Composer } from "./Composer";
import { useCanned } from "../canned/useCanned";
import { scoreText, stars } from "../lib/rating";
import { fullTime, shortTime } from "../lib/time";
import { useAgent } from "./AgentContext";
import type { ServerFrame } from "./realtime";
import { isHttpUrl } from "@beckon/widget";
import { Link } from "../ui/Link";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { useDisclosure } from "../ui/useDisclosure";
import { VisitContext } from "./VisitContext";
import type { Pending } from "./MessageThread";
import { useMessageThread } from "./threadChunk";
import { consoleLanguage, translate, useT } from "../i18n/index";
import { consoleLocale, type Translate } from "../i18n/locale";

/** The visitor's typing indicator goes away on its own after this (the server says 6 s). */
const TYPING_SHOWN_MS = 6000;
/** While the agent types, `typing: true` is repeated this often (the server forgets after 6 s). */
const TYPING_REPEAT_MS = 3000;

/**
 * The visitor's earlier chats on this site (same e-mail; a visitor who ended a chat and started
 * another has a new one), each a link that opens it here; null when there are none.
 */
function earlierList(earlier: EarlierConversation[] | undefined, t: Translate, locale: string) {
  if (!earlier?.length) return null;
  return (
    <ul className="earlier-conversations">
      {earlier.map((c) => (
        <li key={c.id}>
          <Link to={`inbox/${c.id}`}>{t(c.status === "ended" ? "conversation.earlierEnded" : "conversation.earlierOpen", { time: fullTime(c.createdAt, locale) })}</Link>
          {c.lastMessageText ? <span className="earlier-last"> {c.lastMessageText}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The visitor's rating of the chat: the score (stars for the eye, words for everyone) and comment. */
function VisitorRating({ rating }: { rating: Rating }) {
  const t = useT();
  return (
    <section className="visitor-rating" aria-labelledby="visitor-rating-h" data-testid="visitor-rating">
      <h3 id="visitor-rating-h" className="visually-hidden">
        {t("conversation.ratingHeading")}
      </h3>
      <p>
        <span className="stars" aria-hidden="true">
          {stars(rating.score)}
        </span>{" "}
        <strong>{scoreText(rating.score, t)}</strong>{" "}
        <time className="muted" dateTime={rating.createdAt}>
          {fullTime(rating.createdAt, consoleLocale())}
        </time>
      </p>
      {rating.comment ? <blockquote>{rating.comment}</blockquote> : null}
    </section>
  );
}

/** `announce` says a new message to screen readers (useAnnouncer). */
export function Conversation({ channelId, onClose, announce }: { channelId: string; onClose: () => void; announce: (text: string) => void }) {
  const { me, team, open, subscribe, send, setViewing, updateChannel, resyncCount } = useAgent();
  const [channel, setChannel] = useState<Channel | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [notes, setNotes] = useState<Note[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  /** Bumped when a fresh latest page replaces what was held: the thread starts again at the bottom. */
  const [freshPages, setFreshPages] = useState(0);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [error, setError] = useState("");
  const [visitorTyping, setVisitorTyping] = useState(false);
  const [visitorReadSeq, setVisitorReadSeq] = useState(0);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const followNext = useRef(false);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const t = useT();
  const locale = consoleLocale();
  /** The language, for what the socket's frames say (their effect depends on it, not on each render's `t`). */
  const lang = consoleLanguage();
  const visitorName = channel ? visitorLabel(channel, t) : t("conversation.visitor");
  /** The chat list's last seq of this chat (the socket keeps it current), when it lists it. */
  const listedLastSeq = useRef<number | undefined>(undefined);
  listedLastSeq.current = open.find((c) => c.id === channelId)?.lastSeq;
  const MessageThread = useMessageThread();
  const canned = useCanned(me.id);
  const details = useDisclosure<HTMLElement>({ focusPanel: true });

  const markRead = useCallback(async () => {
    if (document.visibilityState !== "visible") return;
    await api.POST("/api/v1/agent/channels/{id}/read", { params: { path: { id: channelId } } }).catch(() => {});
    const fresh = await api.GET("/api/v1/agent/channels/{id}", { params: { path: { id: channelId } } }).catch(() => null);
    if (fresh) {
      setChannel(fresh);
      updateChannel(fresh);
    }
  }, [channelId, updateChannel]);

  /** The chat, and the messages it has that are not held yet (on opening: the latest page). */
  const load = useCallback(async () => {
    try {
      const history = async (lastSeq: number) => {
        const { fresh, ...query } = catchUp(messagesRef.current, lastSeq);
        return { fresh, h: await api.GET("/api/v1/agent/channels/{id}/messages", { params: { path: { id: channelId }, query } }) };
      };
      const chat = api.GET("/api/v1/agent/channels/{id}", { params: { path: { id: channelId } } });
      // The notes come with the chat (all of them): a note's place in the thread counts the notes before it.
      const chatNotes = api.GET("/api/v1/agent/channels/{id}/notes", { params: { path: { id: channelId } } });
      // Knowing the last seq from the chat list, the history is asked for beside the chat, not after it.
      const listed = listedLastSeq.current;
      const [c, early] = listed === undefined ? [await chat, undefined] : await Promise.all([chat, history(listed)]);
      // Not listed, or the list was behind by more than one answer brings: by the chat's own last seq.
      const behind = !early || (early.h.messages.length > 0 && lastSeqOf(early.h.messages) < c.lastSeq);
      const { fresh, h } = behind ? await history(c.lastSeq) : early;
      const n = await chatNotes;
      setChannel(c);
      setNotes((held) => mergeNotes(held, n.notes));
      setVisitorReadSeq((seq) => Math.max(seq, c.visitorReadSeq ?? 0));
      setMessages((m) => (fresh ? withFreshPage(m, h.messages) : mergeMessages(m, h.messages)));
      if (fresh) setFreshPages((n) => n + 1);
      setError("");
      if (c.unread > 0) markRead();
    } catch (e) {
      setError((e as Error).message);
    }
  }, [channelId, markRead]);

  /** The page before the first message held, when the agent has scrolled to the top. */
  const loadingEarlierRef = useRef(false);
  const loadEarlier = useCallback(async () => {
    const query = earlierPage(messagesRef.current);
    if (!query || loadingEarlierRef.current) return;
    loadingEarlierRef.current = true;
    setLoadingEarlier(true);
    try {
      const h = await api.GET("/api/v1/agent/channels/{id}/messages", { params: { path: { id: channelId }, query } });
      setMessages((m) => mergeMessages(h.messages, m));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      loadingEarlierRef.current = false;
      setLoadingEarlier(false);
    }
  }, [channelId]);

  useEffect(() => {
    setViewing(channelId);
    return () => setViewing(null);
  }, [channelId, setViewing]);

  useEffect(() => {
    load();
  }, [load, resyncCount]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && markRead();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [markRead]);

  useEffect(() => {
    const say: Translate = (key, vars) => translate(lang, key, vars);
    return subscribe((f: ServerFrame) => {
      if (!("channelId" in f) || f.channelId !== channelId) return;
      if (f.op === "chat-message") {
        const m = f.message;
        // Loads what came after the last message held (read now, before this one is merged).
        if (missedBefore(messagesRef.current, m)) load();
        setMessages((list) => mergeMessages(list, [m]));
        setPending((p) => p.filter((x) => x.clientId !== m.clientId));
        if (m.sender.id !== me.personaId && !messagesRef.current.some((x) => x.seq === m.seq)) {
          // A message of files alone is read as their names.
          const said = m.text || m.attachments.map((a) => a.name).join(", ");
          announce(`${senderLabel(m, me.personaId, visitorName, say)}: ${said}`);
        }
        if (m.sender.type === "ChatClient") {
          setVisitorTyping(false);
          markRead();
        }
      } else if (f.op === "note") {
        const n = f.note;
        if (n.author.id !== me.id) announce(say("conversation.noteFrom", { name: n.author.name, text: n.text }));
        setNotes((list) => mergeNotes(list, [n]));
      } else if (f.op === "presence") {
        if (f.persona?.type !== "ChatClient") return;
        const typing = f.typing === true;
        setVisitorTyping(typing);
        clearTimeout(typingTimer.current);
        if (typing) typingTimer.current = setTimeout(() => setVisitorTyping(false), TYPING_SHOWN_MS);
      } else if (f.op === "channel-update" && f.update === "read") {
        setVisitorReadSeq((s) => (f.personaId === channel?.visitor.id ? Math.max(s, f.seq) : s));
      } else if (f.op === "channel-update" || f.op === "channel-ended") {
        api.GET("/api/v1/agent/channels/{id}", { params: { path: { id: channelId } } }).then(setChannel, () => {});
      }
    });
  }, [subscribe, channelId, markRead, load, channel?.visitor.id, visitorName, me.personaId, me.id, announce, lang]);

  const sendTyping = (typing: boolean) => {
    const now = Date.now();
    if (typing && now - lastTypingSent.current < TYPING_REPEAT_MS) return;
    lastTypingSent.current = typing ? now : 0;
    send({ op: "presence", channelId, typing });
  };

  const post = async (p: Pending) => {
    try {
      const r = await api.POST("/api/v1/agent/channels/{id}/messages", {
        params: { path: { id: channelId } },
        body: { clientId: p.clientId, text: p.text, attachments: p.attachments },
      });
      setMessages((list) => mergeMessages(list, [r.message]));
      setPending((list) => list.filter((x) => x.clientId !== p.clientId));
      load();
    } catch (e) {
      const msg = e instanceof ApiError && e.status === 410 ? t("conversation.endedNoSee") : (e as Error).message;
      setPending((list) => list.map((x) => (x.clientId === p.clientId ? { ...x, failed: msg } : x)));
      announce(t("thread.notSent", { reason: msg }));
    }
  };
  // Stable, so that the thread (memoised) is not rendered again at each keystroke in the reply box.
  const postRef = useRef(post);
  postRef.current = post;
  const retry = useCallback((p: Pending) => {
    setPending((l) => l.map((x) => (x === p ? { ...x, failed: undefined } : x)));
    postRef.current(p);
  }, []);

  const sendReply = (text: string, attachments: Attachment[]) => {
    const p = { clientId: newClientId(), text, attachments };
    // Sending brings the thread to the bottom, where the reply shows, wherever the agent had scrolled.
    followNext.current = true;
    setPending((list) => [...list, p]);
    post(p);
  };

  /** Keeps a private note: null when kept, else why not. */
  const addNote = async (text: string): Promise<string | null> => {
    try {
      const n = await api.POST("/api/v1/agent/channels/{id}/notes", { params: { path: { id: channelId } }, body: { text } });
      followNext.current = true;
      setNotes((list) => mergeNotes(list, [n]));
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  };

  /** An action on the chat (assign, end, reopen): the answer is the chat as it is now. */
  const act = async (action: () => Promise<Channel>) => {
    try {
      const c = await action();
      setChannel(c);
      updateChannel(c);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const params = { path: { id: channelId } };
  /** No agent id: yourself; null: nobody. */
  const assign = (agentId: string | null | undefined) =>
    act(() => api.POST("/api/v1/agent/channels/{id}/assign", { params, body: agentId === undefined ? {} : { agentId } }));
  const end = () => {
    setConfirmingEnd(false);
    act(() => api.POST("/api/v1/agent/channels/{id}/end", { params }));
  };
  const reopen = () => {
    setConfirmingEnd(false);
    act(() => api.POST("/api/v1/agent/channels/{id}/reopen", { params }));
  };

  if (!channel) {
    return (
      <div className="conversation">
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : (
          <p className="muted">{t("app.loading")}</p>
        )}
      </div>
    );
  }

  const ended = channel.status === "ended";
  const v = channel.visitor;
  const assignedTo = channel.assignedAgentId;
  const label = visitorLabel(channel, t);

  return (
    <div className="conversation">
      <header className="conversation-header">
        <button className="back" onClick={onClose} aria-label={t("conversation.back")}>
          ←
        </button>
        <div className="conversation-title">
          <h2>{label}</h2>
          <span className={`status-pill ${ended ? "ended" : "open"}`}>{ended ? t("conversation.ended") : t("conversation.open")}</span>
        </div>
        {/* On a phone the thread comes first: the visitor's details wait behind this button. */}
        <button className="details-button" {...details.button}>
          {t("conversation.details")}
        </button>
        <div className="conversation-actions">
          {!ended && assignedTo !== me.id && (
            <button onClick={() => assign(undefined)} className="primary">
              {assignedTo ? t("conversation.takeOver") : t("conversation.claim")}
            </button>
          )}
          <label className="inline">
            <span>{t("conversation.assignedTo")}</span>
            <select value={assignedTo ?? ""} onChange={(e) => assign(e.target.value || null)} disabled={ended}>
              <option value="">{t("conversation.nobody")}</option>
              {team.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.id === me.id ? t("conversation.me", { name: a.name }) : a.name}
                </option>
              ))}
            </select>
          </label>
          {!ended && (
            <button onClick={() => setConfirmingEnd(true)} className="danger">
              {t("conversation.endChat")}
            </button>
          )}
          <ConfirmDialog
            open={confirmingEnd && !ended}
            title={t("conversation.endTitle")}
            confirmLabel={t("conversation.endChat")}
            onConfirm={end}
            onCancel={() => setConfirmingEnd(false)}
          >
            {knownUnanswered(messages) && <p>{t("conversation.unanswered", { name: label })}</p>}
            <p>{t("conversation.endExplain")}</p>
          </ConfirmDialog>
        </div>
      </header>
      <section className={`conversation-details ${details.open ? "open" : ""}`} aria-label={t("conversation.detailsLabel")} tabIndex={-1} {...details.panel}>
        <dl className="visitor-details">
          {[
            { term: t("conversation.email"), value: v.email ? <a href={`mailto:${v.email}`}>{v.email}</a> : null },
            {
              term: t("conversation.began"),
              // Only an http(s) URL is a link (docs/configuration.md, "Links and page URLs"); anything else is text.
              value: !v.url ? null : isHttpUrl(v.url) ? (
                <a href={v.url} target="_blank" rel="noreferrer noopener">
                  {v.url}
                </a>
              ) : (
                v.url
              ),
            },
            { term: t("conversation.consent"), value: v.consentAt ? <time dateTime={v.consentAt}>{fullTime(v.consentAt, locale)}</time> : null },
            { term: t("conversation.firstSeen"), value: <time dateTime={v.firstSeenAt}>{fullTime(v.firstSeenAt, locale)}</time> },
            { term: t("conversation.lastSeen"), value: <time dateTime={v.lastSeenAt}>{fullTime(v.lastSeenAt, locale)}</time> },
            { term: t("conversation.site"), value: channel.domainName },
            { term: t("conversation.earlier"), value: earlierList(channel.earlierConversations, t, locale) },
          ].map((d) => (
            <div key={d.term}>
              <dt>{d.term}</dt>
              <dd>{d.value ?? "—"}</dd>
            </div>
          ))}
        </dl>
        <VisitContext channel={channel} />
        {channel.rating && <VisitorRating rating={channel.rating} />}
      </section>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {MessageThread instanceof Error ? (
        <p className="error messages" role="alert">
          {t("conversation.threadFailed", { reason: MessageThread.message })}
        </p>
      ) : MessageThread ? (
        <MessageThread
          key={freshPages}
          messages={messages}
          notes={notes}
          myUserId={me.id}
          pending={pending}
          followNext={followNext}
          onReachTop={loadEarlier}
          myPersonaId={me.personaId}
          visitorLabel={label}
          visitorReadSeq={visitorReadSeq}
          loadingEarlier={loadingEarlier}
          onRetry={retry}
        />
      ) : (
        <div className="messages" />
      )}
      <p className="typing" aria-live="polite">
        {visitorTyping ? t("conversation.typing", { name: label }) : ""}
      </p>
      {ended && (
        <p className="muted ended-note">
          {t("conversation.endedNote")} {endedLine(channel, me.personaId, t, locale)} <button onClick={reopen}>{t("conversation.reopen")}</button>
        </p>
      )}
      <Composer
        channelId={channelId}
        visitorLabel={label}
        onReply={sendReply}
        onNote={addNote}
        onTyping={sendTyping}
        canned={canned?.replies ?? []}
        placeholders={{ visitorName: channel.visitor.name, agentName: me.name, domain: channel.domainName }}
        notesOnly={ended}
      />
    </div>
  );
}
