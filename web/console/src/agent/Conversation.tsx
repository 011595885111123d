// One chat: who the visitor is (their visit: VisitContext; their rating of the chat, once given:
// channel-update "rated" reads the chat again), the history (the latest page first, earlier pages
// as the agent scrolls up: lib/history.ts; shown by MessageThread), typing both ways, read state,
// the reply box
// (Enter sends, Shift+Enter starts a new line), claim/assign and end. Ending asks first
// (ConfirmDialog) rather than offering an undo: the visitor's window says "Chat has ended" the
// moment the server ends it, and reopening brings the thread back for agents but not the
// visitor's open window, so an undo could not undo what the visitor saw.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { api, ApiError } from "../api/http";
import type { Channel, EarlierConversation, Message, Rating } from "../api/types";
import { endedLine, visitorLabel } from "../lib/inbox";
import { catchUp, earlierPage, knownUnanswered, withFreshPage } from "../lib/history";
import { charactersOver, lastSeqOf, mergeMessages, missedBefore, newClientId, senderLabel, tooLongText } from "../lib/messages";
import { scoreText, stars } from "../lib/rating";
import { fullTime, shortTime } from "../lib/time";
import { useAgent } from "./AgentContext";
import type { ServerFrame } from "./realtime";
import { isHttpUrl } from "@beckon/widget";
import { Link } from "../app/router";
import { ConfirmDialog } from "../app/ConfirmDialog";
import { VisitContext } from "./VisitContext";
import type { Pending } from "./MessageThread";
import { useMessageThread } from "./threadChunk";
import { useUploads } from "./useUploads";
import { sizeText } from "@beckon/widget";

/** The visitor's typing indicator goes away on its own after this (the server says 6 s). */
const TYPING_SHOWN_MS = 6000;
/** While the agent types, `typing: true` is repeated this often (the server forgets after 6 s). */
const TYPING_REPEAT_MS = 3000;

/**
 * The visitor's earlier chats on this site (same e-mail; a visitor who ended a chat and started
 * another has a new one), each a link that opens it here; null when there are none.
 */
