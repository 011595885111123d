// A chat's messages, virtualised with react-virtuoso: only the messages near the viewport are in
// the DOM, so a conversation of thousands opens and scrolls like a short one. It opens on the
// latest message, stays pinned to the bottom while the agent is there (a new message, a sent
// reply, "Seen"), keeps its place when earlier messages are put above (onReachTop fetches them
// before the agent gets there), and is a plain scrolling element: the wheel, and
// PageUp/PageDown/arrows/Home/End once focused.
//
// Screen readers: the thread is still a log named "Messages", an ordered list whose items say
// their place in the whole conversation (aria-posinset/setsize). Its own live announcing is off,
// since scrolling adds earlier messages to the DOM and a live log would read them out as new;
// new messages are announced by the inbox's live region instead (announcer.tsx).
//
// Agents' private notes are rows of the thread too, among the messages by time (lib/notes.ts,
// which also keeps the item indexes places in the whole conversation), drawn unlike any message:
// centred, amber, dashed, and labelled "Note — only agents see this".
import { memo, useMemo, type Ref } from "react";
import { Virtuoso, type ContextProp, type ItemProps, type ListProps } from "react-virtuoso";
import type { Attachment, Message, Note } from "../api/types";
import { MessageFiles } from "./MessageFiles";
import { lastSeqFrom, lastSeqOf, senderLabel } from "../lib/messages";
import { threadItems, type ThreadItem } from "../lib/notes";
import { shortTime } from "../lib/time";
import { useT } from "../i18n/index";
import { consoleLocale } from "../i18n/locale";

/** A reply on its way (or that failed), shown after the stored messages until the server has it. */
export type Pending = { clientId: string; text: string; attachments?: Attachment[]; failed?: string };

type Row = (ThreadItem & { pending?: undefined }) | { pending: Pending; message?: undefined; note?: undefined };

type ThreadContext = {
  /** Whose messages are "You". */
  myPersonaId: string | null | undefined;
  visitorLabel: string;
  /** The agent's latest message, which says "Seen" once the visitor has read up to it. */
  lastMineSeq: number;
  visitorReadSeq: number;
  /** Messages and replies on their way in the whole conversation (for aria-setsize). */
  total: number;
  loadingEarlier: boolean;
  onRetry: (p: Pending) => void;
};

/** How far beyond the viewport messages are rendered, in pixels: scrolling shows no blank. */
const OVERSCAN_PX = 600;
/**
 * A message row's height before it is measured (one line of text and its sender line): without
 * it Virtuoso renders and measures one row first, a frame more before the thread shows.
 */
const ROW_HEIGHT_PX = 64;
/**
 * Earlier messages are asked for while this many are still above the view: a fast wheel would
 * otherwise reach the top and stop there until they came.
 */
const PREFETCH_ROWS = 100;

/** The list: an <ol> (Virtuoso's default is a <div>). */
function List({ context: _context, ref, ...props }: ListProps & ContextProp<ThreadContext>) {
  return <ol {...props} ref={ref as Ref<HTMLOListElement>} className="message-list" />;
}

/**
 * A row, with its place in the whole conversation: its index, which is its seq (firstItemIndex),
 * and for a reply on its way the places after the last message.
 */
function Item({ context, item: _item, ...props }: ItemProps<Row> & ContextProp<ThreadContext>) {
  return <li {...props} className="message-row" aria-posinset={props["data-item-index"]} aria-setsize={context.total} />;
}

/** Above the first message, while an earlier page is on its way. (Nothing below the last: Virtuoso keeps the last row, not a footer, at the bottom.) */
function Header({ context }: ContextProp<ThreadContext>) {
  const t = useT();
  return context.loadingEarlier ? <p className="muted thread-note">{t("thread.loadingEarlier")}</p> : null;
}

const components = { List, Item, Header };

/**
 * One message. Its text is laid out by its own direction (dir="auto": an Arabic visitor's message
 * reads right to left in an English console, a Latin one left to right). Memoised: Virtuoso renders its rows again at every scroll step, and a row whose
 * message, sender and "Seen" are unchanged need not be rendered again (a switch of the console's
 * language does, through useT).
 */