function earlierList(earlier: EarlierConversation[] | undefined) {
  if (!earlier?.length) return null;
  return (
    <ul className="earlier-conversations">
      {earlier.map((c) => (
        <li key={c.id}>
          <Link to={`inbox/${c.id}`}>
            {fullTime(c.createdAt)}
            {c.status === "ended" ? " (ended)" : " (open)"}
          </Link>
          {c.lastMessageText ? <span className="earlier-last"> {c.lastMessageText}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The visitor's rating of the chat: the score (stars for the eye, words for everyone) and comment. */
function VisitorRating({ rating }: { rating: Rating }) {
  return (
    <section className="visitor-rating" aria-labelledby="visitor-rating-h" data-testid="visitor-rating">
      <h3 id="visitor-rating-h" className="visually-hidden">
        The visitor's rating
      </h3>
      <p>
        <span className="stars" aria-hidden="true">
          {stars(rating.score)}
        </span>{" "}
        <strong>Rated {scoreText(rating.score)}</strong>{" "}
        <time className="muted" dateTime={rating.createdAt}>
          {fullTime(rating.createdAt)}
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
  const [pending, setPending] = useState<Pending[]>([]);
  /** Bumped when a fresh latest page replaces what was held: the thread starts again at the bottom. */
  const [freshPages, setFreshPages] = useState(0);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [error, setError] = useState("");
  const [visitorTyping, setVisitorTyping] = useState(false);
  const [visitorReadSeq, setVisitorReadSeq] = useState(0);
  const [draft, setDraft] = useState("");
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const followNext = useRef(false);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const visitorName = channel ? visitorLabel(channel) : "Visitor";
  /** The chat list's last seq of this chat (the socket keeps it current), when it lists it. */
  const listedLastSeq = useRef<number | undefined>(undefined);
  listedLastSeq.current = open.find((c) => c.id === channelId)?.lastSeq;
  const MessageThread = useMessageThread();

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
      // Knowing the last seq from the chat list, the history is asked for beside the chat, not after it.
      const listed = listedLastSeq.current;
      const [c, early] = listed === undefined ? [await chat, undefined] : await Promise.all([chat, history(listed)]);
      // Not listed, or the list was behind by more than one answer brings: by the chat's own last seq.
      const behind = !early || (early.h.messages.length > 0 && lastSeqOf(early.h.messages) < c.lastSeq);
      const { fresh, h } = behind ? await history(c.lastSeq) : early;
      setChannel(c);
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

  useEffect(
    () =>
      subscribe((f: ServerFrame) => {
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
            announce(`${senderLabel(m, me.personaId, visitorName)}: ${said}`);
          }
          if (m.sender.type === "ChatClient") {
            setVisitorTyping(false);
            markRead();
          }
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
      }),
    [subscribe, channelId, markRead, load, channel?.visitor.id, visitorName, me.personaId, announce],
  );

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
      const msg = e instanceof ApiError && e.status === 410 ? "The chat has ended; the visitor will not see this." : (e as Error).message;
      setPending((list) => list.map((x) => (x.clientId === p.clientId ? { ...x, failed: msg } : x)));
      announce(`Not sent: ${msg}`);
    }
  };
  // Stable, so that the thread (memoised) is not rendered again at each keystroke in the reply box.
  const postRef = useRef(post);
  postRef.current = post;
  const retry = useCallback((p: Pending) => {
    setPending((l) => l.map((x) => (x === p ? { ...x, failed: undefined } : x)));
    postRef.current(p);
  }, []);

  const over = charactersOver(draft);
  const files = useUploads(channelId);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = () => {
    const text = draft.trim();
    if ((!text && !files.ready.length) || over || files.busy) return;
    const p = { clientId: newClientId(), text, attachments: files.ready };
    files.clear();
    // Sending brings the thread to the bottom, where the reply shows, wherever the agent had scrolled.
    followNext.current = true;
    setPending((list) => [...list, p]);
    setDraft("");
    sendTyping(false);
    post(p);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
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
          <p className="muted">Loading…</p>
        )}
      </div>
    );
  }

  const ended = channel.status === "ended";
  const v = channel.visitor;
  const assignedTo = channel.assignedAgentId;

  return (
    <div className="conversation">
      <header className="conversation-header">
        <button className="back" onClick={onClose} aria-label="Back to the chat list">
          ←
        </button>
        <div className="conversation-title">
          <h2>{visitorLabel(channel)}</h2>
          <span className={`status-pill ${ended ? "ended" : "open"}`}>{ended ? "Ended" : "Open"}</span>
        </div>
        <div className="conversation-actions">
          {!ended && assignedTo !== me.id && (
            <button onClick={() => assign(undefined)} className="primary">
              {assignedTo ? "Take over" : "Claim"}
            </button>
          )}
          <label className="inline">
            <span>Assigned to</span>
            <select value={assignedTo ?? ""} onChange={(e) => assign(e.target.value || null)} disabled={ended}>
              <option value="">Nobody</option>
              {team.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.id === me.id ? `${t.name} (me)` : t.name}
                </option>
              ))}
            </select>
          </label>
          {!ended && (
            <button onClick={() => setConfirmingEnd(true)} className="danger">
              End chat
            </button>
          )}
          <ConfirmDialog open={confirmingEnd && !ended} title="End this chat?" confirmLabel="End chat" onConfirm={end} onCancel={() => setConfirmingEnd(false)}>
            {knownUnanswered(messages) && <p>Nobody has answered {visitorLabel(channel)} yet.</p>}
            <p>They will see that the chat has ended and can no longer write in it.</p>
          </ConfirmDialog>
        </div>
      </header>
      <dl className="visitor-details">
        {[
          { term: "E-mail", value: v.email ? <a href={`mailto:${v.email}`}>{v.email}</a> : null },
          {
            term: "Chat began on",
            // Only an http(s) URL is a link (docs/configuration.md, "Links and page URLs"); anything else is text.
            value: !v.url ? null : isHttpUrl(v.url) ? (
              <a href={v.url} target="_blank" rel="noreferrer noopener">
                {v.url}
              </a>
            ) : (
              v.url
            ),
          },
          { term: "Consent given", value: v.consentAt ? <time dateTime={v.consentAt}>{fullTime(v.consentAt)}</time> : null },
          { term: "First seen", value: <time dateTime={v.firstSeenAt}>{fullTime(v.firstSeenAt)}</time> },
          { term: "Last seen", value: <time dateTime={v.lastSeenAt}>{fullTime(v.lastSeenAt)}</time> },
          { term: "Site", value: channel.domainName },
          { term: "Earlier conversations", value: earlierList(channel.earlierConversations) },
        ].map((d) => (
          <div key={d.term}>
            <dt>{d.term}</dt>
            <dd>{d.value ?? "—"}</dd>
          </div>
        ))}
      </dl>
      <VisitContext channel={channel} />
      {channel.rating && <VisitorRating rating={channel.rating} />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {MessageThread instanceof Error ? (
        <p className="error messages" role="alert">
          The messages could not be shown ({MessageThread.message}). Reload the page to try again.
        </p>
      ) : MessageThread ? (
        <MessageThread
          key={freshPages}
          messages={messages}
          pending={pending}
          followNext={followNext}
          onReachTop={loadEarlier}
          myPersonaId={me.personaId}
          visitorLabel={visitorLabel(channel)}
          visitorReadSeq={visitorReadSeq}
          loadingEarlier={loadingEarlier}
          onRetry={retry}
        />
      ) : (
        <div className="messages" />
      )}
      <p className="typing" aria-live="polite">
        {visitorTyping ? `${visitorLabel(channel)} is typing…` : ""}
      </p>
      {ended ? (
        <p className="muted ended-note">
          This chat has ended. {endedLine(channel, me.personaId)}{" "}
          <button onClick={reopen}>Reopen the chat</button>
        </p>
      ) : (
        <form
          className="composer"
          onDragOver={(e) => e.dataTransfer.types.includes("Files") && e.preventDefault()}
          onDrop={(e) => {
            if (!e.dataTransfer.files.length) return;
            e.preventDefault();
            files.add(e.dataTransfer.files);
          }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor="reply" className="visually-hidden">
            Reply to {visitorLabel(channel)}
          </label>
          <textarea
            id="reply"
            rows={2}
            value={draft}
            aria-invalid={over > 0 || undefined}
            aria-describedby={over ? "reply-too-long" : undefined}
            placeholder="Write a reply — Enter sends, Shift+Enter for a new line"
            onChange={(e) => {
              setDraft(e.target.value);
              sendTyping(e.target.value.trim() !== "");
            }}
            onKeyDown={onKeyDown}
            onBlur={() => draft && sendTyping(false)}
            onPaste={(e) => {
              if (!e.clipboardData.files.length) return;
              e.preventDefault();
              files.add(e.clipboardData.files);
            }}
          />
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              if (e.target.files) files.add(e.target.files);
              e.target.value = "";
            }}
          />
          <button type="button" className="attach" aria-label="Attach a file" title="Attach a file" onClick={() => fileInput.current?.click()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="none" stroke="currentColor" strokeWidth="2" d="M21 11l-8.5 8.5a5 5 0 01-7-7L14 4a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-3-3L15 7" />
            </svg>
          </button>
          <button type="submit" className="primary" disabled={(!draft.trim() && !files.ready.length) || over > 0 || files.busy}>
            Send
          </button>
          {files.uploads.length > 0 && (
            <ul className="uploads" aria-label="Files to send">
              {files.uploads.map((u) => (
                <li key={u.key} className={u.error ? "upload failed" : "upload"}>
                  <span className="upload-name">
                    {u.name} <span className="muted">({sizeText(u.size)})</span>
                  </span>
                  {u.error ? (
                    <span className="error" role="alert">
                      {u.error}
                    </span>
                  ) : u.attachment ? (
                    <span className="muted">Ready</span>
                  ) : (
                    <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
                  )}
                  <button type="button" className="link" onClick={() => files.remove(u.key)}>
                    {u.attachment || u.error ? `Remove ${u.name}` : `Cancel ${u.name}`}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {over > 0 && (
            <p id="reply-too-long" className="error composer-error" role="status">
              {tooLongText(over)}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