const MessageBubble = memo(function MessageBubble({ message: m, myPersonaId, visitorLabel, seen }: { message: Message; myPersonaId: ThreadContext["myPersonaId"]; visitorLabel: string; seen: boolean }) {
  const t = useT();
  const mine = m.sender.type !== "ChatClient";
  return (
    <div className={`message ${mine ? "from-agent" : "from-visitor"}`}>
      <span className="message-meta">
        <span className="message-sender">{senderLabel(m, myPersonaId, visitorLabel, t)}</span>{" "}
        <time dateTime={m.createdAt}>{shortTime(m.createdAt, undefined, consoleLocale())}</time>
      </span>
      {m.text && <span className="message-text" dir="auto">{m.text}</span>}
      <MessageFiles attachments={m.attachments} />
      {seen && <span className="read-receipt">{t("thread.seen")}</span>}
    </div>
  );
});

/** A private note: for agents only, and it says so. Memoised like a message. */
const NoteBubble = memo(function NoteBubble({ note: n, mine }: { note: Note; mine: boolean }) {
  const t = useT();
  return (
    <div className="message note">
      <span className="note-label">{t("thread.noteLabel")}</span>
      <span className="message-meta">
        <span className="message-sender">{mine ? t("thread.you") : n.author.name}</span>{" "}
        <time dateTime={n.createdAt}>{shortTime(n.createdAt, undefined, consoleLocale())}</time>
      </span>
      <span className="message-text" dir="auto">{n.text}</span>
    </div>
  );
});

function PendingBubble({ pending: p, context: c }: { pending: Pending; context: ThreadContext }) {
  const t = useT();
  return (
    <div className="message from-agent pending">
      {p.text && <span className="message-text" dir="auto">{p.text}</span>}
      <MessageFiles attachments={p.attachments ?? []} />
      {p.failed ? (
        <span className="error">
          {t("thread.notSent", { reason: p.failed })}{" "}
          <button className="link" onClick={() => c.onRetry(p)}>
            {t("thread.retry")}
          </button>
        </span>
      ) : (
        <span className="muted">{t("thread.sending")}</span>
      )}
    </div>
  );
}

export type ThreadProps = Omit<ThreadContext, "total" | "lastMineSeq"> & {
  messages: Message[];
  /** The chat's private notes (all of them; those among the held messages are shown). */
  notes: Note[];
  /** Whose notes are "You". */
  myUserId: string;
  pending: Pending[];
  /** The agent has just sent a reply: the next row added brings the view to the bottom, wherever it was. */
  followNext: { current: boolean };
  onReachTop: () => void;
};

/** Memoised: typing in the reply box renders the conversation again, not its thread. */
export const MessageThread = memo(function MessageThread({ messages, notes, myUserId, pending, followNext, onReachTop, ...rest }: ThreadProps) {
  const { items, firstIndex } = useMemo(() => threadItems(messages, notes), [messages, notes]);
  const rows = useMemo<Row[]>(() => [...items, ...pending.map((p) => ({ pending: p }))], [items, pending]);
  const lastMineSeq = useMemo(() => lastSeqFrom(messages, rest.myPersonaId), [messages, rest.myPersonaId]);
  const context: ThreadContext = { ...rest, total: lastSeqOf(messages) + notes.length + pending.length, lastMineSeq };
  const t = useT();
  return (
    <Virtuoso<Row, ThreadContext>
      className="messages"
      role="log"
      aria-label={t("thread.messages")}
      aria-live="off"
      // Virtuoso turns the outline off; the console's focus ring shows where the keyboard is.
      style={{ outline: undefined }}
      data={rows}
      context={context}
      components={components}
      // Item indexes are places in the conversation (a message's: its seq plus the notes before
      // it): putting earlier rows above lowers the first one, which tells Virtuoso how many were
      // added there so the view does not move.
      firstItemIndex={firstIndex}
      initialTopMostItemIndex={{ index: "LAST", align: "end" }}
      computeItemKey={(_, row) => (row.message ? `m${row.message.seq}` : row.note ? `n${row.note.id}` : `p${row.pending.clientId}`)}
      itemContent={(_, row, c) =>
        row.note ? (
          <NoteBubble note={row.note} mine={row.note.author.id === myUserId} />
        ) : row.message ? (
          <MessageBubble
            message={row.message}
            myPersonaId={c.myPersonaId}
            visitorLabel={c.visitorLabel}
            seen={row.message.seq === c.lastMineSeq && c.visitorReadSeq >= row.message.seq}
          />
        ) : (
          <PendingBubble pending={row.pending} context={c} />
        )
      }
      followOutput={(atBottom) => {
        const follow = atBottom || followNext.current;
        followNext.current = false;
        return follow ? "auto" : false;
      }}
      rangeChanged={(range) => range.startIndex - firstIndex < PREFETCH_ROWS && onReachTop()}
      increaseViewportBy={OVERSCAN_PX}
      defaultItemHeight={ROW_HEIGHT_PX}
    />
  );
});
